// Transposed matmul operands with tails, read straight from GM through DN
// views with run-time valid extents, on both simulators:
//   s = q @ k^T, k's 37 rows in 16-row windows (the last one 5 valid rows,
//       so s's last column block has 5 valid columns);
//   t = a^T @ b, a's 21 columns in 16-column windows (t's last row block
//       has 5 valid rows);
//   u = x @ fn^T as pypto-lib's hc_pre linear step: a 32-row window of the
//       24-row fn (24 valid) read with b_trans, accumulated over two K steps
//       (matmul, then matmul_acc), 24 of the 32 product columns stored.
// The rows and columns outside the valid extents are undefined in the tile;
// nothing outside them reaches an output.
module @matmul_trans_tail attributes {pypto.golden = "matmul_trans_tail.golden.py",
                                      pypto.rtol = 1.0e-4 : f64,
                                      pypto.atol = 1.0e-4 : f64} {
  func.func @matmul_trans_tail(
      %q: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
      %k: !pypto.tensor<?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 37, 64>},
      %a: !pypto.tensor<64x?xf32> {pypto.init = "randn", pypto.shape = array<i64: 64, 21>},
      %b: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
      %x: !pypto.tensor<16x128xf32> {pypto.init = "randn"},
      %fn: !pypto.tensor<24x128xf32> {pypto.init = "randn"},
      %s: !pypto.tensor<16x?xf32> {pypto.dir = "out", pypto.shape = array<i64: 16, 37>},
      %t: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 21, 32>},
      %u: !pypto.tensor<16x24xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %n_rows = pypto.dim %k, 0 : !pypto.tensor<?x64xf32>
    scf.for %n = %c0 to %n_rows step %c16 {
      %left = arith.subi %n_rows, %n : index
      %cols = arith.minsi %left, %c16 : index
      pypto.at core_group "qk" {
        %kn = pypto.slice %k[%n, %c0] [16, 64] valid [%cols, %c64]
            : !pypto.tensor<?x64xf32> -> !pypto.tensor<16x64xf32>
        %p = pypto.matmul %q, %kn {b_trans}
            : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32> -> !pypto.tensor<16x16xf32>
        pypto.assemble %p into %s[%c0, %n] valid [%c16, %cols]
            : !pypto.tensor<16x16xf32> into !pypto.tensor<16x?xf32>
      }
    } {pypto.loop = "parallel"}
    %m_cols = pypto.dim %a, 1 : !pypto.tensor<64x?xf32>
    scf.for %m = %c0 to %m_cols step %c16 {
      %left = arith.subi %m_cols, %m : index
      %rows = arith.minsi %left, %c16 : index
      pypto.at core_group "at_b" {
        %am = pypto.slice %a[%c0, %m] [64, 16] valid [%c64, %rows]
            : !pypto.tensor<64x?xf32> -> !pypto.tensor<64x16xf32>
        %p = pypto.matmul %am, %b {a_trans}
            : !pypto.tensor<64x16xf32>, !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
        pypto.assemble %p into %t[%m, %c0] valid [%rows, %c32]
            : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "linear" {
      %zero = arith.constant 0.0 : f32
      %init = pypto.full %zero : f32 -> !pypto.tensor<16x32xf32>
      %acc = scf.for %k0 = %c0 to %c128 step %c64 iter_args(%sum = %init) -> (!pypto.tensor<16x32xf32>) {
        %xk = pypto.slice %x[%c0, %k0] [16, 64]
            : !pypto.tensor<16x128xf32> -> !pypto.tensor<16x64xf32>
        %wk = pypto.slice %fn[%c0, %k0] [32, 64] valid [%c24, %c64]
            : !pypto.tensor<24x128xf32> -> !pypto.tensor<32x64xf32>
        %first = arith.cmpi eq, %k0, %c0 : index
        %next = scf.if %first -> (!pypto.tensor<16x32xf32>) {
          %p = pypto.matmul %xk, %wk {b_trans}
              : !pypto.tensor<16x64xf32>, !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
          scf.yield %p : !pypto.tensor<16x32xf32>
        } else {
          %p = pypto.matmul_acc %sum, %xk, %wk {b_trans}
              : !pypto.tensor<16x64xf32>, !pypto.tensor<32x64xf32>
          scf.yield %p : !pypto.tensor<16x32xf32>
        }
        scf.yield %next : !pypto.tensor<16x32xf32>
      }
      pypto.assemble %acc into %u[%c0, %c0] valid [%c16, %c24]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<16x24xf32>
    }
    return
  }
}
