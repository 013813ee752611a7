// gemm: C = A @ B for 256x256 f32 matrices, K-tiled.
//
// 4x4 parallel output tiles of 64x64. Inside each InCore region the first
// 64-wide K step is a matmul and the other three accumulate into it with
// matmul_acc; the accumulator stays in L0C across the loop.
module @gemm attributes {pypto.golden = "gemm.golden.py",
                         pypto.rtol = 1.0e-3 : f64,
                         pypto.atol = 1.0e-3 : f64} {
  func.func @gemm(%a: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                  %b: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                  %c: !pypto.tensor<256x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    scf.for %i = %c0 to %c256 step %c64 {
      scf.for %j = %c0 to %c256 step %c64 {
        pypto.at core_group "gemm_tile" {
          %a0 = pypto.slice %a[%i, %c0] [64, 64]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x64xf32>
          %b0 = pypto.slice %b[%c0, %j] [64, 64]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x64xf32>
          %first = pypto.matmul %a0, %b0
              : !pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>
              -> !pypto.tensor<64x64xf32>
          %acc = scf.for %k = %c64 to %c256 step %c64
              iter_args(%sum = %first) -> (!pypto.tensor<64x64xf32>) {
            %ak = pypto.slice %a[%i, %k] [64, 64]
                : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x64xf32>
            %bk = pypto.slice %b[%k, %j] [64, 64]
                : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x64xf32>
            %next = pypto.matmul_acc %sum, %ak, %bk
                : !pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>
                -> !pypto.tensor<64x64xf32>
            scf.yield %next : !pypto.tensor<64x64xf32>
          } {pypto.loop = "range"}
          pypto.assemble %acc into %c[%i, %j]
              : !pypto.tensor<64x64xf32> into !pypto.tensor<256x256xf32>
        }
      } {pypto.loop = "parallel"}
    } {pypto.loop = "parallel"}
    return
  }
}
