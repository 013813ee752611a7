// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pypto.sort32
//===----------------------------------------------------------------------===//

func.func @sort32_mixed_indices(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tile<4x64xi32, vec>) {
  // expected-error @+1 {{'pypto.sort32' op operands and results must all be tensors or all tiles}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tile<4x64xi32, vec> -> !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @sort32_mixed_result(%x: !pypto.tile<4x64xf32, vec>, %i: !pypto.tile<4x64xi32, vec>) {
  // expected-error @+1 {{'pypto.sort32' op operands and results must all be tensors or all tiles}}
  %s = pypto.sort32 %x, %i : !pypto.tile<4x64xf32, vec>, !pypto.tile<4x64xi32, vec> -> !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @sort32_int_values(%x: !pypto.tensor<4x64xi32>, %i: !pypto.tensor<4x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op sorts f32 or f16 values, not 'i32'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xi32>, !pypto.tensor<4x64xi32> -> !pypto.tensor<4x128xi32>
  return
}

// -----

func.func @sort32_bf16_values(%x: !pypto.tile<4x64xbf16, vec>, %i: !pypto.tile<4x64xi32, vec>) {
  // expected-error @+1 {{'pypto.sort32' op sorts f32 or f16 values, not 'bf16'}}
  %s = pypto.sort32 %x, %i : !pypto.tile<4x64xbf16, vec>, !pypto.tile<4x64xi32, vec> -> !pypto.tile<4x256xbf16, vec>
  return
}

// -----

func.func @sort32_i16_indices(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<4x64xi16>) {
  // expected-error @+1 {{'pypto.sort32' op indices must be 32-bit integers, not 'i16'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<4x64xi16> -> !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @sort32_f32_indices(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{'pypto.sort32' op indices must be 32-bit integers, not 'f32'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<4x64xf32> -> !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @sort32_rank1(%x: !pypto.tensor<64xf32>, %i: !pypto.tensor<64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op operands and result must be 2-D}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<64xf32>, !pypto.tensor<64xi32> -> !pypto.tensor<128xf32>
  return
}

// -----

func.func @sort32_rank3_result(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<4x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op operands and result must be 2-D}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<4x64xi32> -> !pypto.tensor<1x4x128xf32>
  return
}

// -----

func.func @sort32_partial_block(%x: !pypto.tensor<4x48xf32>, %i: !pypto.tensor<4x48xi32>) {
  // expected-error @+1 {{'pypto.sort32' op sorts blocks of 32 columns; 48 columns is not a multiple of 32}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x48xf32>, !pypto.tensor<4x48xi32> -> !pypto.tensor<4x96xf32>
  return
}

// -----

func.func @sort32_index_rows(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<2x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op indices must be 4x64 (or 1x64), got 2x64}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<2x64xi32> -> !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @sort32_index_cols(%x: !pypto.tile<4x64xf32, vec>, %i: !pypto.tile<1x32xi32, vec>) {
  // expected-error @+1 {{'pypto.sort32' op indices must be 4x64 (or 1x64), got 1x32}}
  %s = pypto.sort32 %x, %i : !pypto.tile<4x64xf32, vec>, !pypto.tile<1x32xi32, vec> -> !pypto.tile<4x128xf32, vec>
  return
}

// -----

// The result's columns: a pair is two f32 columns...
func.func @sort32_result_cols(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<4x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op result must hold the sorted pairs: 4x128x'f32'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<4x64xi32> -> !pypto.tensor<4x64xf32>
  return
}

// -----

// ... but four f16 columns.
func.func @sort32_result_cols_f16(%x: !pypto.tensor<4x64xf16>, %i: !pypto.tensor<1x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op result must hold the sorted pairs: 4x256x'f16'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf16>, !pypto.tensor<1x64xi32> -> !pypto.tensor<4x128xf16>
  return
}

// -----

// The broadcast row of indices does not make the result one row.
func.func @sort32_result_rows(%x: !pypto.tile<4x64xf32, vec>, %i: !pypto.tile<1x64xi32, vec>) {
  // expected-error @+1 {{'pypto.sort32' op result must hold the sorted pairs: 4x128x'f32'}}
  %s = pypto.sort32 %x, %i : !pypto.tile<4x64xf32, vec>, !pypto.tile<1x64xi32, vec> -> !pypto.tile<1x128xf32, vec>
  return
}

// -----

func.func @sort32_result_type(%x: !pypto.tensor<4x64xf32>, %i: !pypto.tensor<4x64xi32>) {
  // expected-error @+1 {{'pypto.sort32' op result must hold the sorted pairs: 4x128x'f32'}}
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x64xf32>, !pypto.tensor<4x64xi32> -> !pypto.tensor<4x128xi32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.mrgsort
//===----------------------------------------------------------------------===//

func.func @mrgsort_block_len_zero(%x: !pypto.tensor<4x256xf32>) {
  // expected-error @+1 {{attribute 'block_len' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %m = pypto.mrgsort %x {block_len = 0} : !pypto.tensor<4x256xf32>
  return
}

// -----

func.func @mrgsort_block_len_negative(%x: !pypto.tensor<4x256xf32>) {
  // expected-error @+1 {{attribute 'block_len' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %m = pypto.mrgsort %x {block_len = -64 : i64} : !pypto.tensor<4x256xf32>
  return
}

// -----

func.func @mrgsort_no_block_len(%x: !pypto.tensor<4x256xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op requires attribute 'block_len'}}
  %m = pypto.mrgsort %x : !pypto.tensor<4x256xf32>
  return
}

// -----

