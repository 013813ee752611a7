// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s --check-prefix=CONV
// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile --pypto-infer-memory-space | FileCheck %s

// The conversion itself leaves memory spaces to pypto-infer-memory-space
// (the CONV lines); the CHECK lines show both passes together, the form the
// rest of the pipeline sees.
// CONV-LABEL: func.func @add_scalar
// CONV:       pypto.load {{.*}} -> !pypto.tile<128x256xf32>{{$}}
// CONV:       pypto.adds {{.*}} : !pypto.tile<128x256xf32>, f32
// CONV-LABEL: func.func @matmul_tile
// CONV:       %[[A:.+]] = pypto.load {{.*}} -> !pypto.tile<64x256xf16>{{$}}
// CONV:       %[[B:.+]] = pypto.load {{.*}} -> !pypto.tile<256x64xf16>{{$}}
// CONV-NEXT:  pypto.matmul %[[A]], %[[B]] : !pypto.tile<64x256xf16>, !pypto.tile<256x64xf16>{{$}}

// Vector work: the parameter is loaded into a vec tile, compute runs on
// tiles, and the assemble into a parameter becomes a store.

// CHECK-LABEL: func.func @add_scalar
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<128x256xf32> {{.+}}, %[[Y:.+]]: !pypto.tensor<128x256xf32> {{.+}}, %[[A:.+]]: f32)
// CHECK: %[[T:.+]] = pypto.load %[[X]][%[[Z:.+]], %[[Z]]] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
// CHECK: %[[S:.+]] = pypto.adds %[[T]], %[[A]] : !pypto.tile<128x256xf32, vec>, f32
// CHECK: %[[R:.+]] = arith.addi %{{.+}}, %[[C0:.+]] : index
// CHECK: %[[C:.+]] = arith.addi %{{.+}}, %[[C0]] : index
// CHECK: pypto.store %[[S]], %[[Y]][%[[R]], %[[C]]] : !pypto.tile<128x256xf32, vec>, !pypto.tensor<128x256xf32>
// CHECK-NOT: pypto.assemble
// CHECK: return
func.func @add_scalar(%x: !pypto.tensor<128x256xf32> {pypto.dir = "in"},
                      %y: !pypto.tensor<128x256xf32> {pypto.dir = "out"}, %a: f32)
    attributes {pypto.kind = "incore"} {
  %s = pypto.adds %x, %a : !pypto.tensor<128x256xf32>, f32
  %c0 = arith.constant 0 : index
  pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<128x256xf32> into !pypto.tensor<128x256xf32>
  return
}

// -----

// Cube work: operands are loaded into mat and moved to left and right, the
// product lives in acc and is stored from there.

// CHECK-LABEL: func.func @matmul_tile
// CHECK-SAME: (%[[A:.+]]: !pypto.tensor<64x256xf16>, %[[B:.+]]: !pypto.tensor<256x64xf16>, %[[C:.+]]: !pypto.tensor<64x64xf32>)
// CHECK: %[[AM:.+]] = pypto.load %[[A]]{{.+}} : !pypto.tensor<64x256xf16> -> !pypto.tile<64x256xf16, mat>
// CHECK: %[[AL:.+]] = pypto.move %[[AM]] : !pypto.tile<64x256xf16, mat> -> !pypto.tile<64x256xf16, left>
// CHECK: %[[BM:.+]] = pypto.load %[[B]]{{.+}} : !pypto.tensor<256x64xf16> -> !pypto.tile<256x64xf16, mat>
// CHECK: %[[BR:.+]] = pypto.move %[[BM]] : !pypto.tile<256x64xf16, mat> -> !pypto.tile<256x64xf16, right>
// CHECK: %[[ACC:.+]] = pypto.matmul %[[AL]], %[[BR]] : !pypto.tile<64x256xf16, left>, !pypto.tile<256x64xf16, right>
// CHECK: pypto.store %[[ACC]], %[[C]]{{.+}} : !pypto.tile<64x64xf32, acc>, !pypto.tensor<64x64xf32>
// CHECK-NOT: pypto.matmul
func.func @matmul_tile(%a: !pypto.tensor<64x256xf16>, %b: !pypto.tensor<256x64xf16>,
                       %c: !pypto.tensor<64x64xf32>) attributes {pypto.kind = "incore"} {
  %p = pypto.matmul %a, %b : !pypto.tensor<64x256xf16>, !pypto.tensor<256x64xf16> -> !pypto.tensor<64x64xf32>
  %c0 = arith.constant 0 : index
  pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
  return
}

// -----

// Slices inside a kernel become offsets into the parameter: a slice of a
// slice adds up the offsets, and so does an assemble into a slice.

