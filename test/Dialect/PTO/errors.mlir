// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// !pto.tile_buf parsing
//===----------------------------------------------------------------------===//

// expected-error @+1 {{unknown tile location 'ub'}}
func.func @keyed_loc(%a: !pto.tile_buf<loc=ub, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{unknown tile location 'ub'}}
func.func @compact_loc(%a: !pto.tile_buf<ub, 16x16xf32>) { return }

// -----

// gm names global memory for cache maintenance; no tile lives there.
// expected-error @+1 {{a tile_buf lives in an on-chip buffer, not gm}}
func.func @gm_tile(%a: !pto.tile_buf<gm, 16x16xf32>) { return }

// -----

// expected-error @+1 {{unknown blayout 'diagonal'}}
func.func @bad_blayout(%a: !pto.tile_buf<vec, 16x16xf32, blayout=diagonal>) { return }

// -----

// expected-error @+1 {{unknown slayout 'zigzag'}}
func.func @bad_slayout(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=zigzag, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{'valid' takes two dimensions}}
func.func @valid_rank(%a: !pto.tile_buf<vec, 16x16xf32, valid=16>) { return }

// -----

// expected-error @+1 {{compact tile modes are not supported}}
func.func @compact_mode(%a: !pto.tile_buf<vec, 16x16xf32, compact=1>) { return }

// -----

// expected-error @+1 {{unknown tile_buf field 'color'}}
func.func @unknown_field(%a: !pto.tile_buf<vec, 16x16xf32, color=red>) { return }

// -----

// expected-error @+1 {{tile_buf shapes are 2-D}}
func.func @compact_rank(%a: !pto.tile_buf<vec, 4x16x16xf32>) { return }

// -----

// expected-error @+1 {{tile_buf is missing the 'v_col' field}}
func.func @missing_v_col(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{tile_buf is missing the 'dtype' field}}
func.func @missing_dtype(%a: !pto.tile_buf<loc=vec, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{tile_buf is missing the 'pad' field}}
func.func @missing_pad(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512>) { return }

// -----

// The keyed form's pad is an integer, as in ptoas.
// expected-error @+1 {{expected integer value}}
func.func @pad_mnemonic(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=zero>) { return }

// -----

//===----------------------------------------------------------------------===//
// !pto.tile_buf verification
//===----------------------------------------------------------------------===//

// expected-error @+1 {{tile_buf dtype must be an integer or float type}}
func.func @dtype_index(%a: !pto.tile_buf<loc=vec, dtype=index, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{tile_buf rows and cols must be positive}}
func.func @zero_rows(%a: !pto.tile_buf<vec, 0x16xf32>) { return }

// -----

// expected-error @+1 {{tile_buf rows and cols must be positive}}
func.func @negative_cols(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=-8, v_row=16, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{tile_buf valid shape 32x16 exceeds 16x16}}
func.func @valid_rows(%a: !pto.tile_buf<vec, 16x16xf32, valid=32x16>) { return }

// -----

// expected-error @+1 {{tile_buf valid shape 16x-2 exceeds 16x16}}
func.func @valid_negative(%a: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=-2, blayout=row_major, slayout=none_box, fractal=512, pad=0>) { return }

// -----

// expected-error @+1 {{tile_buf fractal must be 16, 32, 512 or 1024, got 64}}
func.func @fractal(%a: !pto.tile_buf<vec, 16x16xf32, fractal=64>) { return }

// -----

// expected-error @+1 {{tile_buf pad must be 0 (null), 1 (zero), 2 (max) or 3 (min), got 4}}
func.func @pad(%a: !pto.tile_buf<vec, 16x16xf32, pad=4>) { return }

// -----

// expected-error @+1 {{row-major tile rows must be a multiple of 32 bytes, got 16}}
func.func @row_major_align(%a: !pto.tile_buf<vec, 16x4xf32>) { return }

// -----

// expected-error @+1 {{column-major tile columns must be a multiple of 32 bytes, got 16}}
func.func @col_major_align(%a: !pto.tile_buf<vec, 8x16xf16, blayout=col_major>) { return }

// -----

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

