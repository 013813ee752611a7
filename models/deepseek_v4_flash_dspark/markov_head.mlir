// DeepSeek-V4 DSpark Markov head, ported from pypto-lib's
// models/deepseek_v4_flash_dspark/markov_head.py: Markov rank 256, the test
// vocabulary of 4096, token tiles of 16 and vocabulary tiles of 128. The
// token count is a run-time dimension (16 by default, as pypto-lib's
// DECODE_BATCH / TP); any count runs on the same build, e.g.
// `--shape token_ids=21 --shape logits_bias=21x4096 --shape markov_embed=21x256`
// (see docs/examples/models.md).
//
// 1. One SPMD block per token reads its id from GM inside the kernel and
//    copies that row of markov_w1 to markov_embed.
// 2. 48 SPMD blocks share ceil(T / 16) * 32 work items: a 16-token tile of
//    markov_embed times a 128-row tile of markov_w2, transposed. The last
//    token tile is a tail: its valid rows, min(16, T - t0), are read and
//    written; its other rows are never stored.
//
// Tolerance as pypto-lib's: 2e-3 (bf16 inputs, f32 accumulation).
module @markov_head attributes {pypto.golden = "markov_head.golden.py",
                                pypto.rtol = 2.0e-3 : f64,
                                pypto.atol = 2.0e-3 : f64} {
  func.func @markov_head(
      %token_ids: !pypto.tensor<?xi64> {pypto.init = "randint", pypto.init_range = array<i64: 0, 4096>, pypto.shape = array<i64: 16>},
      %markov_w1: !pypto.tensor<4096x256xbf16> {pypto.init = "randn", pypto.init_scale = 0.0625 : f64},
      %markov_w2: !pypto.tensor<4096x256xbf16> {pypto.init = "randn", pypto.init_scale = 0.0625 : f64},
      %logits_bias: !pypto.tensor<?x4096xf32> {pypto.dir = "out", pypto.shape = array<i64: 16, 4096>},
      %markov_embed: !pypto.tensor<?x256xbf16> {pypto.dir = "out", pypto.shape = array<i64: 16, 256>}) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %t_tile = arith.constant 16 : index
    %vocab_tile = arith.constant 128 : index
    %blocks = arith.constant 48 : index
    %tokens = pypto.dim %token_ids, 0 : !pypto.tensor<?xi64>
    pypto.spmd core_group "markov_embedding" blocks(%tokens) allow_early_resolve (%token) {
      %id = pypto.read %token_ids[%token] : !pypto.tensor<?xi64> -> i64
      %row = arith.index_cast %id : i64 to index
      %w1_row = pypto.slice %markov_w1[%row, %c0] [1, 256]
          : !pypto.tensor<4096x256xbf16> -> !pypto.tensor<1x256xbf16>
      pypto.assemble %w1_row into %markov_embed[%token, %c0]
          : !pypto.tensor<1x256xbf16> into !pypto.tensor<?x256xbf16>
    }
    %vocab = pypto.dim %markov_w2, 0 : !pypto.tensor<4096x256xbf16>
    %vocab_tiles = arith.divsi %vocab, %vocab_tile : index
    %token_tiles = arith.ceildivsi %tokens, %t_tile : index
    %work_items = arith.muli %token_tiles, %vocab_tiles : index
    pypto.spmd core_group "markov_logits" blocks(48) (%block) {
      scf.for %item = %block to %work_items step %blocks {
        %token_tile = arith.divsi %item, %vocab_tiles : index
        %t0 = arith.muli %token_tile, %t_tile : index
        %vocab_index = arith.remsi %item, %vocab_tiles : index
        %vocab0 = arith.muli %vocab_index, %vocab_tile : index
        %left = arith.subi %tokens, %t0 : index
        %valid_rows = arith.minsi %left, %t_tile : index
        %embed = pypto.slice %markov_embed[%t0, %c0] [16, 256] valid [%valid_rows, %c256]
            : !pypto.tensor<?x256xbf16> -> !pypto.tensor<16x256xbf16>
        %weight = pypto.slice %markov_w2[%vocab0, %c0] [128, 256]
            : !pypto.tensor<4096x256xbf16> -> !pypto.tensor<128x256xbf16>
        %logits = pypto.matmul %embed, %weight {b_trans}
            : !pypto.tensor<16x256xbf16>, !pypto.tensor<128x256xbf16> -> !pypto.tensor<16x128xf32>
        pypto.assemble %logits into %logits_bias[%t0, %vocab0] valid [%valid_rows, %vocab_tile]
            : !pypto.tensor<16x128xf32> into !pypto.tensor<?x4096xf32>
      }
    }
    return
  }
}
