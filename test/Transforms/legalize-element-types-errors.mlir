// RUN: pypto-opt %s -split-input-file --pypto-legalize-element-types="arch=a2a3" -verify-diagnostics
// RUN: pypto-opt %s -split-input-file --pypto-legalize-element-types="arch=a5" | FileCheck %s

// A2/A3's compares compute only equality of i32 (whatever the mode) and
// read i16 as f16 bit patterns: a located error there. A5 compares both.

// CHECK-LABEL: func.func @i32_order
// CHECK: pypto.cmp lt
func.func @i32_order(%a: !pypto.tile<4x32xi32, vec>, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.cmp' op 'lt' of i32 elements is not possible on a2a3: its compare computes equality only (compare in f32, or on a5)}}
  %r = pypto.cmp lt %a, %a tmp %m : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
  return
}

// -----

// CHECK-LABEL: func.func @i32_order_scalar
func.func @i32_order_scalar(%a: !pypto.tile<4x32xi32, vec>, %s: i32, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.cmps' op 'ge' of i32 elements is not possible on a2a3}}
  %r = pypto.cmps ge %a, %s tmp %m : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec>
  return
}

// -----

// CHECK-LABEL: func.func @i16_select
func.func @i16_select(%a: !pypto.tile<4x32xi16, vec>, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.sel' op of i16 elements is not possible on a2a3: its compare reads them as f16 (use i32, or a5)}}
  %r = pypto.sel %a, %a, %a tmp %m : !pypto.tile<4x32xi16, vec>, !pypto.tile<5x32xi8, vec>
  return
}

// -----

// i32 equality is what A2/A3 has: no error.
// CHECK-LABEL: func.func @i32_equality
// CHECK: pypto.cmp ne
func.func @i32_equality(%a: !pypto.tile<4x32xi32, vec>, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  %r = pypto.cmp ne %a, %a tmp %m : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
  return
}

// -----

// A2/A3's compare gather takes f32 and f16, and i32 for eq only.

// CHECK-LABEL: func.func @gather_compare_i32_gt
// CHECK: pypto.gather_compare gt
func.func @gather_compare_i32_gt(%a: !pypto.tile<4x32xi32, vec>, %k: i32, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.gather_compare' op 'gt' of 'i32' elements is not possible on a2a3: its compare gather takes f32 and f16, and i32 for eq (cast to f32, or use a5)}}
  %i, %n = pypto.gather_compare gt %a, %k offset 0 tmp %m : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec> -> !pypto.tile<4x32xi32, vec>, !pypto.tile<1x4xi32, vec>
  return
}

// -----

// CHECK-LABEL: func.func @gather_compare_i16
// CHECK: pypto.gather_compare eq
func.func @gather_compare_i16(%a: !pypto.tile<4x32xi16, vec>, %k: i16, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.gather_compare' op 'eq' of 'i16' elements is not possible on a2a3}}
  %i, %n = pypto.gather_compare eq %a, %k offset 0 tmp %m : !pypto.tile<4x32xi16, vec>, i16, !pypto.tile<5x32xi8, vec> -> !pypto.tile<4x32xi32, vec>, !pypto.tile<1x4xi32, vec>
  return
}

// -----

// i32 eq is A2/A3's one integer form.

// CHECK-LABEL: func.func @gather_compare_i32_eq
// CHECK: pypto.gather_compare eq
func.func @gather_compare_i32_eq(%a: !pypto.tile<4x32xi32, vec>, %k: i32, %m: !pypto.tile<5x32xi8, vec>) attributes {pypto.kind = "incore"} {
  %i, %n = pypto.gather_compare eq %a, %k offset 0 tmp %m : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec> -> !pypto.tile<4x32xi32, vec>, !pypto.tile<1x4xi32, vec>
  return
}