func.func @view_rank(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @+1 {{'pto.make_tensor_view' op expected 1 shape and stride operands, got 2 and 2}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%n, %n] : !pto.tensor_view<?xf32>
  return
}

// -----

func.func @view_element(%p: !pto.ptr<f16>, %n: index) {
  // expected-error @+1 {{'pto.make_tensor_view' op view element type differs from the pointer's}}
  %v = "pto.make_tensor_view"(%p, %n, %n, %n, %n) : (!pto.ptr<f16>, index, index, index, index) -> !pto.tensor_view<?x?xf32>
  return
}

// -----

func.func @view_result_type(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @+1 {{expected a !pto.tensor_view result type}}
  %v = pto.make_tensor_view %p, shape = [%n, %n], strides = [%n, %n] : !pto.partition_tensor_view<?x?xf32>
  return
}

// -----

func.func @partition_rank(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  // expected-error @+1 {{'pto.partition_view' op expected rank-2 offsets, sizes and result}}
  %p = pto.partition_view %v, offsets = [%n], sizes = [%n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16xf32>
  return
}

// -----

func.func @partition_result_rank(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  // expected-error @+1 {{'pto.partition_view' op expected rank-2 offsets, sizes and result}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x16x16xf32>
  return
}

// -----

func.func @partition_size(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  // expected-error @+1 {{'pto.partition_view' op size 8 of dimension 0 differs from the result type's 16}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%c8, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
  return
}

// -----

func.func @partition_element(%v: !pto.tensor_view<?x?xf32>, %n: index) {
  // expected-error @+1 {{'pto.partition_view' op result element type differs from the source's}}
  %p = pto.partition_view %v, offsets = [%n, %n], sizes = [%n, %n] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.alloc_tile
//===----------------------------------------------------------------------===//

func.func @alloc_missing_valid_row() {
  // expected-error @+1 {{'pto.alloc_tile' op 'valid_row' must be given exactly when v_row is '?'}}
  %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32, valid=?x16>
  return
}

// -----

func.func @alloc_extra_valid_row(%n: index) {
  // expected-error @+1 {{'pto.alloc_tile' op 'valid_row' must be given exactly when v_row is '?'}}
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @alloc_missing_valid_col(%n: index) {
  // expected-error @+1 {{'pto.alloc_tile' op 'valid_col' must be given exactly when v_col is '?'}}
  %t = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 16x16xf32, valid=?x?>
  return
}

// -----

func.func @alloc_extra_valid_col(%n: index) {
  // expected-error @+1 {{'pto.alloc_tile' op 'valid_col' must be given exactly when v_col is '?'}}
  %t = pto.alloc_tile valid_col = %n : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @alloc_unaligned() {
  %a = arith.constant 48 : i64
  // expected-error @+1 {{'pto.alloc_tile' op address 48 must be a non-negative multiple of 32}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

func.func @alloc_negative() {
  %a = arith.constant -64 : i64
  // expected-error @+1 {{'pto.alloc_tile' op address -64 must be a non-negative multiple of 32}}
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tload and pto.tstore
//===----------------------------------------------------------------------===//

func.func @tload_left(%p: !pto.partition_tensor_view<16x16xf32>, %t: !pto.tile_buf<left, 16x16xf32, slayout=row_major>) {
  // expected-error @+1 {{'pto.tload' op loads into vec or mat tiles, not left}}
  pto.tload ins(%p : !pto.partition_tensor_view<16x16xf32>) outs(%t : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
  return
}

// -----

func.func @tload_rank1(%p: !pto.partition_tensor_view<16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>) {
  // A 1-D window is one row.
  // expected-error @+1 {{'pto.tload' op partition shape 1x16 differs from the tile's valid shape 16x16}}
  pto.tload ins(%p : !pto.partition_tensor_view<16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tload_shape(%p: !pto.partition_tensor_view<8x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tload' op partition shape 8x16 differs from the tile's valid shape 16x16}}
  pto.tload ins(%p : !pto.partition_tensor_view<8x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tload_folded_shape(%p: !pto.partition_tensor_view<4x2x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32, valid=16x8>) {
  // expected-error @+1 {{'pto.tload' op partition shape 8x16 differs from the tile's valid shape 16x8}}
  pto.tload ins(%p : !pto.partition_tensor_view<4x2x16xf32>) outs(%t : !pto.tile_buf<vec, 16x16xf32, valid=16x8>)
  return
}

// -----

func.func @tload_element(%p: !pto.partition_tensor_view<16x16xf16>, %t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tload' op element types differ: 'f16' and 'f32'}}
  pto.tload ins(%p : !pto.partition_tensor_view<16x16xf16>) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tstore_right(%p: !pto.partition_tensor_view<16x16xf32>, %t: !pto.tile_buf<right, 16x16xf32, slayout=col_major>) {
  // expected-error @+1 {{'pto.tstore' op stores from vec, mat or acc tiles, not right}}
  pto.tstore ins(%t : !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%p : !pto.partition_tensor_view<16x16xf32>)
  return
}

// -----

func.func @tstore_shape(%p: !pto.partition_tensor_view<32x16xf32>, %t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op partition shape 32x16 differs from the tile's valid shape 16x16}}
  pto.tstore ins(%t : !pto.tile_buf<vec, 16x16xf32>) outs(%p : !pto.partition_tensor_view<32x16xf32>)
  return
}

// -----

func.func @tstore_element(%p: !pto.partition_tensor_view<16x16xf16>, %t: !pto.tile_buf<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tstore' op element types differ: 'f16' and 'f32'}}
  pto.tstore ins(%t : !pto.tile_buf<mat, 16x16xf32>) outs(%p : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tmov
//===----------------------------------------------------------------------===//

func.func @tmov_vec_left(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<left, 16x16xf32, slayout=row_major>) {
  // expected-error @+1 {{'pto.tmov' op cannot move a tile from vec to left}}
  pto.tmov ins(%a : !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
  return
}

// -----

func.func @tmov_left_mat(%a: !pto.tile_buf<left, 16x16xf32, slayout=row_major>, %b: !pto.tile_buf<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmov' op cannot move a tile from left to mat}}
  pto.tmov ins(%a : !pto.tile_buf<left, 16x16xf32, slayout=row_major>) outs(%b : !pto.tile_buf<mat, 16x16xf32>)
  return
}

// -----

func.func @tmov_mat_acc(%a: !pto.tile_buf<mat, 16x16xf32>, %b: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmov' op cannot move a tile from mat to acc}}
  pto.tmov ins(%a : !pto.tile_buf<mat, 16x16xf32>) outs(%b : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmov_valid(%a: !pto.tile_buf<mat, 16x16xf32>, %b: !pto.tile_buf<left, 16x16xf32, valid=8x16, slayout=row_major>) {
  // expected-error @+1 {{'pto.tmov' op valid shapes differ: 16x16 and 8x16}}
  pto.tmov ins(%a : !pto.tile_buf<mat, 16x16xf32>) outs(%b : !pto.tile_buf<left, 16x16xf32, valid=8x16, slayout=row_major>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Vector compute
//===----------------------------------------------------------------------===//

func.func @tadd_mat(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<mat, 16x16xf32>) {
  // expected-error @+1 {{'pto.tadd' op operates on vec tiles, got mat}}
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<mat, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tadd_element(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xi32>) {
  // expected-error @+1 {{'pto.tadd' op element types differ: 'f32' and 'i32'}}
  pto.tadd ins(%a, %b : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xi32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tadd_valid(%a: !pto.tile_buf<vec, 16x16xf32>, %b: !pto.tile_buf<vec, 16x16xf32, valid=8x16>) {
  // expected-error @+1 {{'pto.tadd' op valid shapes differ: 16x16 and 8x16}}
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%b : !pto.tile_buf<vec, 16x16xf32, valid=8x16>)
  return
}

// -----

func.func @tadds_scalar(%a: !pto.tile_buf<vec, 16x16xf32>, %s: f16) {
  // expected-error @+1 {{'pto.tadds' op scalar type 'f16' differs from the tile dtype 'f32'}}
  pto.tadds ins(%a, %s : !pto.tile_buf<vec, 16x16xf32>, f16) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tadds_mat(%a: !pto.tile_buf<mat, 16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pto.tadds' op operates on vec tiles, got mat}}
  pto.tadds ins(%a, %s : !pto.tile_buf<mat, 16x16xf32>, f32) outs(%a : !pto.tile_buf<mat, 16x16xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Cube compute
//===----------------------------------------------------------------------===//

func.func @tmatmul_spaces(%l: !pto.tile_buf<mat, 16x32xf32>, %r: !pto.tile_buf<right, 32x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op expects left and right operands and an acc result}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<mat, 16x32xf32>, !pto.tile_buf<right, 32x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmatmul_compose(%l: !pto.tile_buf<left, 16x32xf32, slayout=row_major>, %r: !pto.tile_buf<right, 16x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op shapes do not compose: 16x32 x 16x16 -> 16x16}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmatmul_result(%l: !pto.tile_buf<left, 16x32xf32, slayout=row_major>, %r: !pto.tile_buf<right, 32x32xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op shapes do not compose: 16x32 x 32x32 -> 16x16}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x32xf32, slayout=row_major>, !pto.tile_buf<right, 32x32xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmatmul_k_limit(%l: !pto.tile_buf<left, 16x4096xf32, slayout=row_major>, %r: !pto.tile_buf<right, 4096x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) {
  // expected-error @+1 {{'pto.tmatmul' op m, k and n must be at most 4095, got 4096}}
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x4096xf32, slayout=row_major>, !pto.tile_buf<right, 4096x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmatmul_acc_input(%l: !pto.tile_buf<left, 16x32xf32, slayout=row_major>, %r: !pto.tile_buf<right, 32x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %v: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul.acc' op accumulator input must be an acc tile}}
  pto.tmatmul.acc ins(%v, %l, %r : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<left, 16x32xf32, slayout=row_major>, !pto.tile_buf<right, 32x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tmatmul_acc_spaces(%l: !pto.tile_buf<left, 16x32xf32, slayout=row_major>, %r: !pto.tile_buf<right, 32x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %v: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul.acc' op expects left and right operands and an acc result}}
  pto.tmatmul.acc ins(%c, %l, %r : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x32xf32, slayout=row_major>, !pto.tile_buf<right, 32x16xf32, slayout=col_major>) outs(%v : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Vector compute: binary, scalar and unary instructions
//===----------------------------------------------------------------------===//

func.func @tsub_mat(%a: !pto.tile_buf<vec, 16x64xf32>, %m: !pto.tile_buf<mat, 16x64xf32>) {
  // expected-error @+1 {{'pto.tsub' op operates on vec tiles, got mat}}
  pto.tsub ins(%a, %m : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<mat, 16x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tmul_element(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>) {
  // expected-error @+1 {{'pto.tmul' op element types differ: 'f32' and 'f16'}}
  pto.tmul ins(%a, %a : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  return
}

// -----

func.func @tdiv_valid(%a: !pto.tile_buf<vec, 16x64xf32>, %b: !pto.tile_buf<vec, 16x64xf32, valid=8x64>) {
  // expected-error @+1 {{'pto.tdiv' op valid shapes differ: 16x64 and 8x64}}
  pto.tdiv ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32, valid=8x64>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tmax_mat_dst(%a: !pto.tile_buf<vec, 16x64xf32>, %m: !pto.tile_buf<mat, 16x64xf32>) {
  // expected-error @+1 {{'pto.tmax' op operates on vec tiles, got mat}}
  pto.tmax ins(%a, %a : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%m : !pto.tile_buf<mat, 16x64xf32>)
  return
}

// -----

func.func @tmuls_scalar(%a: !pto.tile_buf<vec, 16x64xf32>, %s: f16) {
  // expected-error @+1 {{'pto.tmuls' op scalar type 'f16' differs from the tile dtype 'f32'}}
  pto.tmuls ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f16) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tsubs_int_scalar(%a: !pto.tile_buf<vec, 16x64xi32>, %s: i16) {
  // expected-error @+1 {{'pto.tsubs' op scalar type 'i16' differs from the tile dtype 'i32'}}
  pto.tsubs ins(%a, %s : !pto.tile_buf<vec, 16x64xi32>, i16) outs(%a : !pto.tile_buf<vec, 16x64xi32>)
  return
}

// -----

func.func @tmins_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %s: f32) {
  // expected-error @+1 {{'pto.tmins' op operates on vec tiles, got mat}}
  pto.tmins ins(%m, %s : !pto.tile_buf<mat, 16x64xf32>, f32) outs(%m : !pto.tile_buf<mat, 16x64xf32>)
  return
}

// -----

func.func @tdivs_valid(%a: !pto.tile_buf<vec, 16x64xf32>, %b: !pto.tile_buf<vec, 16x64xf32, valid=8x64>, %s: f32) {
  // expected-error @+1 {{'pto.tdivs' op valid shapes differ: 16x64 and 8x64}}
  pto.tdivs ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%b : !pto.tile_buf<vec, 16x64xf32, valid=8x64>)
  return
}

// -----

func.func @tneg_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %a: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.tneg' op operates on vec tiles, got mat}}
  pto.tneg ins(%m : !pto.tile_buf<mat, 16x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @texp_element(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>) {
  // expected-error @+1 {{'pto.texp' op element types differ: 'f32' and 'f16'}}
  pto.texp ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  return
}

// -----

func.func @tsqrt_valid(%a: !pto.tile_buf<vec, 16x64xf32>, %b: !pto.tile_buf<vec, 16x64xf32, valid=8x64>) {
  // expected-error @+1 {{'pto.tsqrt' op valid shapes differ: 16x64 and 8x64}}
  pto.tsqrt ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%b : !pto.tile_buf<vec, 16x64xf32, valid=8x64>)
  return
}

// -----

func.func @trecip_element(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>) {
  // expected-error @+1 {{'pto.trecip' op element types differ: 'f16' and 'f32'}}
  pto.trecip ins(%h : !pto.tile_buf<vec, 16x64xf16>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tcvt
//===----------------------------------------------------------------------===//

func.func @tcvt_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>) {
  // expected-error @+1 {{'pto.tcvt' op operates on vec tiles}}
  pto.tcvt ins(%m {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<mat, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  return
}

// -----

func.func @tcvt_valid(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16, valid=16x32>) {
  // expected-error @+1 {{'pto.tcvt' op valid shapes differ: 16x64 and 16x32}}
  pto.tcvt ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16, valid=16x32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

func.func @trowsum_shape(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.trowsum' op reduces 16x64 into 16x64; expected Mx1}}
  pto.trowsum ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @trowmax_rows(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=8x1>) {
  // expected-error @+1 {{'pto.trowmax' op reduces 16x64 into 8x1; expected Mx1}}
  pto.trowmax ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=8x1>)
  return
}

// -----

func.func @trowmin_element(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x16xf16, valid=16x1>) {
  // expected-error @+1 {{'pto.trowmin' op element types differ: 'f32' and 'f16'}}
  pto.trowmin ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x16xf16, valid=16x1>)
  return
}

// -----

func.func @trowsum_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>) {
  // expected-error @+1 {{'pto.trowsum' op operates on vec tiles}}
  pto.trowsum ins(%m, %t : !pto.tile_buf<mat, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  return
}

// -----

func.func @tcolsum_shape(%a: !pto.tile_buf<vec, 16x64xf32>, %c: !pto.tile_buf<vec, 1x64xf32, valid=1x32>) {
  // expected-error @+1 {{'pto.tcolsum' op reduces 16x64 into 1x32; expected 1xN}}
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 1x64xf32, valid=1x32>)
  return
}

// -----

func.func @tcolmax_rows(%a: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>) {
  // expected-error @+1 {{'pto.tcolmax' op reduces 16x64 into 16x1; expected 1xN}}
  pto.tcolmax ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  return
}

// -----

func.func @tcolmin_element(%h: !pto.tile_buf<vec, 16x64xf16>, %c: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tcolmin' op element types differ: 'f16' and 'f32'}}
  pto.tcolmin ins(%h : !pto.tile_buf<vec, 16x64xf16>) outs(%c : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasts and fused broadcast instructions
//===----------------------------------------------------------------------===//

func.func @trowexpand_shape(%v: !pto.tile_buf<vec, 16x8xf32>, %a: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.trowexpand' op broadcasts 16x8 over 16x64; expected an Mx1 vector}}
  pto.trowexpand ins(%v : !pto.tile_buf<vec, 16x8xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @trowexpand_rows(%r: !pto.tile_buf<vec, 16x8xf32, valid=8x1>, %a: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.trowexpand' op broadcasts 8x1 over 16x64; expected an Mx1 vector}}
  pto.trowexpand ins(%r : !pto.tile_buf<vec, 16x8xf32, valid=8x1>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tcolexpand_shape(%c: !pto.tile_buf<vec, 1x64xf32, valid=1x32>, %a: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.tcolexpand' op broadcasts 1x32 over 16x64; expected a 1xN vector}}
  pto.tcolexpand ins(%c : !pto.tile_buf<vec, 1x64xf32, valid=1x32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tcolexpand_element(%c: !pto.tile_buf<vec, 1x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>) {
  // expected-error @+1 {{'pto.tcolexpand' op element types differ: 'f32' and 'f16'}}
  pto.tcolexpand ins(%c : !pto.tile_buf<vec, 1x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  return
}

// -----

func.func @trowexpand_mat(%r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>, %m: !pto.tile_buf<mat, 16x64xf32>) {
  // expected-error @+1 {{'pto.trowexpand' op operates on vec tiles}}
  pto.trowexpand ins(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%m : !pto.tile_buf<mat, 16x64xf32>)
  return
}

// -----

func.func @trowexpandadd_valid(%a: !pto.tile_buf<vec, 16x64xf32>, %b: !pto.tile_buf<vec, 16x64xf32, valid=8x64>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>) {
  // expected-error @+1 {{'pto.trowexpandadd' op valid shapes differ: 16x64 and 8x64}}
  pto.trowexpandadd ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%b : !pto.tile_buf<vec, 16x64xf32, valid=8x64>)
  return
}

// -----

func.func @trowexpandsub_vector(%a: !pto.tile_buf<vec, 16x64xf32>, %c: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.trowexpandsub' op broadcasts 1x64 over 16x64; expected an Mx1 vector}}
  pto.trowexpandsub ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @trowexpandexpdif_element(%a: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x16xf16, valid=16x1>) {
  // expected-error @+1 {{'pto.trowexpandexpdif' op element types differ: 'f16' and 'f32'}}
  pto.trowexpandexpdif ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x16xf16, valid=16x1>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tcolexpanddiv_vector(%a: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>) {
  // expected-error @+1 {{'pto.tcolexpanddiv' op broadcasts 16x1 over 16x64; expected a 1xN vector}}
  pto.tcolexpanddiv ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tcolexpandmax_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %c: !pto.tile_buf<vec, 1x64xf32>, %a: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.tcolexpandmax' op operates on vec tiles, got mat}}
  pto.tcolexpandmax ins(%m, %c : !pto.tile_buf<mat, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tcolexpandmin_element(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>, %c: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tcolexpandmin' op element types differ: 'f16' and 'f32'}}
  pto.tcolexpandmin ins(%h, %c : !pto.tile_buf<vec, 16x64xf16>, !pto.tile_buf<vec, 1x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.texpands and pto.ttrans
//===----------------------------------------------------------------------===//

func.func @texpands_scalar(%a: !pto.tile_buf<vec, 16x64xf32>, %s: f16) {
  // expected-error @+1 {{'pto.texpands' op scalar type 'f16' differs from the tile dtype 'f32'}}
  pto.texpands ins(%s : f16) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @texpands_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %s: f32) {
  // expected-error @+1 {{'pto.texpands' op operates on vec tiles, got mat}}
  pto.texpands ins(%s : f32) outs(%m : !pto.tile_buf<mat, 16x64xf32>)
  return
}

// -----

func.func @ttrans_shape(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.ttrans' op transposes 16x64 into 16x64}}
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @ttrans_element(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 64x16xf16>) {
  // expected-error @+1 {{'pto.ttrans' op element types differ}}
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 64x16xf16>)
  return
}

// -----

func.func @ttrans_scratch(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 64x16xf32>) {
  // expected-error @+1 {{'pto.ttrans' op valid shapes differ: 16x64 and 64x16}}
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 64x16xf32>) outs(%t : !pto.tile_buf<vec, 64x16xf32>)
  return
}

// -----

func.func @ttrans_mat(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %m: !pto.tile_buf<mat, 64x16xf32>) {
  // expected-error @+1 {{'pto.ttrans' op operates on vec tiles, got mat}}
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%m : !pto.tile_buf<mat, 64x16xf32>)
  return
}

// -----

//===----------------------------------------------------------------------===//
// pto.tfillpad
//===----------------------------------------------------------------------===//

func.func @tfillpad_src_mat(%m: !pto.tile_buf<mat, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32, pad=3>) {
  // expected-error @+1 {{'pto.tfillpad' op operates on vec tiles, got mat}}
  pto.tfillpad ins(%m : !pto.tile_buf<mat, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32, pad=3>)
  return
}

// -----

func.func @tfillpad_dst_acc(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?>, %d: !pto.tile_buf<acc, 16x64xf32, pad=3>) {
  // expected-error @+1 {{'pto.tfillpad' op operates on vec tiles, got acc}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?>) outs(%d : !pto.tile_buf<acc, 16x64xf32, pad=3>)
  return
}

// -----

func.func @tfillpad_element(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?>, %d: !pto.tile_buf<vec, 16x64xf16, pad=3>) {
  // expected-error @+1 {{'pto.tfillpad' op element types differ}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?>) outs(%d : !pto.tile_buf<vec, 16x64xf16, pad=3>)
  return
}

// -----

func.func @tfillpad_rows(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?>, %d: !pto.tile_buf<vec, 32x64xf32, pad=3>) {
  // expected-error @+1 {{'pto.tfillpad' op src and dst must have the same rows x cols}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?>) outs(%d : !pto.tile_buf<vec, 32x64xf32, pad=3>)
  return
}

// -----

func.func @tfillpad_cols(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?>, %d: !pto.tile_buf<vec, 16x128xf32, valid=16x64, pad=1>) {
  // expected-error @+1 {{'pto.tfillpad' op src and dst must have the same rows x cols}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?>) outs(%d : !pto.tile_buf<vec, 16x128xf32, valid=16x64, pad=1>)
  return
}

// -----

func.func @tfillpad_no_pad(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?>, %d: !pto.tile_buf<vec, 16x64xf32>) {
  // expected-error @+1 {{'pto.tfillpad' op dst needs a pad value (pad=1 zero, 2 max, 3 min)}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

// The src's pad field does not stand in for dst's.
func.func @tfillpad_pad_on_src(%a: !pto.tile_buf<vec, 16x64xf32, valid=16x?, pad=3>, %d: !pto.tile_buf<vec, 16x64xf32, pad=0>) {
  // expected-error @+1 {{'pto.tfillpad' op dst needs a pad value (pad=1 zero, 2 max, 3 min)}}
  pto.tfillpad ins(%a : !pto.tile_buf<vec, 16x64xf32, valid=16x?, pad=3>) outs(%d : !pto.tile_buf<vec, 16x64xf32, pad=0>)
  return
}

// -----

func.func @textract_offset_type(%m: !pto.tile_buf<mat, 64x256xf32>, %l: !pto.tile_buf<left, 64x64xf32>, %i: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{expected the row and column offsets to be of type index}}
  pto.textract ins(%m, %c0, %c0 : !pto.tile_buf<mat, 64x256xf32>, index, i32) outs(%l : !pto.tile_buf<left, 64x64xf32>)
  return
}

// -----

func.func @treshape_bytes(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{source and result sizes differ: 1024 and 512 bytes}}
  %r = pto.treshape %t : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<vec, 16x16xf16>
  return
}

// -----

func.func @treshape_space(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{source and result live in different buffers: vec and mat}}
  %r = pto.treshape %t : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<mat, 16x16xf32>
  return
}

// -----

func.func @set_validshape_static(%t: !pto.tile_buf<vec, 8x64xf32>, %r: index) {
  // expected-error @+1 {{needs a tile whose valid rows and cols are both dynamic (v_row=?, v_col=?)}}
  pto.set_validshape %t, %r, %r : !pto.tile_buf<vec, 8x64xf32>
  return
}

// -----

func.func @set_validshape_range(%r: index) {
  %c0_i64 = arith.constant 0 : i64
  %c9 = arith.constant 9 : index
  %t = pto.alloc_tile addr = %c0_i64 valid_row = %r valid_col = %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  // expected-error @+1 {{valid rows 9 outside the tile's 8}}
  pto.set_validshape %t, %c9, %r : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

func.func @treshape_dynamic_valid(%t: !pto.tile_buf<vec, 16x16xf32>) {
  // expected-error @+1 {{a result with a run-time valid shape must keep the source's rows and cols}}
  %r = pto.treshape %t : !pto.tile_buf<vec, 16x16xf32> -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=32, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// trowexpand<op>'s per-row operand may be row-major with one whole 32-byte
// block valid per row (ptoas 0.27's form), but not with part of one.
func.func @trowexpandmax_part_block(%a: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x4>) {
  // expected-error @+1 {{'pto.trowexpandmax' op broadcasts 16x4 over 16x64; expected an Mx1 vector}}
  pto.trowexpandmax ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x4>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

func.func @tsetval_type(%t: !pto.tile_buf<vec, 16x16xf32>, %o: index) {
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'pto.tsetval' op value type 'i32' differs from the tile dtype 'f32'}}
  pto.tsetval ins(%o, %v : index, i32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @tsetval_mat(%t: !pto.tile_buf<mat, 16x16xf32>, %o: index) {
  %v = arith.constant 1.0 : f32
  // expected-error @+1 {{'pto.tsetval' op}}
  pto.tsetval ins(%o, %v : index, f32) outs(%t : !pto.tile_buf<mat, 16x16xf32>)
  return
}

// -----

func.func @ttri_side(%t: !pto.tile_buf<vec, 16x16xf32>, %d: i32) {
  // expected-error @+1 {{'pto.ttri' op upperOrLower must be 0 (lower) or 1 (upper), got 2}}
  pto.ttri ins(%d {upperOrLower = 2 : i32} : i32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

func.func @ttri_type(%t: !pto.tile_buf<vec, 16x16xbf16>, %d: i32) {
  // expected-error @+1 {{'pto.ttri' op makes f32, f16, i32 or i16 tiles, not 'bf16'}}
  pto.ttri ins(%d : i32) outs(%t : !pto.tile_buf<vec, 16x16xbf16>)
  return
}

// -----

func.func @tmatmul_bias_table(%l: !pto.tile_buf<left, 16x32xf32, slayout=row_major>, %r: !pto.tile_buf<right, 32x16xf32, slayout=col_major>, %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, %v: !pto.tile_buf<vec, 1x16xf32>) {
  // expected-error @+1 {{'pto.tmatmul.bias' op bias must be a 1-row tile in bias, got '!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>'}}
  pto.tmatmul.bias ins(%l, %r, %v : !pto.tile_buf<left, 16x32xf32, slayout=row_major>, !pto.tile_buf<right, 32x16xf32, slayout=col_major>, !pto.tile_buf<vec, 1x16xf32>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  return
}

// -----

func.func @tpart_cover(%a: !pto.tile_buf<vec, 8x32xf32, valid=4x32>, %b: !pto.tile_buf<vec, 8x32xf32, valid=8x16>, %d: !pto.tile_buf<vec, 8x32xf32>) {
  // expected-error @+1 {{'pto.tpartadd' op source valid shapes 4x32 and 8x16 must lie within dst's 8x32, one of them equal to it}}
  pto.tpartadd ins(%a, %b : !pto.tile_buf<vec, 8x32xf32, valid=4x32>, !pto.tile_buf<vec, 8x32xf32, valid=8x16>) outs(%d : !pto.tile_buf<vec, 8x32xf32>)
  return
}
