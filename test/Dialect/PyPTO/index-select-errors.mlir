// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @arange_float(%s: f32) {
  // expected-error @+1 {{invalid kind of type specified}}
  %r = pypto.arange %s : f32 -> !pypto.tensor<1x64xf32>
  return
}

// -----

func.func @arange_i8(%s: i8) {
  // expected-error @+1 {{'pypto.arange' op makes i32 or i16 elements, not 'i8'}}
  %r = pypto.arange %s : i8 -> !pypto.tensor<1x64xi8>
  return
}

// -----

func.func @arange_start_type(%s: i16) {
  // expected-error @+1 {{'pypto.arange' op start type 'i16' differs from the element type 'i32'}}
  %r = pypto.arange %s : i16 -> !pypto.tensor<1x64xi32>
  return
}

// -----

func.func @arange_rows(%s: i32) {
  // expected-error @+1 {{'pypto.arange' op makes one row (1x...xN, N > 1); broadcast it with col_expand for more rows, got 4x64}}
  %r = pypto.arange %s : i32 -> !pypto.tensor<4x64xi32>
  return
}

// -----

func.func @arange_one_column(%s: i32) {
  // expected-error @+1 {{'pypto.arange' op makes one row (1x...xN, N > 1); broadcast it with col_expand for more rows, got 1x1}}
  %r = pypto.arange %s : i32 -> !pypto.tensor<1x1xi32>
  return
}

// -----

func.func @arange_dynamic(%s: i32) {
  // expected-error @+1 {{'pypto.arange' op needs a static shape, got 1x?}}
  %r = pypto.arange %s : i32 -> !pypto.tensor<1x?xi32>
  return
}

// -----

func.func @gather_mixed(%x: !pypto.tensor<4x32xf32>, %i: !pypto.tile<4x8xi32, vec>) {
  // expected-error @+1 {{'pypto.gather' op operands and results must all be tensors or all tiles}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tile<4x8xi32, vec> -> !pypto.tensor<4x8xf32>
  return
}

// -----

func.func @gather_bf16(%x: !pypto.tensor<4x32xbf16>, %i: !pypto.tensor<4x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op gathers f32, f16, i32 or i16 elements, not 'bf16'}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xbf16>, !pypto.tensor<4x8xi32> -> !pypto.tensor<4x8xbf16>
  return
}

// -----

func.func @gather_index_type(%x: !pypto.tensor<4x32xf32>, %i: !pypto.tensor<4x8xi16>) {
  // expected-error @+1 {{'pypto.gather' op index must be i32, got 'i16'}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tensor<4x8xi16> -> !pypto.tensor<4x8xf32>
  return
}

// -----

func.func @gather_result(%x: !pypto.tensor<4x32xf32>, %i: !pypto.tensor<4x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op result must have the index's shape (4x8) and the source's element type ('f32')}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tensor<4x8xi32> -> !pypto.tensor<4x8xf16>
  return
}

// -----

func.func @gather_rows(%x: !pypto.tensor<4x32xf32>, %i: !pypto.tensor<5x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op index 5x8 does not read rows of the source 4x32: the leading dimensions must agree (the first may be smaller in the index)}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tensor<5x8xi32> -> !pypto.tensor<5x8xf32>
  return
}

// -----

func.func @gather_nd_rows(%x: !pypto.tensor<2x4x32xf32>, %i: !pypto.tensor<2x2x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op index 2x2x8 does not read rows of the source 2x4x32}}
  %g = pypto.gather %x[%i] : !pypto.tensor<2x4x32xf32>, !pypto.tensor<2x2x8xi32> -> !pypto.tensor<2x2x8xf32>
  return
}

// -----

func.func @gather_ranks(%x: !pypto.tensor<4x32xf32>, %i: !pypto.tensor<1x4x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op source and index ranks differ: 2 and 3}}
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tensor<1x4x8xi32> -> !pypto.tensor<1x4x8xf32>
  return
}

// -----

func.func @gather_dynamic(%x: !pypto.tensor<?x32xf32>, %i: !pypto.tensor<4x8xi32>) {
  // expected-error @+1 {{'pypto.gather' op needs static shapes}}
  %g = pypto.gather %x[%i] : !pypto.tensor<?x32xf32>, !pypto.tensor<4x8xi32> -> !pypto.tensor<4x8xf32>
  return
}

// -----

func.func @gather_scratch(%x: !pypto.tile<4x32xf32, vec>, %i: !pypto.tile<4x8xi32, vec>, %t: !pypto.tile<4x32xi32, vec>) {
  // expected-error @+1 {{'pypto.gather' op scratch tile must be '!pypto.tile<4x8xi32, vec>', got '!pypto.tile<4x32xi32, vec>'}}
  %g = pypto.gather %x[%i] tmp %t : !pypto.tile<4x32xf32, vec>, !pypto.tile<4x8xi32, vec>, !pypto.tile<4x32xi32, vec> -> !pypto.tile<4x8xf32, vec>
  return
}

