// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | pypto-translate -split-input-file --emit-kernel-function | FileCheck %s --check-prefix=CPP

// A window of an N-D parameter is an N-D partition of its N-D view; the
// tile is the partition's 2-D form (rows: every dimension but the last).
// The built-in lowering pads the partition to GlobalTensor's five
// dimensions with leading 1s.

// CHECK-LABEL: func.func @window_3d
// CHECK: %[[XV:.+]] = pto.make_tensor_view %{{.+}}, shape = [%c4{{[_0-9]*}}, %c8{{[_0-9]*}}, %c64{{[_0-9]*}}], strides = [%c512{{[_0-9]*}}, %c64{{[_0-9]*}}, %c1{{[_0-9]*}}] : !pto.tensor_view<?x?x?xf32>
// CHECK: %[[PV:.+]] = pto.partition_view %[[XV]], offsets = [%{{.+}}, %{{.+}}, %{{.+}}], sizes = [%c2{{[_0-9]*}}, %c8{{[_0-9]*}}, %c64{{[_0-9]*}}] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<2x8x64xf32>
// CHECK: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<2x8x64xf32>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CPP-LABEL: void window_3d(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 2, 8, 64>, pto::Stride<1024, 1024, 512, 64, 1>, pto::Layout::ND> {{v[0-9]+}}(v0 + ({{v[0-9]+}} * 512 + {{v[0-9]+}} * 64 + {{v[0-9]+}} * 1));
// CPP: TLOAD(
module {
  func.func @window_3d(%x: !pypto.tensor<4x8x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 512, 64, 1>},
                       %y: !pypto.tensor<4x8x64xf32> {pypto.dir = "out", pypto.strides = array<i64: 512, 64, 1>},
                       %i: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %x[%i, %c0, %c0] window [2, 8, 64] {pypto.addr = 0 : i64} : !pypto.tensor<4x8x64xf32> -> !pypto.tile<16x64xf32, vec>
    %e = pypto.exp %t {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec>
    pypto.store %e, %y[%i, %c0, %c0] window [2, 8, 64] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<4x8x64xf32>
    return
  }
}

// -----

// Read transposed, the view swaps the last two dimensions (and strides)
// in the DN layout; the offsets and sizes swap with them.
// CHECK-LABEL: func.func @transposed_3d
// CHECK: %[[KV:.+]] = pto.make_tensor_view %{{.+}}, shape = [%c2{{[_0-9]*}}, %c64{{[_0-9]*}}, %c32{{[_0-9]*}}], strides = [%c2048{{[_0-9]*}}, %c32{{[_0-9]*}}, %c1{{[_0-9]*}}]
// CHECK: %[[DN:.+]] = pto.make_tensor_view %{{.+}}, shape = [%c2{{[_0-9]*}}, %c32{{[_0-9]*}}, %c64{{[_0-9]*}}], strides = [%c2048{{[_0-9]*}}, %c1{{[_0-9]*}}, %c32{{[_0-9]*}}] {layout = #pto.layout<dn>}
// CHECK: pto.partition_view %[[DN]], offsets = [%{{[^,]+}}, %{{[^,]+}}, %{{[^,]+}}], sizes = [%c1{{[_0-9]*}}, %c32{{[_0-9]*}}, %c64{{[_0-9]*}}] : !pto.tensor_view<?x?x?xf32> -> !pto.partition_tensor_view<1x32x64xf32>
// CPP-LABEL: void transposed_3d(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 32, 64>, pto::Stride<2048, 2048, 2048, 1, 32>, pto::Layout::DN>
module {
  func.func @transposed_3d(%k: !pypto.tensor<2x64x32xf32> {pypto.dir = "in", pypto.strides = array<i64: 2048, 32, 1>},
                           %b: index) attributes {pypto.kind = "aic"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %k[%b, %c0, %c0] window [1, 64, 32] {transpose, pypto.addr = 0 : i64} : !pypto.tensor<2x64x32xf32> -> !pypto.tile<32x64xf32, mat>
    return
  }
}

// -----

