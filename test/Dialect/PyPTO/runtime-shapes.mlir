// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=FOLD

// Tensors with run-time dimensions and pypto.dim; a static dimension folds.

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<?x64xf32> {pypto.shape = array<i64: 48, 64>}, %[[Z:[^:]+]]: !pypto.tensor<8x?x?xbf16>)
// CHECK: %{{.+}} = pypto.dim %[[X]], 0 : !pypto.tensor<?x64xf32>
// CHECK: %{{.+}} = pypto.dim %[[X]], 1 : !pypto.tensor<?x64xf32>
// CHECK: %{{.+}} = pypto.slice %[[X]][%{{.+}}, %{{.+}}] [16, 64] : !pypto.tensor<?x64xf32> -> !pypto.tensor<16x64xf32>
// FOLD-LABEL: func.func @dims
// FOLD: %[[C64:.+]] = arith.constant 64 : index
// FOLD: %[[N:.+]] = pypto.dim %{{.+}}, 0 : !pypto.tensor<?x64xf32>
// FOLD: %[[W:.+]] = pypto.dim %{{.+}}, 2 : !pypto.tensor<8x?x?xbf16>
// FOLD: arith.addi %[[N]], %[[C64]]
func.func @dims(%x: !pypto.tensor<?x64xf32> {pypto.shape = array<i64: 48, 64>},
                %z: !pypto.tensor<8x?x?xbf16>) -> index {
  %c0 = arith.constant 0 : index
  %n = pypto.dim %x, 0 : !pypto.tensor<?x64xf32>
  %c = pypto.dim %x, 1 : !pypto.tensor<?x64xf32>
  %w = pypto.dim %z, 2 : !pypto.tensor<8x?x?xbf16>
  %s = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<?x64xf32> -> !pypto.tensor<16x64xf32>
  %sum = arith.addi %n, %c : index
  %all = arith.addi %sum, %w : index
  return %all : index
}
