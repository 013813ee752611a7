// gemm_eltwise: resid = attn_out @ wo + hidden, the cube -> vector fusion.
//
// pypto-lib's advanced/gemm_eltwise at a reduced hidden size (1024 instead
// of 8192, so wo is 2 MiB instead of 128 MiB): attn_out and hidden are bf16
// [16, 1024], wo is bf16 [1024, 1024] and resid is f32.
//
// 16 parallel N-tiles of 64. Inside one InCore region the first 128-wide K
// step is a matmul and the other seven accumulate with matmul_acc (bf16 x
// bf16 into f32); then the hidden tile is cast to f32 and added. The matmul
// runs on the cube core and the cast + add on the vector core: the compiler
// splits the region into gemm_eltwise_tile_aic and _aiv, joined by a pipe
// that carries the 16x64 f32 accumulator, and submits them as one
// MixedKernels task.
module @gemm_eltwise attributes {pypto.golden = "gemm_eltwise.golden.py",
                                 pypto.rtol = 1.0e-3 : f64,
                                 pypto.atol = 1.0e-3 : f64} {
  func.func @gemm_eltwise(
      %attn_out: !pypto.tensor<16x1024xbf16> {pypto.init = "randn"},
      %hidden: !pypto.tensor<16x1024xbf16> {pypto.init = "randn"},
      %wo: !pypto.tensor<1024x1024xbf16> {pypto.init = "randn"},
      %resid: !pypto.tensor<16x1024xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c1024 = arith.constant 1024 : index
    scf.for %n = %c0 to %c1024 step %c64 {
      pypto.at core_group "gemm_eltwise_tile" {
        %a0 = pypto.slice %attn_out[%c0, %c0] [16, 128]
            : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
        %w0 = pypto.slice %wo[%c0, %n] [128, 64]
            : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x64xbf16>
        %first = pypto.matmul %a0, %w0
            : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x64xbf16>
            -> !pypto.tensor<16x64xf32>
        %acc = scf.for %k = %c128 to %c1024 step %c128
            iter_args(%sum = %first) -> (!pypto.tensor<16x64xf32>) {
          %ak = pypto.slice %attn_out[%c0, %k] [16, 128]
              : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
          %wk = pypto.slice %wo[%k, %n] [128, 64]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x64xbf16>
          %next = pypto.matmul_acc %sum, %ak, %wk
              : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x64xbf16>
              -> !pypto.tensor<16x64xf32>
          scf.yield %next : !pypto.tensor<16x64xf32>
        } {pypto.loop = "range"}
        %h = pypto.slice %hidden[%c0, %n] [16, 64]
            : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x64xbf16>
        %hf = pypto.cast %h : !pypto.tensor<16x64xbf16> -> !pypto.tensor<16x64xf32>
        %sum = pypto.add %acc, %hf : !pypto.tensor<16x64xf32>
        pypto.assemble %sum into %resid[%c0, %n]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<16x1024xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
