// RUN: pypto-translate %s -split-input-file --emit-kernel-function | FileCheck %s

// With pto.kernel_kind on some functions, those are the kernels and the
// others are left out; without it anywhere (.pto older than the attribute),
// every function with a body is a kernel.

// CHECK-LABEL: void with_kind(
// CHECK-NOT:   void helper(
module {
  func.func @with_kind(%p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @helper(%p: !pto.ptr<f32>) {
    return
  }
}

// -----

// CHECK-LABEL: void first(
// CHECK:       void second(
module {
  func.func @first(%p: !pto.ptr<f32>) {
    return
  }
  func.func @second(%p: !pto.ptr<f32>) {
    return
  }
  func.func private @declared(%p: !pto.ptr<f32>)
}
