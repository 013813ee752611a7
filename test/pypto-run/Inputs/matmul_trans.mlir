// s = q @ k^T and t = a^T @ b with transposed operands read straight from
// GM (DN views): q [16, 64], k [32, 64] -> s [16, 32]; a [64, 16],
// b [64, 32] -> t [16, 32]. Two output tiles of 16 columns each.
module @matmul_trans attributes {pypto.golden = "matmul_trans.golden.py",
                                 pypto.rtol = 1.0e-4 : f64,
                                 pypto.atol = 1.0e-4 : f64} {
  func.func @matmul_trans(%q: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
                          %k: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
                          %a: !pypto.tensor<64x16xf32> {pypto.init = "randn"},
                          %b: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                          %s: !pypto.tensor<16x32xf32> {pypto.dir = "out"},
                          %t: !pypto.tensor<16x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    scf.for %n = %c0 to %c32 step %c16 {
      pypto.at core_group "qk" {
        %kn = pypto.slice %k[%n, %c0] [16, 64]
            : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
        %p = pypto.matmul %q, %kn {b_trans}
            : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32> -> !pypto.tensor<16x16xf32>
        pypto.assemble %p into %s[%c0, %n]
            : !pypto.tensor<16x16xf32> into !pypto.tensor<16x32xf32>
      }
      pypto.at core_group "at_b" {
        %bn = pypto.slice %b[%c0, %n] [64, 16]
            : !pypto.tensor<64x32xf32> -> !pypto.tensor<64x16xf32>
        %p = pypto.matmul %a, %bn {a_trans}
            : !pypto.tensor<64x16xf32>, !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
        pypto.assemble %p into %t[%c0, %n]
            : !pypto.tensor<16x16xf32> into !pypto.tensor<16x32xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
