// DeepSeek-V4 token input packing, pro preset, ported from pypto-lib's
// models/deepseek_v4_pro/input_pack.py: each token's embedding row, widened
// to f32, replicated across the 4 Hyper-Connections lanes of x_hc
// [T, 4, 7168]. The token count and the vocabulary are run-time dimensions
// (8 tokens, pypto-lib's decode size, and 256 rows by default; its prefill
// size is 128: `--shape input_ids=128 --shape x_hc=128x4x7168`).
//
// A token id outside the vocabulary is clamped into it, as pypto-lib's
// kernel does: the ids are drawn from -8..263, so with 256 rows some fall
// below and some above.
//
// 48 SPMD blocks share token_count * 14 work items (a token and a 512-wide
// hidden chunk each), written as 1x1x512 windows of the rank-3 x_hc
// (pypto-lib writes the same elements as rows of its [T * 4, 7168] view).
// Exact: a copy and a widening cast, so rtol = atol = 0.
module @input_pack attributes {pypto.golden = "input_pack.golden.py",
                               pypto.rtol = 0.0 : f64,
                               pypto.atol = 0.0 : f64} {
  func.func @input_pack(
      %input_ids: !pypto.tensor<?xi64> {pypto.init = "randint", pypto.init_range = array<i64: -8, 264>, pypto.shape = array<i64: 8>},
      %embed_weight: !pypto.tensor<?x7168xbf16> {pypto.init = "randn", pypto.shape = array<i64: 256, 7168>},
      %x_hc: !pypto.tensor<?x4x7168xf32> {pypto.dir = "out", pypto.shape = array<i64: 8, 4, 7168>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %hc_mult = arith.constant 4 : index
    %chunks = arith.constant 14 : index
    %chunk_width = arith.constant 512 : index
    %blocks = arith.constant 48 : index
    %tokens = pypto.dim %input_ids, 0 : !pypto.tensor<?xi64>
    %vocab = pypto.dim %embed_weight, 0 : !pypto.tensor<?x7168xbf16>
    %vocab64 = arith.index_cast %vocab : index to i64
    %one = arith.constant 1 : i64
    %zero = arith.constant 0 : i64
    %last_row = arith.subi %vocab64, %one : i64
    %work_items = arith.muli %tokens, %chunks : index
    pypto.spmd core_group "pack_x_hc" blocks(48) (%block) {
      scf.for %item = %block to %work_items step %blocks {
        %token = arith.divsi %item, %chunks : index
        %chunk = arith.remsi %item, %chunks : index
        %offset = arith.muli %chunk, %chunk_width : index
        %id = pypto.read %input_ids[%token] : !pypto.tensor<?xi64> -> i64
        %below = arith.minsi %id, %last_row : i64
        %safe = arith.maxsi %below, %zero : i64
        %row = arith.index_cast %safe : i64 to index
        %hidden = pypto.slice %embed_weight[%row, %offset] [1, 512]
            : !pypto.tensor<?x7168xbf16> -> !pypto.tensor<1x512xbf16>
        %hc = pypto.cast %hidden : !pypto.tensor<1x512xbf16> -> !pypto.tensor<1x512xf32>
        %hc3 = pypto.reshape %hc : !pypto.tensor<1x512xf32> -> !pypto.tensor<1x1x512xf32>
        scf.for %h = %c0 to %hc_mult step %c1 {
          pypto.assemble %hc3 into %x_hc[%token, %h, %offset]
              : !pypto.tensor<1x1x512xf32> into !pypto.tensor<?x4x7168xf32>
        }
      }
    }
    return
  }
}
