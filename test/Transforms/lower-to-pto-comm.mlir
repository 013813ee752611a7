// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a2a3" | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | pypto-opt -split-input-file -o /dev/null

// A multi-card kernel after pypto-plan-memory. A kernel that reads or
// signals a peer's window takes the chip's CommContext as a last
// `!pto.ptr<i64>` parameter (pypto.comm_ctx). At the top it reads this
// rank (the low half of slot 2), the rank count (the high half) and the
// base of its own window (slot 4 + rank), once. Every peer access reads the
// peer's base (slot 4 + peer; a peer outside 0..count-1 reads this rank's
// slot and takes base 0, an address no tensor has), moves the parameter by
// the difference in elements (bytes / element size: 4 for the i32 signal,
// 2 for the f16 data) and views it with an ND layout: notify signals there,
// a peer load loads from there. A wait waits on this rank's own copy,
// through the parameter's view.

// CHECK-LABEL: func.func @exchange
// CHECK-SAME: (%[[DATA:[^:]+]]: !pto.ptr<f16> {pypto.dir = "in"}, %[[SIG:[^:]+]]: !pto.ptr<i32> {pypto.dir = "in"}, %[[OUT:[^:]+]]: !pto.ptr<f16> {pypto.dir = "out"}, %[[RANK:[^:]+]]: index, %[[PEER:[^:]+]]: index, %[[CTX:[^:]+]]: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[PAIR:.+]] = pto.load_scalar %[[CTX]][%[[C2]]] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %[[ME32:.+]] = arith.trunci %[[PAIR]] : i64 to i32
// CHECK-NEXT: %[[ME:.+]] = arith.index_cast %[[ME32]] : i32 to index
// CHECK-NEXT: %[[C32:.+]] = arith.constant 32 : i64
// CHECK-NEXT: %[[HIGH:.+]] = arith.shrui %[[PAIR]], %[[C32]] : i64
// CHECK-NEXT: %[[N32:.+]] = arith.trunci %[[HIGH]] : i64 to i32
// CHECK-NEXT: %[[N:.+]] = arith.index_cast %[[N32]] : i32 to index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[MYSLOT:.+]] = arith.addi %[[C4]], %[[ME]] : index
// CHECK-NEXT: %[[MYBASE:.+]] = pto.load_scalar %[[CTX]][%[[MYSLOT]]] : !pto.ptr<i64> -> i64
// CHECK:      %[[DV:.+]] = pto.make_tensor_view %[[DATA]], shape = [%[[D0:[^,]+]], %[[D1:[a-z0-9_]+]]], strides = [%[[DS0:[^,]+]], %[[DS1:[a-z0-9_]+]]] : !pto.tensor_view<?x?xf16>
// CHECK:      %[[SV:.+]] = pto.make_tensor_view %[[SIG]], shape = [%[[S0:[^,]+]], %[[S1:[a-z0-9_]+]]], strides = [%[[SS0:[^,]+]], %[[SS1:[a-z0-9_]+]]] : !pto.tensor_view<?x?xi32>
// notify add: signal [rank, 0] of the peer's copy.
// CHECK:      %[[OK:.+]] = arith.cmpi ult, %[[PEER]], %[[N]] : index
// CHECK-NEXT: %[[SAFE:.+]] = arith.select %[[OK]], %[[PEER]], %[[ME]] : index
// CHECK-NEXT: %[[C4A:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[NSLOT:.+]] = arith.addi %[[C4A]], %[[SAFE]] : index
// CHECK-NEXT: %[[NTABLE:.+]] = pto.load_scalar %[[CTX]][%[[NSLOT]]] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %[[Z64:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[NBASE:.+]] = arith.select %[[OK]], %[[NTABLE]], %[[Z64]] : i64
// CHECK-NEXT: %[[NBYTES:.+]] = arith.subi %[[NBASE]], %[[MYBASE]] : i64
// CHECK-NEXT: %[[I32SIZE:.+]] = arith.constant 4 : i64
// CHECK-NEXT: %[[NELEMS:.+]] = arith.divsi %[[NBYTES]], %[[I32SIZE]] : i64
// CHECK-NEXT: %[[NDELTA:.+]] = arith.index_cast %[[NELEMS]] : i64 to index
// CHECK-NEXT: %[[NPTR:.+]] = pto.addptr %[[SIG]], %[[NDELTA]] : !pto.ptr<i32> -> !pto.ptr<i32>
// CHECK-NEXT: %[[NV:.+]] = pto.make_tensor_view %[[NPTR]], shape = [%[[S0]], %[[S1]]], strides = [%[[SS0]], %[[SS1]]] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xi32>
// CHECK:      %[[NP:.+]] = pto.partition_view %[[NV]], offsets = [%[[RANK]], %[[Z:[a-z0-9_]+]]], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.tnotify(%[[NP]], %[[ONE:[^ ]+]] : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
// notify set: signal [rank, 0] of rank 0's copy.
// CHECK:      pto.load_scalar %[[CTX]]
// CHECK:      pto.addptr %[[SIG]], %{{.+}} : !pto.ptr<i32> -> !pto.ptr<i32>
// CHECK:      pto.comm.tnotify(%{{.+}}, %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {notifyOp = #pto<notify_op set>}
// wait: signal [peer, 0] of this rank's copy, through the parameter's view.
// CHECK-NOT:  pto.load_scalar
// CHECK:      %[[WP:.+]] = pto.partition_view %[[SV]], offsets = [%[[PEER]], %[[Z]]], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.twait(%[[WP]], %[[ONE]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
// CHECK-NEXT: pto.cmo.cacheinvalid all #pto.address_space<gm>
// peer load: the f16 rows [peer] of the peer's copy.
// CHECK:      %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64
// CHECK-NEXT: %[[LOK:.+]] = arith.cmpi ult, %[[PEER]], %[[N]] : index
// CHECK-NEXT: %[[LSAFE:.+]] = arith.select %[[LOK]], %[[PEER]], %[[ME]] : index
// CHECK-NEXT: %[[C4B:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[LSLOT:.+]] = arith.addi %[[C4B]], %[[LSAFE]] : index
// CHECK-NEXT: %[[LTABLE:.+]] = pto.load_scalar %[[CTX]][%[[LSLOT]]] : !pto.ptr<i64> -> i64
// CHECK-NEXT: %[[LZ64:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[LBASE:.+]] = arith.select %[[LOK]], %[[LTABLE]], %[[LZ64]] : i64
// CHECK-NEXT: %[[LBYTES:.+]] = arith.subi %[[LBASE]], %[[MYBASE]] : i64
// CHECK-NEXT: %[[F16SIZE:.+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[LELEMS:.+]] = arith.divsi %[[LBYTES]], %[[F16SIZE]] : i64
// CHECK-NEXT: %[[LDELTA:.+]] = arith.index_cast %[[LELEMS]] : i64 to index
// CHECK-NEXT: %[[LPTR:.+]] = pto.addptr %[[DATA]], %[[LDELTA]] : !pto.ptr<f16> -> !pto.ptr<f16>
// CHECK-NEXT: %[[LV:.+]] = pto.make_tensor_view %[[LPTR]], shape = [%[[D0]], %[[D1]]], strides = [%[[DS0]], %[[DS1]]] {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf16>
// CHECK:      %[[LP:.+]] = pto.partition_view %[[LV]], offsets = [%[[PEER]], %[[Z]]], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
// CHECK-NEXT: pto.tload ins(%[[LP]] : !pto.partition_tensor_view<1x64xf16>) outs(%[[T]] : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=64
// A local load of the same parameter reads it directly.
// CHECK-NOT:  pto.load_scalar
// CHECK:      %[[MP:.+]] = pto.partition_view %[[DV]], offsets = [%[[RANK]], %[[Z]]], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<1x64xf16>
// CHECK-NEXT: pto.tload ins(%[[MP]] : !pto.partition_tensor_view<1x64xf16>)
// CHECK:      pto.tadd
// CHECK:      pto.tstore
// CHECK-NOT:  pypto.
// CHECK:      return
func.func @exchange(%data: !pypto.tensor<2x64xf16> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>},
                    %sig: !pypto.tensor<2x1xi32> {pypto.dir = "in", pypto.strides = array<i64: 1, 1>},
                    %out: !pypto.tensor<1x64xf16> {pypto.dir = "out"},
                    %rank: index, %peer: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  pypto.notify %sig[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
  pypto.notify %sig[%rank, %c0] peer %c0 set %one : !pypto.tensor<2x1xi32>
  pypto.wait %sig[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
  %t = pypto.load %data[%peer, %c0] peer %peer {pypto.addr = 0 : i64} : !pypto.tensor<2x64xf16> -> !pypto.tile<1x64xf16, vec>
  %u = pypto.load %data[%rank, %c0] {pypto.addr = 128 : i64} : !pypto.tensor<2x64xf16> -> !pypto.tile<1x64xf16, vec>
  %s = pypto.add %t, %u {pypto.addr = 0 : i64} : !pypto.tile<1x64xf16, vec>
  pypto.store %s, %out[%c0, %c0] : !pypto.tile<1x64xf16, vec>, !pypto.tensor<1x64xf16>
  return
}

// -----

// A kernel that only waits needs no CommContext: its signal is its own
// copy. Every comparison keeps its kind.

// CHECK-LABEL: func.func @waits
// CHECK-SAME: (%[[SIG:[^:]+]]: !pto.ptr<i32> {pypto.dir = "in"}, %[[I:[^:]+]]: index, %[[E:[^:]+]]: i32)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK-NOT:  pto.load_scalar
// CHECK-NOT:  pto.addptr
// CHECK:      %[[V:.+]] = pto.make_tensor_view %[[SIG]], {{.+}} : !pto.tensor_view<?x?xi32>
// CHECK:      %[[P0:.+]] = pto.partition_view %[[V]], offsets = [%[[I]], %{{.+}}], {{.+}} -> !pto.partition_tensor_view<1x1xi32>
// CHECK-NEXT: pto.comm.twait(%[[P0]], %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp eq>}
// CHECK:      pto.comm.twait(%{{.+}}, %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ne>}
// CHECK:      pto.comm.twait(%{{.+}}, %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp gt>}
// CHECK:      pto.comm.twait(%{{.+}}, %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp ge>}
// CHECK:      pto.comm.twait(%{{.+}}, %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp lt>}
// CHECK:      pto.comm.twait(%{{.+}}, %[[E]] : !pto.partition_tensor_view<1x1xi32>, i32) {cmp = #pto<wait_cmp le>}
// CHECK-NOT:  pto.load_scalar
// CHECK:      return
func.func @waits(%sig: !pypto.tensor<4x1xi32> {pypto.dir = "in"}, %i: index, %e: i32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  pypto.wait %sig[%i, %c0] eq %e : !pypto.tensor<4x1xi32>
  pypto.wait %sig[%i, %c0] ne %e : !pypto.tensor<4x1xi32>
  pypto.wait %sig[%i, %c0] gt %e : !pypto.tensor<4x1xi32>
  pypto.wait %sig[%i, %c0] ge %e : !pypto.tensor<4x1xi32>
  pypto.wait %sig[%i, %c0] lt %e : !pypto.tensor<4x1xi32>
  pypto.wait %sig[%i, %c0] le %e : !pypto.tensor<4x1xi32>
  return
}

// -----

// An SPMD kernel reading a peer: the CommContext comes after the block
// index; the peer access inside a loop reads the peer's base there, this
// rank's base once at the top.

// CHECK-LABEL: func.func @spmd_peer
// CHECK-SAME: (%[[DATA:[^:]+]]: !pto.ptr<f32>, %[[OUT:[^:]+]]: !pto.ptr<f32> {pypto.dir = "out"}, %[[PEER:[^:]+]]: index, %[[B:[^:]+]]: index {pypto.spmd = "block_idx"}, %[[CTX:[^:]+]]: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK:      %[[PAIR:.+]] = pto.load_scalar %[[CTX]][%{{.+}}] : !pto.ptr<i64> -> i64
// CHECK:      %[[MYBASE:.+]] = pto.load_scalar %[[CTX]][%{{.+}}] : !pto.ptr<i64> -> i64
// CHECK:      scf.for
// CHECK:        %[[OK:.+]] = arith.cmpi ult, %[[PEER]], %{{.+}} : index
// CHECK-NEXT:   %[[SAFE:.+]] = arith.select %[[OK]], %[[PEER]], %{{.+}} : index
// CHECK:        %[[SLOT:.+]] = arith.addi %{{.+}}, %[[SAFE]] : index
// CHECK-NEXT:   %[[TABLE:.+]] = pto.load_scalar %[[CTX]][%[[SLOT]]] : !pto.ptr<i64> -> i64
// CHECK:        %[[BASE:.+]] = arith.select %[[OK]], %[[TABLE]], %{{.+}} : i64
// CHECK-NEXT:   %[[BYTES:.+]] = arith.subi %[[BASE]], %[[MYBASE]] : i64
// CHECK:        pto.addptr %[[DATA]], %{{.+}} : !pto.ptr<f32> -> !pto.ptr<f32>
// CHECK:        pto.tload
// CHECK:      return
func.func @spmd_peer(%data: !pypto.tensor<8x16xf32>, %out: !pypto.tensor<8x16xf32> {pypto.dir = "out"},
                     %peer: index, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %c2 step %c1 {
    %t = pypto.load %data[%b, %c0] peer %peer {pypto.addr = 0 : i64} : !pypto.tensor<8x16xf32> -> !pypto.tile<1x16xf32, vec>
    pypto.store %t, %out[%b, %c0] : !pypto.tile<1x16xf32, vec>, !pypto.tensor<8x16xf32>
  } {pypto.loop = "range"}
  return
}

// -----

// A store into a window parameter (pypto.window) publishes: the line it
// starts on is invalidated and a GM fence follows, so a later notify
// releases data a peer can see. A store into another tensor does not.

// CHECK-LABEL: func.func @publish
// CHECK: %[[PV:.+]] = pto.partition_view %{{.+}} -> !pto.partition_tensor_view<1x64xf32>
// CHECK-NEXT: pto.tstore ins(%{{.+}}) outs(%[[PV]] : !pto.partition_tensor_view<1x64xf32>)
// CHECK-NEXT: pto.cmo.cacheinvalid %[[PV]] single_cache_line : !pto.partition_tensor_view<1x64xf32>
// CHECK-NEXT: pto.fence.barrier_all #pto.fence_scope<gm>
// CHECK: pto.tstore
// CHECK-NOT: pto.cmo.cacheinvalid
// CHECK-NOT: pto.fence.barrier_all
// CHECK: return
func.func @publish(%win: !pypto.tensor<1x64xf32> {pypto.dir = "out", pypto.window},
                   %plain: !pypto.tensor<1x64xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %t = pypto.full %zero {pypto.addr = 0 : i64} : f32 -> !pypto.tile<1x64xf32, vec>
  pypto.store %t, %win[%c0, %c0] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<1x64xf32>
  pypto.store %t, %plain[%c0, %c0] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<1x64xf32>
  return
}

// -----

// A store into a peer's copy of a window (remote_store, put): a kernel
// that only pushes takes the CommContext too; the store's partition is of
// the peer's view, of the run-time valid rows of a put's last chunk, and
// is followed, as every store into a window, by a cache invalidate and a
// GM fence.

// CHECK-LABEL: func.func @push_peer
// CHECK-SAME: (%[[DATA:[^:]+]]: !pto.ptr<f32> {pypto.dir = "inout", pypto.window}, %[[PEER:[^:]+]]: index, %[[ROWS:[^:]+]]: index, %[[CTX:[^:]+]]: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK:      %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64
// CHECK:      %[[OK:.+]] = arith.cmpi ult, %[[PEER]], %{{.+}} : index
// CHECK:      %[[PTR:.+]] = pto.addptr %[[DATA]], %{{.+}} : !pto.ptr<f32> -> !pto.ptr<f32>
// CHECK-NEXT: %[[PV:.+]] = pto.make_tensor_view %[[PTR]], {{.+}} {layout = #pto.layout<nd>} : !pto.tensor_view<?x?xf32>
// CHECK-NEXT: %[[PP:.+]] = pto.partition_view %[[PV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%[[ROWS]], %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x64xf32>
// CHECK-NEXT: %[[VT:.+]] = pto.alloc_tile addr = %{{.+}} valid_row = %[[ROWS]] valid_col = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?
// CHECK-NEXT: pto.tstore ins(%[[VT]] : {{.+}}) outs(%[[PP]] : !pto.partition_tensor_view<?x64xf32>) {atomicType = #pto<atomic_type atomic_add>}
// CHECK-NEXT: pto.cmo.cacheinvalid
// CHECK-NEXT: pto.fence
// CHECK:      return
func.func @push_peer(%data: !pypto.tensor<16x64xf32> {pypto.dir = "inout", pypto.window, pypto.strides = array<i64: 64, 1>},
                     %peer: index, %rows: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %t = pypto.load %data[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<8x64xf32, vec>
  pypto.store %t, %data[%c0, %c0] peer %peer valid [%rows, %c64] atomic_add : !pypto.tile<8x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}
