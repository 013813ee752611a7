// RUN: pypto-opt %s -split-input-file --pypto-plan-memory | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-plan-memory="arch=a5" | FileCheck %s

// Tiles get 32-byte aligned offsets; an elementwise result takes the buffer
// of an operand that dies at it; a dead tile's space is reused.

// CHECK-LABEL: func.func @in_place
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[Y:.+]] = pypto.load {{.+}} {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[Z:.+]] = pypto.add %[[X]], %[[Y]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[W:.+]] = pypto.adds %[[Z]], %{{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @in_place(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                    %o: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %y = pypto.load %b[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %z = pypto.add %x, %y : !pypto.tile<16x16xf32, vec>
  %w = pypto.adds %z, %s : !pypto.tile<16x16xf32, vec>, f32
  pypto.store %w, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  %v = pypto.load %b[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  pypto.store %v, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// An operand that is still live afterwards is not overwritten.

// CHECK-LABEL: func.func @operand_still_live
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[Y:.+]] = pypto.adds %[[X]], %{{.+}} {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: pypto.add %[[Y]], %[[X]] {pypto.addr = {{0|1024}} : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @operand_still_live(%a: !pypto.tensor<16x16xf32>, %o: !pypto.tensor<16x16xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %y = pypto.adds %x, %s : !pypto.tile<16x16xf32, vec>, f32
  %z = pypto.add %y, %x : !pypto.tile<16x16xf32, vec>
  pypto.store %z, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Rows are padded to whole 32-byte blocks (a 3x3 f32 tile takes 3x8 floats)
// and every tile starts 32-byte aligned.

// CHECK-LABEL: func.func @alignment
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tensor<8x8xf32> -> !pypto.tile<1x5xf32, vec>
// CHECK: pypto.load {{.+}} {pypto.addr = 32 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tensor<8x8xf32> -> !pypto.tile<3x3xf32, vec>
// CHECK: pypto.load {{.+}} {pypto.addr = 128 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tensor<8x8xf32> -> !pypto.tile<1x1xf32, vec>
func.func @alignment(%a: !pypto.tensor<8x8xf32>, %o: !pypto.tensor<8x8xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<8x8xf32> -> !pypto.tile<1x5xf32, vec>
  %y = pypto.load %a[%c0, %c0] : !pypto.tensor<8x8xf32> -> !pypto.tile<3x3xf32, vec>
  %z = pypto.load %a[%c0, %c0] : !pypto.tensor<8x8xf32> -> !pypto.tile<1x1xf32, vec>
  pypto.store %x, %o[%c0, %c0] : !pypto.tile<1x5xf32, vec>, !pypto.tensor<8x8xf32>
  pypto.store %y, %o[%c0, %c0] : !pypto.tile<3x3xf32, vec>, !pypto.tensor<8x8xf32>
  pypto.store %z, %o[%c0, %c0] : !pypto.tile<1x1xf32, vec>, !pypto.tensor<8x8xf32>
  return
}

// -----

// A tile defined before a loop and used in it stays live for the whole loop.

// CHECK-LABEL: func.func @loop
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: scf.for
// CHECK:   %[[Y:.+]] = pypto.adds %[[X]], %{{.+}} {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK:   pypto.adds %[[Y]], %{{.+}} {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: }
// CHECK: pypto.adds %[[X]], %{{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @loop(%a: !pypto.tensor<16x16xf32>, %o: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  scf.for %i = %c0 to %c4 step %c1 {
    %y = pypto.adds %x, %s : !pypto.tile<16x16xf32, vec>, f32
    %z = pypto.adds %y, %s : !pypto.tile<16x16xf32, vec>, f32
    pypto.store %z, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  }
  %w = pypto.adds %x, %s : !pypto.tile<16x16xf32, vec>, f32
  pypto.store %w, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Every memory space is planned on its own, from offset 0.

// CHECK-LABEL: func.func @cube
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<64x128xf16, mat>
// CHECK: pypto.load {{.+}} {pypto.addr = 16384 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<128x64xf16, mat>
// CHECK: pypto.move {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<64x128xf16, left>
// CHECK: pypto.move {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<128x64xf16, right>
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<64x64xf32, acc>
func.func @cube(%a: !pypto.tensor<64x128xf16>, %b: !pypto.tensor<128x64xf16>, %c: !pypto.tensor<64x64xf32>)
    attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %am = pypto.load %a[%c0, %c0] : !pypto.tensor<64x128xf16> -> !pypto.tile<64x128xf16, mat>
  %bm = pypto.load %b[%c0, %c0] : !pypto.tensor<128x64xf16> -> !pypto.tile<128x64xf16, mat>
  %al = pypto.move %am : !pypto.tile<64x128xf16, mat> -> !pypto.tile<64x128xf16, left>
  %br = pypto.move %bm : !pypto.tile<128x64xf16, mat> -> !pypto.tile<128x64xf16, right>
  %acc = pypto.matmul %al, %br : !pypto.tile<64x128xf16, left>, !pypto.tile<128x64xf16, right> -> !pypto.tile<64x64xf32, acc>
  pypto.store %acc, %c[%c0, %c0] : !pypto.tile<64x64xf32, acc>, !pypto.tensor<64x64xf32>
  return
}

// -----

// a5 has 256 KiB of vec and 256 KiB of acc; these kernels fit exactly (on
// a2a3 they do not: see plan-memory-errors.mlir).

// CHECK-LABEL: func.func @vec_256k
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: pypto.load {{.+}} {pypto.addr = 131072 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: pypto.add {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @vec_256k(%a: !pypto.tensor<128x256xf32>, %b: !pypto.tensor<128x256xf32>, %o: !pypto.tensor<128x256xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
  %y = pypto.load %b[%c0, %c0] : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
  %z = pypto.add %x, %y : !pypto.tile<128x256xf32, vec>
  pypto.store %z, %o[%c0, %c0] : !pypto.tile<128x256xf32, vec>, !pypto.tensor<128x256xf32>
  return
}

// CHECK-LABEL: func.func @acc_256k
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<256x256xf32, acc>
func.func @acc_256k(%l: !pypto.tile<256x16xf32, left>, %r: !pypto.tile<16x256xf32, right>, %o: !pypto.tensor<256x256xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %acc = pypto.matmul %l, %r : !pypto.tile<256x16xf32, left>, !pypto.tile<16x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  pypto.store %acc, %o[%c0, %c0] : !pypto.tile<256x256xf32, acc>, !pypto.tensor<256x256xf32>
  return
}

// -----

// Only kernels are planned.

// CHECK-LABEL: func.func @not_a_kernel
// CHECK-NOT: pypto.addr
// CHECK: return
func.func @not_a_kernel(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  return
}

// -----

// Vector ops: elementwise and fused broadcast results take the buffer of an
// operand that dies at them; a row reduction gets a buffer of its own, apart
// from its source and its scratch tile, and a dead scratch buffer is reused.

// CHECK-LABEL: func.func @vector_ops
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<16x64xf32, vec>
// CHECK: %[[E:.+]] = pypto.exp %[[X]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[T:.+]] = pypto.create_tile {pypto.addr = 4096 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x64xf32, vec>
// CHECK: %[[M:.+]] = pypto.row_max %[[E]] tmp %[[T]] {pypto.addr = 8192 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[D:.+]] = pypto.row_expand_sub %[[E]], %[[M]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[U:.+]] = pypto.create_tile {pypto.addr = 4096 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_sum %[[D]] tmp %[[U]] {pypto.addr = 8192 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @vector_ops(%a: !pypto.tensor<16x64xf32>, %p: !pypto.tensor<16x1xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %e = pypto.exp %x : !pypto.tile<16x64xf32, vec>
  %t = pypto.create_tile : !pypto.tile<16x64xf32, vec>
  %m = pypto.row_max %e tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %d = pypto.row_expand_sub %e, %m : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %u = pypto.create_tile : !pypto.tile<16x64xf32, vec>
  %s = pypto.row_sum %d tmp %u : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  pypto.store %s, %p[%c0, %c0] : !pypto.tile<16x1xf32, vec>, !pypto.tensor<16x1xf32>
  return
}

// -----

// A transpose never overwrites its source, even when the source dies at it
// and has the result's size, nor its scratch tile; reductions get buffers of
// their own too (here in space freed by dead tiles).

// CHECK-LABEL: func.func @reduce_transpose_apart
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}} -> !pypto.tile<16x16xf32, vec>
// CHECK: %[[T:.+]] = pypto.create_tile {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[Y:.+]] = pypto.transpose %[[X]] tmp %[[T]] {pypto.addr = 2048 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[C:.+]] = pypto.col_sum %[[Y]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x16xf32, vec> -> !pypto.tile<1x16xf32, vec>
// CHECK: %[[U:.+]] = pypto.create_tile {pypto.addr = 64 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x16xf32, vec>
// CHECK: pypto.row_min %[[Y]] tmp %[[U]] {pypto.addr = 1088 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @reduce_transpose_apart(%a: !pypto.tensor<16x16xf32>, %o: !pypto.tensor<1x16xf32>, %p: !pypto.tensor<16x1xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %t = pypto.create_tile : !pypto.tile<16x16xf32, vec>
  %y = pypto.transpose %x tmp %t : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
  %c = pypto.col_sum %y : !pypto.tile<16x16xf32, vec> -> !pypto.tile<1x16xf32, vec>
  %u = pypto.create_tile : !pypto.tile<16x16xf32, vec>
  %r = pypto.row_min %y tmp %u : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x1xf32, vec>
  pypto.store %c, %o[%c0, %c0] : !pypto.tile<1x16xf32, vec>, !pypto.tensor<1x16xf32>
  pypto.store %r, %p[%c0, %c0] : !pypto.tile<16x1xf32, vec>, !pypto.tensor<16x1xf32>
  return
}

// -----

// A cast is in place when the buffers have the same size (f32 -> i32), not
// when the result is narrower (i32 -> f16). full is not elementwise; binary
// ops, scalar ops and column-broadcast ops are.

// CHECK-LABEL: func.func @casts_and_fills
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[I:.+]] = pypto.cast %[[X]] round trunc {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xi32, vec>
// CHECK: %[[H:.+]] = pypto.cast %[[I]] {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x16xi32, vec> -> !pypto.tile<16x16xf16, vec>
// CHECK: %[[F:.+]] = pypto.full %{{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : f16 -> !pypto.tile<16x16xf16, vec>
// CHECK: %[[M:.+]] = pypto.max %[[H]], %[[F]] {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[N:.+]] = pypto.muls %[[M]], %{{.+}} {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: %[[C:.+]] = pypto.col_max %[[N]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
// CHECK: pypto.col_expand_div %[[N]], %[[C]] {pypto.addr = 1024 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>}
func.func @casts_and_fills(%a: !pypto.tensor<16x16xf32>, %o: !pypto.tensor<16x16xf16>, %s: f16)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %i = pypto.cast %x round trunc : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xi32, vec>
  %h = pypto.cast %i : !pypto.tile<16x16xi32, vec> -> !pypto.tile<16x16xf16, vec>
  %f = pypto.full %s : f16 -> !pypto.tile<16x16xf16, vec>
  %m = pypto.max %h, %f : !pypto.tile<16x16xf16, vec>
  %n = pypto.muls %m, %s : !pypto.tile<16x16xf16, vec>, f16
  %c = pypto.col_max %n : !pypto.tile<16x16xf16, vec> -> !pypto.tile<1x16xf16, vec>
  %d = pypto.col_expand_div %n, %c : !pypto.tile<16x16xf16, vec>, !pypto.tile<1x16xf16, vec>
  pypto.store %d, %o[%c0, %c0] : !pypto.tile<16x16xf16, vec>, !pypto.tensor<16x16xf16>
  return
}

// -----

// A reshape is a view: it shares its source's buffer.

// CHECK-LABEL: func.func @reshape_view
// CHECK: pypto.row_sum {{.+}} {pypto.addr = [[A:[0-9]+]] : i64
// CHECK: pypto.reshape {{.+}} {pypto.addr = [[A]] : i64
func.func @reshape_view(%a: !pypto.tensor<64x64xf32>, %o: !pypto.tensor<1x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<64x64xf32> -> !pypto.tile<64x64xf32, vec>
  %t = pypto.create_tile : !pypto.tile<64x64xf32, vec>
  %s = pypto.row_sum %x tmp %t : !pypto.tile<64x64xf32, vec>, !pypto.tile<64x64xf32, vec> -> !pypto.tile<64x1xf32, vec>
  %r = pypto.reshape %s : !pypto.tile<64x1xf32, vec> -> !pypto.tile<1x64xf32, vec>
  pypto.store %r, %o[%c0, %c0] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<1x64xf32>
  return
}

// -----

// A pipe consumer reserves its slots first (the AIV for cube-to-vector
// tiles in vec, the AIC for vector-to-cube tiles in mat); popped tiles live
// in those slots and get no buffer of their own; other tiles come after.

// CHECK-LABEL: func.func @consumer_aiv
// CHECK:         pypto.aiv_initialize_pipe {c2v_consumer_buf = 0 : i64, dir_mask = 3 : i64, slot_num = 2 : i64, slot_size = 1024 : i64}
// CHECK:         %[[V:.+]] = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
// CHECK-NEXT:    pypto.exp %[[V]] {pypto.addr = 2048 : i64
func.func @consumer_aiv(%y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "aiv"} {
  pypto.aiv_initialize_pipe {dir_mask = 3, slot_size = 1024, slot_num = 2}
  %c0 = arith.constant 0 : index
  %v = pypto.tpop_from_aic : !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  pypto.tfree_to_aic %v : !pypto.tile<16x16xf32, vec>
  pypto.tpush_to_aic %e : !pypto.tile<16x16xf32, vec>
  return
}

// CHECK-LABEL: func.func @consumer_aic
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 3 : i64, slot_num = 2 : i64, slot_size = 1024 : i64, v2c_consumer_buf = 0 : i64}
// CHECK:         pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
// CHECK-NEXT:    pypto.move {{.*}} {pypto.addr = 0 : i64
func.func @consumer_aic(%y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "aic"} {
  pypto.aic_initialize_pipe {dir_mask = 3, slot_size = 1024, slot_num = 2}
  %m = pypto.tpop_from_aiv : !pypto.tile<16x16xf32, mat>
  %l = pypto.move %m : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  pypto.tfree_to_aiv %m : !pypto.tile<16x16xf32, mat>
  return
}
