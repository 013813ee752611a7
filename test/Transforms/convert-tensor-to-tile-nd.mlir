// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s

// N-D tensors in a kernel compute on their 2-D forms (every dimension but
// the last merged into rows, as pypto's FlattenTileNdTo2D does): a load or
// store of a window of an N-D tensor names the window's shape, and the
// tile is its 2-D form.

// CHECK-LABEL: func.func @softmax_4d
// CHECK: %[[T:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] window [1, 2, 16, 64] : !pypto.tensor<4x3x16x64xf32> -> !pypto.tile<32x64xf32>
// CHECK: %[[E:.+]] = pypto.exp %[[T]] : !pypto.tile<32x64xf32>
// CHECK: %[[S:.+]] = pypto.row_sum %[[E]] tmp %{{.+}} : !pypto.tile<32x64xf32>, !pypto.tile<32x64xf32>
// CHECK: %[[G:.+]] = pypto.load %{{.+}}[%{{.+}}] window [64] : !pypto.tensor<64xf32> -> !pypto.tile<1x64xf32>
// CHECK: %[[M:.+]] = pypto.col_expand_mul %{{.+}}, %[[G]] : !pypto.tile<32x64xf32>, !pypto.tile<1x64xf32>
// CHECK: pypto.store %[[M]], %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] window [1, 2, 16, 64] : !pypto.tile<32x64xf32>, !pypto.tensor<4x3x16x64xf32>
func.func @softmax_4d(%x: !pypto.tensor<4x3x16x64xf32> {pypto.dir = "in"},
                      %g: !pypto.tensor<64xf32> {pypto.dir = "in"},
                      %y: !pypto.tensor<4x3x16x64xf32> {pypto.dir = "out"},
                      %i: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %xs = pypto.slice %x[%i, %c0, %c0, %c0] [1, 2, 16, 64] : !pypto.tensor<4x3x16x64xf32>
  %e = pypto.exp %xs : !pypto.tensor<1x2x16x64xf32>
  %s = pypto.row_sum %e : !pypto.tensor<1x2x16x64xf32> -> !pypto.tensor<1x2x16x1xf32>
  %d = pypto.row_expand_div %e, %s : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<1x2x16x1xf32>
  %m = pypto.col_expand_mul %d, %g : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<64xf32>
  pypto.assemble %m into %y[%i, %c0, %c0, %c0] : !pypto.tensor<1x2x16x64xf32> into !pypto.tensor<4x3x16x64xf32>
  return
}

// -----

// A 4-D accumulator carried by a loop is a tile; the store after the loop
// still knows the window's 4-D shape. A transposed operand is loaded
// transposed through its window.
// CHECK-LABEL: func.func @matmul_4d
// CHECK: %[[A0:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] window [1, 1, 16, 32] : !pypto.tensor<4x1x16x32xbf16> -> !pypto.tile<16x32xbf16>
// CHECK: %[[B0:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] window [1, 64, 32] {transpose} : !pypto.tensor<2x64x32xbf16> -> !pypto.tile<32x64xbf16>
// CHECK: %[[P:.+]] = pypto.matmul %[[A0]], %[[B0]] : !pypto.tile<16x32xbf16>, !pypto.tile<32x64xbf16>
// CHECK: %[[ACC:.+]] = scf.for {{.+}} iter_args(%[[S:.+]] = %[[P]]) -> (!pypto.tile<16x64xf32>)
// CHECK:   pypto.matmul_acc %[[S]], {{.+}} : !pypto.tile<16x32xbf16>, !pypto.tile<32x64xbf16>
// CHECK: pypto.store %[[ACC]], %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}] window [1, 1, 16, 64] : !pypto.tile<16x64xf32>, !pypto.tensor<2x1x16x64xf32>
func.func @matmul_4d(%h: !pypto.tensor<4x1x16x32xbf16> {pypto.dir = "in"},
                     %k: !pypto.tensor<2x64x32xbf16> {pypto.dir = "in"},
                     %o: !pypto.tensor<2x1x16x64xf32> {pypto.dir = "out"},
                     %b: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %a0 = pypto.slice %h[%c0, %c0, %c0, %c0] [1, 1, 16, 32] : !pypto.tensor<4x1x16x32xbf16>
  %b0 = pypto.slice %k[%b, %c0, %c0] [1, 64, 32] : !pypto.tensor<2x64x32xbf16>
  %first = pypto.matmul %a0, %b0 {b_trans} : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x64x32xbf16>
  %acc = scf.for %kb = %c1 to %c4 step %c1 iter_args(%sum = %first) -> (!pypto.tensor<1x1x16x64xf32>) {
    %ak = pypto.slice %h[%kb, %c0, %c0, %c0] [1, 1, 16, 32] : !pypto.tensor<4x1x16x32xbf16>
    %next = pypto.matmul_acc %sum, %ak, %b0 {b_trans} : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x64x32xbf16>
    scf.yield %next : !pypto.tensor<1x1x16x64xf32>
  }
  pypto.assemble %acc into %o[%b, %c0, %c0, %c0] : !pypto.tensor<1x1x16x64xf32> into !pypto.tensor<2x1x16x64xf32>
  return
}

