// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s

// Result types that follow from the operands are not written: a slice's
// (its sizes, the source's element type), a matmul's (MxN, f32 for float
// operands, i32 for i8; transposed operands counted) and a reduction's (the
// last dimension, or every other one, 1). The long form is accepted and
// prints short.

// CHECK-LABEL: func.func @inferred
// CHECK: %[[S:.+]] = pypto.slice %{{.+}}[%{{.+}}, %{{.+}}] [16, 64] : !pypto.tensor<?x64xbf16>{{$}}
// CHECK: %[[L:.+]] = pypto.slice %{{.+}}[%{{.+}}, %{{.+}}] [16, 64] : !pypto.tensor<?x64xbf16>{{$}}
// CHECK: %[[M:.+]] = pypto.matmul %[[S]], %{{.+}} {b_trans} : !pypto.tensor<16x64xbf16>, !pypto.tensor<32x64xbf16>{{$}}
// CHECK: %{{.+}} = pypto.matmul_acc %[[M]], %[[S]], %{{.+}} {b_trans} : !pypto.tensor<16x64xbf16>, !pypto.tensor<32x64xbf16>{{$}}
// CHECK: %{{.+}} = pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<8x16xi8>, !pypto.tensor<16x4xi8>{{$}}
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tile<16x64xf16, left>, !pypto.tile<64x32xf16, right>{{$}}
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tile<16x64xf16>, !pypto.tile<64x32xf16>{{$}}
func.func @inferred(%x: !pypto.tensor<?x64xbf16>, %w: !pypto.tensor<32x64xbf16>,
                    %a: !pypto.tensor<8x16xi8>, %b: !pypto.tensor<16x4xi8>,
                    %l: !pypto.tile<16x64xf16, left>, %r: !pypto.tile<64x32xf16, right>,
                    %l2: !pypto.tile<16x64xf16>, %r2: !pypto.tile<64x32xf16>) {
  %c0 = arith.constant 0 : index
  %s = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<?x64xbf16>
  %long = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<?x64xbf16> -> !pypto.tensor<16x64xbf16>
  %m = pypto.matmul %s, %w {b_trans} : !pypto.tensor<16x64xbf16>, !pypto.tensor<32x64xbf16>
  %n = pypto.matmul_acc %m, %s, %w {b_trans} : !pypto.tensor<16x64xbf16>, !pypto.tensor<32x64xbf16>
  %i = pypto.matmul %a, %b : !pypto.tensor<8x16xi8>, !pypto.tensor<16x4xi8>
  %t = pypto.matmul %l, %r : !pypto.tile<16x64xf16, left>, !pypto.tile<64x32xf16, right>
  %u = pypto.matmul %l2, %r2 : !pypto.tile<16x64xf16>, !pypto.tile<64x32xf16> -> !pypto.tile<16x32xf32>
  return
}

// -----

// A result type that differs from the inferred one is printed.

// CHECK-LABEL: func.func @written
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tile<16x64xf16, left>, !pypto.tile<64x32xf16, right> -> !pypto.tile<16x32xf32>{{$}}
func.func @written(%l: !pypto.tile<16x64xf16, left>, %r: !pypto.tile<64x32xf16, right>) {
  %t = pypto.matmul %l, %r : !pypto.tile<16x64xf16, left>, !pypto.tile<64x32xf16, right> -> !pypto.tile<16x32xf32>
  return
}

// -----

// Reductions: rows to a column (N-D: the last dimension), columns to a row
// (of the 2-D form: every other dimension 1), on tensors and tiles.

// CHECK-LABEL: func.func @reductions
// CHECK: %[[R:.+]] = pypto.row_max %{{.+}} : !pypto.tensor<16x64xf32>{{$}}
// CHECK: pypto.add %[[R]], %[[R]] : !pypto.tensor<16x1xf32>
// CHECK: %[[N:.+]] = pypto.row_sum %{{.+}} : !pypto.tensor<1x2x8x64xf32>{{$}}
// CHECK: pypto.exp %[[N]] : !pypto.tensor<1x2x8x1xf32>
// CHECK: %[[C:.+]] = pypto.col_sum %{{.+}} : !pypto.tensor<1x2x8x64xf32>{{$}}
// CHECK: pypto.exp %[[C]] : !pypto.tensor<1x1x1x64xf32>
// CHECK: pypto.row_min %{{.+}} tmp %{{.+}} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>{{$}}
// CHECK: pypto.col_max %{{.+}} : !pypto.tile<16x64xf32, vec>{{$}}
// CHECK: pypto.row_max %{{.+}} : !pypto.tensor<1x2x8x64xf32> -> !pypto.tensor<16x1xf32>{{$}}
func.func @reductions(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<1x2x8x64xf32>,
                      %t: !pypto.tile<16x64xf32, vec>, %tmp: !pypto.tile<16x64xf32, vec>) {
  %r = pypto.row_max %x : !pypto.tensor<16x64xf32>
  %r2 = pypto.add %r, %r : !pypto.tensor<16x1xf32>
  %n = pypto.row_sum %y : !pypto.tensor<1x2x8x64xf32>
  %n2 = pypto.exp %n : !pypto.tensor<1x2x8x1xf32>
  %c = pypto.col_sum %y : !pypto.tensor<1x2x8x64xf32> -> !pypto.tensor<1x1x1x64xf32>
  %c2 = pypto.exp %c : !pypto.tensor<1x1x1x64xf32>
  %m = pypto.row_min %t tmp %tmp : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
  %k = pypto.col_max %t : !pypto.tile<16x64xf32, vec>
  // Another valid result (the 2-D form's) is written and printed.
  %w = pypto.row_max %y : !pypto.tensor<1x2x8x64xf32> -> !pypto.tensor<16x1xf32>
  return
}
