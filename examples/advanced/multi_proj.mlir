// multi_proj: q, k, v = x @ wq, x @ wk, x @ wv (bf16 in, f32 out).
//
// pypto-lib's advanced/multi_proj at a reduced hidden size (1024 instead of
// 8192: each weight is 2 MiB instead of 128 MiB): x is bf16 [16, 1024] and
// the weights bf16 [1024, 1024], all drawn from U(0, 1) (`rand`; pypto-lib
// draws U(-0.5, 0.5) and scales the weights by 1/sqrt(hidden)).
//
// The same projection body appears three times (pypto-lib inlines one
// function): a parallel loop over 4 N-tiles of 256, each one InCore region
// with a K-loop of 8 steps of 128 (matmul, then matmul_acc). Matmul only:
// every kernel is a cube kernel. 12 tasks.
module @multi_proj attributes {pypto.golden = "multi_proj.golden.py",
                               pypto.rtol = 1.0e-3 : f64,
                               pypto.atol = 1.0e-3 : f64} {
  func.func @multi_proj(
      %x: !pypto.tensor<16x1024xbf16> {pypto.init = "rand"},
      %wq: !pypto.tensor<1024x1024xbf16> {pypto.init = "rand"},
      %wk: !pypto.tensor<1024x1024xbf16> {pypto.init = "rand"},
      %wv: !pypto.tensor<1024x1024xbf16> {pypto.init = "rand"},
      %q: !pypto.tensor<16x1024xf32> {pypto.dir = "out"},
      %k: !pypto.tensor<16x1024xf32> {pypto.dir = "out"},
      %v: !pypto.tensor<16x1024xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    scf.for %n = %c0 to %c1024 step %c256 {
      pypto.at core_group "proj_q" {
        %a0 = pypto.slice %x[%c0, %c0] [16, 128]
            : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
        %w0 = pypto.slice %wq[%c0, %n] [128, 256]
            : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
        %first = pypto.matmul %a0, %w0
            : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
            -> !pypto.tensor<16x256xf32>
        %acc = scf.for %kk = %c128 to %c1024 step %c128
            iter_args(%sum = %first) -> (!pypto.tensor<16x256xf32>) {
          %ak = pypto.slice %x[%c0, %kk] [16, 128]
              : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
          %wk_ = pypto.slice %wq[%kk, %n] [128, 256]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
          %next = pypto.matmul_acc %sum, %ak, %wk_
              : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
              -> !pypto.tensor<16x256xf32>
          scf.yield %next : !pypto.tensor<16x256xf32>
        } {pypto.loop = "range"}
        pypto.assemble %acc into %q[%c0, %n]
            : !pypto.tensor<16x256xf32> into !pypto.tensor<16x1024xf32>
      }
    } {pypto.loop = "parallel"}
    scf.for %n = %c0 to %c1024 step %c256 {
      pypto.at core_group "proj_k" {
        %a0 = pypto.slice %x[%c0, %c0] [16, 128]
            : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
        %w0 = pypto.slice %wk[%c0, %n] [128, 256]
            : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
        %first = pypto.matmul %a0, %w0
            : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
            -> !pypto.tensor<16x256xf32>
        %acc = scf.for %kk = %c128 to %c1024 step %c128
            iter_args(%sum = %first) -> (!pypto.tensor<16x256xf32>) {
          %ak = pypto.slice %x[%c0, %kk] [16, 128]
              : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
          %wk_ = pypto.slice %wk[%kk, %n] [128, 256]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
          %next = pypto.matmul_acc %sum, %ak, %wk_
              : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
              -> !pypto.tensor<16x256xf32>
          scf.yield %next : !pypto.tensor<16x256xf32>
        } {pypto.loop = "range"}
        pypto.assemble %acc into %k[%c0, %n]
            : !pypto.tensor<16x256xf32> into !pypto.tensor<16x1024xf32>
      }
    } {pypto.loop = "parallel"}
    scf.for %n = %c0 to %c1024 step %c256 {
      pypto.at core_group "proj_v" {
        %a0 = pypto.slice %x[%c0, %c0] [16, 128]
            : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
        %w0 = pypto.slice %wv[%c0, %n] [128, 256]
            : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
        %first = pypto.matmul %a0, %w0
            : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
            -> !pypto.tensor<16x256xf32>
        %acc = scf.for %kk = %c128 to %c1024 step %c128
            iter_args(%sum = %first) -> (!pypto.tensor<16x256xf32>) {
          %ak = pypto.slice %x[%c0, %kk] [16, 128]
              : !pypto.tensor<16x1024xbf16> -> !pypto.tensor<16x128xbf16>
          %wk_ = pypto.slice %wv[%kk, %n] [128, 256]
              : !pypto.tensor<1024x1024xbf16> -> !pypto.tensor<128x256xbf16>
          %next = pypto.matmul_acc %sum, %ak, %wk_
              : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x256xbf16>
              -> !pypto.tensor<16x256xf32>
          scf.yield %next : !pypto.tensor<16x256xf32>
        } {pypto.loop = "range"}
        pypto.assemble %acc into %v[%c0, %n]
            : !pypto.tensor<16x256xf32> into !pypto.tensor<16x1024xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