// -----

// A tail of an N-D window: the valid extents of its last two dimensions are
// the tile's valid shape; a 1-D tail is one row.
// CHECK-LABEL: func.func @tails
// CHECK: pypto.load %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] window [1, 16, 64] valid [%[[R:.+]], %{{.+}}] : !pypto.tensor<2x?x64xf32> -> !pypto.tile<16x64xf32>
// CHECK: pypto.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] window [1, 16, 64] valid [%[[R]], %{{.+}}] : !pypto.tile<16x64xf32>, !pypto.tensor<2x?x64xf32>
// CHECK: %[[ONE:.+]] = arith.constant 1 : index
// CHECK: pypto.load %{{.+}}[%{{.+}}] window [16] valid [%[[ONE]], %[[R]]] : !pypto.tensor<?xf32> -> !pypto.tile<1x16xf32>
// CHECK: pypto.store %{{.+}}, %{{.+}}[%{{.+}}] window [16] valid [%{{.+}}, %[[R]]] : !pypto.tile<1x16xf32>, !pypto.tensor<?xf32>
func.func @tails(%x: !pypto.tensor<2x?x64xf32> {pypto.dir = "in"},
                 %y: !pypto.tensor<2x?x64xf32> {pypto.dir = "out"},
                 %v: !pypto.tensor<?xf32> {pypto.dir = "in"},
                 %w: !pypto.tensor<?xf32> {pypto.dir = "out"},
                 %t: index, %rows: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %xs = pypto.slice %x[%c1, %t, %c0] [1, 16, 64] valid [%c1, %rows, %c64] : !pypto.tensor<2x?x64xf32>
  %e = pypto.exp %xs : !pypto.tensor<1x16x64xf32>
  pypto.assemble %e into %y[%c1, %t, %c0] valid [%c1, %rows, %c64] : !pypto.tensor<1x16x64xf32> into !pypto.tensor<2x?x64xf32>
  %vs = pypto.slice %v[%t] [16] valid [%rows] : !pypto.tensor<?xf32>
  %n = pypto.neg %vs : !pypto.tensor<16xf32>
  pypto.assemble %n into %w[%t] valid [%rows] : !pypto.tensor<16xf32> into !pypto.tensor<?xf32>
  return
}

// -----

// A reshape between shapes of one 2-D form moves nothing: the tile is
// used as it is (a 8x37 i32 tile could not be reshaped as a view).
// CHECK-LABEL: func.func @same_form
// CHECK: %[[T:.+]] = pypto.load {{.+}} -> !pypto.tile<8x37xi32>
// CHECK-NOT: pypto.reshape
// CHECK: pypto.store %[[T]], {{.+}} : !pypto.tile<8x37xi32>, !pypto.tensor<8x37xi32>
func.func @same_form(%x: !pypto.tensor<1x1x8x37xi32> {pypto.dir = "in"},
                     %y: !pypto.tensor<8x37xi32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %r = pypto.reshape %x : !pypto.tensor<1x1x8x37xi32> -> !pypto.tensor<8x37xi32>
  pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<8x37xi32> into !pypto.tensor<8x37xi32>
  return
}

// -----

