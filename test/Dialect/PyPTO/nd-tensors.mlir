// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s

// Tensors of rank 1 to 5. Ops on N-D tensors compute on their 2-D forms
// (every dimension but the last merged into rows): a row reduction of
// AxBxRxC is AxBxRx1 (or any shape of 2-D form (A*B*R)x1), a broadcast
// operand is checked by its 2-D form, and a matmul of matrices with
// leading dimensions of 1 infers a result of the larger rank.

// CHECK-LABEL: func.func @nd_ops
// CHECK: %[[S:.+]] = pypto.row_sum %{{.+}} : !pypto.tensor<1x2x16x64xf32>
// CHECK: pypto.row_expand_div %{{.+}}, %[[S]] : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<1x2x16x1xf32>
// CHECK: pypto.row_expand_mul %{{.+}}, %{{.+}} : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<32x1xf32>
// CHECK: pypto.col_expand_add %{{.+}}, %{{.+}} : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<64xf32>
// CHECK: pypto.col_max %{{.+}} : !pypto.tensor<1x2x16x64xf32>
// CHECK: %[[M:.+]] = pypto.matmul %{{.+}}, %{{.+}} {b_trans} : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x64x32xbf16>{{$}}
// CHECK: pypto.reshape %[[M]] : !pypto.tensor<1x1x16x64xf32> -> !pypto.tensor<16x64xf32>
func.func @nd_ops(%x: !pypto.tensor<1x2x16x64xf32>, %c: !pypto.tensor<32x1xf32>,
                  %v: !pypto.tensor<64xf32>, %q: !pypto.tensor<1x1x16x32xbf16>,
                  %k: !pypto.tensor<1x64x32xbf16>) {
  %s = pypto.row_sum %x : !pypto.tensor<1x2x16x64xf32> -> !pypto.tensor<1x2x16x1xf32>
  %d = pypto.row_expand_div %x, %s : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<1x2x16x1xf32>
  %m = pypto.row_expand_mul %d, %c : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<32x1xf32>
  %a = pypto.col_expand_add %m, %v : !pypto.tensor<1x2x16x64xf32>, !pypto.tensor<64xf32>
  %mx = pypto.col_max %a : !pypto.tensor<1x2x16x64xf32> -> !pypto.tensor<1x1x1x64xf32>
  %p = pypto.matmul %q, %k {b_trans} : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x64x32xbf16>
  %r = pypto.reshape %p : !pypto.tensor<1x1x16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

// Loads and stores of windows of N-D tensors name the window's shape.
// CHECK-LABEL: func.func @windows
// CHECK: pypto.load %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] window [2, 8, 64] : !pypto.tensor<4x8x64xf32> -> !pypto.tile<16x64xf32, vec>
// CHECK: pypto.store %{{.+}}, %{{.+}}[%{{.+}}] window [64] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<128xf32>
func.func @windows(%x: !pypto.tensor<4x8x64xf32>, %y: !pypto.tensor<128xf32>,
                   %t: !pypto.tile<1x64xf32, vec>, %i: index) {
  %l = pypto.load %x[%i, %i, %i] window [2, 8, 64] : !pypto.tensor<4x8x64xf32> -> !pypto.tile<16x64xf32, vec>
  pypto.store %t, %y[%i] window [64] : !pypto.tile<1x64xf32, vec>, !pypto.tensor<128xf32>
  return
}

// A batched matmul: the result's batch dimensions broadcast the operands'.
// CHECK-LABEL: func.func @batched
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<4x16x32xf32>, !pypto.tensor<1x32x8xf32>{{$}}
// CHECK: pypto.matmul %{{.+}}, %{{.+}} {b_trans} : !pypto.tensor<2x3x16x32xf32>, !pypto.tensor<2x1x8x32xf32>{{$}}
func.func @batched(%a: !pypto.tensor<4x16x32xf32>, %b: !pypto.tensor<1x32x8xf32>,
                   %q: !pypto.tensor<2x3x16x32xf32>, %k: !pypto.tensor<2x1x8x32xf32>) {
  %p = pypto.matmul %a, %b : !pypto.tensor<4x16x32xf32>, !pypto.tensor<1x32x8xf32> -> !pypto.tensor<4x16x8xf32>
  %s = pypto.matmul %q, %k {b_trans} : !pypto.tensor<2x3x16x32xf32>, !pypto.tensor<2x1x8x32xf32>
  return
}
