// RUN: pypto-opt %s -split-input-file --pypto-plan-memory | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-plan-memory="arch=a5" | FileCheck %s

// Tiles get 32-byte aligned offsets; an elementwise result takes the buffer
// of an operand that dies at it; a dead tile's space is reused.

// CHECK-LABEL: func.func @in_place
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64}
// CHECK: %[[Y:.+]] = pypto.load {{.+}} {pypto.addr = 1024 : i64}
// CHECK: %[[Z:.+]] = pypto.add %[[X]], %[[Y]] {pypto.addr = 0 : i64}
// CHECK: %[[W:.+]] = pypto.adds %[[Z]], %{{.+}} {pypto.addr = 0 : i64}
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64}
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
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64}
// CHECK: %[[Y:.+]] = pypto.adds %[[X]], %{{.+}} {pypto.addr = 1024 : i64}
// CHECK: pypto.add %[[Y]], %[[X]] {pypto.addr = {{0|1024}} : i64}
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
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64} : !pypto.tensor<8x8xf32> -> !pypto.tile<1x5xf32, vec>
// CHECK: pypto.load {{.+}} {pypto.addr = 32 : i64} : !pypto.tensor<8x8xf32> -> !pypto.tile<3x3xf32, vec>
// CHECK: pypto.load {{.+}} {pypto.addr = 128 : i64} : !pypto.tensor<8x8xf32> -> !pypto.tile<1x1xf32, vec>
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
// CHECK: %[[X:.+]] = pypto.load {{.+}} {pypto.addr = 0 : i64}
// CHECK: scf.for
// CHECK:   %[[Y:.+]] = pypto.adds %[[X]], %{{.+}} {pypto.addr = 1024 : i64}
// CHECK:   pypto.adds %[[Y]], %{{.+}} {pypto.addr = 1024 : i64}
// CHECK: }
// CHECK: pypto.adds %[[X]], %{{.+}} {pypto.addr = 0 : i64}
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
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64} : {{.+}} -> !pypto.tile<64x128xf16, mat>
// CHECK: pypto.load {{.+}} {pypto.addr = 16384 : i64} : {{.+}} -> !pypto.tile<128x64xf16, mat>
// CHECK: pypto.move {{.+}} {pypto.addr = 0 : i64} : {{.+}} -> !pypto.tile<64x128xf16, left>
// CHECK: pypto.move {{.+}} {pypto.addr = 0 : i64} : {{.+}} -> !pypto.tile<128x64xf16, right>
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64} : {{.+}} -> !pypto.tile<64x64xf32, acc>
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
// CHECK: pypto.load {{.+}} {pypto.addr = 0 : i64}
// CHECK: pypto.load {{.+}} {pypto.addr = 131072 : i64}
// CHECK: pypto.add {{.+}} {pypto.addr = 0 : i64}
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
// CHECK: pypto.matmul {{.+}} {pypto.addr = 0 : i64} : {{.+}} -> !pypto.tile<256x256xf32, acc>
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
