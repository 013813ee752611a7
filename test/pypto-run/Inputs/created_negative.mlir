// A created tensor whose run-time row count is negative (0 - rows of x):
// the run stops at the create_tensor's location.
module @created_negative {
  func.func @created_negative(
      %x: !pypto.tensor<?x32xf32> {pypto.init = "randn", pypto.shape = array<i64: 16, 32>},
      %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 16, 32>}) {
    %c0 = arith.constant 0 : index
    %n = pypto.dim %x, 0 : !pypto.tensor<?x32xf32>
    %m = arith.subi %c0, %n : index
    %buf = pypto.create_tensor(%m) : !pypto.tensor<?x32xf32>
    pypto.at core_group "copy" {
      %xs = pypto.slice %x[%c0, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
      pypto.assemble %xs into %buf[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      pypto.assemble %xs into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
    }
    return
  }
}
