// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// Several chips: windows allocated in the orchestration, the ranks region
// every chip runs (its argument the rank), and a kernel that reads a peer's
// copy of a window (remote_load, also of a slice of a window), signals a
// peer (notify add and set) and waits for every comparison.

// CHECK-LABEL: func.func @program
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<4x256xf32>)
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK: %[[DATA:.+]] = pypto.alloc_window : !pypto.tensor<4x256xf32>
// CHECK-NEXT: %[[SIG:.+]] = pypto.alloc_window : !pypto.tensor<4x2xi32>
// CHECK-NEXT: pypto.ranks world(4) (%[[RANK:[^)]+]]) {
// CHECK-NEXT:   %[[ROW:.+]] = pypto.slice %[[X]][%[[RANK]], %[[C0:[a-z0-9_]+]]] [1, 256] : !pypto.tensor<4x256xf32>
// CHECK-NEXT:   %[[HALF:.+]] = pypto.slice %[[DATA]][%[[C0]], %[[C0]]] [2, 256] : !pypto.tensor<4x256xf32>
// CHECK-NEXT:   pypto.at core_group "exchange" {
// CHECK:          pypto.notify %[[SIG]][%[[RANK]], %[[C0]]] peer %[[P:[^ ]+]] add %[[ONE:[^ ]+]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.notify %[[SIG]][%[[RANK]], %[[C1:[a-z0-9_]+]]] peer %[[P]] set %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C0]]] eq %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C0]]] ne %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C0]]] gt %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C1]]] ge %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C1]]] lt %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     pypto.wait %[[SIG]][%[[P]], %[[C1]]] le %[[ONE]] : !pypto.tensor<4x2xi32>
// CHECK-NEXT:     %[[R:.+]] = pypto.remote_load %[[DATA]][%[[RANK]], %[[C0]]] [1, 256] peer %[[P]] : !pypto.tensor<4x256xf32> -> !pypto.tensor<1x256xf32>
// CHECK-NEXT:     %[[H:.+]] = pypto.remote_load %[[HALF]][%[[C1]], %[[C0]]] [1, 128] peer %[[RANK]] : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x128xf32>
// CHECK-NEXT:     pypto.assemble %[[R]] into %[[ROW]][%[[C0]], %[[C0]]] : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @program(%x: !pypto.tensor<4x256xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %data = pypto.alloc_window : !pypto.tensor<4x256xf32>
  %signal = pypto.alloc_window : !pypto.tensor<4x2xi32>
  pypto.ranks world(4) (%rank) {
    %row = pypto.slice %x[%rank, %c0] [1, 256]
        : !pypto.tensor<4x256xf32> -> !pypto.tensor<1x256xf32>
    %half = pypto.slice %data[%c0, %c0] [2, 256]
        : !pypto.tensor<4x256xf32> -> !pypto.tensor<2x256xf32>
    pypto.at core_group "exchange" {
      %one = arith.constant 1 : i32
      %next = arith.addi %rank, %c1 : index
      %peer = arith.remsi %next, %c4 : index
      pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<4x2xi32>
      pypto.notify %signal[%rank, %c1] peer %peer set %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c0] eq %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c0] ne %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c0] gt %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c1] ge %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c1] lt %one : !pypto.tensor<4x2xi32>
      pypto.wait %signal[%peer, %c1] le %one : !pypto.tensor<4x2xi32>
      %r = pypto.remote_load %data[%rank, %c0] [1, 256] peer %peer
          : !pypto.tensor<4x256xf32> -> !pypto.tensor<1x256xf32>
      %h = pypto.remote_load %half[%c1, %c0] [1, 128] peer %rank
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x128xf32>
      pypto.assemble %r into %row[%c0, %c0]
          : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
    }
  }
  return
}

// -----

// The bounds of a world (1 and 64 ranks), extra attributes on the region,
// an empty body, and an SPMD region inside the ranks region whose kernel
// waits and reads a peer.

// CHECK-LABEL: func.func @one_rank
// CHECK: pypto.ranks world(1) (%{{[^)]+}}) {
// CHECK-NEXT: }
// CHECK-LABEL: func.func @many_ranks
// CHECK: pypto.ranks world(64) (%[[R:[^)]+]]) attributes {note = "all"} {
// CHECK-NEXT: pypto.spmd core_group "blocks" blocks(2) (%[[B:[^)]+]]) {
// CHECK-NEXT: pypto.wait %{{.+}}[%[[B]]] ge %{{.+}} : !pypto.tensor<64xi32>
// CHECK-NEXT: pypto.remote_load %{{.+}}[%[[B]], %{{.+}}] [1, 16] peer %[[R]] : !pypto.tensor<2x16xf16> -> !pypto.tensor<1x16xf16>
func.func @one_rank() {
  pypto.ranks world(1) (%rank) {
  }
  return
}
func.func @many_ranks(%one: i32) {
  %c0 = arith.constant 0 : index
  %signal = pypto.alloc_window : !pypto.tensor<64xi32>
  %data = pypto.alloc_window : !pypto.tensor<2x16xf16>
  pypto.ranks world(64) (%rank) attributes {note = "all"} {
    pypto.spmd core_group "blocks" blocks(2) (%b) {
      pypto.wait %signal[%b] ge %one : !pypto.tensor<64xi32>
      %r = pypto.remote_load %data[%b, %c0] [1, 16] peer %rank
          : !pypto.tensor<2x16xf16> -> !pypto.tensor<1x16xf16>
    }
  }
  return
}

