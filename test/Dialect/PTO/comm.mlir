// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// The signal instructions and the pointer ops print in ptoas's syntax, so
// the lines are checked whole.

// A multi-card kernel as pypto-lower-to-pto emits it: the CommContext is a
// last `!pto.ptr<i64>` parameter marked pypto.comm_ctx; slot 2 holds the
// rank (low half), slot 4 + r the base of rank r's window. The peer's copy
// of a window buffer is the parameter moved by the difference of the bases
// (in elements), viewed with an ND layout; tnotify adds to or sets one i32
// there, twait waits on the local copy.

// CHECK-LABEL: func.func @signal
// CHECK-SAME: (%[[S:[^:]+]]: !pto.ptr<i32>, %[[PEER:[^:]+]]: index, %[[CTX:[^:]+]]: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// CHECK: %[[PAIR:.+]] = pto.load_scalar %[[CTX]][%[[C2:[a-z0-9_]+]]] : !pto.ptr<i64> -> i64{{$}}
// CHECK-NEXT: %[[RANK32:.+]] = arith.trunci %[[PAIR]] : i64 to i32
// CHECK-NEXT: %[[RANK:.+]] = arith.index_cast %[[RANK32]] : i32 to index
// CHECK-NEXT: %[[SLOT:.+]] = arith.addi %[[C4:.+]], %[[RANK]] : index
// CHECK-NEXT: %[[LOCAL:.+]] = pto.load_scalar %[[CTX]][%[[SLOT]]] : !pto.ptr<i64> -> i64{{$}}
// CHECK-NEXT: %[[PSLOT:.+]] = arith.addi %[[C4]], %[[PEER]] : index
// CHECK-NEXT: %[[BASE:.+]] = pto.load_scalar %[[CTX]][%[[PSLOT]]] : !pto.ptr<i64> -> i64{{$}}
// CHECK-NEXT: %[[BYTES:.+]] = arith.subi %[[BASE]], %[[LOCAL]] : i64
// CHECK-NEXT: %[[ELEMS:.+]] = arith.divsi %[[BYTES]], %{{.+}} : i64
// CHECK-NEXT: %[[DELTA:.+]] = arith.index_cast %[[ELEMS]] : i64 to index
// CHECK-NEXT: %[[PTR:.+]] = pto.addptr %[[S]], %[[DELTA]] : !pto.ptr<i32> -> !pto.ptr<i32>{{$}}
// CHECK-NEXT: %[[PV:.+]] = pto.make_tensor_view %[[PTR]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
// CHECK-NEXT: %[[PP:.+]] = pto.partition_view %[[PV]], {{.+}} -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.tnotify(%[[PP]], %[[ONE:[^ ]+]] : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}{{$}}
// CHECK-NEXT: pto.comm.tnotify(%[[PP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}{{$}}
// CHECK-NEXT: %[[LV:.+]] = pto.make_tensor_view %[[S]]
// CHECK-NEXT: %[[LP:.+]] = pto.partition_view %[[LV]], {{.+}} -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}{{$}}
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ne>}{{$}}
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp gt>}{{$}}
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}{{$}}
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp lt>}{{$}}
// CHECK-NEXT: pto.comm.twait(%[[LP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp le>}{{$}}
// CHECK-NEXT: return
func.func @signal(%s: !pto.ptr<i32>, %peer: index, %ctx: !pto.ptr<i64> {pypto.comm_ctx})
    attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c4_i64 = arith.constant 4 : i64
  %one = arith.constant 1 : i32
  %pair = pto.load_scalar %ctx[%c2] : !pto.ptr<i64> -> i64
  %rank32 = arith.trunci %pair : i64 to i32
  %rank = arith.index_cast %rank32 : i32 to index
  %slot = arith.addi %c4, %rank : index
  %local = pto.load_scalar %ctx[%slot] : !pto.ptr<i64> -> i64
  %pslot = arith.addi %c4, %peer : index
  %base = pto.load_scalar %ctx[%pslot] : !pto.ptr<i64> -> i64
  %bytes = arith.subi %base, %local : i64
  %elems = arith.divsi %bytes, %c4_i64 : i64
  %delta = arith.index_cast %elems : i64 to index
  %ptr = pto.addptr %s, %delta : !pto.ptr<i32> -> !pto.ptr<i32>
  %pv = pto.make_tensor_view %ptr, shape = [%c2, %c1], strides = [%c1, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
  %pp = pto.partition_view %pv, offsets = [%c1, %c0], sizes = [%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
  pto.comm.tnotify(%pp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
  pto.comm.tnotify(%pp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
  %lv = pto.make_tensor_view %s, shape = [%c2, %c1], strides = [%c1, %c1] : !pto.tensor_view<?x?xi32>
  %lp = pto.partition_view %lv, offsets = [%peer, %c0], sizes = [%c1, %c1] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ne>}
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp gt>}
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp lt>}
  pto.comm.twait(%lp, %one : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp le>}
  return
}

