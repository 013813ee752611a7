// DeepSeek-V4 decode metadata, ported from pypto-lib's
// models/deepseek_v4_flash_dspark/decode_metadata.py (`decode_metadata`, the
// function its test runs): from each decode token's position and its
// request's block tables, the paged-cache slots and the visible sliding-window
// rows the decode kernels consume. pypto-lib's sizes: B = 16 requests of
// S = 8 tokens (T = 128), window 128, pages of 32 positions (compressor-state
// pages of 8 and 2), positions up to 16383 (512 original-KV pages per
// request).
//
// 1. `decode_build_swa_metadata`: one SPMD block per token builds its row of
//    visible sliding-window slots, a 1x128 i32 row the kernel creates filled
//    with -1: for offset < min(position + 1, 128) the slot of position
//    start + offset (its page read from ori_block_table inside the loop) is
//    put into the row (`pypto.insert`, pypto-lib's `pl.write` into its
//    `create_tensor` row); then the row is stored to swa_indices.
// 2. `decode_build_swa_scalar_metadata`: one block walks the tokens and
//    writes each swa slot and window length (element writes to GM).
// 3. `decode_build_cache_metadata`: one block walks the tokens and writes the
//    original-KV slot, the ratio-128 and ratio-4 compressed slots (-1 unless
//    position + 1 is a multiple of 128 or 4; page index modulo the request's
//    block count) and the three compressor-state slots.
//
// The inputs: positions listed below, 8 consecutive ones per request from 16
// starts (0, 120, 124, 26, 8188, 16376, 250, 1000, 3, 60, 383, 4095, 100,
// 511, 12345, 95), so window lengths 1 to 128, rows that cross page
// boundaries, and positions where position + 1 is a multiple of 4 and of 128
// (127, 255, 383, 511, 4095, 8191, 16383); block counts 2 to 12, different
// per request and group; the block tables random physical pages (pypto-lib
// builds them from the counts), so each read's row and column matter. Exact:
// integers, rtol = atol = 0.
module @decode_metadata attributes {pypto.golden = "decode_metadata.golden.py",
                                    pypto.rtol = 0.0 : f64,
                                    pypto.atol = 0.0 : f64} {
  func.func @decode_metadata(
      %position_ids: !pypto.tensor<128xi32> {pypto.init = dense<[0, 1, 2, 3, 4, 5, 6, 7, 120, 121, 122, 123, 124, 125, 126, 127, 124, 125, 126, 127, 128, 129, 130, 131, 26, 27, 28, 29, 30, 31, 32, 33, 8188, 8189, 8190, 8191, 8192, 8193, 8194, 8195, 16376, 16377, 16378, 16379, 16380, 16381, 16382, 16383, 250, 251, 252, 253, 254, 255, 256, 257, 1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 3, 4, 5, 6, 7, 8, 9, 10, 60, 61, 62, 63, 64, 65, 66, 67, 383, 384, 385, 386, 387, 388, 389, 390, 4095, 4096, 4097, 4098, 4099, 4100, 4101, 4102, 100, 101, 102, 103, 104, 105, 106, 107, 511, 512, 513, 514, 515, 516, 517, 518, 12345, 12346, 12347, 12348, 12349, 12350, 12351, 12352, 95, 96, 97, 98, 99, 100, 101, 102]> : tensor<128xi32>},
      %ori_block_table: !pypto.tensor<16x512xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 512>},
      %cmp_block_table: !pypto.tensor<16x128xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>},
      %idx_block_table: !pypto.tensor<16x256xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>},
      %hca_state_block_table: !pypto.tensor<16x2048xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>},
      %csa_state_block_table: !pypto.tensor<16x4096xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 260>},
      %csa_inner_state_block_table: !pypto.tensor<16x4096xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 260>},
      %block_counts: !pypto.tensor<16x6xi32> {pypto.init = dense<[[2, 7, 12, 6, 11, 5], [5, 10, 4, 9, 3, 8], [8, 2, 7, 12, 6, 11], [11, 5, 10, 4, 9, 3], [3, 8, 2, 7, 12, 6], [6, 2, 5, 10, 4, 9], [9, 3, 8, 2, 7, 12], [12, 6, 11, 5, 10, 4], [4, 9, 3, 8, 2, 7], [7, 12, 6, 11, 5, 10], [10, 4, 9, 3, 8, 2], [2, 7, 12, 6, 11, 5], [5, 10, 4, 9, 3, 8], [8, 2, 7, 12, 6, 11], [11, 5, 10, 4, 9, 3], [3, 8, 2, 7, 12, 6]]> : tensor<16x6xi32>},
      %ori_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %swa_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %swa_indices: !pypto.tensor<128x128xi32> {pypto.dir = "out"},
      %swa_lens: !pypto.tensor<128xi32> {pypto.dir = "out"},
      %hca_cmp_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %hca_state_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %csa_cmp_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %csa_idx_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %csa_state_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"},
      %csa_inner_state_slot_mapping: !pypto.tensor<128xi64> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c_seq = arith.constant 8 : index
    %c_tokens = arith.constant 128 : index
    %c_win = arith.constant 128 : index
    // block_counts columns: GROUP_CMP, GROUP_IDX, GROUP_HCA_STATE,
    // GROUP_CSA_STATE, GROUP_CSA_INNER_STATE.
    %g_cmp = arith.constant 1 : index
    %g_idx = arith.constant 2 : index
    %g_hca_state = arith.constant 3 : index
    %g_csa_state = arith.constant 4 : index
    %g_csa_inner_state = arith.constant 5 : index

    // build_swa_metadata: the visible window rows, one block per token.
    pypto.spmd core_group "decode_build_swa_metadata" blocks(128) (%token) {
      %block_size = arith.constant 32 : i32
      %win = arith.constant 128 : i32
      %one = arith.constant 1 : i32
      %minus_one = arith.constant -1 : i32
      %request = arith.divsi %token, %c_seq : index
      %position = pypto.read %position_ids[%token] : !pypto.tensor<128xi32> -> i32
      %position_1 = arith.addi %position, %one : i32
      %valid_len = arith.minsi %position_1, %win : i32
      %start_0 = arith.subi %position, %valid_len : i32
      %start = arith.addi %start_0, %one : i32
      %init = pypto.full %minus_one : i32 -> !pypto.tensor<1x128xi32>
      %row = scf.for %offset = %c0 to %c_win step %c1 iter_args(%r = %init) -> (!pypto.tensor<1x128xi32>) {
        %offset_i = arith.index_cast %offset : index to i32
        %visible = arith.cmpi slt, %offset_i, %valid_len : i32
        %next = scf.if %visible -> (!pypto.tensor<1x128xi32>) {
          %visible_position = arith.addi %start, %offset_i : i32
          %visible_block = arith.divsi %visible_position, %block_size : i32
          %visible_offset = arith.remsi %visible_position, %block_size : i32
          %visible_block_i = arith.index_cast %visible_block : i32 to index
          %physical = pypto.read %ori_block_table[%request, %visible_block_i] : !pypto.tensor<16x512xi32> -> i32
          %physical_base = arith.muli %physical, %block_size : i32
          %slot = arith.addi %physical_base, %visible_offset : i32
          %r2 = pypto.insert %slot into %r[%c0, %offset] : i32 into !pypto.tensor<1x128xi32>
          scf.yield %r2 : !pypto.tensor<1x128xi32>
        } else {
          scf.yield %r : !pypto.tensor<1x128xi32>
        }
        scf.yield %next : !pypto.tensor<1x128xi32>
      } {pypto.loop = "range"}
      pypto.assemble %row into %swa_indices[%token, %c0] : !pypto.tensor<1x128xi32> into !pypto.tensor<128x128xi32>
    }

    // build_swa_metadata: the swa slot and window length of each token.
    pypto.spmd core_group "decode_build_swa_scalar_metadata" blocks(1) (%metadata_core) {
      %block_size = arith.constant 32 : i32
      %win = arith.constant 128 : i32
      %one = arith.constant 1 : i32
      scf.for %token = %metadata_core to %c_tokens step %c1 {
        %request = arith.divsi %token, %c_seq : index
        %position = pypto.read %position_ids[%token] : !pypto.tensor<128xi32> -> i32
        %logical_block = arith.divsi %position, %block_size : i32
        %block_offset = arith.remsi %position, %block_size : i32
        %logical_block_i = arith.index_cast %logical_block : i32 to index
        %physical = pypto.read %ori_block_table[%request, %logical_block_i] : !pypto.tensor<16x512xi32> -> i32
        %physical_base = arith.muli %physical, %block_size : i32
        %slot = arith.addi %physical_base, %block_offset : i32
        %slot64 = arith.extsi %slot : i32 to i64
        pypto.write %slot64 into %swa_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>
        %position_1 = arith.addi %position, %one : i32
        %len = arith.minsi %position_1, %win : i32
        pypto.write %len into %swa_lens[%token] : i32 into !pypto.tensor<128xi32>
      } {pypto.loop = "range"}
    }

    // build_decode_metadata: the cache slots of each token.
    pypto.spmd core_group "decode_build_cache_metadata" blocks(1) (%metadata_core) {
      %block_size = arith.constant 32 : i32
      %c4a_block_size = arith.constant 2 : i32
      %c128_block_size = arith.constant 8 : i32
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %i4 = arith.constant 4 : i32
      %i128 = arith.constant 128 : i32
      %none = arith.constant -1 : i64
      scf.for %token = %metadata_core to %c_tokens step %c1 {
        %request = arith.divsi %token, %c_seq : index
        %position = pypto.read %position_ids[%token] : !pypto.tensor<128xi32> -> i32
        %logical_block = arith.divsi %position, %block_size : i32
        %block_offset = arith.remsi %position, %block_size : i32
        %logical_block_i = arith.index_cast %logical_block : i32 to index
        %ori_physical = pypto.read %ori_block_table[%request, %logical_block_i] : !pypto.tensor<16x512xi32> -> i32
        %ori_base = arith.muli %ori_physical, %block_size : i32
        %ori_slot = arith.addi %ori_base, %block_offset : i32
        %ori_slot64 = arith.extsi %ori_slot : i32 to i64
        pypto.write %ori_slot64 into %ori_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>

        %position_1 = arith.addi %position, %one : i32

        // Ratio 128: a compressed row when position + 1 is a multiple of 128.
        %rem128 = arith.remsi %position_1, %i128 : i32
        %hca_due = arith.cmpi eq, %rem128, %zero : i32
        %hca_cmp_slot = scf.if %hca_due -> (i64) {
          %logical = arith.divsi %position, %i128 : i32
          %count = pypto.read %block_counts[%request, %g_cmp] : !pypto.tensor<16x6xi32> -> i32
          %page = arith.divsi %logical, %block_size : i32
          %page_mod = arith.remsi %page, %count : i32
          %page_i = arith.index_cast %page_mod : i32 to index
          %physical = pypto.read %cmp_block_table[%request, %page_i] : !pypto.tensor<16x128xi32> -> i32
          %base = arith.muli %physical, %block_size : i32
          %in_page = arith.remsi %logical, %block_size : i32
          %slot = arith.addi %base, %in_page : i32
          %slot64 = arith.extsi %slot : i32 to i64
          scf.yield %slot64 : i64
        } else {
          scf.yield %none : i64
        }
        pypto.write %hca_cmp_slot into %hca_cmp_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>

        // Ratio 4: compressed and indexer rows when position + 1 is a
        // multiple of 4.
        %rem4 = arith.remsi %position_1, %i4 : i32
        %csa_due = arith.cmpi eq, %rem4, %zero : i32
        %csa_cmp_slot, %csa_idx_slot = scf.if %csa_due -> (i64, i64) {
          %logical = arith.divsi %position, %i4 : i32
          %page = arith.divsi %logical, %block_size : i32
          %in_page = arith.remsi %logical, %block_size : i32
          %cmp_count = pypto.read %block_counts[%request, %g_cmp] : !pypto.tensor<16x6xi32> -> i32
          %cmp_page = arith.remsi %page, %cmp_count : i32
          %cmp_page_i = arith.index_cast %cmp_page : i32 to index
          %cmp_physical = pypto.read %cmp_block_table[%request, %cmp_page_i] : !pypto.tensor<16x128xi32> -> i32
          %cmp_base = arith.muli %cmp_physical, %block_size : i32
          %cmp_slot = arith.addi %cmp_base, %in_page : i32
          %cmp_slot64 = arith.extsi %cmp_slot : i32 to i64
          %idx_count = pypto.read %block_counts[%request, %g_idx] : !pypto.tensor<16x6xi32> -> i32
          %idx_page = arith.remsi %page, %idx_count : i32
          %idx_page_i = arith.index_cast %idx_page : i32 to index
          %idx_physical = pypto.read %idx_block_table[%request, %idx_page_i] : !pypto.tensor<16x256xi32> -> i32
          %idx_base = arith.muli %idx_physical, %block_size : i32
          %idx_slot = arith.addi %idx_base, %in_page : i32
          %idx_slot64 = arith.extsi %idx_slot : i32 to i64
          scf.yield %cmp_slot64, %idx_slot64 : i64, i64
        } else {
          scf.yield %none, %none : i64, i64
        }
        pypto.write %csa_cmp_slot into %csa_cmp_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>
        pypto.write %csa_idx_slot into %csa_idx_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>

        // Ratio-128 compressor state: pages of 8 positions.
        %hca_state_logical = arith.divsi %position, %c128_block_size : i32
        %hca_state_in_page = arith.remsi %position, %c128_block_size : i32
        %hca_state_count = pypto.read %block_counts[%request, %g_hca_state] : !pypto.tensor<16x6xi32> -> i32
        %hca_state_page = arith.remsi %hca_state_logical, %hca_state_count : i32
        %hca_state_page_i = arith.index_cast %hca_state_page : i32 to index
        %hca_state_physical = pypto.read %hca_state_block_table[%request, %hca_state_page_i] : !pypto.tensor<16x2048xi32> -> i32
        %hca_state_base = arith.muli %hca_state_physical, %c128_block_size : i32
        %hca_state_slot = arith.addi %hca_state_base, %hca_state_in_page : i32
        %hca_state_slot64 = arith.extsi %hca_state_slot : i32 to i64
        pypto.write %hca_state_slot64 into %hca_state_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>

        // Ratio-4 compressor state and its inner state: pages of 2 positions.
        %csa_state_logical = arith.divsi %position, %c4a_block_size : i32
        %csa_state_in_page = arith.remsi %position, %c4a_block_size : i32
        %csa_state_count = pypto.read %block_counts[%request, %g_csa_state] : !pypto.tensor<16x6xi32> -> i32
        %csa_state_page = arith.remsi %csa_state_logical, %csa_state_count : i32
        %csa_state_page_i = arith.index_cast %csa_state_page : i32 to index
        %csa_state_physical = pypto.read %csa_state_block_table[%request, %csa_state_page_i] : !pypto.tensor<16x4096xi32> -> i32
        %csa_state_base = arith.muli %csa_state_physical, %c4a_block_size : i32
        %csa_state_slot = arith.addi %csa_state_base, %csa_state_in_page : i32
        %csa_state_slot64 = arith.extsi %csa_state_slot : i32 to i64
        pypto.write %csa_state_slot64 into %csa_state_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>

        %inner_count = pypto.read %block_counts[%request, %g_csa_inner_state] : !pypto.tensor<16x6xi32> -> i32
        %inner_page = arith.remsi %csa_state_logical, %inner_count : i32
        %inner_page_i = arith.index_cast %inner_page : i32 to index
        %inner_physical = pypto.read %csa_inner_state_block_table[%request, %inner_page_i] : !pypto.tensor<16x4096xi32> -> i32
        %inner_base = arith.muli %inner_physical, %c4a_block_size : i32
        %inner_slot = arith.addi %inner_base, %csa_state_in_page : i32
        %inner_slot64 = arith.extsi %inner_slot : i32 to i64
        pypto.write %inner_slot64 into %csa_inner_state_slot_mapping[%token] : i64 into !pypto.tensor<128xi64>
      } {pypto.loop = "range"}
    }
    return
  }
}
