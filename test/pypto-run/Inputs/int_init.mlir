// y = x for an integer x (robustness.test). The RUN lines change x's
// element type (sed 's/xi32>/.../g') and its pypto.init to check which
// generated values fit the type.
module @int_init {
  func.func @int_init(%x: !pypto.tensor<8x128xi32> {pypto.init = "arange"},
                      %y: !pypto.tensor<8x128xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "copy" {
      pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<8x128xi32> into !pypto.tensor<8x128xi32>
    }
    return
  }
}
