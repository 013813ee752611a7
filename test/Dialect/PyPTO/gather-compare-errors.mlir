// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @mode(%x: !pypto.tensor<4x32xf32>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op compares with eq or gt only (the hardware's compare-form gather), not 'lt'}}
  %i, %n = pypto.gather_compare lt %x, %k offset 0 : !pypto.tensor<4x32xf32>, f32 -> !pypto.tensor<4x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @element(%x: !pypto.tensor<4x32xbf16>, %k: bf16) {
  // expected-error @+1 {{'pypto.gather_compare' op compares f32, f16, i32 or i16 elements, not 'bf16'}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tensor<4x32xbf16>, bf16 -> !pypto.tensor<4x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @scalar(%x: !pypto.tensor<4x32xf32>, %k: f16) {
  // expected-error @+1 {{'pypto.gather_compare' op scalar type 'f16' differs from the element type 'f32'}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tensor<4x32xf32>, f16 -> !pypto.tensor<4x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @offset(%x: !pypto.tensor<4x32xf32>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op offset must not be negative, got -1}}
  %i, %n = pypto.gather_compare gt %x, %k offset -1 : !pypto.tensor<4x32xf32>, f32 -> !pypto.tensor<4x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @rank(%x: !pypto.tensor<2x4x32xf32>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op source must be a static 2-D shape, got 2x4x32}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tensor<2x4x32xf32>, f32 -> !pypto.tensor<2x32xi32>, !pypto.tensor<1x2xi32>
  return
}

// -----

func.func @indices(%x: !pypto.tensor<4x32xf32>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op indices must be 4xN i32 (a row per source row), got '!pypto.tensor<2x32xi32>'}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tensor<4x32xf32>, f32 -> !pypto.tensor<2x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @count(%x: !pypto.tensor<4x32xf32>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op count must be 1x4 i32 (one per source row), got '!pypto.tensor<4x1xi32>'}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tensor<4x32xf32>, f32 -> !pypto.tensor<4x32xi32>, !pypto.tensor<4x1xi32>
  return
}

// -----

func.func @kinds(%x: !pypto.tile<4x32xf32, vec>, %k: f32) {
  // expected-error @+1 {{'pypto.gather_compare' op operands and results must all be tensors or all tiles}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 : !pypto.tile<4x32xf32, vec>, f32 -> !pypto.tensor<4x32xi32>, !pypto.tile<1x4xi32, vec>
  return
}

// -----

func.func @scratch_on_tensors(%x: !pypto.tensor<4x32xf32>, %k: f32, %t: !pypto.tile<5x32xi8, vec>) {
  // expected-error @+1 {{'pypto.gather_compare' op takes a scratch tile only on tiles}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 tmp %t : !pypto.tensor<4x32xf32>, f32, !pypto.tile<5x32xi8, vec> -> !pypto.tensor<4x32xi32>, !pypto.tensor<1x4xi32>
  return
}

// -----

func.func @scratch_shape(%x: !pypto.tile<4x32xf32, vec>, %k: f32, %t: !pypto.tile<4x32xi8, vec>) {
  // expected-error @+1 {{'pypto.gather_compare' op scratch tile must be '!pypto.tile<5x32xi8, vec>', got '!pypto.tile<4x32xi8, vec>'}}
  %i, %n = pypto.gather_compare gt %x, %k offset 0 tmp %t : !pypto.tile<4x32xf32, vec>, f32, !pypto.tile<4x32xi8, vec> -> !pypto.tile<4x32xi32, vec>, !pypto.tile<1x4xi32, vec>
  return
}