// -----

// load_scalar reads any integer or float element type; addptr moves a
// pointer of any element type; a signal may be a partition of any rank with
// one element.

// CHECK-LABEL: func.func @scalars_and_pointers
// CHECK: pto.load_scalar %{{.+}}[%{{.+}}] : !pto.ptr<f32> -> f32{{$}}
// CHECK: pto.load_scalar %{{.+}}[%{{.+}}] : !pto.ptr<f16> -> f16{{$}}
// CHECK: pto.load_scalar %{{.+}}[%{{.+}}] : !pto.ptr<i32> -> i32{{$}}
// CHECK: pto.load_scalar %{{.+}}[%{{.+}}] : !pto.ptr<i8> -> i8{{$}}
// CHECK: pto.addptr %{{.+}}, %{{.+}} : !pto.ptr<f16> -> !pto.ptr<f16>{{$}}
// CHECK: pto.addptr %{{.+}}, %{{.+}} : !pto.ptr<i64> -> !pto.ptr<i64>{{$}}
// CHECK: pto.comm.tnotify(%[[S3:[^,]+]], %[[V:[^ ]+]] : !pto.partition_tensor_view<1x1x1xi32>, i32) {notifyOp = #pto<notify_op set>}{{$}}
// CHECK: pto.comm.twait(%[[S3]], %[[V]] : !pto.partition_tensor_view<1x1x1xi32>, i32) {cmp = #pto<wait_cmp lt>}{{$}}
func.func @scalars_and_pointers(%f: !pto.ptr<f32>, %h: !pto.ptr<f16>, %i: !pto.ptr<i32>,
                                %b: !pto.ptr<i8>, %l: !pto.ptr<i64>, %n: index,
                                %s3: !pto.partition_tensor_view<1x1x1xi32>, %v: i32) {
  %a0 = pto.load_scalar %f[%n] : !pto.ptr<f32> -> f32
  %a1 = pto.load_scalar %h[%n] : !pto.ptr<f16> -> f16
  %a2 = pto.load_scalar %i[%n] : !pto.ptr<i32> -> i32
  %a3 = pto.load_scalar %b[%n] : !pto.ptr<i8> -> i8
  %p0 = pto.addptr %h, %n : !pto.ptr<f16> -> !pto.ptr<f16>
  %p1 = pto.addptr %l, %n : !pto.ptr<i64> -> !pto.ptr<i64>
  pto.comm.tnotify(%s3, %v : !pto.partition_tensor_view<1x1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
  pto.comm.twait(%s3, %v : !pto.partition_tensor_view<1x1x1xi32>, i32) {cmp = #pto<wait_cmp lt>}
  return
}

// -----

// Data-before-signal markers, in the forms pypto emits and ptoas parses: the
// release pair after a store into a window, the whole-cache invalidate after
// a wait. The stripped `<gm>` forms of ptoas's own printer parse too.
// CHECK-LABEL: func.func @memory_consistency
// CHECK: pto.cmo.cacheinvalid %[[PV:[^ ]+]] single_cache_line : !pto.partition_tensor_view<1x256xf32>{{$}}
// CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>{{$}}
// CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>{{$}}
// CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>{{$}}
// CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>{{$}}
func.func @memory_consistency(%pv: !pto.partition_tensor_view<1x256xf32>) {
  pto.cmo.cacheinvalid %pv single_cache_line : !pto.partition_tensor_view<1x256xf32>
  pto.fence.barrier_all #pto.fence_scope<gm>
  pto.cmo.cacheinvalid all #pto.address_space<gm>
  pto.fence.barrier_all <gm>
  pto.cmo.cacheinvalid all <gm>
  return
}
