// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// An L1 accumulator on tensors: a single row, a run with a valid shape.
// CHECK-LABEL: func.func @gather_tensors
// CHECK:       %[[KV:.+]] = pypto.create_l1 : !pypto.tensor<128x512xbf16>
// CHECK-NEXT:  %[[R1:.+]] = pypto.gather_row %{{.+}}[%{{.+}}, %{{.+}}] into %[[KV]][%{{.+}}, %{{.+}}] [1, 512] : !pypto.tensor<?x512xbf16> into !pypto.tensor<128x512xbf16>
// CHECK-NEXT:  %[[R2:.+]] = pypto.gather_row %{{.+}}[%{{.+}}, %{{.+}}] into %[[R1]][%{{.+}}, %{{.+}}] [32, 512] valid [%{{.+}}, %{{.+}}] : !pypto.tensor<?x512xbf16> into !pypto.tensor<128x512xbf16>
func.func @gather_tensors(%cache: !pypto.tensor<?x512xbf16>, %slot: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c512 = arith.constant 512 : index
  pypto.at core_group "k" {
    %kv0 = pypto.create_l1 : !pypto.tensor<128x512xbf16>
    %kv1 = pypto.gather_row %cache[%slot, %c0] into %kv0[%c0, %c0] [1, 512] : !pypto.tensor<?x512xbf16> into !pypto.tensor<128x512xbf16>
    %kv2 = pypto.gather_row %cache[%slot, %c0] into %kv1[%c1, %c0] [32, 512] valid [%n, %c512] : !pypto.tensor<?x512xbf16> into !pypto.tensor<128x512xbf16>
  }
  return
}

// -----

// On tiles: the accumulator in mat and its transpose view.
// CHECK-LABEL: func.func @gather_tiles
// CHECK:       %[[KV:.+]] = pypto.create_l1 : !pypto.tile<64x128xf16, mat>
// CHECK-NEXT:  %[[G:.+]] = pypto.gather_row %{{.+}}[%{{.+}}, %{{.+}}] into %[[KV]][%{{.+}}, %{{.+}}] [64, 128] : !pypto.tensor<256x128xf16> into !pypto.tile<64x128xf16, mat>
// CHECK-NEXT:  pypto.transpose_view %[[G]] : !pypto.tile<64x128xf16, mat> -> !pypto.tile<128x64xf16, mat>
func.func @gather_tiles(%pool: !pypto.tensor<256x128xf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %kv0 = pypto.create_l1 : !pypto.tile<64x128xf16, mat>
  %kv1 = pypto.gather_row %pool[%c0, %c0] into %kv0[%c0, %c0] [64, 128] : !pypto.tensor<256x128xf16> into !pypto.tile<64x128xf16, mat>
  %t = pypto.transpose_view %kv1 : !pypto.tile<64x128xf16, mat> -> !pypto.tile<128x64xf16, mat>
  return
}
