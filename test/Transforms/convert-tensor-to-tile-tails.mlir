// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s

// A slice with a valid shape loads only its valid part (pypto.load valid);
// an assemble with one stores only its valid part (pypto.store valid). The
// window's origin moves with the parameter's window as for any slice.

// CHECK-LABEL: func.func @tail_rows
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<?x32xf32>, %[[Y:[^:]+]]: !pypto.tensor<?x32xf32>, %[[T0:[^:]+]]: index, %[[ROWS:[^:]+]]: index)
// CHECK: %[[T:.+]] = pypto.load %[[X]][%{{.+}}, %{{.+}}] valid [%[[ROWS]], %c32] : !pypto.tensor<?x32xf32> -> !pypto.tile<16x32xf32>
// CHECK: %[[E:.+]] = pypto.exp %[[T]]
// CHECK: pypto.store %[[E]], %[[Y]][%{{.+}}, %{{.+}}] valid [%[[ROWS]], %c32] : !pypto.tile<16x32xf32>, !pypto.tensor<?x32xf32>
// CHECK-NOT: pypto.slice
func.func @tail_rows(%x: !pypto.tensor<?x32xf32>, %y: !pypto.tensor<?x32xf32>,
                     %t0: index, %rows: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %xt = pypto.slice %x[%t0, %c0] [16, 32] valid [%rows, %c32]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  %e = pypto.exp %xt : !pypto.tensor<16x32xf32>
  pypto.assemble %e into %y[%t0, %c0] valid [%rows, %c32]
      : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
  return
}

// -----

// A transposed tail operand (pypto-lib hc_pre's `[32, K]` window of hc_fn
// with 24 valid rows, read with b_trans) is loaded transposed with the
// window's valid extents; the product's valid columns are stored.

// CHECK-LABEL: func.func @transposed_tail
// CHECK: %[[W:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] valid [%c24, %c64] {transpose} : !pypto.tensor<24x64xf32> -> !pypto.tile<64x32xf32>
// CHECK: %[[P:.+]] = pypto.matmul %{{.+}}, %[[W]] : !pypto.tile<16x64xf32>, !pypto.tile<64x32xf32>
// CHECK: pypto.store %[[P]], %{{.+}} valid [%c16, %c24]
func.func @transposed_tail(%x: !pypto.tensor<16x64xf32>, %fn: !pypto.tensor<24x64xf32>,
                           %y: !pypto.tensor<16x24xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c64 = arith.constant 64 : index
  %w = pypto.slice %fn[%c0, %c0] [32, 64] valid [%c24, %c64]
      : !pypto.tensor<24x64xf32> -> !pypto.tensor<32x64xf32>
  %p = pypto.matmul %x, %w {b_trans}
      : !pypto.tensor<16x64xf32>, !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
  pypto.assemble %p into %y[%c0, %c0] valid [%c16, %c24]
      : !pypto.tensor<16x32xf32> into !pypto.tensor<16x24xf32>
  return
}

// -----

// A tail operand of a matmul is loaded once, with its valid shape, for the
// cube; the product's tail rows are stored.

// CHECK-LABEL: func.func @tail_matmul
// CHECK: %[[A:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %c64] : !pypto.tensor<?x64xbf16> -> !pypto.tile<16x64xbf16>
// CHECK: %[[P:.+]] = pypto.matmul %[[A]], %{{.+}} : !pypto.tile<16x64xbf16>, !pypto.tile<64x32xbf16>
// CHECK: pypto.store %[[P]], %{{.+}} valid [%{{.+}}, %c32]
func.func @tail_matmul(%a: !pypto.tensor<?x64xbf16>, %b: !pypto.tensor<64x32xbf16>,
                       %c: !pypto.tensor<?x32xf32>, %t0: index, %rows: index)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %at = pypto.slice %a[%t0, %c0] [16, 64] valid [%rows, %c64]
      : !pypto.tensor<?x64xbf16> -> !pypto.tensor<16x64xbf16>
  %p = pypto.matmul %at, %b
      : !pypto.tensor<16x64xbf16>, !pypto.tensor<64x32xbf16> -> !pypto.tensor<16x32xf32>
  pypto.assemble %p into %c[%t0, %c0] valid [%rows, %c32]
      : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
  return
}
