// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -canonicalize | FileCheck %s --check-prefix=FOLD

// Tensors with run-time dimensions and pypto.dim; a static dimension folds.

// CHECK-LABEL: func.func @dims
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<?x64xf32> {pypto.shape = array<i64: 48, 64>}, %[[Z:[^:]+]]: !pypto.tensor<8x?x?xbf16>)
// CHECK: %{{.+}} = pypto.dim %[[X]], 0 : !pypto.tensor<?x64xf32>
// CHECK: %{{.+}} = pypto.dim %[[X]], 1 : !pypto.tensor<?x64xf32>
// CHECK: %{{.+}} = pypto.slice %[[X]][%{{.+}}, %{{.+}}] [16, 64] : !pypto.tensor<?x64xf32>
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

// -----

// An SPMD region and call with a run-time block count.

// CHECK-LABEL: func.func @runtime_blocks
// CHECK: pypto.spmd core_group "rows" blocks(%[[N:.+]]) (%{{.+}}) {
// CHECK: pypto.call @k() blocks(%[[N]]) : () -> ()
func.func @k(%b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  return
}
func.func @runtime_blocks(%x: !pypto.tensor<?x16xf32>) {
  %c16 = arith.constant 16 : index
  %rows = pypto.dim %x, 0 : !pypto.tensor<?x16xf32>
  %n = arith.divsi %rows, %c16 : index
  pypto.spmd core_group "rows" blocks(%n) (%b) {
    %r = arith.muli %b, %c16 : index
  }
  pypto.call @k() blocks(%n) : () -> ()
  return
}

// -----

// Created tensors with run-time dimensions (one size operand per '?') and
// initial values; pypto.dim of a created tensor's run-time dimension is its
// size operand.

// CHECK-LABEL: func.func @created
// CHECK: pypto.create_tensor(%{{.+}}) init -1.500000e+00 : !pypto.tensor<?x32xf32>
// CHECK: pypto.create_tensor(%{{.+}}, %{{.+}}) : !pypto.tensor<?x8x?xbf16>
// CHECK: pypto.create_tensor init 7.000000e+00 : !pypto.tensor<4xi32>
// FOLD-LABEL: func.func @created
// FOLD-SAME: (%[[N:[^:]+]]: index, %[[M:[^:]+]]: index)
// FOLD: return %[[M]], %[[N]] : index, index
func.func @created(%n: index, %m: index) -> (index, index) {
  %a = pypto.create_tensor(%n) init -1.5 : !pypto.tensor<?x32xf32>
  %b = pypto.create_tensor(%n, %m) : !pypto.tensor<?x8x?xbf16>
  %c = pypto.create_tensor init 7.0 : !pypto.tensor<4xi32>
  %d2 = pypto.dim %b, 2 : !pypto.tensor<?x8x?xbf16>
  %d0 = pypto.dim %a, 0 : !pypto.tensor<?x32xf32>
  return %d2, %d0 : index, index
}
