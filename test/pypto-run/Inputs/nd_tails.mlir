// Tails of N-D and 1-D windows: a softmax over 16-row windows of a
// 2x?x64 tensor whose last window has fewer valid rows, the same over the
// first 40 columns only (a fillpad of the 3-D window with -inf past them),
// and 1.0 added to 16-element windows of a ?-long 1-D tensor with a short
// last window.
module @nd_tails attributes {pypto.golden = "nd_tails.golden.py"} {
  func.func @nd_tails(
      %x: !pypto.tensor<2x?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 2, 40, 64>},
      %v: !pypto.tensor<?xf32> {pypto.init = "randn", pypto.shape = array<i64: 40>},
      %y: !pypto.tensor<2x?x64xf32> {pypto.dir = "out", pypto.shape = array<i64: 2, 40, 64>},
      %z: !pypto.tensor<2x?x64xf32> {pypto.dir = "out", pypto.shape = array<i64: 2, 40, 64>},
      %w: !pypto.tensor<?xf32> {pypto.dir = "out", pypto.shape = array<i64: 40>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %n = pypto.dim %x, 1 : !pypto.tensor<2x?x64xf32>
    scf.for %b = %c0 to %c2 step %c1 {
      scf.for %t = %c0 to %n step %c16 {
        %left = arith.subi %n, %t : index
        %rows = arith.minsi %left, %c16 : index
        pypto.at core_group "tail3d" {
          %xs = pypto.slice %x[%b, %t, %c0] [1, 16, 64] valid [%c1, %rows, %c64] : !pypto.tensor<2x?x64xf32>
          %e = pypto.exp %xs : !pypto.tensor<1x16x64xf32>
          %s = pypto.row_sum %e : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<1x16x1xf32>
          %d = pypto.row_expand_div %e, %s : !pypto.tensor<1x16x64xf32>, !pypto.tensor<1x16x1xf32>
          pypto.assemble %d into %y[%b, %t, %c0] valid [%c1, %rows, %c64] : !pypto.tensor<1x16x64xf32> into !pypto.tensor<2x?x64xf32>
          %c40 = arith.constant 40 : index
          %m = pypto.fillpad %xs valid [%rows, %c40] pad min : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<1x16x64xf32>
          %mx = pypto.row_max %m : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<1x16x1xf32>
          %sh = pypto.row_expand_sub %m, %mx : !pypto.tensor<1x16x64xf32>, !pypto.tensor<1x16x1xf32>
          %ex = pypto.exp %sh : !pypto.tensor<1x16x64xf32>
          %sm = pypto.row_sum %ex : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<1x16x1xf32>
          %p = pypto.row_expand_div %ex, %sm : !pypto.tensor<1x16x64xf32>, !pypto.tensor<1x16x1xf32>
          pypto.assemble %p into %z[%b, %t, %c0] valid [%c1, %rows, %c64] : !pypto.tensor<1x16x64xf32> into !pypto.tensor<2x?x64xf32>
        }
      } {pypto.loop = "parallel"}
    } {pypto.loop = "parallel"}
    %m = pypto.dim %v, 0 : !pypto.tensor<?xf32>
    scf.for %t = %c0 to %m step %c16 {
      %left = arith.subi %m, %t : index
      %cnt = arith.minsi %left, %c16 : index
      pypto.at core_group "tail1d" {
        %vs = pypto.slice %v[%t] [16] valid [%cnt] : !pypto.tensor<?xf32>
        %a = pypto.adds %vs, %one : !pypto.tensor<16xf32>, f32
        pypto.assemble %a into %w[%t] valid [%cnt] : !pypto.tensor<16xf32> into !pypto.tensor<?xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
