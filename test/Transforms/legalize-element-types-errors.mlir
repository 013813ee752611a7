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
