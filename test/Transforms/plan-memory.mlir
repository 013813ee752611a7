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

// A three-operand add never takes an operand's buffer: ptoas 0.27 writes it
// as two adds, the second reading the third operand after the first wrote
// the result (found by the fuzzer through ptoas: a + a + a came out 4a).

// CHECK-LABEL: func.func @three_operand_not_in_place
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64
// CHECK: pypto.addc %[[X]], %[[X]], %[[X]] {pypto.addr = 1024 : i64
func.func @three_operand_not_in_place(%a: !pypto.tensor<16x16xf32>, %o: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %y = pypto.addc %x, %x, %x : !pypto.tile<16x16xf32, vec>
  pypto.store %y, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
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
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}}
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
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : {{.+}}
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
// CHECK: %[[C:.+]] = pypto.col_sum %[[Y]] {pypto.addr = 0 : i64, pypto.live = array<i64: {{[0-9]+}}, {{[0-9]+}}>} : !pypto.tile<16x16xf32, vec>
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

// -----

// The online-softmax update: the loop reads its old maximum %m after the new
// one exists, so the new one is computed into a buffer of its own and copied
// into the loop's buffer just before the yield. %an only reads %acc before
// writing it (elementwise, in place) and needs no copy.

// CHECK-LABEL: func.func @carried_read_after_update
// CHECK:       pypto.full {{.+}} {pypto.addr = [[M:[0-9]+]] : i64
// CHECK:       pypto.full {{.+}} {pypto.addr = [[ACC:[0-9]+]] : i64
// CHECK:       scf.for {{.+}} iter_args(%[[OLD:.+]] = %{{.+}}, %[[A:.+]] = %{{.+}})
// CHECK:         %[[NEW:.+]] = pypto.max %[[OLD]], %{{.+}} {pypto.addr = [[N:[0-9]+]] : i64
// CHECK-NOT:     pypto.addr = [[M]] :
// CHECK:         %[[D:.+]] = pypto.sub %[[OLD]], %[[NEW]]
// CHECK:         %[[AN:.+]] = pypto.add %[[A]], %[[D]] {pypto.addr = [[ACC]] : i64
// CHECK-NEXT:    %[[COPY:.+]] = pypto.move %[[NEW]] {pypto.addr = [[M]] : i64
// CHECK-NEXT:    scf.yield %[[COPY]], %[[AN]]
func.func @carried_read_after_update(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<16x64xf32>, %zero: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %m0 = pypto.full %zero : f32 -> !pypto.tile<16x64xf32, vec>
  %a0 = pypto.full %zero : f32 -> !pypto.tile<16x64xf32, vec>
  %r:2 = scf.for %i = %c0 to %c64 step %c16 iter_args(%m = %m0, %acc = %a0)
      -> (!pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>) {
    %xb = pypto.load %x[%i, %c0] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x64xf32, vec>
    %mn = pypto.max %m, %xb : !pypto.tile<16x64xf32, vec>
    %d = pypto.sub %m, %mn : !pypto.tile<16x64xf32, vec>
    %an = pypto.add %acc, %d : !pypto.tile<16x64xf32, vec>
    scf.yield %mn, %an : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
  }
  pypto.store %r#1, %y[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// The same loop without the late read: the new maximum is written over the
// old one in place, with no copy.

// CHECK-LABEL: func.func @carried_in_place
// CHECK:       pypto.full {{.+}} {pypto.addr = [[M:[0-9]+]] : i64
// CHECK:       scf.for
// CHECK:         pypto.max {{.+}} {pypto.addr = [[M]] : i64
// CHECK-NOT:     pypto.move
// CHECK:         scf.yield
func.func @carried_in_place(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<16x64xf32>, %zero: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %m0 = pypto.full %zero : f32 -> !pypto.tile<16x64xf32, vec>
  %r = scf.for %i = %c0 to %c64 step %c16 iter_args(%m = %m0) -> (!pypto.tile<16x64xf32, vec>) {
    %xb = pypto.load %x[%i, %c0] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x64xf32, vec>
    %mn = pypto.max %m, %xb : !pypto.tile<16x64xf32, vec>
    scf.yield %mn : !pypto.tile<16x64xf32, vec>
  }
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// An accumulating matmul split along K (pypto-tile-matmul) continues the
// loop-carried accumulator in place: its first step writes over the
// iteration value and the inner K-loop continues that chain, so the outer
// loop's acc buffer is shared with no copy (acc tiles cannot be copied).

// CHECK-LABEL: func.func @carried_acc_k_split
// CHECK:       pypto.matmul {{.+}} {pypto.addr = [[A:[0-9]+]] : i64
// CHECK:       scf.for
// CHECK:         pypto.matmul_acc {{.+}} {pypto.addr = [[A]] : i64
// CHECK:         scf.for
// CHECK:           pypto.matmul_acc {{.+}} {pypto.addr = [[A]] : i64
// CHECK-NOT:     pypto.move {{.*}}acc>
func.func @carried_acc_k_split(%l: !pypto.tile<16x256xi8, left>, %r: !pypto.tile<256x256xi8, right>,
                               %o: !pypto.tensor<16x256xi32>) attributes {pypto.kind = "aic"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %p0 = pypto.matmul %l, %r : !pypto.tile<16x256xi8, left>, !pypto.tile<256x256xi8, right> -> !pypto.tile<16x256xi32, acc>
  %res = scf.for %k = %c1 to %c4 step %c1 iter_args(%s = %p0) -> (!pypto.tile<16x256xi32, acc>) {
    %first = pypto.matmul_acc %s, %l, %r : !pypto.tile<16x256xi8, left>, !pypto.tile<256x256xi8, right> -> !pypto.tile<16x256xi32, acc>
    %inner = scf.for %j = %c1 to %c2 step %c1 iter_args(%a = %first) -> (!pypto.tile<16x256xi32, acc>) {
      %n = pypto.matmul_acc %a, %l, %r : !pypto.tile<16x256xi8, left>, !pypto.tile<256x256xi8, right> -> !pypto.tile<16x256xi32, acc>
      scf.yield %n : !pypto.tile<16x256xi32, acc>
    }
    scf.yield %inner : !pypto.tile<16x256xi32, acc>
  }
  pypto.store %res, %o[%c0, %c0] : !pypto.tile<16x256xi32, acc>, !pypto.tensor<16x256xi32>
  return
}

// -----

// An initial value read again after the loop (and one passed to two loops)
// is copied before the loop, so the loop cannot overwrite it.

// CHECK-LABEL: func.func @carried_init_read_later
// CHECK:       %[[X:.+]] = pypto.load {{.+}} {pypto.addr = [[X_ADDR:[0-9]+]] : i64
// CHECK:       %[[C1:.+]] = pypto.move %[[X]] {pypto.addr = [[L1:[0-9]+]] : i64
// CHECK:       %[[R1:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %[[C1]])
// CHECK:       %[[C2:.+]] = pypto.move %[[X]] {pypto.addr = [[L2:[0-9]+]] : i64
// CHECK:       %[[R2:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %[[C2]])
// CHECK:       pypto.add %[[R1]], %[[X]]
func.func @carried_init_read_later(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %r1 = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %x) -> (!pypto.tile<16x16xf32, vec>) {
    %n = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f32
    scf.yield %n : !pypto.tile<16x16xf32, vec>
  }
  %r2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%v = %x) -> (!pypto.tile<16x16xf32, vec>) {
    %n = pypto.muls %v, %s : !pypto.tile<16x16xf32, vec>, f32
    scf.yield %n : !pypto.tile<16x16xf32, vec>
  }
  %sum = pypto.add %r1, %x : !pypto.tile<16x16xf32, vec>
  %out = pypto.add %sum, %r2 : !pypto.tile<16x16xf32, vec>
  pypto.store %out, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// An inner loop starting from a value of the enclosing block that the outer
// loop runs it again with: copied, so the second outer iteration starts from
// the original. An inner loop that starts from the outer loop's iteration
// value and is yielded by it continues the same buffer.

// CHECK-LABEL: func.func @carried_nested
// CHECK:       %[[X:.+]] = pypto.load {{.+}} {pypto.addr = [[X_ADDR:[0-9]+]] : i64
// CHECK:       %[[Z:.+]] = pypto.full {{.+}} {pypto.addr = [[OUTER:[0-9]+]] : i64
// CHECK:       scf.for {{.+}} iter_args(%[[O:.+]] = %[[Z]])
// CHECK:         %[[C:.+]] = pypto.move %[[X]] {pypto.addr = [[INNER:[0-9]+]] : i64
// CHECK:         scf.for {{.+}} iter_args(%{{.+}} = %[[C]])
// CHECK:           pypto.adds {{.+}} {pypto.addr = [[INNER]] : i64
// CHECK:         %[[I2:.+]] = scf.for {{.+}} iter_args(%{{.+}} = %[[O]])
// CHECK:           pypto.add {{.+}} {pypto.addr = [[OUTER]] : i64
// CHECK:         scf.yield %[[I2]]
func.func @carried_nested(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %s: f32)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %z = pypto.full %s : f32 -> !pypto.tile<16x16xf32, vec>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%o = %z) -> (!pypto.tile<16x16xf32, vec>) {
    %t = scf.for %j = %c0 to %c4 step %c1 iter_args(%v = %x) -> (!pypto.tile<16x16xf32, vec>) {
      %n = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f32
      scf.yield %n : !pypto.tile<16x16xf32, vec>
    }
    %u = scf.for %j = %c0 to %c4 step %c1 iter_args(%w = %o) -> (!pypto.tile<16x16xf32, vec>) {
      %n = pypto.add %w, %t : !pypto.tile<16x16xf32, vec>
      scf.yield %n : !pypto.tile<16x16xf32, vec>
    }
    scf.yield %u : !pypto.tile<16x16xf32, vec>
  }
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// One value yielded into two carried tiles, iteration values yielded into
// each other's place, and a value from before the loop yielded: each carried
// tile keeps a buffer of its own, through copies.

