// matmul: C = A @ B for 256x256 f32 matrices.
//
// The output is split into 4x4 tiles of 64x64 (both loops parallel); each
// task multiplies a 64x256 row panel of A by a 256x64 column panel of B with
// the whole K in one matmul, accumulating in f32.
module @matmul attributes {pypto.golden = "matmul.golden.py",
                           pypto.rtol = 1.0e-3 : f64,
                           pypto.atol = 1.0e-3 : f64} {
  func.func @matmul(%a: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                    %b: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                    %c: !pypto.tensor<256x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    scf.for %i = %c0 to %c256 step %c64 {
      scf.for %j = %c0 to %c256 step %c64 {
        pypto.at core_group "matmul_tile" {
          %pa = pypto.slice %a[%i, %c0] [64, 256]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x256xf32>
          %pb = pypto.slice %b[%c0, %j] [256, 64]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<256x64xf32>
          %pc = pypto.matmul %pa, %pb
              : !pypto.tensor<64x256xf32>, !pypto.tensor<256x64xf32>
              -> !pypto.tensor<64x64xf32>
          pypto.assemble %pc into %c[%i, %j]
              : !pypto.tensor<64x64xf32> into !pypto.tensor<256x256xf32>
        }
      } {pypto.loop = "parallel"}
    } {pypto.loop = "parallel"}
    return
  }
}
