// A 4-D softmax scaled by a 1x1x1x64 gain: the program loops over the two
// leading dimensions, slicing a 1x3x16x64 block in the orchestration and a
// 1x1x16x64 window of it in each kernel; row_sum reduces the last
// dimension of the 4-D window and row_expand_div divides by it.
module @nd_softmax attributes {pypto.golden = "nd_softmax.golden.py"} {
  func.func @nd_softmax(
      %x: !pypto.tensor<4x3x16x64xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<1x1x1x64xf32> {pypto.init = "randn"},
      %out: !pypto.tensor<4x3x16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %xi = pypto.slice %x[%i, %c0, %c0, %c0] [1, 3, 16, 64] : !pypto.tensor<4x3x16x64xf32>
      scf.for %j = %c0 to %c3 step %c1 {
        pypto.at core_group "softmax" {
          %xs = pypto.slice %xi[%c0, %j, %c0, %c0] [1, 1, 16, 64] : !pypto.tensor<1x3x16x64xf32>
          %e = pypto.exp %xs : !pypto.tensor<1x1x16x64xf32>
          %s = pypto.row_sum %e : !pypto.tensor<1x1x16x64xf32> -> !pypto.tensor<1x1x16x1xf32>
          %d = pypto.row_expand_div %e, %s : !pypto.tensor<1x1x16x64xf32>, !pypto.tensor<1x1x16x1xf32>
          %ws = pypto.slice %w[%c0, %c0, %c0, %c0] [1, 1, 1, 64] : !pypto.tensor<1x1x1x64xf32>
          %m = pypto.col_expand_mul %d, %ws : !pypto.tensor<1x1x16x64xf32>, !pypto.tensor<1x1x1x64xf32>
          pypto.assemble %m into %out[%i, %j, %c0, %c0] : !pypto.tensor<1x1x16x64xf32> into !pypto.tensor<4x3x16x64xf32>
        }
      }
    }
    return
  }
}