// -----

func.func @cmp_types(%x: !pypto.tensor<4x32xf32>, %y: !pypto.tensor<4x32xf16>) {
  // expected-error @+1 {{'pypto.cmp' op failed to verify that all of {lhs, rhs, result} have same type}}
  %m = "pypto.cmp"(%x, %y) {mode = 4 : i32} : (!pypto.tensor<4x32xf32>, !pypto.tensor<4x32xf16>) -> !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @cmp_i8(%x: !pypto.tensor<4x32xi8>) {
  // expected-error @+1 {{'pypto.cmp' op compares f32, f16, bf16, i32 or i16 elements, not 'i8'}}
  %m = pypto.cmp lt %x, %x : !pypto.tensor<4x32xi8>
  return
}

// -----

func.func @cmp_mode(%x: !pypto.tensor<4x32xf32>) {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'mode' [eq, ne, lt, le, gt, ge]}}
  %m = pypto.cmp %x, %x : !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @cmps_scalar(%x: !pypto.tensor<4x32xf32>, %s: f16) {
  // expected-error @+1 {{'pypto.cmps' op scalar type 'f16' differs from the element type 'f32'}}
  %m = pypto.cmps ge %x, %s : !pypto.tensor<4x32xf32>, f16
  return
}

// -----

func.func @sel_tensor_scratch(%x: !pypto.tensor<4x32xf32>, %t: !pypto.tile<5x32xi8, vec>) {
  // expected-error @+1 {{'pypto.sel' op takes a scratch tile only on tiles}}
  %m = pypto.sel %x, %x, %x tmp %t : !pypto.tensor<4x32xf32>, !pypto.tile<5x32xi8, vec>
  return
}

// -----

func.func @sels_scratch(%x: !pypto.tile<4x40xf32, vec>, %s: f32, %t: !pypto.tile<5x40xi8, vec>) {
  // expected-error @+1 {{'pypto.sels' op scratch tile must be '!pypto.tile<5x64xi8, vec>', got '!pypto.tile<5x40xi8, vec>'}}
  %m = pypto.sels %x, %x, %s tmp %t : !pypto.tile<4x40xf32, vec>, f32, !pypto.tile<5x40xi8, vec>
  return
}

// -----

func.func @atomic_outside_kernel(%x: !pypto.tensor<16x128xf32>, %q: !pypto.tensor<16x512xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.assemble' op adds atomically only in a kernel (pypto.at or pypto.spmd): it adds a task's tile to global memory}}
  pypto.assemble %x into %q[%c0, %c0] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x512xf32>
  return
}

// -----

func.func @atomic_f64(%x: !pypto.tensor<16x128xf64>, %q: !pypto.tensor<16x512xf64>) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.assemble' op adds f32, f16, bf16, i32, i16 or i8 atomically, not 'f64'}}
    pypto.assemble %x into %q[%c0, %c0] atomic_add : !pypto.tensor<16x128xf64> into !pypto.tensor<16x512xf64>
  }
  return
}

// -----

func.func @atomic_store_f64(%t: !pypto.tile<16x128xf64, vec>, %q: !pypto.tensor<16x512xf64>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.store' op adds f32, f16, bf16, i32, i16 or i8 atomically, not 'f64'}}
  pypto.store %t, %q[%c0, %c0] atomic_add : !pypto.tile<16x128xf64, vec>, !pypto.tensor<16x512xf64>
  return
}

// -----

func.func @concat_rows(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<8x32xf32>) {
  // expected-error @+1 {{'pypto.concat' op operands 16x32 and 8x32 must agree in every dimension but the last (rank 2 or more)}}
  %c = pypto.concat %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<8x32xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @concat_result(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<16x8xf32>) {
  // expected-error @+1 {{'pypto.concat' op result must be 16x40, got 16x32}}
  %c = pypto.concat %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<16x8xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @concat_types(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<16x8xf16>) {
  // expected-error @+1 {{'pypto.concat' op operands and result must have one element type}}
  %c = pypto.concat %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<16x8xf16> -> !pypto.tensor<16x40xf32>
  return
}

// -----

func.func @concat_rank1(%a: !pypto.tensor<32xf32>) {
  // expected-error @+1 {{'pypto.concat' op operands 32 and 32 must agree in every dimension but the last (rank 2 or more)}}
  %c = pypto.concat %a, %a : !pypto.tensor<32xf32>, !pypto.tensor<32xf32> -> !pypto.tensor<64xf32>
  return
}
