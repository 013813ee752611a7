// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// pto.load_scalar / pto.addptr
//===----------------------------------------------------------------------===//

func.func @load_scalar_narrower(%ctx: !pto.ptr<i64>, %n: index) {
  // expected-error @+1 {{'pto.load_scalar' op result type 'i32' differs from the pointer's element type 'i64'}}
  %v = pto.load_scalar %ctx[%n] : !pto.ptr<i64> -> i32
  return
}

// -----

func.func @load_scalar_float(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @+1 {{'pto.load_scalar' op result type 'f16' differs from the pointer's element type 'f32'}}
  %v = pto.load_scalar %p[%n] : !pto.ptr<f32> -> f16
  return
}

// -----

func.func @load_scalar_index(%p: !pto.ptr<i64>, %n: index) {
  // expected-error @+1 {{'pto.load_scalar' op result #0 must be signless integer or floating-point, but got 'index'}}
  %v = "pto.load_scalar"(%p, %n) : (!pto.ptr<i64>, index) -> index
  return
}

// -----

func.func @load_scalar_offset_i64(%p: !pto.ptr<i64>, %n: i64) {
  // expected-error @+1 {{'pto.load_scalar' op operand #1 must be index, but got 'i64'}}
  %v = "pto.load_scalar"(%p, %n) : (!pto.ptr<i64>, i64) -> i64
  return
}

// -----

func.func @addptr_other_element(%p: !pto.ptr<f32>, %n: index) {
  // expected-error @+1 {{'pto.addptr' op result must have the pointer's type}}
  %q = pto.addptr %p, %n : !pto.ptr<f32> -> !pto.ptr<f16>
  return
}

// -----

func.func @addptr_i64_offset(%p: !pto.ptr<f32>, %n: i64) {
  // expected-error @+1 {{'pto.addptr' op operand #1 must be index, but got 'i64'}}
  %q = "pto.addptr"(%p, %n) : (!pto.ptr<f32>, i64) -> !pto.ptr<f32>
  return
}

//===----------------------------------------------------------------------===//
// pto.comm.tnotify / pto.comm.twait
//===----------------------------------------------------------------------===//

// -----

func.func @tnotify_two_elements(%s: !pto.partition_tensor_view<1x2xi32>, %v: i32) {
  // expected-error @+1 {{'pto.comm.tnotify' op signal must be a partition of one i32 element, got '!pto.partition_tensor_view<1x2xi32>'}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x2xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
  return
}

// -----

func.func @tnotify_f32(%s: !pto.partition_tensor_view<1x1xf32>, %v: i32) {
  // expected-error @+1 {{'pto.comm.tnotify' op signal must be a partition of one i32 element, got '!pto.partition_tensor_view<1x1xf32>'}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x1xf32>, i32) {notifyOp = #pto<notify_op set>}
  return
}

// -----

func.func @twait_i64(%s: !pto.partition_tensor_view<1x1xi64>, %v: i32) {
  // expected-error @+1 {{'pto.comm.twait' op signal must be a partition of one i32 element, got '!pto.partition_tensor_view<1x1xi64>'}}
  pto.comm.twait(%s, %v : !pto.partition_tensor_view<1x1xi64>, i32) {cmp = #pto<wait_cmp ge>}
  return
}

// -----

// A dynamic dimension may hold more than one element.
func.func @twait_dynamic(%s: !pto.partition_tensor_view<?x1xi32>, %v: i32) {
  // expected-error @+1 {{'pto.comm.twait' op signal must be a partition of one i32 element, got '!pto.partition_tensor_view<?x1xi32>'}}
  pto.comm.twait(%s, %v : !pto.partition_tensor_view<?x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
  return
}

// -----

func.func @tnotify_value_i64(%s: !pto.partition_tensor_view<1x1xi32>, %v: i64) {
  // expected-error @+1 {{'pto.comm.tnotify' op operand #1 must be 32-bit signless integer, but got 'i64'}}
  "pto.comm.tnotify"(%s, %v) <{notifyOp = #pto<notify_op atomic_add>}> : (!pto.partition_tensor_view<1x1xi32>, i64) -> ()
  return
}

// -----

func.func @tnotify_without_op(%s: !pto.partition_tensor_view<1x1xi32>, %v: i32) {
  // expected-error @+1 {{'pto.comm.tnotify' op requires attribute 'notifyOp'}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x1xi32>, i32)
  return
}

// -----

func.func @twait_bad_cmp(%s: !pto.partition_tensor_view<1x1xi32>, %v: i32) {
  // expected-error @+2 {{expected ::mlir::pto::WaitCmp to be one of: eq, ne, gt, ge, lt, le}}
  // expected-error @+1 {{failed to parse PTO_WaitCmpAttr parameter 'value' which is to be a `::mlir::pto::WaitCmp`}}
  pto.comm.twait(%s, %v : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp gte>}
  return
}

// -----

func.func @tnotify_bad_op(%s: !pto.partition_tensor_view<1x1xi32>, %v: i32) {
  // expected-error @+2 {{expected ::mlir::pto::NotifyOp to be one of: atomic_add, set}}
  // expected-error @+1 {{failed to parse PTO_NotifyOpAttr parameter 'value' which is to be a `::mlir::pto::NotifyOp`}}
  pto.comm.tnotify(%s, %v : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op add>}
  return
}

// -----

// Cache maintenance is for global memory.
func.func @cacheinvalid_vec() {
  // expected-error @+1 {{'pto.cmo.cacheinvalid' op invalidates the GM data cache, not vec}}
  pto.cmo.cacheinvalid all #pto.address_space<vec>
  return
}

// -----

func.func @cacheinvalid_nothing() {
  // expected-error @+1 {{'pto.cmo.cacheinvalid' op needs a view (single_cache_line) or 'all' and a space}}
  "pto.cmo.cacheinvalid"() : () -> ()
  return
}

// -----

func.func @cacheinvalid_both(%pv: !pto.partition_tensor_view<1x256xf32>) {
  // expected-error @+1 {{'pto.cmo.cacheinvalid' op takes a view (single_cache_line) or a space (all), not both}}
  "pto.cmo.cacheinvalid"(%pv) {space = #pto.address_space<gm>} : (!pto.partition_tensor_view<1x256xf32>) -> ()
  return
}

// -----

func.func @cacheinvalid_keyword(%pv: !pto.partition_tensor_view<1x256xf32>) {
  // expected-error @+1 {{expected 'single_cache_line'}}
  pto.cmo.cacheinvalid %pv whole_line : !pto.partition_tensor_view<1x256xf32>
  return
}

// -----

func.func @fence_scope() {
  // expected-error @+2 {{expected ::mlir::pto::FenceScope to be one of: gm}}
  // expected-error @+1 {{failed to parse PTO_FenceScopeAttr parameter 'value' which is to be a `::mlir::pto::FenceScope`}}
  pto.fence.barrier_all #pto.fence_scope<ub>
  return
}
