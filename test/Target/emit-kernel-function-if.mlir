// RUN: pypto-translate %s --emit-kernel-function -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -fsyntax-only -std=c++17 -I%tile_lib -D__CPU_SIM -D__DAV_VEC__ %t.cpp

// scf.if results that are tiles and scalars: declared before the `if`,
// assigned in each branch (a tile is a handle: the assignment picks which
// buffer later code reads).

// CHECK-LABEL: void pick(
// CHECK-SAME:  __gm__ float* [[P:v[0-9]+]], bool [[C:v[0-9]+]], float [[S:v[0-9]+]])
// CHECK:       Tile<TileType::Vec, float, 16, 16, {{.*}}> [[A:v[0-9]+]];
// CHECK:       Tile<TileType::Vec, float, 16, 16, {{.*}}> [[B:v[0-9]+]];
// CHECK:       Tile<TileType::Vec, float, 16, 16, {{.*}}> [[T:v[0-9]+]]{};
// CHECK-NEXT:  float [[X:v[0-9]+]]{};
// CHECK-NEXT:  if ([[C]]) {
// CHECK-NEXT:    [[T]] = [[A]];
// CHECK-NEXT:    [[X]] = [[S]];
// CHECK-NEXT:  } else {
// CHECK-NEXT:    [[T]] = [[B]];
// CHECK-NEXT:    [[X]] = [[ZERO:v[0-9]+]];
// CHECK-NEXT:  }
// CHECK-NEXT:  TADDS([[A]], [[T]], [[X]]);
func.func @pick(%p: !pto.ptr<f32>, %c: i1, %s: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0_i64 = arith.constant 0 : i64
  %c1024_i64 = arith.constant 1024 : i64
  %zero = arith.constant 0.0 : f32
  %a = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<vec, 16x16xf32>
  %b = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf<vec, 16x16xf32>
  %t, %x = scf.if %c -> (!pto.tile_buf<vec, 16x16xf32>, f32) {
    scf.yield %a, %s : !pto.tile_buf<vec, 16x16xf32>, f32
  } else {
    scf.yield %b, %zero : !pto.tile_buf<vec, 16x16xf32>, f32
  }
  pto.tadds ins(%t, %x : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
  return
}