func.func @mrgsort_int(%x: !pypto.tensor<4x256xi32>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges f32 or f16 pairs, not 'i32'}}
  %m = pypto.mrgsort %x {block_len = 64} : !pypto.tensor<4x256xi32>
  return
}

// -----

func.func @mrgsort_bf16(%x: !pypto.tile<4x256xbf16, vec>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges f32 or f16 pairs, not 'bf16'}}
  %m = pypto.mrgsort %x {block_len = 64} : !pypto.tile<4x256xbf16, vec>
  return
}

// -----

func.func @mrgsort_block_len_32(%x: !pypto.tensor<4x256xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op block_len must be a multiple of 64, got 32}}
  %m = pypto.mrgsort %x {block_len = 32} : !pypto.tensor<4x256xf32>
  return
}

// -----

func.func @mrgsort_block_len_96(%x: !pypto.tile<4x384xf16, vec>) {
  // expected-error @+1 {{'pypto.mrgsort' op block_len must be a multiple of 64, got 96}}
  %m = pypto.mrgsort %x {block_len = 96} : !pypto.tile<4x384xf16, vec>
  return
}

// -----

func.func @mrgsort_columns(%x: !pypto.tensor<4x128xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges four runs of 64 columns: the column count must be a multiple of 256}}
  %m = pypto.mrgsort %x {block_len = 64} : !pypto.tensor<4x128xf32>
  return
}

// -----

func.func @mrgsort_columns_tile(%x: !pypto.tile<1x512xf32, vec>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges four runs of 256 columns: the column count must be a multiple of 1024}}
  %m = pypto.mrgsort %x {block_len = 256} : !pypto.tile<1x512xf32, vec>
  return
}

// -----

func.func @mrgsort_rank1(%x: !pypto.tensor<256xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges four runs of 64 columns: the column count must be a multiple of 256}}
  %m = pypto.mrgsort %x {block_len = 64} : !pypto.tensor<256xf32>
  return
}

// -----

// The result has the source's type (only the generic form can differ).
func.func @mrgsort_result_type(%x: !pypto.tensor<4x256xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op failed to verify that all of {source, result} have same type}}
  %m = "pypto.mrgsort"(%x) {block_len = 64 : i64} : (!pypto.tensor<4x256xf32>) -> !pypto.tile<4x256xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.gather
//===----------------------------------------------------------------------===//

func.func @gather_mask(%x: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mask' [even, odd]}}
  %g = pypto.gather_mask %x all : !pypto.tensor<4x64xf32> -> !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @gather_tensor_to_tile(%x: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op operands and results must all be tensors or all tiles}}
  %g = pypto.gather_mask %x even : !pypto.tensor<4x64xf32> -> !pypto.tile<4x32xf32, vec>
  return
}

// -----

func.func @gather_tile_to_tensor(%x: !pypto.tile<4x64xf32, vec>) {
  // expected-error @+1 {{'pypto.gather_mask' op operands and results must all be tensors or all tiles}}
  %g = pypto.gather_mask %x odd : !pypto.tile<4x64xf32, vec> -> !pypto.tensor<4x32xi32>
  return
}

// -----

func.func @gather_rank1(%x: !pypto.tensor<64xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op operand and result must be 2-D}}
  %g = pypto.gather_mask %x even : !pypto.tensor<64xf32> -> !pypto.tensor<32xf32>
  return
}

// -----

func.func @gather_rank1_result(%x: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op operand and result must be 2-D}}
  %g = pypto.gather_mask %x even : !pypto.tensor<4x64xf32> -> !pypto.tensor<128xf32>
  return
}

// -----

func.func @gather_narrower(%x: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op result elements must have the source's width ('f32' -> 'f16')}}
  %g = pypto.gather_mask %x even : !pypto.tensor<4x64xf32> -> !pypto.tensor<4x32xf16>
  return
}

// -----

func.func @gather_wider(%x: !pypto.tile<4x64xf16, vec>) {
  // expected-error @+1 {{'pypto.gather_mask' op result elements must have the source's width ('f16' -> 'i32')}}
  %g = pypto.gather_mask %x odd : !pypto.tile<4x64xf16, vec> -> !pypto.tile<4x16xi32, vec>
  return
}

// -----

func.func @gather_rows(%x: !pypto.tensor<4x64xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op result must have 4 rows and at most 32 columns, got 1x16}}
  %g = pypto.gather_mask %x even : !pypto.tensor<4x64xf32> -> !pypto.tensor<1x16xf32>
  return
}

// -----

func.func @gather_too_many_columns(%x: !pypto.tile<4x64xf32, vec>) {
  // expected-error @+1 {{'pypto.gather_mask' op result must have 4 rows and at most 32 columns, got 4x33}}
  %g = pypto.gather_mask %x odd : !pypto.tile<4x64xf32, vec> -> !pypto.tile<4x33xi32, vec>
  return
}

// -----

// The limit is half the source's columns rounded down, for even and odd
// alike.
func.func @gather_odd_source(%x: !pypto.tensor<2x65xf32>) {
  // expected-error @+1 {{'pypto.gather_mask' op result must have 2 rows and at most 32 columns, got 2x33}}
  %g = pypto.gather_mask %x even : !pypto.tensor<2x65xf32> -> !pypto.tensor<2x33xf32>
  return
}

// -----

// A block length near the top of i64 is rejected without overflowing.
func.func @huge_block(%s: !pypto.tensor<1x1024xf32>) {
  // expected-error @+1 {{'pypto.mrgsort' op merges four runs of 4611686018427387904 columns: the column count must be a multiple of 4 x 4611686018427387904}}
  %m = pypto.mrgsort %s {block_len = 4611686018427387904 : i64} : !pypto.tensor<1x1024xf32>
  return
}
