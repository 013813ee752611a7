// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s

// Dependency hints: task ids bound to regions, deps(...), no_dep(...),
// allow_early_resolve, task_dummy, no_task and a manual scope with a result.

// CHECK-LABEL: func.func @hints
// CHECK: %[[NONE:.+]] = pypto.no_task
// CHECK: %[[A:.+]] = pypto.at core_group "first" {
// CHECK: %[[B:.+]] = pypto.at core_group "second" deps(%[[A]], %[[NONE]]) no_dep(%{{.+}} : !pypto.tensor<16x16xf32>) allow_early_resolve {
// CHECK: %[[S:.+]] = pypto.spmd core_group "third" blocks(2) deps(%[[B]]) (%{{.+}}) {
// CHECK: %[[J:.+]] = pypto.task_dummy deps(%[[A]], %[[S]])
// CHECK: pypto.task_dummy{{$}}
// CHECK: pypto.at core_group "last" deps(%[[J]]) {
func.func @hints(%x: !pypto.tensor<16x16xf32>,
                 %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %none = pypto.no_task
  %a = pypto.at core_group "first" {
    %t = pypto.add %x, %x : !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  %b = pypto.at core_group "second" deps(%a, %none) no_dep(%x : !pypto.tensor<16x16xf32>) allow_early_resolve {
    %t = pypto.mul %x, %y : !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  %s = pypto.spmd core_group "third" blocks(2) deps(%b) (%i) {
    %r = arith.muli %i, %c0 : index
    %t = pypto.slice %y[%r, %c0] [8, 16] : !pypto.tensor<16x16xf32> -> !pypto.tensor<8x16xf32>
    %u = pypto.add %t, %t : !pypto.tensor<8x16xf32>
    pypto.assemble %u into %y[%r, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<16x16xf32>
  }
  %j = pypto.task_dummy deps(%a, %s)
  %unused = pypto.task_dummy
  pypto.at core_group "last" deps(%j) {
    %t = pypto.add %y, %y : !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  return
}

// -----

// A manual scope returns a task id; a loop carries one; an AUTO scope.

// CHECK-LABEL: func.func @scope
// CHECK: %[[LAST:.+]] = pypto.scope manual -> !pypto.task {
// CHECK: %[[END:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[PREV:.+]] = %{{.+}}) -> (!pypto.task) {
// CHECK: %[[T:.+]] = pypto.at core_group "step" deps(%[[PREV]]) {
// CHECK: scf.yield %[[T]] : !pypto.task
// CHECK: pypto.scope_yield %[[END]] : !pypto.task
// CHECK: pypto.scope manual {
// CHECK-NOT: scope_yield
// CHECK: pypto.scope {
// CHECK-NEXT: pypto.no_task
// CHECK: pypto.at core_group "after" deps(%[[LAST]]) {
func.func @scope(%x: !pypto.tensor<64x16xf32> {pypto.dir = "inout"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %none = pypto.no_task
  %last = pypto.scope manual -> !pypto.task {
    %end = scf.for %i = %c0 to %c4 step %c1 iter_args(%prev = %none) -> (!pypto.task) {
      %r = arith.muli %i, %c16 : index
      %t = pypto.at core_group "step" deps(%prev) {
        %s = pypto.slice %x[%r, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
        %u = pypto.add %s, %s : !pypto.tensor<16x16xf32>
        pypto.assemble %u into %x[%r, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x16xf32>
      }
      scf.yield %t : !pypto.task
    }
    pypto.scope_yield %end : !pypto.task
  }
  pypto.scope manual {
  }
  pypto.scope {
    %n = pypto.no_task
  }
  pypto.at core_group "after" deps(%last) {
    %s = pypto.slice %x[%c0, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
    %u = pypto.add %s, %s : !pypto.tensor<16x16xf32>
    pypto.assemble %u into %x[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x16xf32>
  }
  return
}

// -----

// Arrays of task ids and integers: created, updated and read in the
// orchestration; the element type is the array's, not written.

// CHECK-LABEL: func.func @arrays
// CHECK:       %[[TIDS:.+]] = pypto.array_create : !pypto.array<4, !pypto.task>
// CHECK:       pypto.array_set %{{.+}} into %[[TIDS]][%{{.+}}] : !pypto.array<4, !pypto.task>
// CHECK:       %[[T:.+]] = pypto.array_get %[[TIDS]][%{{.+}}] : !pypto.array<4, !pypto.task>
// CHECK:       pypto.task_dummy deps(%[[T]])
// CHECK:       %[[N:.+]] = pypto.array_create : !pypto.array<8, i32>
// CHECK:       %{{.+}} = pypto.array_get %[[N]][%{{.+}}] : !pypto.array<8, i32>
// CHECK:       pypto.array_create : !pypto.array<2, index>
func.func @arrays(%i: index, %v: i32) {
  %c0 = arith.constant 0 : index
  %tids = pypto.array_create : !pypto.array<4, !pypto.task>
  %t = pypto.task_dummy
  pypto.array_set %t into %tids[%i] : !pypto.array<4, !pypto.task>
  %u = pypto.array_get %tids[%c0] : !pypto.array<4, !pypto.task>
  %d = pypto.task_dummy deps(%u)
  %counts = pypto.array_create : !pypto.array<8, i32>
  pypto.array_set %v into %counts[%i] : !pypto.array<8, i32>
  %n = pypto.array_get %counts[%i] : !pypto.array<8, i32>
  %offsets = pypto.array_create : !pypto.array<2, index>
  return
}