// CHECK-LABEL: func.func @carried_swaps
// CHECK:       scf.for {{.+}} iter_args(%[[P:.+]] = %{{.+}}, %[[Q:.+]] = %{{.+}}, %[[R:.+]] = %{{.+}}, %[[S:.+]] = %{{.+}})
// CHECK:         %[[N:.+]] = pypto.add %[[P]], %[[Q]]
// CHECK:         %[[C1:.+]] = pypto.move %[[N]]
// CHECK:         %[[C2:.+]] = pypto.move %[[P]]
// CHECK:         %[[C3:.+]] = pypto.move %{{.+}}
// CHECK:         scf.yield %[[N]], %[[C1]], %[[C2]], %[[C3]]
func.func @carried_swaps(%a: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x0 = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %x1 = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %x2 = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %x3 = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %k = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %r:4 = scf.for %i = %c0 to %c4 step %c1 iter_args(%p = %x0, %q = %x1, %rr = %x2, %s = %x3)
      -> (!pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>) {
    %n = pypto.add %p, %q : !pypto.tile<16x16xf32, vec>
    scf.yield %n, %n, %p, %k : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>
  }
  %t0 = pypto.add %r#0, %r#1 : !pypto.tile<16x16xf32, vec>
  %t1 = pypto.add %t0, %r#2 : !pypto.tile<16x16xf32, vec>
  %t2 = pypto.add %t1, %r#3 : !pypto.tile<16x16xf32, vec>
  pypto.store %t2, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// Placement: a small tile that would land in the hole a dead large tile
// leaves (first fit) pushes the next large tile past it; placing by size
// keeps the peak at what is live at once (4 KiB + 1 KiB + 1 KiB).

// CHECK-LABEL: func.func @best_placement
// CHECK:       pypto.load {{.+}} {pypto.addr = 0 : i64, {{.+}} -> !pypto.tile<32x32xf32, vec>
// CHECK:       pypto.load {{.+}} {pypto.addr = 4096 : i64, {{.+}} -> !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.load {{.+}} {pypto.addr = 5120 : i64, {{.+}} -> !pypto.tile<16x16xf32, vec>
// CHECK:       pypto.load {{.+}} {pypto.addr = 0 : i64, {{.+}} -> !pypto.tile<32x32xf32, vec>
func.func @best_placement(%a: !pypto.tensor<32x32xf32>, %o: !pypto.tensor<32x32xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<32x32xf32> -> !pypto.tile<32x32xf32, vec>
  %y = pypto.load %a[%c0, %c0] : !pypto.tensor<32x32xf32> -> !pypto.tile<16x16xf32, vec>
  pypto.store %x, %o[%c0, %c0] : !pypto.tile<32x32xf32, vec>, !pypto.tensor<32x32xf32>
  %z = pypto.load %a[%c0, %c0] : !pypto.tensor<32x32xf32> -> !pypto.tile<16x16xf32, vec>
  %w = pypto.load %a[%c0, %c0] : !pypto.tensor<32x32xf32> -> !pypto.tile<32x32xf32, vec>
  pypto.store %y, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<32x32xf32>
  pypto.store %z, %o[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<32x32xf32>
  pypto.store %w, %o[%c0, %c0] : !pypto.tile<32x32xf32, vec>, !pypto.tensor<32x32xf32>
  return
}

// -----

// A branch's tile result is one buffer with the values both branches yield.
// The else-branch yields a value from before the branch that is still read
// after it: it is copied in the branch, so the then-branch's product cannot
// overwrite it.
// CHECK-LABEL: func.func @branch_buffers
// CHECK:       %[[A:.*]] = pypto.load {{.*}} {pypto.addr = [[AADDR:[0-9]+]] : i64
// CHECK:       scf.if
// CHECK:         pypto.mul {{.*}} {pypto.addr = [[VADDR:[0-9]+]] : i64
// CHECK:       } else {
// CHECK:         %[[COPY:.*]] = pypto.move %[[A]] {pypto.addr = [[VADDR]] : i64
// CHECK:         scf.yield %[[COPY]]
// CHECK:       pypto.add %{{.*}}, %[[A]]
func.func @branch_buffers(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %v = scf.if %c -> (!pypto.tile<16x16xf32, vec>) {
    %sq = pypto.mul %a, %a : !pypto.tile<16x16xf32, vec>
    scf.yield %sq : !pypto.tile<16x16xf32, vec>
  } else {
    scf.yield %a : !pypto.tile<16x16xf32, vec>
  }
  %w = pypto.add %v, %a : !pypto.tile<16x16xf32, vec>
  pypto.store %w, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A branch without results or an else region: its tiles are planned like
// any others.
// CHECK-LABEL: func.func @branch_without_else
// CHECK:       scf.if %{{.*}} {
// CHECK:         pypto.load {{.*}} {pypto.addr = 0 : i64,
// CHECK:         pypto.exp {{.*}} {pypto.addr = 0 : i64,
func.func @branch_without_else(%x: !pypto.tensor<1x64xf32>, %y: !pypto.tensor<1x64xf32>, %c: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  scf.if %c {
    %t = pypto.load %x[%c0, %c0] : !pypto.tensor<1x64xf32> -> !pypto.tile<1x64xf32, vec>
    %e = pypto.exp %t : !pypto.tile<1x64xf32, vec>
    pypto.store %e, %y[%c0, %c0] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<1x64xf32>
  }
  return
}

// -----

// A compare's scratch (its bit mask) dies at the compare but is read while
// the result is written: the result never takes its buffer (found by
// pypto-fuzz seed 20261518). The i32 tiles are padded like the mask's
// 32-byte rows (128 bytes).

// CHECK-LABEL: func.func @compare_scratch
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64
// CHECK: pypto.create_tile {pypto.addr = 128 : i64
// CHECK: pypto.cmp eq {{.+}} {pypto.addr = 192 : i64
func.func @compare_scratch(%a: !pypto.tensor<1x16xi32>, %o: !pypto.tensor<1x16xi32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<1x16xi32> -> !pypto.tile<1x16xi32, vec>
  %m = pypto.create_tile : !pypto.tile<2x32xi8, vec>
  %e = pypto.cmp eq %x, %x tmp %m : !pypto.tile<1x16xi32, vec>, !pypto.tile<2x32xi8, vec>
  pypto.store %e, %o[%c0, %c0] : !pypto.tile<1x16xi32, vec>, !pypto.tensor<1x16xi32>
  pypto.store %x, %o[%c0, %c0] : !pypto.tile<1x16xi32, vec>, !pypto.tensor<1x16xi32>
  return
}

// -----

// An op with two tile results (pypto.gather_compare) gets a buffer for each:
// pypto.addr and pypto.live hold an entry (a pair) per result. The indices
// (4x16 i32, 256 bytes) and the counts (1x4 i32, 32 bytes) are
// live together, so they do not overlap.

// CHECK-LABEL: func.func @two_results
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64
// CHECK: %[[T:.+]] = pypto.create_tile {pypto.addr = 512 : i64
// CHECK: pypto.gather_compare gt %[[X]], %{{.+}} offset 0 tmp %[[T]] {pypto.addr = array<i64: 672, 928>, pypto.live = array<i64: [[D:[0-9]+]], {{[0-9]+}}, [[D]], {{[0-9]+}}>}
func.func @two_results(%a: !pypto.tensor<4x32xf32>, %o: !pypto.tensor<4x16xi32>,
                       %c: !pypto.tensor<1x4xi32>, %k: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] : !pypto.tensor<4x32xf32> -> !pypto.tile<4x32xf32, vec>
  %t = pypto.create_tile : !pypto.tile<5x32xi8, vec>
  %i, %n = pypto.gather_compare gt %x, %k offset 0 tmp %t : !pypto.tile<4x32xf32, vec>, f32, !pypto.tile<5x32xi8, vec> -> !pypto.tile<4x16xi32, vec>, !pypto.tile<1x4xi32, vec>
  pypto.store %i, %o[%c0, %c0] : !pypto.tile<4x16xi32, vec>, !pypto.tensor<4x16xi32>
  pypto.store %n, %c[%c0, %c0] : !pypto.tile<1x4xi32, vec>, !pypto.tensor<1x4xi32>
  return
}
