// The simulated matmul benchmark in bf16: C (f32) = A @ B, 1024 x 1024 x 1024
// with bf16 operands accumulated in f32, as 64
// tasks of 128 x 128 output tiles, each a K loop of 8 steps of 128 (one
// matmul, seven matmul_acc). pypto-run's golden phase is libtorch doing
// the same product of the same tensors (bench/e2e.sh): its bf16 product,
// rounded to bf16 at the end, hence the tolerance of 1e-2.
module @matmul_1024_bf16 attributes {pypto.golden = "matmul_1024_bf16.golden.py",
                                pypto.rtol = 1.0e-2 : f64,
                                pypto.atol = 1.0e-2 : f64} {
  func.func @matmul_1024_bf16(
      %a: !pypto.tensor<1024x1024xbf16> {pypto.init = "randn"},
      %b: !pypto.tensor<1024x1024xbf16> {pypto.init = "randn"},
      %c: !pypto.tensor<1024x1024xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    scf.for %i = %c0 to %c1024 step %c128 {
      scf.for %j = %c0 to %c1024 step %c128 {
        pypto.at core_group "tile" {
          %a0 = pypto.slice %a[%i, %c0] [128, 128]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x128xbf16>
          %b0 = pypto.slice %b[%c0, %j] [128, 128]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x128xbf16>
          %p0 = pypto.matmul %a0, %b0
              : !pypto.tensor<128x128xbf16>, !pypto.tensor<128x128xbf16> -> !pypto.tensor<128x128xf32>
          %acc = scf.for %k = %c128 to %c1024 step %c128
              iter_args(%p = %p0) -> (!pypto.tensor<128x128xf32>) {
            %ak = pypto.slice %a[%i, %k] [128, 128]
                : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x128xbf16>
            %bk = pypto.slice %b[%k, %j] [128, 128]
                : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x128xbf16>
            %q = pypto.matmul_acc %p, %ak, %bk
                : !pypto.tensor<128x128xbf16>, !pypto.tensor<128x128xbf16> -> !pypto.tensor<128x128xf32>
            scf.yield %q : !pypto.tensor<128x128xf32>
          }
          pypto.assemble %acc into %c[%i, %j]
              : !pypto.tensor<128x128xf32> into !pypto.tensor<1024x1024xf32>
        }
      }
    }
    return
  }
}
