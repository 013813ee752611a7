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

// -----

// Elementwise vector instructions: binary, with a scalar, and unary.

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[A:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64{{[^>]+}}>, %[[B:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[D:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[S:[^:]+]]: f32, %[[I:[^:]+]]: !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>, %[[N:[^:]+]]: i32)
// CHECK: pto.tsub ins(%[[A]], %[[B]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmul ins(%[[A]], %[[B]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tdiv ins(%[[A]], %[[B]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmax ins(%[[A]], %[[B]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmin ins(%[[A]], %[[B]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tsubs ins(%[[A]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmuls ins(%[[A]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tdivs ins(%[[A]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmaxs ins(%[[A]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tmins ins(%[[A]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tadds ins(%[[I]], %[[N]] : !pto.tile_buf<loc=vec{{[^>]+}}>, i32) outs(%[[I]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tneg ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tabs ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.texp ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tlog ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tsqrt ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trsqrt ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trecip ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trelu ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
func.func @elementwise(%a: !pto.tile_buf<vec, 16x64xf32>, %b: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32>, %s: f32, %i: !pto.tile_buf<vec, 16x64xi32>, %n: i32) {
  pto.tsub ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmul ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tdiv ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmax ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmin ins(%a, %b : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tsubs ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmuls ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tdivs ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmaxs ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tmins ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tadds ins(%i, %n : !pto.tile_buf<vec, 16x64xi32>, i32) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.tneg ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tabs ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.texp ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tlog ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tsqrt ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trsqrt ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trecip ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trelu ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

// tcvt: the rounding mode is an attribute inside ins(...); CAST_RINT is the
// default and is not printed.

// CHECK-LABEL: func.func @tcvt
// CHECK-SAME: (%[[A:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>, %[[H:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>, %[[I:[^:]+]]: !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode RINT>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: pto.tcvt ins(%[[A]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] :
// CHECK: pto.tcvt ins(%[[A]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[H]] :
// CHECK: pto.tcvt ins(%[[H]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>) outs(%[[I]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
func.func @tcvt(%a: !pto.tile_buf<vec, 16x64xf32>, %h: !pto.tile_buf<vec, 16x64xf16>, %i: !pto.tile_buf<vec, 16x64xi32>) {
  pto.tcvt ins(%a {rmode = #pto<round_mode NONE>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode RINT>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode ODD>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a {rmode = #pto<round_mode CAST_RINT>} : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%h : !pto.tile_buf<vec, 16x64xf16>)
  pto.tcvt ins(%h {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<vec, 16x64xf16>) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  return
}

// -----

// Reductions (row forms take a scratch tile), broadcasts and the fused
// broadcast instructions. An Mx1 vector is a 16x8 tile with 16x1 valid.

// CHECK-LABEL: func.func @reduce_broadcast
// CHECK-SAME: (%[[A:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64{{[^>]+}}>, %[[T:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[D:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[R:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>, %[[C:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: pto.trowsum ins(%[[A]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[R]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>)
// CHECK: pto.trowmax ins(%[[A]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[R]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>)
// CHECK: pto.trowmin ins(%[[A]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[R]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>)
// CHECK: pto.tcolsum ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[C]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: pto.tcolmax ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[C]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: pto.tcolmin ins(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[C]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: pto.trowexpand ins(%[[R]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpand ins(%[[C]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandadd ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandsub ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmul ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpanddiv ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmax ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmin ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandexpdif ins(%[[A]], %[[R]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=1{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandadd ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandsub ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmul ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpanddiv ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmax ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmin ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandexpdif ins(%[[A]], %[[C]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
func.func @reduce_broadcast(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>, %c: !pto.tile_buf<vec, 1x64xf32>) {
  pto.trowsum ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  pto.trowmax ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  pto.trowmin ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  pto.tcolsum ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 1x64xf32>)
  pto.tcolmax ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 1x64xf32>)
  pto.tcolmin ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 1x64xf32>)
  pto.trowexpand ins(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpand ins(%c : !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandadd ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandsub ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandmul ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpanddiv ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandmax ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandmin ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowexpandexpdif ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32, valid=16x1>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandadd ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandsub ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandmul ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpanddiv ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandmax ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandmin ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tcolexpandexpdif ins(%a, %c : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  return
}

// -----

// texpands fills a tile with a scalar; ttrans transposes through a scratch
// tile of the source's shape.

// CHECK-LABEL: func.func @fill_transpose
// CHECK-SAME: (%[[A:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[T:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[D:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16{{[^>]+}}>, %[[S:[^:]+]]: f32, %[[I:[^:]+]]: !pto.tile_buf<{{[^>]+}}>, %[[N:[^:]+]]: i32)
// CHECK: pto.texpands ins(%[[S]] : f32) outs(%[[A]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.texpands ins(%[[N]] : i32) outs(%[[I]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: pto.ttrans ins(%[[A]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16{{[^>]+}}>)
func.func @fill_transpose(%a: !pto.tile_buf<vec, 16x64xf32>, %t: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 64x16xf32>, %s: f32, %i: !pto.tile_buf<vec, 16x64xi32>, %n: i32) {
  pto.texpands ins(%s : f32) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  pto.texpands ins(%n : i32) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.ttrans ins(%a, %t : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 64x16xf32>)
  return
}

// -----

// tfillpad copies src's valid region (a second tile_buf at the source's
// address, with run-time valid extents) into dst and fills the rest with
// dst's pad value: 1 zero, 2 max, 3 min. The valid shapes need not match.

// CHECK-LABEL: func.func @fillpad
// CHECK-SAME: (%[[R:[^:]+]]: index, %[[C:[^:]+]]: index)
// CHECK: %[[A:.+]] = arith.constant 0 : i64
// CHECK: %[[S:.+]] = pto.alloc_tile addr = %[[A]] valid_row = %[[R]] valid_col = %[[C]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[MIN:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>
// CHECK: %[[MAX:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=2>
// CHECK: %[[ZERO:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// CHECK: pto.tfillpad ins(%[[S]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?{{[^>]+}}>) outs(%[[MIN]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>)
// CHECK: pto.tfillpad ins(%[[S]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[MAX]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}, pad=2>)
// CHECK: pto.tfillpad ins(%{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=?{{[^>]+}}>) outs(%[[ZERO]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}, pad=1>)
func.func @fillpad(%r: index, %c: index) {
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 4096 : i64
  %a2 = arith.constant 8192 : i64
  %a3 = arith.constant 12288 : i64
  %s = pto.alloc_tile addr = %a0 valid_row = %r valid_col = %c : !pto.tile_buf<vec, 16x64xf32, valid=?x?>
  %min = pto.alloc_tile addr = %a1 : !pto.tile_buf<vec, 16x64xf32, pad=3>
  %max = pto.alloc_tile addr = %a2 : !pto.tile_buf<vec, 16x64xf32, pad=2>
  %zero = pto.alloc_tile addr = %a3 : !pto.tile_buf<vec, 16x64xi32, pad=1>
  %i = pto.alloc_tile addr = %a0 valid_col = %c : !pto.tile_buf<vec, 16x64xi32, valid=16x?>
  pto.tfillpad ins(%s : !pto.tile_buf<vec, 16x64xf32, valid=?x?>) outs(%min : !pto.tile_buf<vec, 16x64xf32, pad=3>)
  pto.tfillpad ins(%s : !pto.tile_buf<vec, 16x64xf32, valid=?x?>) outs(%max : !pto.tile_buf<vec, 16x64xf32, pad=2>)
  pto.tfillpad ins(%i : !pto.tile_buf<vec, 16x64xi32, valid=16x?>) outs(%zero : !pto.tile_buf<vec, 16x64xi32, pad=1>)
  return
}

// -----

// textract is printed as ptoas 0.27 writes it; the older window form
// `ins(%src[%r, %c] : T)` reads the same.
// CHECK-LABEL: func.func @textract
// CHECK: pto.textract ins(%[[M:.+]], %[[R:.+]], %[[C:.+]] : !pto.tile_buf<loc=mat, dtype=f32{{[^>]+}}>, index, index) outs(%[[L:.+]] : !pto.tile_buf<loc=left, dtype=f32{{[^>]+}}>)
// CHECK: pto.textract ins(%[[M]], %[[R]], %[[R]] : !pto.tile_buf<loc=mat, dtype=f32{{[^>]+}}>, index, index) outs(%[[L]] : !pto.tile_buf<loc=left, dtype=f32{{[^>]+}}>)
func.func @textract(%m: !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>,
                    %l: !pto.tile_buf<loc=left, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  pto.textract ins(%m, %c0, %c64 : !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>, index, index) outs(%l : !pto.tile_buf<loc=left, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  pto.textract ins(%m[%c0, %c0] : !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>) outs(%l : !pto.tile_buf<loc=left, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
  return
}

// -----

// treshape: a 16x1 column seen as a 1x16 row; set_validshape on a tile
// with a dynamic valid shape.
// CHECK-LABEL: func.func @reshape_and_valid
// CHECK: %{{.+}} = pto.treshape %[[COL:.+]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1{{[^>]+}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16{{[^>]+}}>
// CHECK: pto.set_validshape %[[T:.+]], %[[R:.+]], %[[C:.+]] : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?{{[^>]+}}>
func.func @reshape_and_valid(%col: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0>,
                             %r: index, %c: index) {
  %row = pto.treshape %col : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %c0_i64 = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %c0_i64 valid_row = %r valid_col = %c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  pto.set_validshape %t, %r, %c : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  return
}

// -----

// trowexpand<op>'s per-row operand as ptoas 0.27 takes a row-major one: one
// whole 32-byte block valid per row.
// CHECK-LABEL: func.func @per_row_blocks
// CHECK: pto.trowexpandmax ins(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=16, v_col=8{{[^>]+}}>)
// CHECK: pto.trowexpandmin ins(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=8{{[^>]+}}>)
func.func @per_row_blocks(%a: !pto.tile_buf<vec, 16x64xf32>, %r: !pto.tile_buf<vec, 16x8xf32>,
                          %b: !pto.tile_buf<vec, 1x64xf32>, %p: !pto.tile_buf<vec, 1x16xf32, valid=1x8>) {
  pto.trowexpandmax ins(%a, %r : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x8xf32>) outs(%a : !pto.tile_buf<vec, 16x64xf32>)
  // A padded per-row block (a cast group's padding): one block valid.
  pto.trowexpandmin ins(%b, %p : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x16xf32, valid=1x8>) outs(%b : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

// Kernel arrays (pypto's stack-local array triad).
// CHECK-LABEL: func.func @local_array
// CHECK: %[[A:.+]] = pto.declare_local_array -> !pto.local_array<8xi32>
// CHECK-NEXT: %[[V:.+]] = pto.local_array_get %[[A]][%{{.+}}] : !pto.local_array<8xi32> -> i32
// CHECK-NEXT: pto.local_array_set %[[A]][%{{.+}}], %[[V]] : !pto.local_array<8xi32>, i32
func.func @local_array(%i: index) {
  %a = pto.declare_local_array -> !pto.local_array<8xi32>
  %v = pto.local_array_get %a[%i] : !pto.local_array<8xi32> -> i32
  pto.local_array_set %a[%i], %v : !pto.local_array<8xi32>, i32
  return
}

// -----

// CHECK-LABEL: func.func @elementwise_ext
// CHECK: pto.trem ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>) outs(
// CHECK: pto.tfmod ins(
// CHECK: pto.tand ins(
// CHECK: pto.txor ins(%{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: pto.tnot ins(
// CHECK: pto.tprelu ins(
// CHECK: pto.trems ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, i32, !pto.tile_buf<{{[^>]+}}>) outs(
// CHECK: pto.tshrs ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, i32) outs(
// CHECK: pto.tlrelu ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, f32) outs(
// CHECK: pto.taddc ins(%{{.*}}, %{{.*}}, %{{.*}} :
// CHECK: pto.tsubsc ins(%{{.*}}, %{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, f32, !pto.tile_buf<{{[^>]+}}>) outs(
// CHECK: pto.trowprod ins(
// CHECK: pto.tcolprod ins(
// CHECK: pto.trowargmax ins(%{{.*}}, %{{.*}} : !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>) outs(%{{.*}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=8, v_row=16, v_col=1
// CHECK: pto.tcolargmin ins(
func.func @elementwise_ext(%a: !pto.tile_buf<vec, 16x64xf32>, %d: !pto.tile_buf<vec, 16x64xf32>,
                           %i: !pto.tile_buf<vec, 16x64xi32>, %k: i32, %s: f32,
                           %r: !pto.tile_buf<vec, 16x8xf32, valid=16x1>, %c: !pto.tile_buf<vec, 1x64xf32>,
                           %ri: !pto.tile_buf<vec, 16x8xi32, valid=16x1>, %ci: !pto.tile_buf<vec, 1x64xi32>) {
  pto.trem ins(%a, %a, %d : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tfmod ins(%a, %a : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tand ins(%i, %i : !pto.tile_buf<vec, 16x64xi32>, !pto.tile_buf<vec, 16x64xi32>) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.txor ins(%i, %i, %i : !pto.tile_buf<vec, 16x64xi32>, !pto.tile_buf<vec, 16x64xi32>, !pto.tile_buf<vec, 16x64xi32>) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.tnot ins(%i : !pto.tile_buf<vec, 16x64xi32>) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.tprelu ins(%a, %a, %d : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trems ins(%i, %k, %i : !pto.tile_buf<vec, 16x64xi32>, i32, !pto.tile_buf<vec, 16x64xi32>) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.tshrs ins(%i, %k : !pto.tile_buf<vec, 16x64xi32>, i32) outs(%i : !pto.tile_buf<vec, 16x64xi32>)
  pto.tlrelu ins(%a, %s : !pto.tile_buf<vec, 16x64xf32>, f32) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.taddc ins(%a, %a, %a : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.tsubsc ins(%a, %s, %a : !pto.tile_buf<vec, 16x64xf32>, f32, !pto.tile_buf<vec, 16x64xf32>) outs(%d : !pto.tile_buf<vec, 16x64xf32>)
  pto.trowprod ins(%a, %d : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%r : !pto.tile_buf<vec, 16x8xf32, valid=16x1>)
  pto.tcolprod ins(%a : !pto.tile_buf<vec, 16x64xf32>) outs(%c : !pto.tile_buf<vec, 1x64xf32>)
  pto.trowargmax ins(%a, %d : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%ri : !pto.tile_buf<vec, 16x8xi32, valid=16x1>)
  pto.tcolargmin ins(%a, %d : !pto.tile_buf<vec, 16x64xf32>, !pto.tile_buf<vec, 16x64xf32>) outs(%ci : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

// ptoas 0.27's element write of a vec tile.
// CHECK-LABEL: func.func @tsetval
// CHECK: pto.tsetval ins(%{{.+}}, %{{.+}} : index, f32) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16
func.func @tsetval(%t: !pto.tile_buf<vec, 16x16xf32>, %o: index) {
  %v = arith.constant 1.0 : f32
  pto.tsetval ins(%o, %v : index, f32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}

// -----

// ptoas 0.27's triangular mask, lower (the default side) and upper.
// CHECK-LABEL: func.func @ttri
// CHECK: pto.ttri ins(%{{.+}} : i32) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32
// CHECK: pto.ttri ins(%{{.+}} {upperOrLower = 1 : i32} : i32) outs(
func.func @ttri(%t: !pto.tile_buf<vec, 16x16xf32>, %d: i32) {
  pto.ttri ins(%d : i32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  pto.ttri ins(%d {upperOrLower = 1 : i32} : i32) outs(%t : !pto.tile_buf<vec, 16x16xf32>)
  return
}
