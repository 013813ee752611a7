// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// tile_buf always prints in the keyed form, with every field; the compact
// form parses with ptoas's defaults.

// CHECK-LABEL: func.func @tile_bufs
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f16, rows=32, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=8, v_row=64, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=scaling, dtype=i8, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, slayout=none_box, fractal=32, pad=3>
// CHECK-SAME: !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-SAME: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=2>
func.func @tile_bufs(
    %a: !pto.tile_buf<vec, 16x16xf32>,
    %b: !pto.tile_buf<vec, 32x64xf16, valid=?x?, pad=1>,
    %c: !pto.tile_buf<vec, 64x8xf32, valid=64x1, blayout=col_major>,
    %d: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
    %e: !pto.tile_buf<scaling, 16x32xi8, fractal=32, pad=3, compact=0>,
    %f: !pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>,
    %g: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=?, v_col=8, blayout=row_major, slayout=none_box, fractal=512, pad=2, compact=0>) {
  return
}

// -----

// Pointers, views and attributes.

// CHECK-LABEL: func.func @views
// CHECK-SAME: (%[[P:.+]]: !pto.ptr<f16>, %[[N:.+]]: index)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// CHECK: %[[V:.+]] = pto.make_tensor_view %[[P]], shape = [%[[N]], %[[C64:.+]]], strides = [%[[C64]], %[[C1:.+]]] {layout = #pto.layout<nd>} : !pto.tensor_view<?x64xf16>
// CHECK: %[[Q:.+]] = pto.partition_view %[[V]], offsets = [%[[C0:.+]], %[[C0]]], sizes = [%[[N]], %[[C64]]] : !pto.tensor_view<?x64xf16> -> !pto.partition_tensor_view<?x64xf16>
// CHECK: pto.make_tensor_view %[[P]], shape = [%{{.+}}, %{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}, %{{.+}}] : !pto.tensor_view<2x32x64xf16>
// CHECK: pto.partition_view %{{.+}} -> !pto.partition_tensor_view<1x32x64xf16>
func.func @views(%p: !pto.ptr<f16>, %n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %p, shape = [%n, %c64], strides = [%c64, %c1] {layout = #pto.layout<nd>} : !pto.tensor_view<?x64xf16>
  %q = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%n, %c64] : !pto.tensor_view<?x64xf16> -> !pto.partition_tensor_view<?x64xf16>
  %w = pto.make_tensor_view %p, shape = [%c2, %c32, %c64], strides = [%c64, %c64, %c1] : !pto.tensor_view<2x32x64xf16>
  %r = pto.partition_view %w, offsets = [%c0, %c0, %c0], sizes = [%c1, %c32, %c64] : !pto.tensor_view<2x32x64xf16> -> !pto.partition_tensor_view<1x32x64xf16>
  return
}

// -----

// Allocation with an address and with run-time valid shapes; loads and
// stores of a 3-D partition whose outer dimensions fold into the rows.

