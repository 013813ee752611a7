// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// pypto.gather_compare on tensors and on tiles (with the i8 scratch tile
// conversion gives it): two results, the indices and the counts.

// CHECK-LABEL: func.func @tensors
// CHECK: %{{.+}}, %{{.+}} = pypto.gather_compare gt %{{.+}}, %{{.+}} offset 3 : !pypto.tensor<4x37xf32>, f32 -> !pypto.tensor<4x16xi32>, !pypto.tensor<1x4xi32>
// CHECK: pypto.gather_compare eq %{{.+}}, %{{.+}} offset 0 : !pypto.tensor<2x8xi16>, i16 -> !pypto.tensor<2x8xi32>, !pypto.tensor<1x2xi32>
func.func @tensors(%x: !pypto.tensor<4x37xf32>, %k: f32,
                   %h: !pypto.tensor<2x8xi16>, %kh: i16) {
  %i, %n = pypto.gather_compare gt %x, %k offset 3 : !pypto.tensor<4x37xf32>, f32 -> !pypto.tensor<4x16xi32>, !pypto.tensor<1x4xi32>
  %j, %m = pypto.gather_compare eq %h, %kh offset 0 : !pypto.tensor<2x8xi16>, i16 -> !pypto.tensor<2x8xi32>, !pypto.tensor<1x2xi32>
  return
}

// -----

// CHECK-LABEL: func.func @tiles
// CHECK: pypto.gather_compare gt %{{.+}}, %{{.+}} offset 0 tmp %{{.+}} : !pypto.tile<4x37xf32, vec>, f32, !pypto.tile<5x64xi8, vec> -> !pypto.tile<4x37xi32, vec>, !pypto.tile<1x4xi32, vec>
func.func @tiles(%x: !pypto.tile<4x37xf32, vec>, %k: f32,
                 %t: !pypto.tile<5x64xi8, vec>) {
  %i, %n = pypto.gather_compare gt %x, %k offset 0 tmp %t : !pypto.tile<4x37xf32, vec>, f32, !pypto.tile<5x64xi8, vec> -> !pypto.tile<4x37xi32, vec>, !pypto.tile<1x4xi32, vec>
  return
}