// -----

// Outlined kernels (incore, aiv, aic) may read and signal peers outside a
// region; a tile-level load reads a peer's window with `peer`.

// CHECK-LABEL: func.func @incore
// CHECK-SAME: (%[[T:[^:]+]]: !pypto.tensor<4x64xf32>, %[[S:[^:]+]]: !pypto.tensor<2x1xi32>, %[[P:[^:]+]]: index, %[[V:[^:]+]]: i32)
// CHECK: pypto.remote_load %[[T]][%[[C0:[^,]+]], %[[C0]]] [4, 64] peer %[[P]] : !pypto.tensor<4x64xf32> -> !pypto.tensor<4x64xf32>
// CHECK: pypto.notify %[[S]][%[[P]], %[[C0]]] peer %[[P]] add %[[V]] : !pypto.tensor<2x1xi32>
// CHECK: pypto.wait %[[S]][%[[P]], %[[C0]]] ge %[[V]] : !pypto.tensor<2x1xi32>
// CHECK: %{{.+}} = pypto.load %[[T]][%[[C0]], %[[C0]]] peer %[[P]] : !pypto.tensor<4x64xf32> -> !pypto.tile<4x64xf32, vec>
// CHECK: %{{.+}} = pypto.load %[[T]][%[[C0]], %[[C0]]] peer %[[P]] {pypto.addr = 0 : i64} : !pypto.tensor<4x64xf32> -> !pypto.tile<2x64xf32>
// CHECK: %{{.+}} = pypto.load %[[T]][%[[C0]], %[[C0]]] : !pypto.tensor<4x64xf32> -> !pypto.tile<4x64xf32>
// CHECK-LABEL: func.func @aiv
// CHECK: pypto.notify %{{.+}}[%{{.+}}, %{{.+}}] peer %{{.+}} set %{{.+}} : !pypto.tensor<2x1xi32>
// CHECK-LABEL: func.func @aic
// CHECK: pypto.load %{{.+}} peer %{{.+}} : !pypto.tensor<16x16xf16> -> !pypto.tile<16x16xf16, mat>
func.func @incore(%t: !pypto.tensor<4x64xf32>, %s: !pypto.tensor<2x1xi32>, %p: index, %v: i32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %r = pypto.remote_load %t[%c0, %c0] [4, 64] peer %p
      : !pypto.tensor<4x64xf32> -> !pypto.tensor<4x64xf32>
  pypto.notify %s[%p, %c0] peer %p add %v : !pypto.tensor<2x1xi32>
  pypto.wait %s[%p, %c0] ge %v : !pypto.tensor<2x1xi32>
  %a = pypto.load %t[%c0, %c0] peer %p : !pypto.tensor<4x64xf32> -> !pypto.tile<4x64xf32, vec>
  %b = pypto.load %t[%c0, %c0] peer %p {pypto.addr = 0 : i64} : !pypto.tensor<4x64xf32> -> !pypto.tile<2x64xf32>
  %c = pypto.load %t[%c0, %c0] : !pypto.tensor<4x64xf32> -> !pypto.tile<4x64xf32>
  return
}
func.func @aiv(%s: !pypto.tensor<2x1xi32>, %p: index, %v: i32) attributes {pypto.kind = "aiv"} {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  pypto.notify %s[%c1, %c0] peer %p set %v : !pypto.tensor<2x1xi32>
  return
}
func.func @aic(%t: !pypto.tensor<16x16xf16>, %p: index) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %m = pypto.load %t[%c0, %c0] peer %p : !pypto.tensor<16x16xf16> -> !pypto.tile<16x16xf16, mat>
  return
}

// -----

// A lowered multi-card kernel takes its CommContext as a last `!pto.ptr<i64>`
// parameter marked pypto.comm_ctx; the runtime passes it, so calls leave it
// out, as they leave out the block index of an SPMD kernel.