// A same-form reshape of a window is the window: a matmul that takes it
// transposed loads it transposed, and nothing loads it as it is.
// CHECK-LABEL: func.func @same_form_transposed
// CHECK-NOT: pypto.load {{.+}} -> !pypto.tile<64x128xbf16>
// CHECK: %[[W:.+]] = pypto.load %arg1[%{{.+}}, %{{.+}}, %{{.+}}] window [1, 64, 128] {transpose} : !pypto.tensor<2x64x128xbf16> -> !pypto.tile<128x64xbf16>
// CHECK: pypto.matmul %{{.+}}, %[[W]] : !pypto.tile<16x128xbf16>, !pypto.tile<128x64xbf16>
// CHECK-NOT: pypto.load
// CHECK: return
func.func @same_form_transposed(%x: !pypto.tensor<16x128xbf16> {pypto.dir = "in"},
                                %w: !pypto.tensor<2x64x128xbf16> {pypto.dir = "in"},
                                %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ws = pypto.slice %w[%c1, %c0, %c0] [1, 64, 128] : !pypto.tensor<2x64x128xbf16>
  %w2 = pypto.reshape %ws : !pypto.tensor<1x64x128xbf16> -> !pypto.tensor<64x128xbf16>
  %p = pypto.matmul %x, %w2 {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
  pypto.assemble %p into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  return
}

// -----

// An element of an N-D value computed in the kernel is read from its tile:
// the leading indices fold into the row ((0 * 2 + i) * 4 + j here).
// CHECK-LABEL: func.func @element_of_nd
// CHECK: %[[E:.+]] = pypto.exp %{{.+}} : !pypto.tile<8x8xf32>
// CHECK: %[[B:.+]] = arith.addi %{{.+}}, %arg2 : index
// CHECK: %[[C:.+]] = arith.muli %[[B]], %c4{{.*}} : index
// CHECK: %[[R:.+]] = arith.addi %[[C]], %arg3 : index
// CHECK: pypto.read %[[E]][%[[R]], %{{.+}}] : !pypto.tile<8x8xf32> -> f32
func.func @element_of_nd(%x: !pypto.tensor<1x2x4x8xf32> {pypto.dir = "in"},
                         %y: !pypto.tensor<1xf32> {pypto.dir = "out"},
                         %i: index, %j: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %e = pypto.exp %x : !pypto.tensor<1x2x4x8xf32>
  %v = pypto.read %e[%c0, %i, %j, %c0] : !pypto.tensor<1x2x4x8xf32> -> f32
  pypto.write %v into %y[%c0] : f32 into !pypto.tensor<1xf32>
  return
}

// -----

// An element of a same-form reshape of a window is read from the window
// itself: the reshape's leading indices fold into the row (here 0*2 + 1),
// which unfolds over the window's leading dimensions (1 of 2 rows).
// CHECK-LABEL: func.func @read_through_reshape
// CHECK-NOT:   pypto.reshape
// CHECK:       %[[ROW:.+]] = arith.remui %{{.+}}, %{{.+}} : index
// CHECK:       %[[R:.+]] = arith.addi %{{.+}}, %[[ROW]] : index
// CHECK:       pypto.read %arg0[%{{.+}}, %[[R]], %{{.+}}] : !pypto.tensor<4x2x64xi32> -> i32
func.func @read_through_reshape(%x: !pypto.tensor<4x2x64xi32>, %y: !pypto.tensor<1x1xi32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %w = pypto.slice %x[%c1, %c0, %c0] [1, 2, 64] : !pypto.tensor<4x2x64xi32>
  %r = pypto.reshape %w : !pypto.tensor<1x2x64xi32> -> !pypto.tensor<1x1x2x64xi32>
  %v = pypto.read %r[%c0, %c0, %c1, %c5] : !pypto.tensor<1x1x2x64xi32> -> i32
  pypto.write %v into %y[%c0, %c0] : i32 into !pypto.tensor<1x1xi32>
  return
}

// -----

// A batched matmul: one matmul per batch, of each operand's matrix of that
// batch (the rhs has one, broadcast), the products placed in the result's
// 2-D tile one below the other.
// CHECK-LABEL: func.func @batched_matmul
// CHECK:       %[[ALL:.+]] = pypto.create_tile : !pypto.tile<32x8xf32>
// CHECK:       %[[A0:.+]] = pypto.load %{{.+}} window [1, 16, 32] : !pypto.tensor<2x16x32xf32> -> !pypto.tile<16x32xf32>
// CHECK:       %[[B:.+]] = pypto.load %{{.+}} window [1, 32, 8] : !pypto.tensor<1x32x8xf32> -> !pypto.tile<32x8xf32>
// CHECK:       %[[P0:.+]] = pypto.matmul %[[A0]], %[[B]]
// CHECK:       %[[I0:.+]] = pypto.insert_tile %[[P0]] into %[[ALL]][%{{.+}}, %{{.+}}]
// CHECK:       %[[A1:.+]] = pypto.load %{{.+}} window [1, 16, 32]
// CHECK-NOT:   pypto.load
// CHECK:       %[[P1:.+]] = pypto.matmul %[[A1]], %[[B]]
// CHECK:       %[[R1:.+]] = arith.constant 16 : index
// CHECK:       %[[I1:.+]] = pypto.insert_tile %[[P1]] into %[[I0]][%[[R1]], %{{.+}}]
// CHECK:       pypto.store %[[I1]]
func.func @batched_matmul(%a: !pypto.tensor<2x16x32xf32>, %b: !pypto.tensor<1x32x8xf32>,
                          %y: !pypto.tensor<2x16x8xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %p = pypto.matmul %a, %b : !pypto.tensor<2x16x32xf32>, !pypto.tensor<1x32x8xf32> -> !pypto.tensor<2x16x8xf32>
  pypto.assemble %p into %y[%c0, %c0, %c0] : !pypto.tensor<2x16x8xf32> into !pypto.tensor<2x16x8xf32>
  return
}
