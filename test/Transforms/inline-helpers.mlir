// RUN: pypto-opt %s -split-input-file --pypto-inline-helpers | FileCheck %s

// A helper called inside a kernel region, which calls a helper itself, and
// a helper called from the entry's loop: every call becomes the callee's
// body (innermost first, arguments substituted, results forwarded) and the
// helpers are gone.
// CHECK-LABEL: func.func @program
// CHECK-NOT:   func.call
// CHECK:       scf.for %[[R:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:         pypto.at core_group "scaled"
// CHECK:           %[[T:.*]] = pypto.slice %{{.*}}[%[[R]], %{{.*}}] [16, 16]
// CHECK:           %[[S:.*]] = pypto.adds %[[T]], %{{.*}} : !pypto.tensor<16x16xf32>, f32
// CHECK:           %[[D:.*]] = pypto.add %[[S]], %[[S]]
// CHECK:           %[[M:.*]] = pypto.mul %[[D]], %[[T]]
// CHECK:           pypto.assemble %[[M]] into %{{.*}}[%[[R]], %{{.*}}]
// CHECK-NOT:   func.func private
func.func private @twice(%t: !pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32> {
  %s = pypto.add %t, %t : !pypto.tensor<16x16xf32>
  return %s : !pypto.tensor<16x16xf32>
}
func.func private @twice_times(%t: !pypto.tensor<16x16xf32>, %u: !pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32> {
  %d = func.call @twice(%t) : (!pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32>
  %m = pypto.mul %d, %u : !pypto.tensor<16x16xf32>
  return %m : !pypto.tensor<16x16xf32>
}
func.func private @task(%x: !pypto.tensor<64x16xf32>, %a: f32, %y: !pypto.tensor<64x16xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "scaled" {
    %t = pypto.slice %x[%r, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
    %s = pypto.adds %t, %a : !pypto.tensor<16x16xf32>, f32
    %m = func.call @twice_times(%s, %t) : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> !pypto.tensor<16x16xf32>
    pypto.assemble %m into %y[%r, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x16xf32>
  }
  return
}
func.func @program(%x: !pypto.tensor<64x16xf32>, %a: f32, %y: !pypto.tensor<64x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %r = %c0 to %c64 step %c16 {
    func.call @task(%x, %a, %y, %r) : (!pypto.tensor<64x16xf32>, f32, !pypto.tensor<64x16xf32>, index) -> ()
  }
  return
}

// -----

// A program without calls is left as it is; an uncalled private function
// stays (only inlined helpers are erased).
// CHECK-LABEL: func.func private @unused
// CHECK-LABEL: func.func @no_calls
// CHECK:         pypto.at core_group "copy"
func.func private @unused(%x: !pypto.tensor<16x16xf32>) {
  return
}
func.func @no_calls(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "copy" {
    pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  return
}