// CHECK-LABEL: func.func @alloc_load_store
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %[[A:.+]] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16
// CHECK: %[[D:.+]] = pto.alloc_tile addr = %[[A]] valid_row = %[[N:[^ ]+]] valid_col = %[[N]] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=?, v_col=?
// CHECK: %[[R:.+]] = pto.alloc_tile valid_row = %[[N]] : !pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=16, v_row=?, v_col=16
// CHECK: pto.tload ins(%[[P:.+]] : !pto.partition_tensor_view<2x16x16xf32>) outs(%[[T]] : !pto.tile_buf<loc=vec
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<?x16xf32>) outs(%[[D]] : !pto.tile_buf<loc=vec
// CHECK: pto.tstore ins(%[[T]] : !pto.tile_buf<loc=vec{{.+}}>) outs(%[[P]] : !pto.partition_tensor_view<2x16x16xf32>)
func.func @alloc_load_store(%p: !pto.partition_tensor_view<2x16x16xf32>,
                            %q: !pto.partition_tensor_view<?x16xf32>, %n: index) {
  %a = arith.constant 1024 : i64
  %t = pto.alloc_tile addr = %a : !pto.tile_buf<vec, 32x16xf32>
  %d = pto.alloc_tile addr = %a valid_row = %n valid_col = %n : !pto.tile_buf<vec, 32x16xf32, valid=?x?>
  %r = pto.alloc_tile valid_row = %n : !pto.tile_buf<vec, 32x16xf32, valid=?x16>
  pto.tload ins(%p : !pto.partition_tensor_view<2x16x16xf32>) outs(%t : !pto.tile_buf<vec, 32x16xf32>)
  pto.tload ins(%q : !pto.partition_tensor_view<?x16xf32>) outs(%d : !pto.tile_buf<vec, 32x16xf32, valid=?x?>)
  pto.tstore ins(%t : !pto.tile_buf<vec, 32x16xf32>) outs(%p : !pto.partition_tensor_view<2x16x16xf32>)
  return
}

// -----

// Vector compute, every legal tmov pair, cube compute, and an acc store into
// a narrower GM type.

// CHECK-LABEL: func.func @compute
// CHECK: pto.tadd ins(%[[V0:[^,]+]], %[[V1:[^ ]+]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[V2:[^ ]+]] : !pto.tile_buf<loc=vec
// CHECK: pto.tadds ins(%[[V0]], %[[S:[^ ]+]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[V2]] : !pto.tile_buf<loc=vec
// CHECK: pto.tmov ins(%[[V0]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[V1]] : !pto.tile_buf<loc=vec
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=mat
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=mat{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=left
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=mat{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=right
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=mat{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=bias
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=mat{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=scaling
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=acc{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=mat
// CHECK: pto.tmov ins(%{{.+}} : !pto.tile_buf<loc=acc{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec
// CHECK: pto.tmatmul ins(%[[L:[^,]+]], %[[R:[^ ]+]] : !pto.tile_buf<loc=left{{[^>]+}}>, !pto.tile_buf<loc=right{{[^>]+}}>) outs(%[[C:[^ ]+]] : !pto.tile_buf<loc=acc
// CHECK: pto.tmatmul.acc ins(%[[C]], %[[L]], %[[R]] : !pto.tile_buf<loc=acc{{[^>]+}}>, !pto.tile_buf<loc=left{{[^>]+}}>, !pto.tile_buf<loc=right{{[^>]+}}>) outs(%[[C]] : !pto.tile_buf<loc=acc
// CHECK: pto.tstore ins(%[[C]] : !pto.tile_buf<loc=acc{{[^>]+}}>) outs(%{{.+}} : !pto.partition_tensor_view<16x16xf16>)
func.func @compute(%v0: !pto.tile_buf<vec, 16x16xf32>, %v1: !pto.tile_buf<vec, 16x16xf32>,
                   %v2: !pto.tile_buf<vec, 16x16xf32>, %s: f32,
                   %m: !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>,
                   %l: !pto.tile_buf<left, 16x16xf32, slayout=row_major>,
                   %r: !pto.tile_buf<right, 16x16xf32, slayout=col_major>,
                   %b: !pto.tile_buf<bias, 16x16xf32>,
                   %x: !pto.tile_buf<scaling, 16x16xf32>,
                   %c: !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>,
                   %g: !pto.partition_tensor_view<16x16xf16>) {
  pto.tadd ins(%v0, %v1 : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%v2 : !pto.tile_buf<vec, 16x16xf32>)
  pto.tadds ins(%v0, %s : !pto.tile_buf<vec, 16x16xf32>, f32) outs(%v2 : !pto.tile_buf<vec, 16x16xf32>)
  pto.tmov ins(%v0 : !pto.tile_buf<vec, 16x16xf32>) outs(%v1 : !pto.tile_buf<vec, 16x16xf32>)
  pto.tmov ins(%v0 : !pto.tile_buf<vec, 16x16xf32>) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%l : !pto.tile_buf<left, 16x16xf32, slayout=row_major>)
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%r : !pto.tile_buf<right, 16x16xf32, slayout=col_major>)
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%b : !pto.tile_buf<bias, 16x16xf32>)
  pto.tmov ins(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>) outs(%x : !pto.tile_buf<scaling, 16x16xf32>)
  pto.tmov ins(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%m : !pto.tile_buf<mat, 16x16xf32, blayout=col_major, slayout=row_major>)
  pto.tmov ins(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%v0 : !pto.tile_buf<vec, 16x16xf32>)
  pto.tmatmul ins(%l, %r : !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tmatmul.acc ins(%c, %l, %r : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>, !pto.tile_buf<left, 16x16xf32, slayout=row_major>, !pto.tile_buf<right, 16x16xf32, slayout=col_major>) outs(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>)
  pto.tstore ins(%c : !pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major, fractal=1024>) outs(%g : !pto.partition_tensor_view<16x16xf16>)
  return
}

// -----

// The module and kernel attributes pypto sets.

// CHECK: module attributes {pto.target_arch = "a2a3"}
// CHECK-LABEL: func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
module attributes {pto.target_arch = "a2a3"} {
  func.func @cube() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    return
  }
}
