// The entry function calls another function (robustness.test): not
// supported yet.
module @call_between_functions {
  func.func @helper(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "copy" {
      pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    }
    return
  }
  func.func @call_between_functions(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                                    %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    func.call @helper(%x, %y) : (!pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>) -> ()
    return
  }
}
