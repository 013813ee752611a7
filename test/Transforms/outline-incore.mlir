// RUN: pypto-opt %s -split-input-file --pypto-outline-incore | FileCheck %s

// A named region: its slices and its assemble window are hoisted into the
// orchestration, so the kernel receives exactly the windows it touches;
// tensors come first, then scalars. Directions follow the accesses.

// CHECK-LABEL: func.func @add_scalar
// CHECK-SAME: (%[[IN:.+]]: !pypto.tensor<128x256xf32> {pypto.dir = "in", pypto.strides = array<i64: 512, 1>}, %[[OUT:.+]]: !pypto.tensor<128x256xf32> {pypto.dir = "out", pypto.strides = array<i64: 512, 1>}, %[[A:.+]]: f32)
// CHECK-SAME: attributes {pypto.kind = "incore"}
// CHECK: %[[S:.+]] = pypto.adds %[[IN]], %[[A]] : !pypto.tensor<128x256xf32>, f32
// CHECK: %[[Z:.+]] = arith.constant 0 : index
// CHECK: pypto.assemble %[[S]] into %[[OUT]][%[[Z]], %[[Z]]] : !pypto.tensor<128x256xf32> into !pypto.tensor<128x256xf32>
// CHECK: return

// CHECK-LABEL: func.func @hello
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<1024x512xf32>, %[[AA:.+]]: f32, %[[Y:.+]]: !pypto.tensor<1024x512xf32> {pypto.dir = "out"})
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK: scf.for %[[R:.+]] = {{.+}} {
// CHECK:   scf.for %[[C:.+]] = {{.+}} {
// CHECK:     %[[XV:.+]] = pypto.slice %[[X]][%[[R]], %[[C]]] [128, 256] : !pypto.tensor<1024x512xf32>
// CHECK:     %[[YV:.+]] = pypto.slice %[[Y]][%[[R]], %[[C]]] [128, 256] : !pypto.tensor<1024x512xf32>
// CHECK:     pypto.call @add_scalar(%[[XV]], %[[YV]], %[[AA]]) : (!pypto.tensor<128x256xf32>, !pypto.tensor<128x256xf32>, f32) -> ()
// CHECK-NOT: pypto.at
// CHECK:   } {pypto.loop = "range"}
// CHECK: } {pypto.loop = "parallel"}
func.func @hello(%x: !pypto.tensor<1024x512xf32>, %a: f32,
                 %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  scf.for %r = %c0 to %c1024 step %c128 {
    scf.for %c = %c0 to %c512 step %c256 {
      pypto.at core_group "add_scalar" {
        %t = pypto.slice %x[%r, %c] [128, 256]
            : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
        %s = pypto.adds %t, %a : !pypto.tensor<128x256xf32>, f32
        pypto.assemble %s into %y[%r, %c]
            : !pypto.tensor<128x256xf32> into !pypto.tensor<1024x512xf32>
      }
    } {pypto.loop = "range"}
  } {pypto.loop = "parallel"}
  return
}

// -----

// Unnamed regions are named after their function; a tensor that is read and
// written is inout; constants are cloned into the kernel rather than passed;
// an opaque function becomes the orchestration.

// CHECK-LABEL: func.func @two_incore_0
// CHECK-SAME: (%[[T:.+]]: !pypto.tensor<16x16xf32> {pypto.dir = "inout", pypto.strides = array<i64: 16, 1>}, %[[S:.+]]: f32)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.+]] = pypto.adds %[[T]], %[[S]]
// CHECK-NEXT: pypto.assemble %[[V]] into %[[T]][%[[C0]], %[[C0]]]
// CHECK-LABEL: func.func @two_incore_1
// CHECK-SAME: (%{{.+}}: !pypto.tensor<16x16xf32> {pypto.dir = "in", pypto.strides = array<i64: 16, 1>}, %{{.+}}: f32)
// CHECK-LABEL: func.func @two
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK-NEXT: %{{.+}} = arith.constant 0 : index
// CHECK-NEXT: pypto.call @two_incore_0(%[[X:.+]], %[[A:.+]]) : (!pypto.tensor<16x16xf32>, f32) -> ()
// CHECK-NEXT: pypto.call @two_incore_1(%[[X]], %[[A]]) : (!pypto.tensor<16x16xf32>, f32) -> ()
// CHECK-NEXT: return
func.func @two(%x: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "opaque"} {
  %c0 = arith.constant 0 : index
  pypto.at core_group {
    %y = pypto.adds %x, %s : !pypto.tensor<16x16xf32>, f32
    pypto.assemble %y into %x[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  pypto.at core_group {
    %y = pypto.adds %x, %s : !pypto.tensor<16x16xf32>, f32
  }
  return
}

// -----

// Slices whose offsets move with a loop inside the region stay in the
// kernel, but the kernel receives the window they cover (rows [%r, %r + 16),
// every column) instead of the whole tensor, and the accesses are rebased
// onto it (so %r is no longer a parameter): each task touches its own rows,
// and tasks do not depend on each other.

// CHECK-LABEL: func.func @row
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<16x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>}, %[[Y:.+]]: !pypto.tensor<16x64xf32> {pypto.dir = "out", pypto.strides = array<i64: 64, 1>}, %[[A:.+]]: f32)
// CHECK: scf.for %[[C:.+]] = {{.+}} {
// CHECK:   %[[Z:.+]] = arith.constant 0 : index
// CHECK:   %[[T:.+]] = pypto.slice %[[X]][%[[Z]], %[[C]]] [16, 16] : !pypto.tensor<16x64xf32>
// CHECK:   pypto.assemble %{{.+}} into %[[Y]][%{{.+}}, %[[C]]] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x64xf32>
// CHECK-LABEL: func.func @rows
// CHECK: scf.for %[[RR:.+]] = {{.+}} {
// CHECK: %[[XW:.+]] = pypto.slice %{{.+}}[%[[RR]], %{{.+}}] [16, 64] : !pypto.tensor<64x64xf32>
// CHECK: %[[YW:.+]] = pypto.slice %{{.+}}[%[[RR]], %{{.+}}] [16, 64] : !pypto.tensor<64x64xf32>
// CHECK-NEXT: pypto.call @row(%[[XW]], %[[YW]], %{{.+}}) : (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>, f32) -> ()
// CHECK-NEXT: } {pypto.loop = "parallel"}
func.func @rows(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<64x64xf32>, %a: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %r = %c0 to %c64 step %c16 {
    pypto.at core_group "row" {
      scf.for %c = %c0 to %c64 step %c16 {
        %t = pypto.slice %x[%r, %c] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
        %s = pypto.adds %t, %a : !pypto.tensor<16x16xf32>, f32
        pypto.assemble %s into %y[%r, %c] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x64xf32>
      }
    }
  } {pypto.loop = "parallel"}
  return
}

// -----

// Views of views are hoisted in order; strides come from the argument's
// pypto.strides. An assemble at offset zero stays in the kernel, into the
// 8x16 window it covers. A kernel name that is taken already is made
// unique.

// CHECK-LABEL: func.func @views_0
// CHECK-SAME: (%{{.+}}: !pypto.tensor<8x16xf32> {pypto.dir = "in", pypto.strides = array<i64: 128, 1>}, %[[W:.+]]: !pypto.tensor<8x16xf32> {pypto.dir = "out", pypto.strides = array<i64: 128, 1>}, %{{.+}}: f32)
// CHECK: pypto.assemble %{{.+}} into %[[W]][%{{.+}}, %{{.+}}] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
// CHECK-LABEL: func.func @views(
// CHECK-SAME: %[[X:.+]]: !pypto.tensor<64x64xf32> {pypto.strides = array<i64: 128, 1>}
// CHECK: %[[T:.+]] = pypto.slice %[[X]][%[[C16:.+]], %[[C0:.+]]] [16, 32]
// CHECK: %[[U:.+]] = pypto.slice %[[T]][%[[C0]], %[[C16]]] [8, 16]
// CHECK: %[[V:.+]] = pypto.slice %[[X]][%{{.+}}, %{{.+}}] [8, 16]
// CHECK: pypto.call @views_0(%[[U]], %[[V]], %{{.+}})
func.func @views(%x: !pypto.tensor<64x64xf32> {pypto.strides = array<i64: 128, 1>}, %s: f32) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  pypto.at core_group "views" {
    %t = pypto.slice %x[%c16, %c0] [16, 32] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x32xf32>
    %u = pypto.slice %t[%c0, %c16] [8, 16] : !pypto.tensor<16x32xf32> -> !pypto.tensor<8x16xf32>
    %a = pypto.adds %u, %s : !pypto.tensor<8x16xf32>, f32
    pypto.assemble %a into %x[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<64x64xf32>
  }
  return
}

// -----

// Functions without regions keep their (absent) kind.

// CHECK-LABEL: func.func @plain() {
func.func @plain() {
  return
}

// -----

// A pypto.spmd region becomes a kernel whose last parameter is the block
// index, called once with `blocks`.

// CHECK-LABEL: func.func @rows
// CHECK-SAME:    %{{.+}}: !pypto.tensor<1024x512xf32> {pypto.dir = "in", pypto.strides = array<i64: 512, 1>}
// CHECK-SAME:    %{{.+}}: !pypto.tensor<1024x512xf32> {pypto.dir = "out", pypto.strides = array<i64: 512, 1>}
// CHECK-SAME:    %[[B:.+]]: index {pypto.spmd = "block_idx"}
// CHECK:       arith.muli %[[B]]
// CHECK-LABEL: func.func @spmd
// CHECK:       pypto.call @rows(%{{.+}}, %{{.+}}) {blocks = 16 : i64}
func.func @spmd(%x: !pypto.tensor<1024x512xf32>, %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  pypto.spmd core_group "rows" blocks(16) (%b) {
    %r = arith.muli %b, %c64 : index
    %t = pypto.slice %x[%r, %c0] [64, 512] : !pypto.tensor<1024x512xf32> -> !pypto.tensor<64x512xf32>
    %e = pypto.exp %t : !pypto.tensor<64x512xf32>
    pypto.assemble %e into %y[%r, %c0] : !pypto.tensor<64x512xf32> into !pypto.tensor<1024x512xf32>
  }
  return
}

// -----

// Offsets `%t + %i` with %i running over [0, 8): the window is rows
// [%t, %t + 8) of both tensors, the accesses use %i alone, and %t is no
// longer a parameter. An offset the outliner cannot bound (a product with
// the outer index) keeps the whole tensor.

// CHECK-LABEL: func.func @rows8
// CHECK-SAME: (%[[S:.+]]: !pypto.tensor<8x32xf32> {pypto.dir = "in"{{.*}}}, %[[V:.+]]: !pypto.tensor<8x32xf32> {pypto.dir = "out"{{.*}}})
// CHECK-SAME: attributes
// CHECK: scf.for %[[I:.+]] = {{.+}} {
// CHECK-NOT: arith.addi
// CHECK:   pypto.slice %[[S]][%[[I]], %{{.+}}] [1, 32] : !pypto.tensor<8x32xf32>
// CHECK:   pypto.assemble %{{.+}} into %[[V]][%[[I]], %{{.+}}]
// CHECK-LABEL: func.func @whole
// CHECK-SAME: (%{{.+}}: !pypto.tensor<64x32xf32> {pypto.dir = "in"{{.*}}}, %{{.+}}: !pypto.tensor<64x32xf32> {pypto.dir = "out"{{.*}}}, %{{.+}}: index)
// CHECK-LABEL: func.func @bounded
// CHECK: pypto.slice %{{.+}}[%[[T:.+]], %{{.+}}] [8, 32] : !pypto.tensor<64x32xf32>
// CHECK: pypto.call @rows8(
func.func @bounded(%s: !pypto.tensor<64x32xf32>, %v: !pypto.tensor<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  scf.for %t = %c0 to %c64 step %c8 {
    pypto.at core_group "rows8" {
      scf.for %i = %c0 to %c8 step %c1 {
        %row = arith.addi %t, %i : index
        %x = pypto.slice %s[%row, %c0] [1, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<1x32xf32>
        %e = pypto.exp %x : !pypto.tensor<1x32xf32>
        pypto.assemble %e into %v[%row, %c0] : !pypto.tensor<1x32xf32> into !pypto.tensor<64x32xf32>
      }
    }
    pypto.at core_group "whole" {
      %row = arith.muli %t, %c1 : index
      %x = pypto.slice %s[%row, %c0] [8, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<8x32xf32>
      %e = pypto.exp %x : !pypto.tensor<8x32xf32>
      pypto.assemble %e into %v[%row, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<64x32xf32>
    }
  } {pypto.loop = "parallel"}
  return
}

// -----

// A multi-card program: the kernel call stays in the ranks region, where
// every chip runs it; the windows (allocated outside the region) and the
// rank become kernel parameters like any value from outside. The assemble
// into this rank's row of a window is hoisted as a slice of the window;
// remote_load, notify and wait take the whole window. A window parameter
// (or a slice of one) is marked pypto.window. A kernel that signals
// or waits is a fence between the ranks: it takes every window as InOut,
// so the runtime orders it after the kernels that write a window and
// before the ones that read one.

// CHECK-LABEL: func.func @step
// CHECK-SAME: (%[[IN:[^:]+]]: !pypto.tensor<1x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>}
// CHECK-SAME: %[[MINE:[^:]+]]: !pypto.tensor<1x64xf32> {pypto.dir = "out", pypto.strides = array<i64: 64, 1>, pypto.window}
// CHECK-SAME: %[[SIG:[^:]+]]: !pypto.tensor<2x1xi32> {pypto.dir = "inout", pypto.strides = array<i64: 1, 1>, pypto.window}
// CHECK-SAME: %[[DATA:[^:]+]]: !pypto.tensor<2x64xf32> {pypto.dir = "inout", pypto.strides = array<i64: 64, 1>, pypto.window}
// CHECK-SAME: %[[OUT:[^:]+]]: !pypto.tensor<1x64xf32> {pypto.dir = "out", pypto.strides = array<i64: 64, 1>}
// CHECK-SAME: %[[RANK:[^:]+]]: index)
// CHECK-SAME: attributes {pypto.kind = "incore"}
// CHECK: pypto.assemble %[[IN]] into %[[MINE]][%[[Z:.+]], %[[Z]]] : !pypto.tensor<1x64xf32> into !pypto.tensor<1x64xf32>
// CHECK-NEXT: %[[NEXT:.+]] = arith.addi %[[RANK]], %{{.+}} : index
// CHECK-NEXT: %[[PEER:.+]] = arith.remsi %[[NEXT]], %{{.+}} : index
// CHECK-NEXT: pypto.notify %[[SIG]][%[[RANK]], %[[C0:.+]]] peer %[[PEER]] add %[[ONE:.+]] : !pypto.tensor<2x1xi32>
// CHECK-NEXT: pypto.wait %[[SIG]][%[[PEER]], %[[C0]]] ge %[[ONE]] : !pypto.tensor<2x1xi32>
// CHECK-NEXT: %[[R:.+]] = pypto.remote_load %[[DATA]][%[[PEER]], %[[C0]]] [1, 64] peer %[[PEER]] : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
// CHECK-NEXT: pypto.assemble %[[R]] into %[[OUT]][%[[C0]], %[[C0]]]
// CHECK-NEXT: return
// CHECK-LABEL: func.func @exchange
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<2x64xf32>, %[[Y:[^:]+]]: !pypto.tensor<2x64xf32> {pypto.dir = "out"})
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK: %[[W:.+]] = pypto.alloc_window : !pypto.tensor<2x64xf32>
// CHECK-NEXT: %[[S:.+]] = pypto.alloc_window : !pypto.tensor<2x1xi32>
// CHECK-NEXT: pypto.ranks world(2) (%[[RK:[^)]+]]) {
// CHECK-NEXT:   %[[XV:.+]] = pypto.slice %[[X]][%[[RK]], %{{.+}}] [1, 64] : !pypto.tensor<2x64xf32>
// CHECK-NEXT:   %[[YV:.+]] = pypto.slice %[[Y]][%[[RK]], %{{.+}}] [1, 64] : !pypto.tensor<2x64xf32>
// CHECK-NEXT:   %[[WV:.+]] = pypto.slice %[[W]][%[[RK]], %{{.+}}] [1, 64] : !pypto.tensor<2x64xf32>
// CHECK-NEXT:   pypto.call @step(%[[XV]], %[[WV]], %[[S]], %[[W]], %[[YV]], %[[RK]]) : (!pypto.tensor<1x64xf32>, !pypto.tensor<1x64xf32>, !pypto.tensor<2x1xi32>, !pypto.tensor<2x64xf32>, !pypto.tensor<1x64xf32>, index) -> ()
// CHECK-NOT:    pypto.at
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @exchange(%x: !pypto.tensor<2x64xf32>, %y: !pypto.tensor<2x64xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %data = pypto.alloc_window : !pypto.tensor<2x64xf32>
  %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
  pypto.ranks world(2) (%rank) {
    %in = pypto.slice %x[%rank, %c0] [1, 64] : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
    %out = pypto.slice %y[%rank, %c0] [1, 64] : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
    pypto.at core_group "step" {
      %one = arith.constant 1 : i32
      pypto.assemble %in into %data[%rank, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
      %next = arith.addi %rank, %c1 : index
      %peer = arith.remsi %next, %c2 : index
      pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
      pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
      %r = pypto.remote_load %data[%peer, %c0] [1, 64] peer %peer : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %r into %out[%c0, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<1x64xf32>
    }
  }
  return
}

// -----

// An SPMD region in the ranks region: the rank is a parameter, the block
// index stays the runtime's (last, pypto.spmd).

// CHECK-LABEL: func.func @blocks
// CHECK-SAME: (%[[SIG:[^:]+]]: !pypto.tensor<4x1xi32> {pypto.dir = "inout"{{.*}}}, %[[DATA:[^:]+]]: !pypto.tensor<8x64xf32> {pypto.dir = "inout"{{.*}}}, %[[X:[^:]+]]: !pypto.tensor<8x64xf32> {pypto.dir = "out"{{.*}}}, %[[RANK:[^:]+]]: index, %[[B:[^:]+]]: index {pypto.spmd = "block_idx"})
// CHECK: pypto.wait %[[SIG]][%[[RANK]], %{{.+}}] ge %{{.+}} : !pypto.tensor<4x1xi32>
// CHECK: pypto.remote_load %[[DATA]][%[[B]], %{{.+}}] [1, 64] peer %[[RANK]]
// CHECK-LABEL: func.func @spmd_ranks
// CHECK: %[[S:.+]] = pypto.alloc_window : !pypto.tensor<4x1xi32>
// CHECK-NEXT: %[[W:.+]] = pypto.alloc_window : !pypto.tensor<8x64xf32>
// CHECK-NEXT: pypto.ranks world(4) (%[[RK:[^)]+]]) {
// CHECK-NEXT:   pypto.call @blocks(%[[S]], %[[W]], %{{.+}}, %[[RK]]) {blocks = 2 : i64} : (!pypto.tensor<4x1xi32>, !pypto.tensor<8x64xf32>, !pypto.tensor<8x64xf32>, index) -> ()
// CHECK-NEXT: }
func.func @spmd_ranks(%x: !pypto.tensor<8x64xf32>) {
  %c0 = arith.constant 0 : index
  %signal = pypto.alloc_window : !pypto.tensor<4x1xi32>
  %data = pypto.alloc_window : !pypto.tensor<8x64xf32>
  pypto.ranks world(4) (%rank) {
    pypto.spmd core_group "blocks" blocks(2) (%b) {
      %one = arith.constant 1 : i32
      pypto.wait %signal[%rank, %c0] ge %one : !pypto.tensor<4x1xi32>
      %r = pypto.remote_load %data[%b, %c0] [1, 64] peer %rank : !pypto.tensor<8x64xf32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %r into %x[%b, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<8x64xf32>
    }
  }
  return
}

// -----

// A kernel that waits takes every window, even one it does not use, as
// InOut: the load kernel after it reads the data the store kernel before
// it wrote, on this rank and (through the signal) on its peer.

// CHECK-LABEL: func.func @store
// CHECK-SAME: !pypto.tensor<1x64xf32> {pypto.dir = "out"
// CHECK-LABEL: func.func @sync
// CHECK-SAME: (%{{[^:]+}}: !pypto.tensor<2x1xi32> {pypto.dir = "inout"{{.*}}}, %{{[^:]+}}: !pypto.tensor<1x64xf32> {pypto.dir = "inout"{{.*}}}, %{{[^:]+}}: index, %{{[^:]+}}: index)
// CHECK-LABEL: func.func @load
// CHECK-SAME: !pypto.tensor<1x64xf32> {pypto.dir = "in"
// CHECK-LABEL: func.func @split_publish
// CHECK: %[[D:.+]] = pypto.alloc_window : !pypto.tensor<1x64xf32>
// CHECK: pypto.call @store(%{{[^,]+}}, %[[D]])
// CHECK: pypto.call @sync(%{{[^,]+}}, %[[D]], %{{.+}})
// CHECK: pypto.call @load(%[[D]], %{{.+}})
func.func @split_publish(%x: !pypto.tensor<2x64xf32>, %y: !pypto.tensor<2x64xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1 : i32
  %data = pypto.alloc_window : !pypto.tensor<1x64xf32>
  %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
  pypto.ranks world(2) (%rank) {
    %next = arith.addi %rank, %c1 : index
    %peer = arith.remsi %next, %c2 : index
    pypto.at core_group "store" {
      %row = pypto.slice %x[%rank, %c0] [1, 64] : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %row into %data[%c0, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<1x64xf32>
    }
    pypto.at core_group "sync" {
      pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
      pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
    }
    pypto.at core_group "load" {
      %r = pypto.remote_load %data[%c0, %c0] [1, 64] peer %peer : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %r into %y[%rank, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
    }
  }
  return
}

// -----

// Element reads make a tensor an input, element writes an output; both
// stay in the kernel on the whole tensor (the index is data).

// CHECK-LABEL: func.func @elements_incore_0
// CHECK-SAME: (%[[IDS:[^:]+]]: !pypto.tensor<8xi32> {pypto.dir = "in", pypto.strides = array<i64: 1>}, %[[OUT:[^:]+]]: !pypto.tensor<8xi32> {pypto.dir = "out", pypto.strides = array<i64: 1>}, %[[T:[^:]+]]: index)
// CHECK: %[[ID:.+]] = pypto.read %[[IDS]][%[[T]]]
// CHECK: pypto.write %{{.+}} into %[[OUT]][%{{.+}}]
// CHECK-LABEL: func.func @elements(
// CHECK: pypto.call @elements_incore_0(%{{.+}}, %{{.+}}, %{{.+}})
func.func @elements(%ids: !pypto.tensor<8xi32>, %out: !pypto.tensor<8xi32>, %t: index) {
  pypto.at core_group {
    %id = pypto.read %ids[%t] : !pypto.tensor<8xi32> -> i32
    %i = arith.index_cast %id : i32 to index
    pypto.write %id into %out[%i] : i32 into !pypto.tensor<8xi32>
  }
  return
}

// -----

// Run-time sizes of tensor parameters are scalar parameters the caller
// computes: the ids' count (a dimension) and the row stride of a window of
// a tensor whose width is bound per run; the kernel's pypto.dim of its
// parameter reads the scalar.

// CHECK-LABEL: func.func @sizes_incore_0
// CHECK-SAME: (%[[IDS:[^:]+]]: !pypto.tensor<?xi32> {pypto.dim_args = array<i64: 2>, pypto.dir = "in", pypto.strides = array<i64: 1>}, %[[W:[^:]+]]: !pypto.tensor<4x8xf32> {pypto.dir = "in", pypto.stride_args = array<i64: 3, -1>, pypto.strides = array<i64: -9223372036854775808, 1>}, %[[N:[^:]+]]: index, %[[S:[^:]+]]: index)
// CHECK: scf.for %{{.+}} = %{{.+}} to %[[N]] step
// CHECK-LABEL: func.func @sizes(
// CHECK-SAME: %[[X:[^:]+]]: !pypto.tensor<?xi32>, %[[Z:[^:]+]]: !pypto.tensor<4x?xf32>
// CHECK: %[[WIN:.+]] = pypto.slice %[[Z]]
// CHECK: %[[COUNT:.+]] = pypto.dim %[[X]], 0 : !pypto.tensor<?xi32>
// CHECK: %[[WIDTH:.+]] = pypto.dim %[[Z]], 1 : !pypto.tensor<4x?xf32>
// CHECK: pypto.call @sizes_incore_0(%[[X]], %[[WIN]], %[[COUNT]], %[[WIDTH]])
func.func @sizes(%ids: !pypto.tensor<?xi32>, %z: !pypto.tensor<4x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pypto.at core_group {
    %n = pypto.dim %ids, 0 : !pypto.tensor<?xi32>
    %w = pypto.slice %z[%c0, %c0] [4, 8] : !pypto.tensor<4x?xf32> -> !pypto.tensor<4x8xf32>
    scf.for %i = %c0 to %n step %c1 {
      %v = pypto.read %ids[%i] : !pypto.tensor<?xi32> -> i32
      %e = pypto.read %w[%c0, %i] : !pypto.tensor<4x8xf32> -> f32
    }
  }
  return
}

// -----

// A run-time block count goes to the call.

// CHECK-LABEL: func.func @runtime_spmd(
// CHECK: %[[N:.+]] = arith.divsi
// CHECK: pypto.call @rows(%{{.+}}) blocks(%[[N]])
func.func @runtime_spmd(%x: !pypto.tensor<?x16xf32>, %y: !pypto.tensor<?x16xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %rows = pypto.dim %x, 0 : !pypto.tensor<?x16xf32>
  %n = arith.divsi %rows, %c16 : index
  pypto.spmd core_group "rows" blocks(%n) (%b) {
    %r = arith.muli %b, %c16 : index
    %t = pypto.slice %x[%r, %c0] [16, 16] : !pypto.tensor<?x16xf32> -> !pypto.tensor<16x16xf32>
    %e = pypto.exp %t : !pypto.tensor<16x16xf32>
    pypto.assemble %e into %y[%r, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<?x16xf32>
  }
  return
}

// -----

// A tail window (valid shape) may run past its tensor's end: it stays in
// the kernel, which gets the whole tensor and the valid extents, and the
// tensor is not narrowed to the windows the region touches.

// CHECK-LABEL: func.func @tail_k(
// CHECK: pypto.slice %{{.+}}[%{{.+}}, %{{.+}}] [16, 32] valid [%{{.+}}, %{{.+}}] : !pypto.tensor<40x32xf32>
// CHECK: pypto.assemble %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %{{.+}}] : !pypto.tensor<16x32xf32> into !pypto.tensor<40x32xf32>
// CHECK-LABEL: func.func @tails
// CHECK: pypto.call @tail_k(%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}) : (!pypto.tensor<40x32xf32>, !pypto.tensor<40x32xf32>, index, index) -> ()
func.func @tails(%x: !pypto.tensor<40x32xf32>, %y: !pypto.tensor<40x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  scf.for %t0 = %c0 to %c40 step %c16 {
    %left = arith.subi %c40, %t0 : index
    %rows = arith.minsi %left, %c16 : index
    pypto.at core_group "tail_k" {
      %s = pypto.slice %x[%t0, %c0] [16, 32] valid [%rows, %c32]
          : !pypto.tensor<40x32xf32> -> !pypto.tensor<16x32xf32>
      %e = pypto.exp %s : !pypto.tensor<16x32xf32>
      pypto.assemble %e into %y[%t0, %c0] valid [%rows, %c32]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<40x32xf32>
    }
  }
  return
}

// -----

// A kernel's pypto.dim of a static dimension (of a parameter or of a
// window) is the constant: nothing is left for the tile conversion, which
// refused it (pypto-fuzz found this with its tail stores).

// CHECK-LABEL: func.func @static_dim_k(
// CHECK-NOT: pypto.dim
// CHECK: arith.constant 40 : index
// CHECK: pypto.assemble
func.func @static_dim(%x: !pypto.tensor<40x32xf32>, %y: !pypto.tensor<40x32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  scf.for %t0 = %c0 to %c40 step %c16 {
    pypto.at core_group "static_dim_k" {
      %n = pypto.dim %y, 0 : !pypto.tensor<40x32xf32>
      %left = arith.subi %n, %t0 : index
      %rows = arith.minsi %left, %c16 : index
      %s = pypto.slice %x[%t0, %c0] [16, 32] valid [%rows, %c32]
          : !pypto.tensor<40x32xf32> -> !pypto.tensor<16x32xf32>
      pypto.assemble %s into %y[%t0, %c0] valid [%rows, %c32]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<40x32xf32>
    }
  }
  return
}

// -----

// Dependency hints go to the call: the task id, deps(...), the argument
// positions of no_dep tensors (a hoisted window of one too) and
// allow_early_resolve.

// CHECK-LABEL: func.func @hinted
// CHECK: %[[A:.+]] = pypto.call @first(%{{.+}}) : (!pypto.tensor<16x16xf32>) -> !pypto.task
// CHECK: %[[W:.+]] = pypto.slice %{{.+}}[%{{.+}}, %{{.+}}] [16, 16] : !pypto.tensor<32x16xf32>
// CHECK: %[[B:.+]] = pypto.call @second(%[[W]], %{{.+}}) blocks(%{{.+}}) deps(%[[A]]) {allow_early_resolve, no_dep_args = array<i64: 0>}
// CHECK-SAME: -> !pypto.task
// CHECK: pypto.call @third() deps(%[[B]], %[[A]])
func.func @hinted(%x: !pypto.tensor<32x16xf32>, %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %n: index) {
  %c0 = arith.constant 0 : index
  %a = pypto.at core_group "first" {
    %t = pypto.add %y, %y : !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  %b = pypto.spmd core_group "second" blocks(%n) deps(%a) no_dep(%x : !pypto.tensor<32x16xf32>) allow_early_resolve (%i) {
    %s = pypto.slice %x[%c0, %c0] [16, 16] : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
    %t = pypto.add %s, %s : !pypto.tensor<16x16xf32>
    pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  }
  pypto.at core_group "third" deps(%b, %a) {
  }
  return
}

// -----

// A region's results become tensors created before it: the yield becomes
// an assemble of each value into its tensor, and later regions receive the
// tensor. The task id result stays the call's.
// CHECK-LABEL: func.func @gate
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<16x32xf32> {pypto.dir = "in"{{[^}]*}}}, %[[OUT:[^:]+]]: !pypto.tensor<16x32xf32> {pypto.dir = "out"
// CHECK: %[[E:.+]] = pypto.exp %[[X]]
// CHECK: pypto.assemble %[[E]] into %[[OUT]][%{{.+}}, %{{.+}}]
// CHECK-NOT: pypto.yield
// CHECK-LABEL: func.func @region_results
// CHECK: %[[G:.+]] = pypto.create_tensor : !pypto.tensor<16x32xf32>
// CHECK: %[[T:.+]] = pypto.call @gate(%{{.+}}, %[[G]]) : (!pypto.tensor<16x32xf32>, !pypto.tensor<16x32xf32>) -> !pypto.task
// CHECK: pypto.call @use(%[[G]], %{{.+}}) deps(%[[T]])
func.func @region_results(%x: !pypto.tensor<16x32xf32>, %y: !pypto.tensor<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %t, %g = pypto.at core_group "gate" -> (!pypto.tensor<16x32xf32>) {
    %e = pypto.exp %x : !pypto.tensor<16x32xf32>
    pypto.yield %e : !pypto.tensor<16x32xf32>
  }
  pypto.at core_group "use" deps(%t) {
    %n = pypto.neg %g : !pypto.tensor<16x32xf32>
    pypto.assemble %n into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  return
}

// -----

// A kernel that only pushes (remote_store, put) writes a peer's copy of a
// window: it takes this rank's copy read and written (inout), so the runtime
// orders it after the tasks that read or wrote the window here; a put's
// source is read.

// CHECK-LABEL: func.func @pusher
// CHECK-SAME: (%{{[^:]+}}: !pypto.tensor<1x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>}, %{{[^:]+}}: !pypto.tensor<2x64xf32> {pypto.dir = "inout", pypto.strides = array<i64: 64, 1>, pypto.window}, %{{[^:]+}}: !pypto.tensor<8x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>}, %{{[^:]+}}: !pypto.tensor<8x64xf32> {pypto.dir = "inout", pypto.strides = array<i64: 64, 1>, pypto.window}
func.func @push_only(%x: !pypto.tensor<8x64xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sums = pypto.alloc_window : !pypto.tensor<2x64xf32>
  %rows = pypto.alloc_window : !pypto.tensor<8x64xf32>
  pypto.ranks world(2) (%rank) {
    pypto.at core_group "pusher" {
      %peer = arith.subi %c1, %rank : index
      %row = pypto.slice %x[%c0, %c0] [1, 64] : !pypto.tensor<8x64xf32> -> !pypto.tensor<1x64xf32>
      %e = pypto.exp %row : !pypto.tensor<1x64xf32>
      pypto.remote_store %e into %sums[%rank, %c0] peer %peer : !pypto.tensor<1x64xf32> into !pypto.tensor<2x64xf32>
      pypto.put %x[%c0, %c0] into %rows[%c0, %c0] [8, 64] peer %peer : !pypto.tensor<8x64xf32> into !pypto.tensor<8x64xf32>
    }
  }
  return
}
