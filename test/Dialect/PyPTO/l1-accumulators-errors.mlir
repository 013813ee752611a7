// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @create_outside_kernel() {
  // expected-error @+1 {{'pypto.create_l1' op is outside a kernel; L1 accumulators live in a kernel (pypto.at or an InCore function)}}
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @create_i32() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.create_l1' op needs f32, f16, bf16 or i8 elements, got 'i32'}}
  %kv = pypto.create_l1 : !pypto.tensor<32x128xi32>
  return
}

// -----

func.func @create_rank3() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.create_l1' op needs a static 2-D accumulator, got '!pypto.tensor<2x32x128xbf16>'}}
  %kv = pypto.create_l1 : !pypto.tensor<2x32x128xbf16>
  return
}

// -----

func.func @create_vec() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.create_l1' op needs an accumulator in mat, not vec}}
  %kv = pypto.create_l1 : !pypto.tile<32x128xbf16, vec>
  return
}

// -----

func.func @gather_types(%pool: !pypto.tensor<64x128xf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op copies 'f16' rows into an accumulator of 'bf16'}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c0, %c0] [1, 128] : !pypto.tensor<64x128xf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_rank3(%pool: !pypto.tensor<2x64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op reads rows of a rank-3 tensor; give its 2-D form (pypto.reshape)}}
  %g = pypto.gather_row %pool[%c0, %c0, %c0] into %kv[%c0, %c0] [1, 128] : !pypto.tensor<2x64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_too_big(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op sizes [64, 128] exceed the 32x128 accumulator}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c0, %c0] [64, 128] : !pypto.tensor<64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_valid(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %c128 = arith.constant 128 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op valid extent 9 in dimension 0 is outside [0, 8]}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c0, %c0] [8, 128] valid [%c9, %c128] : !pypto.tensor<64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_column(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op writes at a column offset other than 0; rows are gathered into the accumulator's columns from 0}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c0, %c16] [1, 64] : !pypto.tensor<64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @gather_rows_outside(%pool: !pypto.tensor<64x128xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c28 = arith.constant 28 : index
  %kv = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  // expected-error @+1 {{'pypto.gather_row' op rows [28, 36) are outside the 32-row accumulator}}
  %g = pypto.gather_row %pool[%c0, %c0] into %kv[%c28, %c0] [8, 128] : !pypto.tensor<64x128xbf16> into !pypto.tensor<32x128xbf16>
  return
}

// -----

func.func @view_vec(%t: !pypto.tile<32x128xbf16, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.transpose_view' op views a tile in vec; only mat tiles are seen transposed (pypto.transpose copies a vec tile)}}
  %v = pypto.transpose_view %t : !pypto.tile<32x128xbf16, vec> -> !pypto.tile<128x32xbf16, vec>
  return
}

// -----

func.func @view_shape(%t: !pypto.tile<32x128xbf16, mat>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.transpose_view' op result must be the transpose of '!pypto.tile<32x128xbf16, mat>', got '!pypto.tile<32x128xbf16, mat>'}}
  %v = pypto.transpose_view %t : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<32x128xbf16, mat>
  return
}

// -----

func.func @view_space(%t: !pypto.tile<32x128xbf16, mat>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.transpose_view' op changes the memory space; a view keeps its buffer}}
  %v = pypto.transpose_view %t : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<128x32xbf16, right>
  return
}
