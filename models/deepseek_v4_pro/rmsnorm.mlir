// DeepSeek-V4 attention RMSNorm, pro preset, ported from pypto-lib's
// models/deepseek_v4_pro/rmsnorm.py: hidden 7168 in chunks of 128, token
// tiles of 8, eps 1e-6, bf16 in and out with f32 math. The token count T is
// a run-time dimension (8 by default, pypto-lib's decode size 4 x 2; its
// prefill size is 128: `--shape x=128x7168 --shape x_normed=128x7168`); as in
// pypto-lib it is a multiple of 8.
//
// pypto-lib splits each token tile's work over 4 SPMD blocks (RMS_D_SPLIT):
// every block recomputes the same full-row sum of squares (56 chunks, in
// the same order, so the blocks agree bit for bit) and then normalises its
// own quarter of the columns, 14 chunks. (T / 8) * 4 blocks in all.
//
// Tolerance: 1/128 relative (one bf16 step) and atol 1e-4 on every element;
// the golden mirrors the kernel's chunked f32 sum, as pypto-lib's does.
module @rmsnorm attributes {pypto.golden = "rmsnorm.golden.py",
                            pypto.rtol = 7.8125e-3 : f64,
                            pypto.atol = 1.0e-4 : f64} {
  func.func @rmsnorm(
      %x: !pypto.tensor<?x7168xbf16> {pypto.init = "randn", pypto.shape = array<i64: 8, 7168>},
      %norm_w: !pypto.tensor<7168xbf16> {pypto.init = "randn"},
      %x_normed: !pypto.tensor<?x7168xbf16> {pypto.dir = "out", pypto.shape = array<i64: 8, 7168>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c14 = arith.constant 14 : index
    %c128 = arith.constant 128 : index
    %c7168 = arith.constant 7168 : index
    %split = arith.constant 4 : index
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x7168xbf16>
    %tiles = arith.divsi %tokens, %c8 : index
    %blocks = arith.muli %tiles, %split : index
    %rms_tid = pypto.spmd core_group "rms_norm" blocks(%blocks) allow_early_resolve (%blk) {
      %zero = arith.constant 0.0 : f32
      %inv_d = arith.constant 1.3950892857142857e-4 : f32
      %eps = arith.constant 1.0e-6 : f32
      %tg_idx = arith.divsi %blk, %split : index
      %tg_base = arith.muli %tg_idx, %split : index
      %dsplit = arith.subi %blk, %tg_base : index
      %tg = arith.muli %tg_idx, %c8 : index
      %init = pypto.full %zero : f32 -> !pypto.tensor<1x8xf32>
      %sum = scf.for %d0 = %c0 to %c7168 step %c128
          iter_args(%acc = %init) -> (!pypto.tensor<1x8xf32>) {
        %x_in = pypto.slice %x[%tg, %d0] [8, 128] : !pypto.tensor<?x7168xbf16>
        %x_f = pypto.cast %x_in : !pypto.tensor<8x128xbf16> -> !pypto.tensor<8x128xf32>
        %x_sq = pypto.mul %x_f, %x_f : !pypto.tensor<8x128xf32>
        %row_sum = pypto.row_sum %x_sq : !pypto.tensor<8x128xf32>
        %row = pypto.reshape %row_sum : !pypto.tensor<8x1xf32> -> !pypto.tensor<1x8xf32>
        %next = pypto.add %acc, %row : !pypto.tensor<1x8xf32>
        scf.yield %next : !pypto.tensor<1x8xf32>
      } {pypto.loop = "pipeline"}
      %mean = pypto.muls %sum, %inv_d : !pypto.tensor<1x8xf32>, f32
      %shifted = pypto.adds %mean, %eps : !pypto.tensor<1x8xf32>, f32
      %inv = pypto.rsqrt %shifted : !pypto.tensor<1x8xf32>
      %inv_t = pypto.reshape %inv : !pypto.tensor<1x8xf32> -> !pypto.tensor<8x1xf32>
      %first_db = arith.muli %dsplit, %c14 : index
      scf.for %db = %c0 to %c14 step %c1 {
        %chunk = arith.addi %first_db, %db : index
        %d0 = arith.muli %chunk, %c128 : index
        %x_in = pypto.slice %x[%tg, %d0] [8, 128] : !pypto.tensor<?x7168xbf16>
        %x_f = pypto.cast %x_in : !pypto.tensor<8x128xbf16> -> !pypto.tensor<8x128xf32>
        %w_in = pypto.slice %norm_w[%d0] [128] : !pypto.tensor<7168xbf16>
        %w_f = pypto.cast %w_in : !pypto.tensor<128xbf16> -> !pypto.tensor<128xf32>
        %scaled = pypto.row_expand_mul %x_f, %inv_t
            : !pypto.tensor<8x128xf32>, !pypto.tensor<8x1xf32>
        %normed = pypto.col_expand_mul %scaled, %w_f
            : !pypto.tensor<8x128xf32>, !pypto.tensor<128xf32>
        %out = pypto.cast %normed round rint : !pypto.tensor<8x128xf32> -> !pypto.tensor<8x128xbf16>
        pypto.assemble %out into %x_normed[%tg, %d0]
            : !pypto.tensor<8x128xbf16> into !pypto.tensor<?x7168xbf16>
      } {pypto.loop = "pipeline"}
    }
    return
  }
}
