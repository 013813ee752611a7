// Indices up to 39 into rows of 36 columns: past the row (into the tile's
// padding on the device). An error on the device and in the interpreter.
module @gather_out_of_range {
  func.func @gather_out_of_range(
      %x: !pypto.tensor<8x36xf32> {pypto.init = "randn"},
      %idx: !pypto.tensor<6x50xi32> {pypto.init = "randint", pypto.init_range = array<i64: 30, 40>},
      %g: !pypto.tensor<6x50xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "gather" {
      %v = pypto.gather %x[%idx] : !pypto.tensor<8x36xf32>, !pypto.tensor<6x50xi32> -> !pypto.tensor<6x50xf32>
      pypto.assemble %v into %g[%c0, %c0] : !pypto.tensor<6x50xf32> into !pypto.tensor<6x50xf32>
    }
    return
  }
}
