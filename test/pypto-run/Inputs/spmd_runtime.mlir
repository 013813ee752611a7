// SPMD kernels whose block count is computed when the program runs: one
// block per 16 rows of a run-time token count, for a vector kernel and for
// a cube+vector kernel (on a2a3 its GM pipe ring has a share per block).
module @spmd_runtime attributes {pypto.golden = "spmd_runtime.golden.py",
                                 pypto.rtol = 1.0e-4 : f64,
                                 pypto.atol = 1.0e-4 : f64} {
  func.func @spmd_runtime(
      %x: !pypto.tensor<?x32xf32> {pypto.init = "randn", pypto.shape = array<i64: 64, 32>},
      %w: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 64, 32>},
      %z: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 64, 32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x32xf32>
    %tiles = arith.divsi %tokens, %c16 : index
    pypto.spmd core_group "exp_rows" blocks(%tiles) (%b) {
      %r = arith.muli %b, %c16 : index
      %xb = pypto.slice %x[%r, %c0] [16, 32]
          : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
      %e = pypto.exp %xb : !pypto.tensor<16x32xf32>
      pypto.assemble %e into %y[%r, %c0]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
    }
    pypto.spmd core_group "mm_relu" blocks(%tiles) (%b) {
      %r = arith.muli %b, %c16 : index
      %xb = pypto.slice %x[%r, %c0] [16, 32]
          : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
      %p = pypto.matmul %xb, %w
          : !pypto.tensor<16x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
      %q = pypto.relu %p : !pypto.tensor<16x32xf32>
      pypto.assemble %q into %z[%r, %c0]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
    }
    return
  }
}
