// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s

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
// CHECK: %[[ACC:.+]] = pypto.matmul %[[AL]], %[[BR]] : !pypto.tile<64x256xf16, left>, !pypto.tile<256x64xf16, right> -> !pypto.tile<64x64xf32, acc>
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
