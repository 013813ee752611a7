// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pto.tsort32
//===----------------------------------------------------------------------===//

func.func @tsort32_src_mat(%s: !pto.tile_buf<mat, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tsort32' op operates on vec tiles, got mat}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<mat, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

func.func @tsort32_dst_acc(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tsort32' op operates on vec tiles, got acc}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<acc, 16x128xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tsort32_idx_mat(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<mat, 1x64xi32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tsort32' op operates on vec tiles, got mat}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<mat, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

func.func @tsort32_idx_i16(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi16>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tsort32' op indices must be 32-bit integers}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi16>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

func.func @tsort32_idx_f32(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xf32>, %d: !pto.tile_buf<vec, 1x128xf32>) {
  // expected-error @+1 {{'pto.tsort32' op indices must be 32-bit integers}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 1x128xf32>)
  return
}

// -----

func.func @tsort32_value_type(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<vec, 1x256xf16>) {
  // expected-error @+1 {{'pto.tsort32' op sorted pairs keep the value type}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x256xf16>)
  return
}

// -----

// The pairs are not reread as integers either (unlike a gather's result).
func.func @tsort32_value_as_i32(%s: !pto.tile_buf<vec, 1x64xf32>, %i: !pto.tile_buf<vec, 1x64xi32>, %d: !pto.tile_buf<vec, 1x128xi32>) {
  // expected-error @+1 {{'pto.tsort32' op sorted pairs keep the value type}}
  pto.tsort32 ins(%s, %i : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xi32>) outs(%d : !pto.tile_buf<vec, 1x128xi32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tmrgsort
//===----------------------------------------------------------------------===//

func.func @tmrgsort_src_mat(%s: !pto.tile_buf<mat, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32>, %n: i32) {
  // expected-error @+1 {{'pto.tmrgsort' op operates on vec tiles, got mat}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<mat, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

func.func @tmrgsort_dst_mat(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<mat, 1x256xf32>, %n: i32) {
  // expected-error @+1 {{'pto.tmrgsort' op operates on vec tiles, got mat}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<mat, 1x256xf32>)
  return
}

// -----

func.func @tmrgsort_value_type(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf16>, %n: i32) {
  // expected-error @+1 {{'pto.tmrgsort' op element types differ: 'f32' and 'f16'}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf16>)
  return
}

// -----

func.func @tmrgsort_valid(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x256xf32, valid=1x128>, %n: i32) {
  // expected-error @+1 {{'pto.tmrgsort' op valid shapes differ: 1x256 and 1x128}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i32) outs(%d : !pto.tile_buf<vec, 1x256xf32, valid=1x128>)
  return
}

// -----

// A run-time valid shape differs from a static one.
func.func @tmrgsort_valid_dynamic(%s: !pto.tile_buf<vec, 2x256xf32, valid=?x256>, %d: !pto.tile_buf<vec, 2x256xf32>, %n: i32) {
  // expected-error @+1 {{'pto.tmrgsort' op valid shapes differ: ?x256 and 2x256}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 2x256xf32, valid=?x256>, i32) outs(%d : !pto.tile_buf<vec, 2x256xf32>)
  return
}

// -----

func.func @tmrgsort_block_len_i64(%s: !pto.tile_buf<vec, 1x256xf32>, %n: i64) {
  // expected-error @+1 {{'pto.tmrgsort' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  pto.tmrgsort ins(%s, %n : !pto.tile_buf<vec, 1x256xf32>, i64) outs(%s : !pto.tile_buf<vec, 1x256xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tgather (mask pattern)
//===----------------------------------------------------------------------===//

func.func @tgather_src_mat(%s: !pto.tile_buf<mat, 1x256xf32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tgather' op operates on vec tiles, got mat}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<mat, 1x256xf32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
  return
}

// -----

func.func @tgather_dst_acc(%s: !pto.tile_buf<vec, 16x256xf32>, %d: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tgather' op operates on vec tiles, got acc}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 16x256xf32>) outs(%d : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tgather_narrower(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x16xf16>) {
  // expected-error @+1 {{'pto.tgather' op dst elements must have the src's width}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x256xf32>) outs(%d : !pto.tile_buf<vec, 1x16xf16>)
  return
}

// -----

func.func @tgather_wider(%s: !pto.tile_buf<vec, 1x256xf16>, %d: !pto.tile_buf<vec, 1x16xi32>) {
  // expected-error @+1 {{'pto.tgather' op dst elements must have the src's width}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 1x256xf16>) outs(%d : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

func.func @tgather_unknown_pattern(%s: !pto.tile_buf<vec, 1x256xf32>, %d: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+2 {{expected ::mlir::pto::MaskPattern to be one of: P0101, P1010, P0001, P0010, P0100, P1000, P1111}}
  // expected-error @+1 {{failed to parse PTO_MaskPatternAttr parameter 'value'}}
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0011>} : !pto.tile_buf<vec, 1x256xf32>) outs(%d : !pto.tile_buf<vec, 1x16xf32>)
  return
}
