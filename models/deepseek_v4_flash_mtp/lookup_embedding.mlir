// DeepSeek-V4 Flash token embedding lookup, ported from pypto-lib's
// models/deepseek_v4_flash_mtp/lookup_embedding.py: hidden 4096, a test
// vocabulary of 256 rows (a run-time dimension, as the token count: any
// `--shape input_ids=N --shape embed_weight=Vx4096 --shape hidden_states=Nx4096`
// runs the same build), 16 tokens by default.
//
// 48 SPMD blocks share token_count * 8 work items (a token and a 512-wide
// hidden chunk each). A block reads the item's token id from GM inside the
// kernel and copies that row chunk of the table to hidden_states. The same
// program as dspark's lookup_embedding.mlir without its Hyper-Connections
// output. Exact: a copy, so rtol = atol = 0.
module @lookup_embedding attributes {pypto.golden = "lookup_embedding.golden.py",
                                     pypto.rtol = 0.0 : f64,
                                     pypto.atol = 0.0 : f64} {
  func.func @lookup_embedding(
      %input_ids: !pypto.tensor<?xi64> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>, pypto.shape = array<i64: 16>},
      %embed_weight: !pypto.tensor<?x4096xbf16> {pypto.init = "randn", pypto.shape = array<i64: 256, 4096>},
      %hidden_states: !pypto.tensor<?x4096xbf16> {pypto.dir = "out", pypto.shape = array<i64: 16, 4096>}) {
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
      }
    }
    return
  }
}