// A transposed window of wider rows (row stride 256 over 128 columns): the DN
// view spans 256 rows, as ptoas 0.27 infers DN only where the column stride
// is the row count; the partition stays within the 128 columns.
// CHECK-LABEL: func.func @transposed_strided
// CHECK: pto.make_tensor_view %{{.+}}, shape = [%c256{{[_0-9]*}}, %c64{{[_0-9]*}}], strides = [%c1{{[_0-9]*}}, %c256{{[_0-9]*}}] {layout = #pto.layout<dn>}
// CHECK: pto.partition_view %{{.+}}, offsets = [%{{[^,]+}}, %{{[^,]+}}], sizes = [%c128{{[_0-9]*}}, %c64{{[_0-9]*}}]
module {
  func.func @transposed_strided(%k: !pypto.tensor<64x128xf32> {pypto.dir = "in", pypto.strides = array<i64: 256, 1>})
      attributes {pypto.kind = "aic"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %k[%c0, %c0] {transpose, pypto.addr = 0 : i64} : !pypto.tensor<64x128xf32> -> !pypto.tile<128x64xf32, mat>
    return
  }
}

// -----

// A transposed tail: the DN partition's sizes and the tile's valid shape are
// the window's valid extents, swapped.
// CHECK-LABEL: func.func @transposed_tail
// CHECK: %[[DN:.+]] = pto.make_tensor_view %{{.+}} {layout = #pto.layout<dn>}
// CHECK: pto.partition_view %[[DN]], offsets = [%{{[^,]+}}, %{{[^,]+}}], sizes = [%c64{{[_0-9]*}}, %[[N:arg[0-9]+]]] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x?xf32>
// CHECK: pto.alloc_tile addr = %{{.+}} valid_row = %c64{{[_0-9]*}} valid_col = %[[N]]
// CPP-LABEL: void transposed_tail(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 64, -1>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::DN>
module {
  func.func @transposed_tail(%k: !pypto.tensor<24x64xf32> {pypto.dir = "in", pypto.strides = array<i64: 64, 1>},
                             %n: index) attributes {pypto.kind = "aic"} {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %t = pypto.load %k[%c0, %c0] valid [%n, %c64] {transpose, pypto.addr = 0 : i64} : !pypto.tensor<24x64xf32> -> !pypto.tile<64x32xf32, mat>
    return
  }
}

// -----

// A tail of a 1-D window: the partition is the valid count.
// CHECK-LABEL: func.func @tail_1d
// CHECK: pto.partition_view %{{.+}}, offsets = [%{{.+}}], sizes = [%[[N:arg[0-9]+]]] : !pto.tensor_view<?xf32> -> !pto.partition_tensor_view<?xf32>
// CHECK: pto.alloc_tile addr = %{{.+}} valid_row = %c1{{[_0-9]*}} valid_col = %[[N]]
// CPP-LABEL: void tail_1d(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 1, -1>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::ND> {{v[0-9]+}}({{.+}}, pto::Shape<1, 1, 1, 1, -1>([[N:v[0-9]+]]), pto::Stride<-1, -1, -1, -1, -1>(([[N]] * 1), ([[N]] * 1), ([[N]] * 1), ([[N]] * 1), 1));
module {
  func.func @tail_1d(%v: !pypto.tensor<64xf32> {pypto.dir = "in", pypto.strides = array<i64: 1>},
                     %t: index, %n: index) attributes {pypto.kind = "incore"} {
    %c1 = arith.constant 1 : index
    %x = pypto.load %v[%t] window [16] valid [%c1, %n] {pypto.addr = 0 : i64} : !pypto.tensor<64xf32> -> !pypto.tile<1x16xf32, vec>
    return
  }
}

// -----

// Five dimensions of GlobalTensor hold a rank-5 window whose dimensions are
// all used.
// CPP-LABEL: void window_5d(
// CPP: GlobalTensor<float, pto::Shape<2, 2, 2, 2, 16>, pto::Stride<128, 64, 32, 16, 1>, pto::Layout::ND>
module {
  func.func @window_5d(%x: !pypto.tensor<2x2x2x2x16xf32> {pypto.dir = "in", pypto.strides = array<i64: 128, 64, 32, 16, 1>})
      attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %x[%c0, %c0, %c0, %c0, %c0] window [2, 2, 2, 2, 16] {pypto.addr = 0 : i64} : !pypto.tensor<2x2x2x2x16xf32> -> !pypto.tile<16x16xf32, vec>
    return
  }
}
