// DeepSeek-V4 Hyper-Connections post-mix, ported from pypto-lib's
// models/deepseek_v4_flash_dspark/hc_post.py (`hc_post`, the function its
// test runs): the next hc-stack from a sublayer output x and its
// hc-residual,
//   y[t, o, :] = x[t, :] * post[t, o] + sum_i residual[t, i, :] * comb[t, i*4 + o]
// with hidden 4096 and 4 lanes (hc_mult), f32 throughout after x's bf16.
// The token count is a run-time dimension (128 by default, pypto-lib's
// decode size DECODE_BATCH / TP * DECODE_SEQ); `residual` and `y` are read
// and written through their ?x16384 views (reshapes whose run-time
// dimension the element count gives). One SPMD block per (token tile of 4,
// output lane): ceil(T / 4) * 4 blocks; tokens past T in the last tile are
// skipped by the `if`, as in pypto-lib (e.g. `--shape x=21x4096 ...`).
//
// The inputs: x and residual randn * 0.05 as pypto-lib's; post is
// 2 * rand (pypto-lib: 2 * sigmoid(randn), the same range); comb is rand
// (pypto-lib normalises each token's 4x4 block; the kernel does not depend
// on it). Tolerance pypto-lib's: rtol = atol = 1e-3.
module @hc_post attributes {pypto.golden = "hc_post.golden.py",
                            pypto.rtol = 1.0e-3 : f64,
                            pypto.atol = 1.0e-3 : f64} {
  func.func @hc_post(
      %x: !pypto.tensor<?x4096xbf16> {pypto.init = "randn", pypto.init_scale = 0.05 : f64, pypto.shape = array<i64: 128, 4096>},
      %residual: !pypto.tensor<?x4x4096xf32> {pypto.init = "randn", pypto.init_scale = 0.05 : f64, pypto.shape = array<i64: 128, 4, 4096>},
      %post: !pypto.tensor<?x4xf32> {pypto.init = "rand", pypto.init_scale = 2.0 : f64, pypto.shape = array<i64: 128, 4>},
      %comb: !pypto.tensor<?x16xf32> {pypto.init = "rand", pypto.shape = array<i64: 128, 16>},
      %y: !pypto.tensor<?x4x4096xf32> {pypto.dir = "out", pypto.shape = array<i64: 128, 4, 4096>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c4096 = arith.constant 4096 : index
    %t_dim = pypto.dim %x, 0 : !pypto.tensor<?x4096xbf16>
    %residual_flat = pypto.reshape %residual : !pypto.tensor<?x4x4096xf32> -> !pypto.tensor<?x16384xf32>
    %y_flat = pypto.reshape %y : !pypto.tensor<?x4x4096xf32> -> !pypto.tensor<?x16384xf32>
    %tiles = arith.ceildivsi %t_dim, %c4 : index
    %blocks = arith.muli %tiles, %c4 : index
    pypto.spmd core_group "hc_post" blocks(%blocks) (%block) {
      %token_block = arith.divui %block, %c4 : index
      %out_h = arith.remui %block, %c4 : index
      %t0 = arith.muli %token_block, %c4 : index
      %t_end = arith.addi %t0, %c4 : index
      scf.for %t = %t0 to %t_end step %c1 {
        %inside = arith.cmpi ult, %t, %t_dim : index
        scf.if %inside {
          %post_w = pypto.read %post[%t, %out_h] : !pypto.tensor<?x4xf32> -> f32
          %xs = pypto.slice %x[%t, %c0] [1, 4096] : !pypto.tensor<?x4096xbf16>
          %x_row = pypto.cast %xs : !pypto.tensor<1x4096xbf16> -> !pypto.tensor<1x4096xf32>
          %y0 = pypto.muls %x_row, %post_w : !pypto.tensor<1x4096xf32>, f32
          %y_row = scf.for %in_h = %c0 to %c4 step %c1 iter_args(%acc = %y0) -> (!pypto.tensor<1x4096xf32>) {
            %lane = arith.muli %in_h, %c4 : index
            %cidx = arith.addi %lane, %out_h : index
            %comb_w = pypto.read %comb[%t, %cidx] : !pypto.tensor<?x16xf32> -> f32
            %res_d = arith.muli %in_h, %c4096 : index
            %res_row = pypto.slice %residual_flat[%t, %res_d] [1, 4096] : !pypto.tensor<?x16384xf32>
            %weighted = pypto.muls %res_row, %comb_w : !pypto.tensor<1x4096xf32>, f32
            %next = pypto.add %acc, %weighted : !pypto.tensor<1x4096xf32>
            scf.yield %next : !pypto.tensor<1x4096xf32>
          }
          %out_d = arith.muli %out_h, %c4096 : index
          pypto.assemble %y_row into %y_flat[%t, %out_d] : !pypto.tensor<1x4096xf32> into !pypto.tensor<?x16384xf32>
        }
      }
    }
    return
  }
}
