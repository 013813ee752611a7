// An LM-head-shaped split kernel (pypto-lib's flash_mtp lm_head_matmul_push):
// block k projects vocab tiles ob = k, k+2, ... of 128 columns with a bf16
// K-loop (b_trans, init_cond on the first step); then, still in the loop,
// the two AIV lanes each receive half the rows of the f32 accumulator
// (up_down), store them into logits and their row maxima into mx[:, ob].
// The AIC's push and the lanes' pops sit in a loop, so slots are reused.
module @split_loop attributes {pypto.golden = "split_loop.golden.py",
                               pypto.rtol = 2.0e-3 : f64,
                               pypto.atol = 2.0e-3 : f64} {
  func.func @split_loop(%h: !pypto.tensor<32x256xbf16> {pypto.init = "randn"},
                        %w: !pypto.tensor<384x256xbf16> {pypto.init = "randn"},
                        %logits: !pypto.tensor<32x384xf32> {pypto.dir = "out"},
                        %mx: !pypto.tensor<32x3xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    pypto.spmd core_group "lm_head_push" blocks(2) (%k) {
      scf.for %ob = %k to %c3 step %c2 {
        %o0 = arith.muli %ob, %c128 : index
        %zero = arith.constant 0.0 : f32
        %z = pypto.full %zero : f32 -> !pypto.tensor<32x128xf32>
        %acc = scf.for %kk = %c0 to %c256 step %c128 iter_args(%a = %z) -> (!pypto.tensor<32x128xf32>) {
          %first = arith.cmpi eq, %kk, %c0 : index
          %hk = pypto.slice %h[%c0, %kk] [32, 128]
              : !pypto.tensor<32x256xbf16> -> !pypto.tensor<32x128xbf16>
          %wk = pypto.slice %w[%o0, %kk] [128, 128]
              : !pypto.tensor<384x256xbf16> -> !pypto.tensor<128x128xbf16>
          %n = pypto.matmul_acc %a, %hk, %wk init %first {b_trans}
              : !pypto.tensor<32x128xbf16>, !pypto.tensor<128x128xbf16>
          scf.yield %n : !pypto.tensor<32x128xf32>
        }
        pypto.split_aiv up_down (%lane) {
          %shard = pypto.aiv_shard %acc : !pypto.tensor<32x128xf32> -> !pypto.tensor<16x128xf32>
          %r0 = arith.muli %lane, %c16 : index
          pypto.assemble %shard into %logits[%r0, %o0]
              : !pypto.tensor<16x128xf32> into !pypto.tensor<32x384xf32>
          %m = pypto.row_max %shard : !pypto.tensor<16x128xf32> -> !pypto.tensor<16x1xf32>
          pypto.assemble %m into %mx[%r0, %ob]
              : !pypto.tensor<16x1xf32> into !pypto.tensor<32x3xf32>
        }
      }
    }
    return
  }
}
