// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s --pypto-lower-to-pto | pypto-translate --emit-kernel-function -o %t.cpp
// RUN: FileCheck %s --check-prefix=CPP < %t.cpp
// RUN: %cxx -fsyntax-only -std=c++17 -I%tile_lib -D__CPU_SIM -D__DAV_VEC__ %t.cpp

// Scalar access: an element of a parameter is addressed by the parameter's
// strides (pto.load_scalar / pto.store_scalar on its pointer); an element of
// a vec tile by its offset in the buffer, row-major or, for a column
// vector, column-major (pto.tgetval).

// CHECK-LABEL: func.func @scalars
// CHECK-SAME: (%[[IDS:[^:]+]]: !pto.ptr<i32>{{[^,]*}}, %[[X:[^:]+]]: !pto.ptr<f32>{{[^,]*}}, %[[R:[^:]+]]: index)
// CHECK: %[[ROW:.+]] = arith.muli %[[R]], %c16 : index
// CHECK: %[[OFF:.+]] = arith.addi %[[ROW]], %c3 : index
// CHECK: %[[V:.+]] = pto.load_scalar %[[IDS]][%[[OFF]]] : !pto.ptr<i32> -> i32
// CHECK: %[[ROW2:.+]] = arith.muli %c3{{.*}}, %c16 : index
// CHECK: %[[OFF2:.+]] = arith.addi %[[ROW2]], %[[R]] : index
// CHECK: pto.store_scalar %[[V]], %[[IDS]][%[[OFF2]]] : !pto.ptr<i32>, i32
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16
// CHECK: %[[COL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major
// CHECK: pto.trowmax
// CHECK: %[[C:.+]] = arith.muli %c0{{.*}}, %c16{{.*}} : index
// CHECK: %[[COFF:.+]] = arith.addi %[[C]], %[[R]] : index
// CHECK: %{{.+}} = pto.tgetval ins(%[[COL]], %[[COFF]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1{{[^>]*}}>, index) outs : f32
// CHECK: %[[TR:.+]] = arith.muli %[[R]], %c16{{.*}} : index
// CHECK: %[[TOFF:.+]] = arith.addi %[[TR]], %c3{{.*}} : index
// CHECK: %{{.+}} = pto.tgetval ins(%[[T]], %[[TOFF]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16{{[^>]*}}>, index) outs : f32

// CPP-LABEL: scalars(
// CPP: const int32_t [[V:v[0-9]+]] = pto::LOAD_SCALAR(v0, {{v[0-9]+}});
// CPP: pto::STORE_SCALAR(v0, {{v[0-9]+}}, [[V]]);
// CPP: const float {{v[0-9]+}} = pto::TGETVAL({{v[0-9]+}}, {{v[0-9]+}});

// An insert (pypto's tile.write): pto.tsetval at the element's offset in
// the planned buffer, on the source's buffer when the planner put the
// result there (%i), after a tmov into the result's buffer when not (%j).

