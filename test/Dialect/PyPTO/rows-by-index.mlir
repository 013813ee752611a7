// RUN: pypto-opt %s | pypto-opt | FileCheck %s
// RUN: pypto-opt %s -mlir-print-op-generic | pypto-opt | FileCheck %s

// mgather / mscatter on tensors and tiles, and set_validshape.

// CHECK-LABEL: func.func @tensors
// CHECK: pypto.mgather %{{.+}}[%{{.+}}] : !pypto.tensor<?x64xf32>, !pypto.tensor<1x16xi32> -> !pypto.tensor<16x64xf32>
// CHECK: pypto.mscatter %{{.+}}, %{{.+}}[%{{.+}}] atomic_add : !pypto.tensor<16x64xf32>, !pypto.tensor<1x16xi32> into !pypto.tensor<?x64xf32>
// CHECK: pypto.set_validshape %{{.+}} valid [%{{.+}}, %{{.+}}] : !pypto.tensor<16x64xf32>
func.func @tensors(%t: !pypto.tensor<?x64xf32>, %i: !pypto.tensor<1x16xi32>, %n: index)
    attributes {pypto.kind = "incore"} {
  %c64 = arith.constant 64 : index
  %r = pypto.mgather %t[%i] : !pypto.tensor<?x64xf32>, !pypto.tensor<1x16xi32> -> !pypto.tensor<16x64xf32>
  pypto.mscatter %r, %t[%i] atomic_add : !pypto.tensor<16x64xf32>, !pypto.tensor<1x16xi32> into !pypto.tensor<?x64xf32>
  %v = pypto.set_validshape %r valid [%n, %c64] : !pypto.tensor<16x64xf32>
  return
}

// CHECK-LABEL: func.func @tiles
// CHECK: pypto.mgather %{{.+}}[%{{.+}}] : !pypto.tensor<40x32xbf16>, !pypto.tile<1x8xi32, vec> -> !pypto.tile<8x32xbf16, vec>
// CHECK: pypto.mscatter %{{.+}}, %{{.+}}[%{{.+}}] : !pypto.tile<8x32xbf16, vec>, !pypto.tile<1x8xi32, vec> into !pypto.tensor<40x32xbf16>
func.func @tiles(%t: !pypto.tensor<40x32xbf16>, %i: !pypto.tile<1x8xi32, vec>)
    attributes {pypto.kind = "incore"} {
  %r = pypto.mgather %t[%i] : !pypto.tensor<40x32xbf16>, !pypto.tile<1x8xi32, vec> -> !pypto.tile<8x32xbf16, vec>
  pypto.mscatter %r, %t[%i] : !pypto.tile<8x32xbf16, vec>, !pypto.tile<1x8xi32, vec> into !pypto.tensor<40x32xbf16>
  return
}

// scatter_update: a b x s index, (b * s) src rows.
// CHECK-LABEL: func.func @update
// CHECK: pypto.scatter_update %{{.+}}, %{{.+}}[%{{.+}}] : !pypto.tensor<8x32xbf16>, !pypto.tensor<2x4xi32> into !pypto.tensor<?x32xbf16>
func.func @update(%kv: !pypto.tensor<8x32xbf16>, %slots: !pypto.tensor<2x4xi32>,
                  %cache: !pypto.tensor<?x32xbf16>) attributes {pypto.kind = "incore"} {
  pypto.scatter_update %kv, %cache[%slots] : !pypto.tensor<8x32xbf16>, !pypto.tensor<2x4xi32> into !pypto.tensor<?x32xbf16>
  return
}

// paged_gather: rows through a page table, a window of their columns.
// CHECK-LABEL: func.func @paged
// CHECK: pypto.paged_gather %{{.+}}[%{{.+}}] pages %{{.+}} block 16 cols 64 : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x32xi32>, !pypto.tensor<1x8xi32> -> !pypto.tensor<32x64xbf16>
// CHECK: pypto.paged_gather %{{.+}}[%{{.+}}] pages %{{.+}} block 16 : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x32xi32>, !pypto.tensor<1x8xi32> -> !pypto.tensor<32x128xbf16>
func.func @paged(%pool: !pypto.tensor<?x128xbf16>, %idx: !pypto.tensor<1x32xi32>,
                 %table: !pypto.tensor<1x8xi32>) attributes {pypto.kind = "incore"} {
  %a = pypto.paged_gather %pool[%idx] pages %table block 16 cols 64 : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x32xi32>, !pypto.tensor<1x8xi32> -> !pypto.tensor<32x64xbf16>
  %b = pypto.paged_gather %pool[%idx] pages %table block 16 : !pypto.tensor<?x128xbf16>, !pypto.tensor<1x32xi32>, !pypto.tensor<1x8xi32> -> !pypto.tensor<32x128xbf16>
  return
}
