// A run-time dimension of a reshape that the bound size does not fill:
// 20 rows of x are not whole 3-row groups.
module @reshape_indivisible {
  func.func @reshape_indivisible(
      %x: !pypto.tensor<?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 20, 64>},
      %y: !pypto.tensor<3x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %g = pypto.reshape %x : !pypto.tensor<?x64xf32> -> !pypto.tensor<?x3x64xf32>
    pypto.at core_group "first_group" {
      %v = pypto.slice %g[%c0, %c0, %c0] [1, 3, 64] : !pypto.tensor<?x3x64xf32>
      %w = pypto.reshape %v : !pypto.tensor<1x3x64xf32> -> !pypto.tensor<3x64xf32>
      pypto.assemble %w into %y[%c0, %c0] : !pypto.tensor<3x64xf32> into !pypto.tensor<3x64xf32>
    }
    return
  }
}
