// ci: devices=2
// Rank-6 tensors as pypto-lib's context-parallel programs declare them: a
// leading rank dimension over a 5-D block layout, each chip working on its
// own index of it. The compiler merges the first two dimensions for the
// runtime (pypto-fold-rank6); the windows below take one index of
// dimension 0 (the chip's rank) or all of dimension 1, in the
// orchestration and in kernels, with element reads at both levels, a
// run-time first dimension (pypto.dim) and a created rank-6 tensor sized by
// it.
module @rank6 attributes {pypto.golden = "rank6.golden.py"} {
  func.func @rank6(
      %x: !pypto.tensor<?x2x3x8x4x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 2, 2, 3, 8, 4, 64>},
      %bias: !pypto.tensor<2x2x3x1x1x1xf32> {pypto.init = "randn"},
      %out: !pypto.tensor<2x2x3x8x4x64xf32> {pypto.dir = "out"},
      %sq: !pypto.tensor<2x2x3x8x4x64xf32> {pypto.dir = "out"},
      %colsq: !pypto.tensor<3x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cp = pypto.dim %x, 0 : !pypto.tensor<?x2x3x8x4x64xf32>
    %parts = pypto.dim %x, 1 : !pypto.tensor<?x2x3x8x4x64xf32>
    %tiles = pypto.dim %x, 2 : !pypto.tensor<?x2x3x8x4x64xf32>
    %tmp = pypto.create_tensor(%cp) : !pypto.tensor<?x2x3x8x4x64xf32>
    pypto.ranks world(2) (%rank) {
      // This chip's blocks, as pypto-lib's host passes x_hc[rank].
      %mine = pypto.slice %x[%rank, %c0, %c0, %c0, %c0, %c0] [1, 2, 3, 8, 4, 64]
          : !pypto.tensor<?x2x3x8x4x64xf32>
      %blocks = pypto.reshape %mine : !pypto.tensor<1x2x3x8x4x64xf32> -> !pypto.tensor<2x3x8x4x64xf32>
      %shift = pypto.read %bias[%rank, %c1, %c2, %c0, %c0, %c0] : !pypto.tensor<2x2x3x1x1x1xf32> -> f32
      scf.for %p = %c0 to %parts step %c1 {
        scf.for %t = %c0 to %tiles step %c1 {
          pypto.at core_group "softmax_bias" {
            %xs = pypto.slice %blocks[%p, %t, %c0, %c0, %c0] [1, 1, 8, 4, 64]
                : !pypto.tensor<2x3x8x4x64xf32>
            %m = pypto.row_max %xs : !pypto.tensor<1x1x8x4x64xf32>
            %d = pypto.row_expand_sub %xs, %m : !pypto.tensor<1x1x8x4x64xf32>, !pypto.tensor<1x1x8x4x1xf32>
            %e = pypto.exp %d : !pypto.tensor<1x1x8x4x64xf32>
            %s = pypto.row_sum %e : !pypto.tensor<1x1x8x4x64xf32>
            %y = pypto.row_expand_div %e, %s : !pypto.tensor<1x1x8x4x64xf32>, !pypto.tensor<1x1x8x4x1xf32>
            %b = pypto.read %bias[%rank, %p, %t, %c0, %c0, %c0] : !pypto.tensor<2x2x3x1x1x1xf32> -> f32
            %yb = pypto.adds %y, %b : !pypto.tensor<1x1x8x4x64xf32>, f32
            %y6 = pypto.reshape %yb : !pypto.tensor<1x1x8x4x64xf32> -> !pypto.tensor<1x1x1x8x4x64xf32>
            pypto.assemble %y6 into %tmp[%rank, %p, %t, %c0, %c0, %c0]
                : !pypto.tensor<1x1x1x8x4x64xf32> into !pypto.tensor<?x2x3x8x4x64xf32>
          }
          pypto.at core_group "shift" {
            %v = pypto.slice %tmp[%rank, %p, %t, %c0, %c0, %c0] [1, 1, 1, 8, 4, 64]
                : !pypto.tensor<?x2x3x8x4x64xf32>
            %w = pypto.adds %v, %shift : !pypto.tensor<1x1x1x8x4x64xf32>, f32
            pypto.assemble %w into %out[%rank, %p, %t, %c0, %c0, %c0]
                : !pypto.tensor<1x1x1x8x4x64xf32> into !pypto.tensor<2x2x3x8x4x64xf32>
          }
        } {pypto.loop = "parallel"}
      } {pypto.loop = "parallel"}
      // Rank 0 also squares every chip's blocks, a whole-dimension window.
      %first = arith.cmpi eq, %rank, %c0 : index
      scf.if %first {
        scf.for %t = %c0 to %tiles step %c1 {
          pypto.at core_group "square" {
            %all = pypto.slice %x[%c0, %c0, %t, %c0, %c0, %c0] [2, 2, 1, 8, 4, 64]
                : !pypto.tensor<?x2x3x8x4x64xf32>
            %q = pypto.mul %all, %all : !pypto.tensor<2x2x1x8x4x64xf32>
            pypto.assemble %q into %sq[%c0, %c0, %t, %c0, %c0, %c0]
                : !pypto.tensor<2x2x1x8x4x64xf32> into !pypto.tensor<2x2x3x8x4x64xf32>
            %cs = pypto.col_sum %q : !pypto.tensor<2x2x1x8x4x64xf32>
            %row = pypto.reshape %cs : !pypto.tensor<1x1x1x1x1x64xf32> -> !pypto.tensor<1x64xf32>
            pypto.assemble %row into %colsq[%t, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<3x64xf32>
          }
        } {pypto.loop = "parallel"}
      }
    }
    return
  }
}
