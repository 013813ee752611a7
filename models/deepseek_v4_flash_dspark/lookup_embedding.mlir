// DeepSeek-V4 Flash token embedding lookup, ported from pypto-lib's
// models/deepseek_v4_flash_dspark/lookup_embedding.py: hidden 4096,
// Hyper-Connections width 4, a test vocabulary of 256 rows, 16 tokens by
// default (any count: the token count is a run-time dimension, so
// `--shape input_ids=N --shape hidden_states=Nx4096 --shape x_hc=Nx4x4096`
// runs the same build; see docs/examples/models.md).
//
// 48 SPMD blocks share token_count * 8 work items (a token and a 512-wide
// hidden chunk each). A block reads the item's token id from GM inside the
// kernel, copies that row chunk of the table to hidden_states and writes it,
// widened to f32, to the token's 4 Hyper-Connections rows.
//
// x_hc is [T, 4, 4096], as pypto-lib's: each chunk is stored as a 1x1x512
// window of it. Exact: a copy and a widening cast, so rtol = atol = 0.
module @lookup_embedding attributes {pypto.golden = "lookup_embedding.golden.py",
                                     pypto.rtol = 0.0 : f64,
                                     pypto.atol = 0.0 : f64} {
  func.func @lookup_embedding(
      %input_ids: !pypto.tensor<?xi64> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>, pypto.shape = array<i64: 16>},
      %embed_weight: !pypto.tensor<?x4096xbf16> {pypto.init = "randn", pypto.shape = array<i64: 256, 4096>},
      %hidden_states: !pypto.tensor<?x4096xbf16> {pypto.dir = "out", pypto.shape = array<i64: 16, 4096>},
      %x_hc: !pypto.tensor<?x4x4096xf32> {pypto.dir = "out", pypto.shape = array<i64: 16, 4, 4096>}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %hc_mult = arith.constant 4 : index
    %chunks = arith.constant 8 : index
    %chunk_width = arith.constant 512 : index
    %blocks = arith.constant 48 : index
    %tokens = pypto.dim %input_ids, 0 : !pypto.tensor<?xi64>
    %work_items = arith.muli %tokens, %chunks : index
    pypto.spmd core_group "lookup_embedding" blocks(48) (%block) {
      scf.for %item = %block to %work_items step %blocks {
        %token = arith.divsi %item, %chunks : index
        %chunk = arith.remsi %item, %chunks : index
        %offset = arith.muli %chunk, %chunk_width : index
        %id = pypto.read %input_ids[%token] : !pypto.tensor<?xi64> -> i64
        %row = arith.index_cast %id : i64 to index
        %hidden = pypto.slice %embed_weight[%row, %offset] [1, 512]
            : !pypto.tensor<?x4096xbf16> -> !pypto.tensor<1x512xbf16>
        pypto.assemble %hidden into %hidden_states[%token, %offset]
            : !pypto.tensor<1x512xbf16> into !pypto.tensor<?x4096xbf16>
        %hc = pypto.cast %hidden : !pypto.tensor<1x512xbf16> -> !pypto.tensor<1x512xf32>
        %hc3 = pypto.reshape %hc : !pypto.tensor<1x512xf32> -> !pypto.tensor<1x1x512xf32>
        scf.for %h = %c0 to %hc_mult step %c1 {
          pypto.assemble %hc3 into %x_hc[%token, %h, %offset]
              : !pypto.tensor<1x1x512xf32> into !pypto.tensor<?x4x4096xf32>
        }
      }
    }
    return
  }
}