// CHECK-LABEL: func.func @inserts
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %c0{{[_0-9a-z]*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16
// CHECK: pto.texpands
// CHECK: %[[I:.+]] = pto.alloc_tile addr = %c0{{[_0-9a-z]*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16
// CHECK-NOT: pto.tmov
// CHECK: %[[ROW:.+]] = arith.muli %{{.+}}, %c16{{[_0-9]*}} : index
// CHECK: %[[OFF:.+]] = arith.addi %[[ROW]], %c3{{[_0-9]*}} : index
// CHECK: pto.tsetval ins(%[[OFF]], %{{.+}} : index, i32) outs(%[[I]] :
// CHECK: %[[J:.+]] = pto.alloc_tile addr = %c1024{{[_0-9a-z]*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16
// CHECK: pto.tmov ins(%[[I]] : {{.*}}) outs(%[[J]] :
// CHECK: pto.tsetval ins(%{{.+}}, %{{.+}} : index, i32) outs(%[[J]] :
// CPP-LABEL: inserts(
// CPP: pto::TSETVAL({{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}});
// CPP: TMOV(
// CPP: pto::TSETVAL(

// A kernel's array: pto.declare_local_array, its elements read and written
// with pto.local_array_get/set at run-time indices; in C++ a zeroed stack
// array whose every index is checked at the op's location.

// CHECK-LABEL: func.func @arrays
// CHECK-SAME: (%[[IDS:[^:]+]]: !pto.ptr<i32>{{[^,]*}}, %[[K:[^:]+]]: index)
// CHECK:      %[[A:.+]] = pto.declare_local_array -> !pto.local_array<4xi32>
// CHECK-NEXT: %[[I:.+]] = pto.declare_local_array -> !pto.local_array<2xindex>
// CHECK:      %[[N:.+]] = pto.local_array_get %[[A]][%[[K]]] : !pto.local_array<4xi32> -> i32
// CHECK-NEXT: %[[N1:.+]] = arith.addi %[[N]], %{{.+}} : i32
// CHECK-NEXT: pto.local_array_set %[[A]][%[[K]]], %[[N1]] : !pto.local_array<4xi32>, i32
// CHECK-NEXT: pto.local_array_set %[[I]][%{{.+}}], %[[K]] : !pto.local_array<2xindex>, index
// CHECK-NEXT: %[[J:.+]] = pto.local_array_get %[[I]][%{{.+}}] : !pto.local_array<2xindex> -> index
// CHECK:      pto.store_scalar %[[N1]], %[[IDS]][%{{.+}}] : !pto.ptr<i32>, i32
// CHECK-NOT:  pypto.array
// CPP-LABEL: arrays(
// CPP: int32_t [[A:v[0-9]+]][4] = {};
// CPP: int64_t [[I:v[0-9]+]][2] = {};
// CPP: const int32_t {{v[0-9]+}} = [[A]][pto::CHECK_ARRAY_INDEX([[K:v[0-9]+]], 4, "{{.+}}:{{[0-9]+}}:{{[0-9]+}}") ? [[K]] : 0];
// CPP: [[A]][pto::CHECK_ARRAY_INDEX([[K]], 4, "{{.+}}") ? [[K]] : 0] = {{v[0-9]+}};
module {
  func.func @scalars(%ids: !pypto.tensor<4x16xi32> {pypto.dir = "inout"},
                     %x: !pypto.tensor<16x16xf32> {pypto.dir = "in"},
                     %r: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %v = pypto.read %ids[%r, %c3] : !pypto.tensor<4x16xi32> -> i32
    pypto.write %v into %ids[%c3, %r] : i32 into !pypto.tensor<4x16xi32>
    %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    %s = pypto.create_tile {pypto.addr = 1024 : i64} : !pypto.tile<16x16xf32, vec>
    %m = pypto.row_max %t tmp %s {pypto.addr = 2048 : i64} : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x1xf32, vec>
    %e = pypto.read %m[%r, %c0] : !pypto.tile<16x1xf32, vec> -> f32
    %f = pypto.read %t[%r, %c3] : !pypto.tile<16x16xf32, vec> -> f32
    return
  }
  func.func @inserts(%ids: !pypto.tensor<4x16xi32> {pypto.dir = "out"},
                     %r: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %zero = arith.constant 0 : i32
    %v = arith.constant 9 : i32
    %t = pypto.full %zero {pypto.addr = 0 : i64} : i32 -> !pypto.tile<4x16xi32, vec>
    %i = pypto.insert %v into %t[%r, %c3] {pypto.addr = 0 : i64} : i32 into !pypto.tile<4x16xi32, vec>
    %j = pypto.insert %v into %i[%c0, %r] {pypto.addr = 1024 : i64} : i32 into !pypto.tile<4x16xi32, vec>
    %s = pypto.add %i, %j {pypto.addr = 2048 : i64} : !pypto.tile<4x16xi32, vec>
    pypto.store %s, %ids[%c0, %c0] : !pypto.tile<4x16xi32, vec>, !pypto.tensor<4x16xi32>
    return
  }
  func.func @arrays(%ids: !pypto.tensor<4x16xi32> {pypto.dir = "inout"},
                    %k: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %a = pypto.array_create : !pypto.array<4, i32>
    %rows = pypto.array_create : !pypto.array<2, index>
    %n = pypto.array_get %a[%k] : !pypto.array<4, i32>
    %n1 = arith.addi %n, %one : i32
    pypto.array_set %n1 into %a[%k] : !pypto.array<4, i32>
    pypto.array_set %k into %rows[%c1] : !pypto.array<2, index>
    %j = pypto.array_get %rows[%c1] : !pypto.array<2, index>
    pypto.write %n1 into %ids[%c0, %j] : i32 into !pypto.tensor<4x16xi32>
    return
  }
}
