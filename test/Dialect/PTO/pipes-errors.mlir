// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pto.reserve_buffer
//===----------------------------------------------------------------------===//

func.func @size_zero() {
  // expected-error @+1 {{'pto.reserve_buffer' op size must be positive, got 0}}
  %b = pto.reserve_buffer {name = "b", size = 0, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  return
}

// -----

func.func @base_unaligned() {
  // expected-error @+1 {{'pto.reserve_buffer' op base must be a non-negative multiple of 32, got 16}}
  %b = pto.reserve_buffer {name = "b", size = 8192, location = #pto.address_space<vec>, auto = false, base = 16} -> i32
  return
}

// -----

func.func @location_acc() {
  // expected-error @+1 {{'pto.reserve_buffer' op a consumer buffer lives in vec or mat, not acc}}
  %b = pto.reserve_buffer {name = "b", size = 8192, location = #pto.address_space<acc>, auto = true} -> i32
  return
}

// -----

func.func @location_left() {
  // expected-error @+1 {{'pto.reserve_buffer' op a consumer buffer lives in vec or mat, not left}}
  %b = pto.reserve_buffer {name = "b", size = 8192, location = #pto.address_space<left>, auto = false, base = 0} -> i32
  return
}

// -----

func.func @result_not_i32() {
  // expected-error @+1 {{'pto.reserve_buffer' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %b = pto.reserve_buffer {name = "b", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i64
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.aic_initialize_pipe / pto.aiv_initialize_pipe
//===----------------------------------------------------------------------===//

func.func @dir_mask_zero(%gm: !pto.ptr<f32>, %buf: i32) {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got 0}}
  pto.aic_initialize_pipe {dir_mask = 0, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @dir_mask_four(%buf: i32) {
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got 4}}
  pto.aiv_initialize_pipe {dir_mask = 4, slot_size = 4096, slot_num = 2} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @slot_size_zero(%buf: i32) {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op slot_size must be a positive multiple of 32 bytes, got 0}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 0, slot_num = 2} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @slot_size_unaligned(%gm: !pto.ptr<f32>, %buf: i32) {
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op slot_size must be a positive multiple of 32 bytes, got 100}}
  pto.aiv_initialize_pipe {id = 1, dir_mask = 1, slot_size = 100, slot_num = 2} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @slot_num_zero(%buf: i32) {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op slot_num must be in [1, 4096], got 0}}
  pto.aic_initialize_pipe {dir_mask = 2, slot_size = 512, slot_num = 0} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @slot_num_too_large(%buf: i32) {
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op slot_num must be in [1, 4096], got 4097}}
  pto.aiv_initialize_pipe {dir_mask = 2, slot_size = 512, slot_num = 4097} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %buf : i32)
  return
}

// -----

func.func @consumer_buf_not_i32(%buf: i64) {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = 512, slot_num = 2} (c2v_consumer_buf = %buf : i64, v2c_consumer_buf = %buf : i64)
  return
}

// -----

//===----------------------------------------------------------------------===//
// tpush / tpop
//===----------------------------------------------------------------------===//

func.func @pop_not_tile() {
  // expected-error @+1 {{'pto.tpop_from_aic' op result #0 must be an on-chip tile buffer, but got 'i32'}}
  %t = pto.tpop_from_aic {split = 0} -> i32
  return
}

// -----

func.func @pop_split_out_of_range() {
  // expected-error @+1 {{'pto.tpop_from_aiv' op split must be 0 (none), 1 (up-down) or 2 (left-right), got 3}}
  %t = pto.tpop_from_aiv {split = 3} -> !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
  return
}

// -----

func.func @pop_valid_on_static_tile(%r: index, %c: index) {
  // expected-error @+1 {{'pto.tpop_from_aic' op a valid shape operand needs a result with a dynamic valid shape (v_row=?, v_col=?), got '!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>'}}
  %t = pto.tpop_from_aic(%r, %c) {split = 0} -> !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @negative_size() {
  // expected-error @+1 {{'pto.reserve_buffer' op size must be positive, got -8}}
  %b = pto.reserve_buffer {name = "s", size = -8, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
  return
}

// -----

func.func @negative_base() {
  // expected-error @+1 {{'pto.reserve_buffer' op base must be a non-negative multiple of 32, got -32}}
  %b = pto.reserve_buffer {name = "s", size = 64, location = #pto.address_space<vec>, auto = false, base = -32} -> i32
  return
}

// -----

func.func @negative_slot_size(%c: i32) {
  // expected-error @+1 {{'pto.aic_initialize_pipe' op slot_size must be a positive multiple of 32 bytes, got -32}}
  pto.aic_initialize_pipe {dir_mask = 1, slot_size = -32, slot_num = 2} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @negative_dir_mask(%c: i32) {
  // expected-error @+1 {{'pto.aiv_initialize_pipe' op dir_mask must be 1 (C2V), 2 (V2C) or 3 (both), got -1}}
  pto.aiv_initialize_pipe {dir_mask = -1, slot_size = 32, slot_num = 2} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @pipe_unknown_option(%c: i32) {
  // expected-error @+1 {{expected 'slot_num' or 'nosplit' (once each), got 'slots'}}
  pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 32, slots = 2} (c2v_consumer_buf = %c : i32, v2c_consumer_buf = %c : i32)
  return
}

// -----

func.func @pop_one_valid_operand(%r: index) {
  // expected-error @+1 {{'pto.tpop_from_aic' op needs both valid_row and valid_col, or neither}}
  %t = "pto.tpop_from_aic"(%r) {split = 0 : i64, operandSegmentSizes = array<i32: 1, 0>} : (index) -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}
