// A tail through a mixed kernel: the tail rows of x feed the cube (a matmul),
// the vector part applies relu and stores the valid rows. On a2a3 the two
// parts run on AIC and AIV, each with the valid extents.
module @mixed_tail attributes {pypto.golden = "tail_mixed.golden.py", pypto.rtol = 1.0e-4 : f64, pypto.atol = 1.0e-4 : f64} {
  func.func @mixed_tail(
      %x: !pypto.tensor<?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 37, 64>},
      %w: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 37, 32>}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %n = pypto.dim %x, 0 : !pypto.tensor<?x64xf32>
    scf.for %t0 = %c0 to %n step %c16 {
      %left = arith.subi %n, %t0 : index
      %rows = arith.minsi %left, %c16 : index
      pypto.at core_group "mm_relu" {
        %xs = pypto.slice %x[%t0, %c0] [16, 64] valid [%rows, %c64]
            : !pypto.tensor<?x64xf32> -> !pypto.tensor<16x64xf32>
        %p = pypto.matmul %xs, %w : !pypto.tensor<16x64xf32>, !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
        %r = pypto.relu %p : !pypto.tensor<16x32xf32>
        pypto.assemble %r into %y[%t0, %c0] valid [%rows, %c32]
            : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