// CHECK-LABEL: func.func @nested_slices
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<64x64xf32>, %[[Y:.+]]: !pypto.tensor<64x64xf32>, %[[S:.+]]: f32)
// CHECK-DAG: %[[C16:.+]] = arith.constant 16 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// CHECK: %[[R1:.+]] = arith.addi %[[Z:.+]], %[[C16]] : index
// CHECK: %[[C1:.+]] = arith.addi %[[Z]], %[[C32]] : index
// CHECK: %[[R2:.+]] = arith.addi %[[R1]], %[[C16]] : index
// CHECK: %[[C2:.+]] = arith.addi %[[C1]], %[[C16]] : index
// CHECK: %[[T:.+]] = pypto.load %[[X]][%[[R2]], %[[C2]]] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK: %[[U:.+]] = pypto.adds %[[T]], %[[S]] : !pypto.tile<16x16xf32, vec>, f32
// CHECK: %[[W:.+]] = pypto.add %[[U]], %{{.+}} : !pypto.tile<16x16xf32, vec>
// CHECK: %[[YR:.+]] = arith.addi %{{.+}}, %[[C32]] : index
// CHECK: %[[YC:.+]] = arith.addi %{{.+}}, %[[C16]] : index
// CHECK: %[[SR:.+]] = arith.addi %[[YR]], %[[Z2:.+]] : index
// CHECK: %[[SC:.+]] = arith.addi %[[YC]], %[[Z2]] : index
// CHECK: pypto.store %[[W]], %[[Y]][%[[SR]], %[[SC]]] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<64x64xf32>
// CHECK-NOT: pypto.slice
func.func @nested_slices(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<64x64xf32>, %s: f32)
    attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a = pypto.slice %x[%c16, %c32] [32, 32] : !pypto.tensor<64x64xf32> -> !pypto.tensor<32x32xf32>
  %b = pypto.slice %a[%c16, %c16] [16, 16] : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x16xf32>
  %u = pypto.adds %b, %s : !pypto.tensor<16x16xf32>, f32
  %w = pypto.add %u, %b : !pypto.tensor<16x16xf32>
  %d = pypto.slice %y[%c32, %c16] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  pypto.assemble %w into %d[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// Copying a parameter loads it and stores the tile.

// CHECK-LABEL: func.func @copy
// CHECK: %[[T:.+]] = pypto.load %{{.+}} : !pypto.tensor<16x32xbf16> -> !pypto.tile<16x32xbf16, vec>
// CHECK: pypto.store %[[T]], %{{.+}} : !pypto.tile<16x32xbf16, vec>, !pypto.tensor<16x32xbf16>
func.func @copy(%x: !pypto.tensor<16x32xbf16>, %y: !pypto.tensor<16x32xbf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<16x32xbf16> into !pypto.tensor<16x32xbf16>
  return
}

// -----

// Work inside a loop of the kernel is converted in place.

// CHECK-LABEL: func.func @loop
// CHECK: scf.for %[[I:.+]] = {{.+}} {
// CHECK:   %[[R:.+]] = arith.addi %{{.+}}, %[[I]] : index
// CHECK:   %[[T:.+]] = pypto.load %{{.+}}[%[[R]], %{{.+}}] : !pypto.tensor<64x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK:   pypto.adds %[[T]]
// CHECK:   pypto.store
// CHECK: }
func.func @loop(%x: !pypto.tensor<64x16xf32>, %y: !pypto.tensor<64x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %t = pypto.slice %x[%i, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
    %u = pypto.adds %t, %s : !pypto.tensor<16x16xf32>, f32
    pypto.assemble %u into %y[%i, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x16xf32>
  }
  return
}

// -----

// Functions that are not kernels, kernel declarations and kernels already on
// tiles are left alone.

// CHECK-LABEL: func.func @orchestration
// CHECK-NEXT: pypto.adds %{{.+}}, %{{.+}} : !pypto.tensor<16x16xf32>, f32
// CHECK-LABEL: func.func private @declared
// CHECK-LABEL: func.func @tiled
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[T:.+]] = pypto.load %{{.+}}[%[[C0]], %[[C0]]] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT: %[[U:.+]] = pypto.adds %[[T]], %{{.+}} : !pypto.tile<16x16xf32, vec>, f32
// CHECK-NEXT: pypto.store %[[U]], %{{.+}}[%[[C0]], %[[C0]]] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
// CHECK-NEXT: return
func.func @orchestration(%x: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "orchestration"} {
  %u = pypto.adds %x, %s : !pypto.tensor<16x16xf32>, f32
  return
}
func.func private @declared(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"}
func.func @tiled(%x: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %u = pypto.adds %t, %s : !pypto.tile<16x16xf32, vec>, f32
  pypto.store %u, %x[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// softmax over rows: the parameter is loaded once although two ops read it,
// and so is nothing else; each row reduction gets a create_tile scratch of
// its source's type; the fused broadcast ops run on the tiles.

// CHECK-LABEL: func.func @softmax_rows
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<16x64xf32>, %[[Y:.+]]: !pypto.tensor<16x64xf32>)
// CHECK: %[[T:.+]] = pypto.load %[[X]][%[[Z:.+]], %[[Z]]] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[TMP1:.+]] = pypto.create_tile : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[M:.+]] = pypto.row_max %[[T]] tmp %[[TMP1]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[E:.+]] = pypto.row_expand_expdif %[[T]], %[[M]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK-NEXT: %[[TMP2:.+]] = pypto.create_tile : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[S:.+]] = pypto.row_sum %[[E]] tmp %[[TMP2]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[O:.+]] = pypto.row_expand_div %[[E]], %[[S]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.store %[[O]], %[[Y]]
// CHECK-NOT: pypto.load
// CHECK: return
func.func @softmax_rows(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<16x64xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m = pypto.row_max %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  %e = pypto.row_expand_expdif %x, %m : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %s = pypto.row_sum %e : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  %o = pypto.row_expand_div %e, %s : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  pypto.assemble %o into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  return
}

// -----

// A tensor used twice by one op and again later is loaded once; full makes
// a vec tile from a scalar; transpose gets a scratch tile, a column
// reduction and a cast do not; the cast keeps its rounding.

// CHECK-LABEL: func.func @generic_vector
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<16x64xf32>, %[[Y:.+]]: !pypto.tensor<64x16xf32>, %[[Z:.+]]: !pypto.tensor<1x64xf16>, %[[S:.+]]: f32)
// CHECK: %[[T:.+]] = pypto.load %[[X]]{{.+}} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[SQ:.+]] = pypto.mul %[[T]], %[[T]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[F:.+]] = pypto.full %[[S]] : f32 -> !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[R:.+]] = pypto.max %[[SQ]], %[[F]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[Q:.+]] = pypto.sqrt %[[R]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[TMP:.+]] = pypto.create_tile : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[TR:.+]] = pypto.transpose %[[Q]] tmp %[[TMP]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK: pypto.store %[[TR]], %[[Y]]{{.+}} : !pypto.tile<64x16xf32, vec>, !pypto.tensor<64x16xf32>
// CHECK-NEXT: %[[C:.+]] = pypto.col_min %[[T]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: %[[H:.+]] = pypto.cast %[[C]] round odd : !pypto.tile<1x64xf32, vec> -> !pypto.tile<1x64xf16, vec>
// CHECK: pypto.store %[[H]], %[[Z]]{{.+}} : !pypto.tile<1x64xf16, vec>, !pypto.tensor<1x64xf16>
// CHECK-NEXT: return
func.func @generic_vector(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<64x16xf32>, %z: !pypto.tensor<1x64xf16>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %sq = pypto.mul %x, %x : !pypto.tensor<16x64xf32>
  %f = pypto.full %s : f32 -> !pypto.tensor<16x64xf32>
  %r = pypto.max %sq, %f : !pypto.tensor<16x64xf32>
  %q = pypto.sqrt %r : !pypto.tensor<16x64xf32>
  %t = pypto.transpose %q : !pypto.tensor<16x64xf32> -> !pypto.tensor<64x16xf32>
  pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<64x16xf32> into !pypto.tensor<64x16xf32>
  %c = pypto.col_min %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xf32>
  %h = pypto.cast %c round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
  pypto.assemble %h into %z[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<1x64xf16>
  return
}

// -----

// Tensors have reference semantics: a read after an assemble into the same
// tensor sees the stored value, so the window is loaded again.

// CHECK-LABEL: func.func @reload_after_store
// CHECK-SAME: (%[[X:.+]]: !pypto.tensor<16x64xf32>, %[[Y:.+]]: !pypto.tensor<16x64xf32>, %[[S:.+]]: f32)
// CHECK: %[[T:.+]] = pypto.load %[[X]]
// CHECK: %[[U:.+]] = pypto.adds %[[T]], %[[S]]
// CHECK: pypto.store %[[U]], %[[X]]
// CHECK: %[[V:.+]] = pypto.load %[[X]]
// CHECK: %[[W:.+]] = pypto.muls %[[V]], %[[S]]
// CHECK: pypto.store %[[W]], %[[Y]]
func.func @reload_after_store(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<16x64xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.adds %x, %s : !pypto.tensor<16x64xf32>, f32
  pypto.assemble %t into %x[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  %u = pypto.muls %x, %s : !pypto.tensor<16x64xf32>, f32
  pypto.assemble %u into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  return
}

// -----

// K-loop steps: matmul_acc accumulates onto the acc tile of a matmul (or of
// another matmul_acc), with its operands loaded into mat (once per window)
// and moved to left and right once (the moves are shared); the sum stays in
// acc and is stored from there.

// CHECK-LABEL: func.func @matmul_acc
// CHECK-SAME: (%[[A:.+]]: !pypto.tensor<16x64xf16>, %[[B:.+]]: !pypto.tensor<64x16xf16>, %[[C:.+]]: !pypto.tensor<16x16xf32>)
// CHECK: %[[AL0:.+]] = pypto.move %{{.+}} : !pypto.tile<16x32xf16, mat> -> !pypto.tile<16x32xf16, left>
// CHECK: %[[BR0:.+]] = pypto.move %{{.+}} : !pypto.tile<32x16xf16, mat> -> !pypto.tile<32x16xf16, right>
// CHECK: %[[P:.+]] = pypto.matmul %[[AL0]], %[[BR0]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: %[[AM1:.+]] = pypto.load %[[A]][%{{.+}}, %{{.+}}] : !pypto.tensor<16x64xf16> -> !pypto.tile<16x32xf16, mat>
// CHECK: %[[AL1:.+]] = pypto.move %[[AM1]] : !pypto.tile<16x32xf16, mat> -> !pypto.tile<16x32xf16, left>
// CHECK: %[[BM1:.+]] = pypto.load %[[B]][%{{.+}}, %{{.+}}] : !pypto.tensor<64x16xf16> -> !pypto.tile<32x16xf16, mat>
// CHECK: %[[BR1:.+]] = pypto.move %[[BM1]] : !pypto.tile<32x16xf16, mat> -> !pypto.tile<32x16xf16, right>
// CHECK: %[[Q:.+]] = pypto.matmul_acc %[[P]], %[[AL1]], %[[BR1]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK-NOT: pypto.load
// CHECK-NOT: pypto.move
// CHECK: %[[R:.+]] = pypto.matmul_acc %[[Q]], %[[AL1]], %[[BR1]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: pypto.store %[[R]], %[[C]]{{.+}} : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
// CHECK-NOT: pypto.matmul
func.func @matmul_acc(%a: !pypto.tensor<16x64xf16>, %b: !pypto.tensor<64x16xf16>, %c: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %a0 = pypto.slice %a[%c0, %c0] [16, 32] : !pypto.tensor<16x64xf16> -> !pypto.tensor<16x32xf16>
  %b0 = pypto.slice %b[%c0, %c0] [32, 16] : !pypto.tensor<64x16xf16> -> !pypto.tensor<32x16xf16>
  %p = pypto.matmul %a0, %b0 : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  %a1 = pypto.slice %a[%c0, %c32] [16, 32] : !pypto.tensor<16x64xf16> -> !pypto.tensor<16x32xf16>
  %b1 = pypto.slice %b[%c32, %c0] [32, 16] : !pypto.tensor<64x16xf16> -> !pypto.tensor<32x16xf16>
  %q = pypto.matmul_acc %p, %a1, %b1 : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  %r = pypto.matmul_acc %q, %a1, %b1 : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  pypto.assemble %r into %c[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A K-loop carrying an accumulator tensor carries the acc tile instead.

// CHECK-LABEL: func.func @k_loop
// CHECK:       %[[FIRST:.+]] = pypto.matmul {{.+}}
// CHECK:       %[[LOOP:.+]] = scf.for {{.+}} iter_args(%[[SUM:.+]] = %[[FIRST]]) -> (!pypto.tile<16x16xf32, acc>)
// CHECK:         %[[NEXT:.+]] = pypto.matmul_acc %[[SUM]], {{.+}}
// CHECK:         scf.yield %[[NEXT]] : !pypto.tile<16x16xf32, acc>
// CHECK:       pypto.store %[[LOOP]]
func.func @k_loop(%a: !pypto.tensor<16x64xf32>, %b: !pypto.tensor<64x16xf32>,
                  %c: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %a0 = pypto.slice %a[%c0, %c0] [16, 16] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x16xf32>
  %b0 = pypto.slice %b[%c0, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
  %first = pypto.matmul %a0, %b0 : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  %acc = scf.for %k = %c16 to %c64 step %c16 iter_args(%sum = %first) -> (!pypto.tensor<16x16xf32>) {
    %ak = pypto.slice %a[%c0, %k] [16, 16] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x16xf32>
    %bk = pypto.slice %b[%k, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
    %next = pypto.matmul_acc %sum, %ak, %bk : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
    scf.yield %next : !pypto.tensor<16x16xf32>
  }
  pypto.assemble %acc into %c[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// Cube results reach vector ops through a move from acc to vec, and vector
// results reach a matmul through vec -> mat -> left/right: the boundaries
// pypto-expand-mixed-kernel turns into pipes. A product feeding another
// matmul is staged in mat.

// CHECK-LABEL: func.func @mixed_moves
// CHECK:       %[[P:.+]] = pypto.matmul {{.*}}
// CHECK:       %[[V:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:  %[[S:.+]] = pypto.adds %[[V]], %{{.+}} : !pypto.tile<16x16xf32, vec>, f32
// CHECK-NEXT:  %[[M:.+]] = pypto.move %[[S]] : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:  %[[L:.+]] = pypto.move %[[M]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK:       %[[Q:.+]] = pypto.matmul %[[L]], %{{.+}}
// CHECK-NEXT:  %[[QM:.+]] = pypto.move %[[Q]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:  %[[QL:.+]] = pypto.move %[[QM]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
func.func @mixed_moves(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                       %y: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %p = pypto.matmul %a, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  %t = pypto.adds %p, %s : !pypto.tensor<16x16xf32>, f32
  %q = pypto.matmul %t, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  %r = pypto.matmul %q, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A transposed operand is loaded transposed into mat (its NxK window as a
// KxN tile); the matmul on tiles carries no transposition.

// CHECK-LABEL: func.func @b_trans
// CHECK:       %[[K:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] {transpose} : !pypto.tensor<32x64xf32> -> !pypto.tile<64x32xf32, mat>
// CHECK:       %[[R:.+]] = pypto.move %[[K]] : !pypto.tile<64x32xf32, mat> -> !pypto.tile<64x32xf32, right>
// CHECK:       pypto.matmul %{{.+}}, %[[R]] : !pypto.tile<16x64xf32, left>, !pypto.tile<64x32xf32, right>
func.func @b_trans(%q: !pypto.tensor<16x64xf32>, %k: !pypto.tensor<32x64xf32>,
                   %s: !pypto.tensor<16x32xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %p = pypto.matmul %q, %k {b_trans} : !pypto.tensor<16x64xf32>, !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
  pypto.assemble %p into %s[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  return
}

// -----

// Multi-card accesses. A remote_load becomes a load with `peer` at the
// window's offsets in the parameter (a slice of a slice adds up, as for
// local loads); notify and wait stay GM operations, on the parameter itself
// with their indices rebased by the slice's offsets.

// CONV-LABEL: func.func @remote
// CONV:       pypto.load %{{.+}}[%{{.+}}, %{{.+}}] peer %{{.+}} : !pypto.tensor<4x64xf32> -> !pypto.tile<1x32xf32>{{$}}
// CONV:       pypto.load %{{.+}}[%{{.+}}, %{{.+}}] peer %{{.+}} : !pypto.tensor<4x64xf32> -> !pypto.tile<1x32xf32>{{$}}
// CONV:       pypto.add %{{.+}}, %{{.+}} : !pypto.tile<1x32xf32>{{$}}

// CHECK-LABEL: func.func @remote
// CHECK-SAME: (%[[DATA:[^:]+]]: !pypto.tensor<4x64xf32>, %[[SIG:[^:]+]]: !pypto.tensor<4x2xi32>, %[[OUT:[^:]+]]: !pypto.tensor<1x32xf32> {pypto.dir = "out"}, %[[PEER:[^:]+]]: index, %[[ONE:[^:]+]]: i32)
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C2:.+]] = arith.constant 2 : index
// CHECK-DAG: %[[C32:.+]] = arith.constant 32 : index
// The slices: rows [2, 4) of the data, rows [2, 4) and column 1 of the
// signals.
// CHECK:      %[[HR:.+]] = arith.addi %[[ZD:.+]], %[[C2]] : index
// CHECK-NEXT: %[[HC:.+]] = arith.addi %[[ZD]], %[[C0:.+]] : index
// CHECK-NEXT: %[[SR:.+]] = arith.addi %[[ZS:.+]], %[[C2]] : index
// CHECK-NEXT: %[[SC:.+]] = arith.addi %[[ZS]], %[[C1]] : index
// notify of the slice's [1, 0]: the signal's [2 + 1, 1 + 0].
// CHECK-NEXT: %[[NR:.+]] = arith.addi %[[SR]], %[[C1]] : index
// CHECK-NEXT: %[[NC:.+]] = arith.addi %[[SC]], %[[C0]] : index
// CHECK-NEXT: pypto.notify %[[SIG]][%[[NR]], %[[NC]]] peer %[[PEER]] set %[[ONE]] : !pypto.tensor<4x2xi32>
// wait on the slice's [peer, 0]: the signal's [2 + peer, 1 + 0].
// CHECK-NEXT: %[[WR:.+]] = arith.addi %[[SR]], %[[PEER]] : index
// CHECK-NEXT: %[[WC:.+]] = arith.addi %[[SC]], %[[C0]] : index
// CHECK-NEXT: pypto.wait %[[SIG]][%[[WR]], %[[WC]]] ge %[[ONE]] : !pypto.tensor<4x2xi32>
// notify of the parameter itself: offsets from zero.
// CHECK-NEXT: %[[PR:.+]] = arith.addi %[[ZS]], %[[PEER]] : index
// CHECK-NEXT: %[[PC:.+]] = arith.addi %[[ZS]], %[[C1]] : index
// CHECK-NEXT: pypto.notify %[[SIG]][%[[PR]], %[[PC]]] peer %[[PEER]] add %[[ONE]] : !pypto.tensor<4x2xi32>
// remote_load of the slice's [1, 32]: the data's [2 + 1, 0 + 32].
// CHECK-NEXT: %[[LR:.+]] = arith.addi %[[HR]], %[[C1]] : index
// CHECK-NEXT: %[[LC:.+]] = arith.addi %[[HC]], %[[C32]] : index
// CHECK-NEXT: %[[R:.+]] = pypto.load %[[DATA]][%[[LR]], %[[LC]]] peer %[[PEER]] : !pypto.tensor<4x64xf32> -> !pypto.tile<1x32xf32, vec>
// CHECK-NEXT: %[[MR:.+]] = arith.addi %[[ZD]], %[[C0]] : index
// CHECK-NEXT: %[[MC:.+]] = arith.addi %[[ZD]], %[[C0]] : index
// CHECK-NEXT: %[[W:.+]] = pypto.load %[[DATA]][%[[MR]], %[[MC]]] peer %[[PEER]] : !pypto.tensor<4x64xf32> -> !pypto.tile<1x32xf32, vec>
// CHECK-NEXT: %[[S:.+]] = pypto.add %[[R]], %[[W]] : !pypto.tile<1x32xf32, vec>
// CHECK:      pypto.store %[[S]], %[[OUT]]
// CHECK-NOT:  pypto.remote_load
// CHECK:      return
func.func @remote(%data: !pypto.tensor<4x64xf32>, %signal: !pypto.tensor<4x2xi32>,
                  %out: !pypto.tensor<1x32xf32> {pypto.dir = "out"}, %peer: index, %one: i32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %half = pypto.slice %data[%c2, %c0] [2, 64] : !pypto.tensor<4x64xf32> -> !pypto.tensor<2x64xf32>
  %sigs = pypto.slice %signal[%c2, %c1] [2, 1] : !pypto.tensor<4x2xi32> -> !pypto.tensor<2x1xi32>
  pypto.notify %sigs[%c1, %c0] peer %peer set %one : !pypto.tensor<2x1xi32>
  pypto.wait %sigs[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
  pypto.notify %signal[%peer, %c1] peer %peer add %one : !pypto.tensor<4x2xi32>
  %r = pypto.remote_load %half[%c1, %c32] [1, 32] peer %peer : !pypto.tensor<2x64xf32> -> !pypto.tensor<1x32xf32>
  %w = pypto.remote_load %data[%c0, %c0] [1, 32] peer %peer : !pypto.tensor<4x64xf32> -> !pypto.tensor<1x32xf32>
  %s = pypto.add %r, %w : !pypto.tensor<1x32xf32>
  pypto.assemble %s into %out[%c0, %c0] : !pypto.tensor<1x32xf32> into !pypto.tensor<1x32xf32>
  return
}

// -----

// A peer's window feeding both vector and cube work is loaded into vec and
// into mat, both from the peer.

// CHECK-LABEL: func.func @remote_both
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x16xf32>, %{{[^:]+}}: !pypto.tensor<16x16xf32>, %{{[^:]+}}: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %{{[^:]+}}: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %[[PEER:[^:]+]]: index)
// CHECK:      %[[M:.+]] = pypto.load %[[A]][%[[R:.+]], %[[C:.+]]] peer %[[PEER]] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
// CHECK-NEXT: %[[L:.+]] = pypto.move %[[M]] : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
// CHECK-NEXT: %[[V:.+]] = pypto.load %[[A]][%[[R]], %[[C]]] peer %[[PEER]] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT: pypto.exp %[[V]] : !pypto.tile<16x16xf32, vec>
// CHECK:      pypto.matmul %[[L]], %{{.+}} : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right>
func.func @remote_both(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                       %c: !pypto.tensor<16x16xf32> {pypto.dir = "out"},
                       %d: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %peer: index)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ra = pypto.remote_load %a[%c0, %c0] [16, 16] peer %peer : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  %e = pypto.exp %ra : !pypto.tensor<16x16xf32>
  pypto.assemble %e into %d[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  %p = pypto.matmul %ra, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A loop may start from a window of a parameter: it is loaded before the
// loop, which then carries the tile.
// CHECK-LABEL: func.func @carried_parameter_window
// CHECK:       %[[T:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:  %[[R:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[X:.+]] = %[[T]]) -> (!pypto.tile<16x16xf32, vec>)
// CHECK-NEXT:    %[[Y:.+]] = pypto.adds %[[X]], %{{.+}} : !pypto.tile<16x16xf32, vec>, f32
// CHECK-NEXT:    scf.yield %[[Y]] : !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.store %[[R]], %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
func.func @carried_parameter_window(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!pypto.tensor<16x16xf32>) {
    %y = pypto.adds %x, %s : !pypto.tensor<16x16xf32>, f32
    scf.yield %y : !pypto.tensor<16x16xf32>
  }
  pypto.assemble %r into %b[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A loop that starts from an earlier loop's result carries that tile.
// CHECK-LABEL: func.func @chained_loops
// CHECK:       %[[A:.+]] = scf.for {{.+}} -> (!pypto.tile<16x16xf32, vec>)
// CHECK:       %[[B:.+]] = scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[X:.+]] = %[[A]]) -> (!pypto.tile<16x16xf32, vec>)
// CHECK-NEXT:    %[[Y:.+]] = pypto.muls %[[X]], %{{.+}} : !pypto.tile<16x16xf32, vec>, f32
// CHECK-NEXT:    scf.yield %[[Y]] : !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.store %[[B]]
func.func @chained_loops(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!pypto.tensor<16x16xf32>) {
    %y = pypto.adds %x, %s : !pypto.tensor<16x16xf32>, f32
    scf.yield %y : !pypto.tensor<16x16xf32>
  }
  %q = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %r) -> (!pypto.tensor<16x16xf32>) {
    %y = pypto.muls %x, %s : !pypto.tensor<16x16xf32>, f32
    scf.yield %y : !pypto.tensor<16x16xf32>
  }
  pypto.assemble %q into %b[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A window loaded before a loop is loaded again inside it: the loop body
// stores into the same tensor, so the next iteration must read it anew.
// CHECK-LABEL: func.func @reload_in_loop
// CHECK-SAME:  (%[[X:[^:]+]]: !pypto.tensor<8x16xf32>
// CHECK:       pypto.load %[[X]][
// CHECK:       scf.for
// CHECK-NEXT:    %[[T:.+]] = pypto.load %[[X]][
// CHECK-NEXT:    pypto.adds %[[T]]
// CHECK:         pypto.store {{.+}}, %[[X]][
func.func @reload_in_loop(%x: !pypto.tensor<8x16xf32>, %y: !pypto.tensor<8x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %t = pypto.slice %x[%c0, %c0] [8, 16] : !pypto.tensor<8x16xf32> -> !pypto.tensor<8x16xf32>
  %a = pypto.adds %t, %s : !pypto.tensor<8x16xf32>, f32
  scf.for %i = %c0 to %c3 step %c1 {
    %u = pypto.adds %t, %s : !pypto.tensor<8x16xf32>, f32
    pypto.assemble %u into %x[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
  }
  pypto.assemble %a into %y[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
  return
}

// -----

// ptoas 0.27 wants row-major tiles where a column vector (Mx1, stored
// column-major) is the source of a column reduction or a transpose, or the
// result of a broadcast op: these become operations on the 1xM row view.
// CONV-LABEL: func.func @column_vector_ops
// CONV:       %[[S:.+]] = pypto.row_sum %{{.+}} tmp %{{.+}} : !pypto.tile<20x40xf32>, !pypto.tile<20x40xf32>
// CONV:       %[[V:.+]] = pypto.reshape %[[S]] : !pypto.tile<20x1xf32> -> !pypto.tile<1x20xf32>
// CONV-NEXT:  %[[T:.+]] = pypto.create_tile : !pypto.tile<1x20xf32>
// CONV-NEXT:  %[[TOTAL:.+]] = pypto.row_sum %[[V]] tmp %[[T]] : !pypto.tile<1x20xf32>, !pypto.tile<1x20xf32>
// CONV:       pypto.reshape %[[S]] : !pypto.tile<20x1xf32> -> !pypto.tile<1x20xf32>
// CONV-NOT:   pypto.transpose
// CONV:       %[[R:.+]] = pypto.reshape %[[S]] : !pypto.tile<20x1xf32> -> !pypto.tile<1x20xf32>
// CONV-NEXT:  %[[E:.+]] = pypto.row_expand_sub %[[R]], %[[TOTAL]] : !pypto.tile<1x20xf32>, !pypto.tile<1x1xf32>
// CONV-NEXT:  pypto.reshape %[[E]] : !pypto.tile<1x20xf32> -> !pypto.tile<20x1xf32>
// CONV:       pypto.div %[[S]], %[[S]] : !pypto.tile<20x1xf32>
// CONV:       %[[FILL:.+]] = pypto.row_expand %[[TOTAL]] : !pypto.tile<1x1xf32> -> !pypto.tile<1x20xf32>
// CONV-NEXT:  %[[FC:.+]] = pypto.reshape %[[FILL]] : !pypto.tile<1x20xf32> -> !pypto.tile<20x1xf32>
// CONV-NEXT:  pypto.add %[[FC]], %[[S]] : !pypto.tile<20x1xf32>
// A row reduction of one column is the column.
// CONV:       pypto.store %[[S]], %{{.+}}
// CONV-NOT:   pypto.row_max
// CONV-NOT:   pypto.col_
// CONV-NOT:   pypto.row_expand_div
// CONV:       return
func.func @column_vector_ops(%x: !pypto.tensor<20x40xf32> {pypto.dir = "in"},
                             %s: !pypto.tensor<1x1xf32> {pypto.dir = "out"},
                             %t: !pypto.tensor<1x20xf32> {pypto.dir = "out"},
                             %ce: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                             %re: !pypto.tensor<20x1xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %sums = pypto.row_sum %x : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x1xf32>
  %total = pypto.col_sum %sums : !pypto.tensor<20x1xf32> -> !pypto.tensor<1x1xf32>
  pypto.assemble %total into %s[%c0, %c0] : !pypto.tensor<1x1xf32> into !pypto.tensor<1x1xf32>
  %tr = pypto.transpose %sums : !pypto.tensor<20x1xf32> -> !pypto.tensor<1x20xf32>
  pypto.assemble %tr into %t[%c0, %c0] : !pypto.tensor<1x20xf32> into !pypto.tensor<1x20xf32>
  %cex = pypto.col_expand_sub %sums, %total : !pypto.tensor<20x1xf32>, !pypto.tensor<1x1xf32>
  pypto.assemble %cex into %ce[%c0, %c0] : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
  %rex = pypto.row_expand_div %sums, %sums : !pypto.tensor<20x1xf32>, !pypto.tensor<20x1xf32>
  pypto.assemble %rex into %re[%c0, %c0] : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
  %filled = pypto.col_expand %total : !pypto.tensor<1x1xf32> -> !pypto.tensor<20x1xf32>
  %same = pypto.row_expand %filled : !pypto.tensor<20x1xf32> -> !pypto.tensor<20x1xf32>
  %sum = pypto.add %same, %sums : !pypto.tensor<20x1xf32>
  pypto.assemble %sum into %re[%c0, %c0] : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
  %one = pypto.row_max %sums : !pypto.tensor<20x1xf32> -> !pypto.tensor<20x1xf32>
  pypto.assemble %one into %ce[%c0, %c0] : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
  return
}

// -----

// A branch with a tensor result yields tiles: each branch yields the tile of
// its value, a window of a parameter loaded in its own branch, and the
// result's users read the tile.
// CONV-LABEL: func.func @branch_result
// CONV:       %[[V:.*]] = scf.if %{{.*}} -> (!pypto.tile<16x16xf32>) {
// CONV:         %[[T:.*]] = pypto.load %{{.*}} -> !pypto.tile<16x16xf32>
// CONV:         %[[E:.*]] = pypto.exp %[[T]] : !pypto.tile<16x16xf32>
// CONV:         scf.yield %[[E]] : !pypto.tile<16x16xf32>
// CONV:       } else {
// CONV:         %[[U:.*]] = pypto.load %{{.*}} -> !pypto.tile<16x16xf32>
// CONV:         scf.yield %[[U]] : !pypto.tile<16x16xf32>
// CONV:       }
// CONV:       pypto.store %[[V]], %{{.*}}
// CHECK-LABEL: func.func @branch_result
// CHECK:       scf.if %{{.*}} -> (!pypto.tile<16x16xf32, vec>)
func.func @branch_result(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = scf.if %c -> (!pypto.tensor<16x16xf32>) {
    %e = pypto.exp %x : !pypto.tensor<16x16xf32>
    scf.yield %e : !pypto.tensor<16x16xf32>
  } else {
    scf.yield %x : !pypto.tensor<16x16xf32>
  }
  pypto.assemble %v into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// Pushes. A put whose staging tile is the whole window is one load and one
// store into the peer's copy (at the slice's offsets); with a run-time row
// count, a loop over chunks of 8 rows, each loading and storing the
// chunk's valid rows (min(8, n - r)); with chunks that do not divide the
// static sizes (2x48 of 3x64), a loop per dimension with valid parts, and
// atomic. A remote_store is a store of the value's tile with `peer`.

// CHECK-LABEL: func.func @push
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<48x64xf32>, %[[DATA:[^:]+]]: !pypto.tensor<48x64xf32> {pypto.window}, %[[PEER:[^:]+]]: index, %[[N:[^:]+]]: index)
// CHECK:      %[[W:.+]] = pypto.load %[[X]][%{{.+}}, %{{.+}}] : !pypto.tensor<48x64xf32> -> !pypto.tile<16x64xf32, vec>
// CHECK-NEXT: pypto.store %[[W]], %[[DATA]][%{{.+}}, %{{.+}}] peer %[[PEER]] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<48x64xf32>
// CHECK:      scf.for %[[R:.+]] = %{{.+}} to %[[N]] step %{{.+}} {
// CHECK-NEXT:   %[[LEFT:.+]] = arith.subi %[[N]], %[[R]] : index
// CHECK-NEXT:   %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT:   %[[ROWS:.+]] = arith.minsi %[[C8]], %[[LEFT]] : index
// CHECK:        %[[C:.+]] = pypto.load %[[X]][%{{.+}}, %{{.+}}] valid [%[[ROWS]], %[[C64:.+]]] : !pypto.tensor<48x64xf32> -> !pypto.tile<8x64xf32, vec>
// CHECK-NEXT:   pypto.store %[[C]], %[[DATA]][%{{.+}}, %{{.+}}] peer %[[PEER]] valid [%[[ROWS]], %[[C64]]] : !pypto.tile<8x64xf32, vec>, !pypto.tensor<48x64xf32>
// CHECK-NEXT: }
// CHECK:      scf.for %{{.+}} = %{{.+}} to %[[C3:.+]] step %{{.+}} {
// CHECK:        scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} {
// CHECK:          %[[P:.+]] = pypto.load %[[X]][%{{.+}}, %{{.+}}] valid [%[[PR:.+]], %[[PC:.+]]] : !pypto.tensor<48x64xf32> -> !pypto.tile<2x48xf32, vec>
// CHECK-NEXT:     pypto.store %[[P]], %[[DATA]][%{{.+}}, %{{.+}}] peer %[[PEER]] valid [%[[PR]], %[[PC]]] atomic_add : !pypto.tile<2x48xf32, vec>, !pypto.tensor<48x64xf32>
// CHECK:      %[[E:.+]] = pypto.exp %{{.+}} : !pypto.tile<1x64xf32, vec>
// CHECK:      pypto.store %[[E]], %[[DATA]][%{{.+}}, %{{.+}}] peer %[[PEER]] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<48x64xf32>
// A get: loads from the peer's copy, stores into the local tensor.
// CHECK:      scf.for %[[G:.+]] = %{{.+}} to %[[N]] step %{{.+}} {
// CHECK:        %[[GT:.+]] = pypto.load %[[DATA]][%{{.+}}, %{{.+}}] peer %[[PEER]] valid [%[[GR:.+]], %[[GC:.+]]] : !pypto.tensor<48x64xf32> -> !pypto.tile<8x64xf32, vec>
// CHECK-NEXT:   pypto.store %[[GT]], %[[X]][%{{.+}}, %{{.+}}] valid [%[[GR]], %[[GC]]] : !pypto.tile<8x64xf32, vec>, !pypto.tensor<48x64xf32>
// CHECK-NOT:  pypto.put
// CHECK-NOT:  pypto.remote_store
// CHECK-NOT:  pypto.get
// CHECK:      return
func.func @push(%x: !pypto.tensor<48x64xf32>, %data: !pypto.tensor<48x64xf32> {pypto.window}, %peer: index, %n: index)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %win = pypto.slice %data[%c8, %c0] [16, 64] : !pypto.tensor<48x64xf32> -> !pypto.tensor<16x64xf32>
  pypto.put %x[%c8, %c0] into %win[%c0, %c0] [16, 64] peer %peer : !pypto.tensor<48x64xf32> into !pypto.tensor<16x64xf32>
  pypto.put %x[%c0, %c0] into %data[%c8, %c0] [%n, 64] peer %peer chunk [8, 64] : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
  pypto.put %x[%c0, %c0] into %data[%c0, %c0] [3, 64] peer %peer chunk [2, 48] atomic_add : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
  %row = pypto.slice %x[%c0, %c0] [1, 64] : !pypto.tensor<48x64xf32> -> !pypto.tensor<1x64xf32>
  %e = pypto.exp %row : !pypto.tensor<1x64xf32>
  pypto.remote_store %e into %win[%c8, %c0] peer %peer : !pypto.tensor<1x64xf32> into !pypto.tensor<16x64xf32>
  pypto.get %data[%c8, %c0] peer %peer into %x[%c0, %c0] [%n, 64] chunk [8, 64] : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
  return
}

// -----

// A lane's shard is of the product's tile, which the AIC sends: the
// operand stays in acc, the shard is a vec tile; region users load in the
// region.

// CONV-LABEL: func.func @shard
// CONV:         %[[P:.+]] = pypto.matmul
// CONV:         pypto.split_aiv up_down (%[[LANE:.+]]) {
// CONV-NEXT:      %[[H:.+]] = pypto.aiv_shard %[[P]] : !pypto.tile<32x64xf32> -> !pypto.tile<16x64xf32>
// CHECK-LABEL: func.func @shard
// CHECK:         %[[P:.+]] = pypto.matmul
// CHECK:         pypto.split_aiv up_down
// CHECK-NEXT:      %[[H:.+]] = pypto.aiv_shard %[[P]] : !pypto.tile<32x64xf32, acc> -> !pypto.tile<16x64xf32, vec>
// CHECK:           %[[B:.+]] = pypto.load {{.+}} -> !pypto.tile<16x64xf32, vec>
// CHECK-NEXT:      pypto.add %[[H]], %[[B]] : !pypto.tile<16x64xf32, vec>
func.func @shard(%a: !pypto.tensor<32x16xf32>, %w: !pypto.tensor<16x64xf32>,
                 %b: !pypto.tensor<32x64xf32>, %y: !pypto.tensor<32x64xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %p = pypto.matmul %a, %w : !pypto.tensor<32x16xf32>, !pypto.tensor<16x64xf32> -> !pypto.tensor<32x64xf32>
  pypto.split_aiv up_down (%lane) {
    %h = pypto.aiv_shard %p : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
    %r = arith.muli %lane, %c16 : index
    %bb = pypto.slice %b[%r, %c0] [16, 64] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
    %s = pypto.add %h, %bb : !pypto.tensor<16x64xf32>
    pypto.assemble %s into %y[%r, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<32x64xf32>
  }
  return
}

// -----

// Other blocks may write any tensor before a barrier: a window read before
// and after it is loaded again after it.
// CHECK-LABEL: func.func @reload_after_barrier
// CHECK:       %[[A:.+]] = pypto.load %[[X:.+]][
// CHECK:       pypto.exp %[[A]]
// CHECK:       pypto.syncall mix
// CHECK:       %[[B:.+]] = pypto.load %[[X]][
// CHECK:       pypto.exp %[[B]]
func.func @reload_after_barrier(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>,
                                %z: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %e = pypto.exp %x : !pypto.tensor<16x16xf32>
  pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  pypto.syncall mix
  %f = pypto.exp %x : !pypto.tensor<16x16xf32>
  pypto.assemble %f into %z[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A slice of a value the kernel computed copies the window out of its tile
// (pypto.extract), in vec; a rank-3 value's block at [1, 4, 16] is rows
// 1 * 16 + 4 of its 2-D form.
// CONV-LABEL: func.func @slice_of_computed
// CHECK-LABEL: func.func @slice_of_computed
// CHECK:       %[[E:.+]] = pypto.exp %{{.+}} : !pypto.tile<32x64xf32, vec>
// CHECK:       %[[S:.+]] = pypto.extract %[[E]][%{{.+}}, %{{.+}}] : !pypto.tile<32x64xf32, vec> -> !pypto.tile<8x32xf32, vec>
// CHECK:       pypto.store %[[S]]
// CHECK:       %[[N:.+]] = pypto.neg %{{.+}} : !pypto.tile<32x64xf32, vec>
// CHECK:       pypto.extract %[[N]][%{{.+}}, %{{.+}}] : !pypto.tile<32x64xf32, vec> -> !pypto.tile<8x32xf32, vec>
func.func @slice_of_computed(%x: !pypto.tensor<32x64xf32>, %x3: !pypto.tensor<2x16x64xf32>,
                             %y: !pypto.tensor<8x32xf32>, %y3: !pypto.tensor<1x8x32xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %e = pypto.exp %x : !pypto.tensor<32x64xf32>
  %s = pypto.slice %e[%c4, %c16] [8, 32] : !pypto.tensor<32x64xf32> -> !pypto.tensor<8x32xf32>
  pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<8x32xf32>
  %n = pypto.neg %x3 : !pypto.tensor<2x16x64xf32>
  %b = pypto.slice %n[%c1, %c4, %c16] [1, 8, 32] : !pypto.tensor<2x16x64xf32> -> !pypto.tensor<1x8x32xf32>
  pypto.assemble %b into %y3[%c0, %c0, %c0] : !pypto.tensor<1x8x32xf32> into !pypto.tensor<1x8x32xf32>
  return
}