// CHECK-LABEL: func.func @comm_kernel
// CHECK-SAME: (%{{[^:]+}}: !pto.ptr<f32> {pypto.dir = "in"}, %{{[^:]+}}: index, %{{[^:]+}}: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK-LABEL: func.func @spmd_comm_kernel
// CHECK-SAME: (%{{[^:]+}}: !pto.ptr<f32>, %{{[^:]+}}: index {pypto.spmd = "block_idx"}, %{{[^:]+}}: !pto.ptr<i64> {pypto.comm_ctx})
// CHECK-LABEL: func.func @calls
// CHECK: pypto.ranks world(2) (%[[R:[^)]+]]) {
// CHECK-NEXT: pypto.call @comm_kernel(%[[T:[^,]+]], %[[R]]) : (!pypto.tensor<16x16xf32>, index) -> ()
// CHECK-NEXT: pypto.call @spmd_comm_kernel(%[[T]]) {blocks = 4 : i64} : (!pypto.tensor<16x16xf32>) -> ()
func.func @comm_kernel(%p: !pto.ptr<f32> {pypto.dir = "in"}, %peer: index,
                       %ctx: !pto.ptr<i64> {pypto.comm_ctx}) {
  return
}
func.func @spmd_comm_kernel(%p: !pto.ptr<f32>, %b: index {pypto.spmd = "block_idx"},
                            %ctx: !pto.ptr<i64> {pypto.comm_ctx}) {
  return
}
func.func @calls(%t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  pypto.ranks world(2) (%rank) {
    pypto.call @comm_kernel(%t, %rank) : (!pypto.tensor<16x16xf32>, index) -> ()
    pypto.call @spmd_comm_kernel(%t) {blocks = 4 : i64} : (!pypto.tensor<16x16xf32>) -> ()
  }
  return
}

// -----

// Pushes: remote_store of a computed value (plain and atomic add), put of a
// window with static sizes (the staging tile the whole window), with a
// run-time row count and a chunk, and atomic; a get (the pull) of a
// run-time row count; a tile store into a peer's copy.

// CHECK-LABEL: func.func @pushes
// CHECK: pypto.remote_store %[[V:[a-z0-9_]+]] into %[[DATA:[a-z0-9_]+]][%[[RANK:[a-z0-9_]+]], %[[C0:[a-z0-9_]+]]] peer %[[P:[a-z0-9_]+]] : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
// CHECK-NEXT: pypto.remote_store %[[V]] into %[[DATA]][%[[C0]], %[[C0]]] peer %[[P]] atomic_add : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
// CHECK-NEXT: pypto.put %[[X:[a-z0-9_]+]][%[[C0]], %[[C0]]] into %[[DATA]][%[[RANK]], %[[C0]]] [1, 64] peer %[[P]] : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
// CHECK-NEXT: pypto.put %[[X]][%[[C0]], %[[C0]]] into %[[DATA]][%[[C0]], %[[C0]]] [%[[N:[a-z0-9_]+]], 64] peer %[[P]] chunk [2, 32] : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
// CHECK-NEXT: pypto.put %[[X]][%[[C0]], %[[C0]]] into %[[DATA]][%[[C0]], %[[C0]]] [2, %[[N]]] peer %[[P]] chunk [2, 16] atomic_add : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
// CHECK-NEXT: pypto.get %[[DATA]][%[[C0]], %[[C0]]] peer %[[P]] into %[[X]][%[[C0]], %[[C0]]] [%[[N]], 64] chunk [2, 32] : !pypto.tensor<4x64xf32> into !pypto.tensor<8x64xf32>
func.func @pushes(%x: !pypto.tensor<8x64xf32>, %n: index) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %data = pypto.alloc_window : !pypto.tensor<4x64xf32>
  pypto.ranks world(4) (%rank) {
    pypto.at core_group "push" {
      %peer = arith.addi %rank, %c1 : index
      %row = pypto.slice %x[%c0, %c0] [1, 64] : !pypto.tensor<8x64xf32> -> !pypto.tensor<1x64xf32>
      %v = pypto.exp %row : !pypto.tensor<1x64xf32>
      pypto.remote_store %v into %data[%rank, %c0] peer %peer : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
      pypto.remote_store %v into %data[%c0, %c0] peer %peer atomic_add : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
      pypto.put %x[%c0, %c0] into %data[%rank, %c0] [1, 64] peer %peer : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
      pypto.put %x[%c0, %c0] into %data[%c0, %c0] [%n, 64] peer %peer chunk [2, 32] : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
      pypto.put %x[%c0, %c0] into %data[%c0, %c0] [2, %n] peer %peer chunk [2, 16] atomic_add : !pypto.tensor<8x64xf32> into !pypto.tensor<4x64xf32>
      pypto.get %data[%c0, %c0] peer %peer into %x[%c0, %c0] [%n, 64] chunk [2, 32] : !pypto.tensor<4x64xf32> into !pypto.tensor<8x64xf32>
    }
  }
  return
}

// -----

// CHECK-LABEL: func.func @peer_store
// CHECK: pypto.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] peer %{{.+}} valid [%{{.+}}, %{{.+}}] atomic_add : !pypto.tile<2x64xf32, vec>, !pypto.tensor<4x64xf32>
func.func @peer_store(%w: !pypto.tensor<4x64xf32>, %t: !pypto.tile<2x64xf32, vec>, %p: index, %r: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  pypto.store %t, %w[%c0, %c0] peer %p valid [%r, %c64] atomic_add : !pypto.tile<2x64xf32, vec>, !pypto.tensor<4x64xf32>
  return
}
