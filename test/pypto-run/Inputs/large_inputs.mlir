// Inputs of 2^24 elements, which pypto-run draws in blocks of 2^20 on
// libtorch's threads (docs/Run.md): y = x + w, with the golden checking what
// was drawn (large_inputs.golden.py).
module @large_inputs attributes {pypto.golden = "large_inputs.golden.py",
                                 pypto.rtol = 1.0e-5 : f64,
                                 pypto.atol = 1.0e-5 : f64} {
  func.func @large_inputs(
      %x: !pypto.tensor<4096x4096xf32> {pypto.init = "randn", pypto.init_scale = 2.0 : f64},
      %w: !pypto.tensor<4096x4096xf32> {pypto.init = "rand", pypto.init_scale = 3.0 : f64},
      %k: !pypto.tensor<4096x4096xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 100>},
      %y: !pypto.tensor<4096x4096xf32> {pypto.dir = "out"},
      %kk: !pypto.tensor<4096x4096xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c4096 = arith.constant 4096 : index
    scf.for %r = %c0 to %c4096 step %c64 {
      scf.for %c = %c0 to %c4096 step %c128 {
        pypto.at core_group "add_and_copy" {
          %xt = pypto.slice %x[%r, %c] [64, 128]
              : !pypto.tensor<4096x4096xf32> -> !pypto.tensor<64x128xf32>
          %wt = pypto.slice %w[%r, %c] [64, 128]
              : !pypto.tensor<4096x4096xf32> -> !pypto.tensor<64x128xf32>
          %s = pypto.add %xt, %wt : !pypto.tensor<64x128xf32>
          pypto.assemble %s into %y[%r, %c]
              : !pypto.tensor<64x128xf32> into !pypto.tensor<4096x4096xf32>
          %kt = pypto.slice %k[%r, %c] [64, 128]
              : !pypto.tensor<4096x4096xi32> -> !pypto.tensor<64x128xi32>
          pypto.assemble %kt into %kk[%r, %c]
              : !pypto.tensor<64x128xi32> into !pypto.tensor<4096x4096xi32>
        }
      } {pypto.loop = "range"}
    } {pypto.loop = "parallel"}
    return
  }
}
