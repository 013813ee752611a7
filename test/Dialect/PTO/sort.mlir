// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// The sort instructions print in ptoas's syntax, so the lines are checked
// whole.

// Top-k of one f32 row, as pypto-lower-to-pto emits it: tsort32 of the 512
// values with their indices into 1024 columns of (value, index) pairs, two
// in-place merges (block lengths 64 and 256, i32 operands), and the gathers
// that split the pairs: the even columns (P0101) are the values, the odd
// columns (P1010) the indices, read as i32.

// CHECK-LABEL: func.func @topk
// CHECK-NEXT: %[[A0:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[SRC:.+]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: %[[A1:.+]] = arith.constant 2048 : i64
// CHECK-NEXT: %[[IDX:.+]] = pto.alloc_tile addr = %[[A1]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: %[[A2:.+]] = arith.constant 4096 : i64
// CHECK-NEXT: %[[DST:.+]] = pto.alloc_tile addr = %[[A2]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tsort32 ins(%[[SRC]], %[[IDX]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[DST]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[B64:.+]] = arith.constant 64 : i32
// CHECK-NEXT: pto.tmrgsort ins(%[[DST]], %[[B64]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[DST]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[B256:.+]] = arith.constant 256 : i32
// CHECK-NEXT: pto.tmrgsort ins(%[[DST]], %[[B256]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[DST]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[V:.+]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tgather ins(%[[DST]], {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[V]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[K:.+]] = pto.alloc_tile addr = %[[A1]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tgather ins(%[[DST]], {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[K]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: return
func.func @topk() {
  %a0 = arith.constant 0 : i64
  %src = pto.alloc_tile addr = %a0 : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a1 = arith.constant 2048 : i64
  %idx = pto.alloc_tile addr = %a1 : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
  %a2 = arith.constant 4096 : i64
  %dst = pto.alloc_tile addr = %a2 : !pto.tile_buf<vec, 1x1024xf32>
  pto.tsort32 ins(%src, %idx : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%dst : !pto.tile_buf<vec, 1x1024xf32>)
  %b64 = arith.constant 64 : i32
  pto.tmrgsort ins(%dst, %b64 : !pto.tile_buf<vec, 1x1024xf32>, i32) outs(%dst : !pto.tile_buf<vec, 1x1024xf32>)
  %b256 = arith.constant 256 : i32
  pto.tmrgsort ins(%dst, %b256 : !pto.tile_buf<vec, 1x1024xf32>, i32) outs(%dst : !pto.tile_buf<vec, 1x1024xf32>)
  %v = pto.alloc_tile addr = %a0 : !pto.tile_buf<vec, 1x16xf32>
  pto.tgather ins(%dst, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 1x1024xf32>) outs(%v : !pto.tile_buf<vec, 1x16xf32>)
  %k = pto.alloc_tile addr = %a1 : !pto.tile_buf<vec, 1x16xi32>
  pto.tgather ins(%dst, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 1x1024xf32>) outs(%k : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

// f16 values: pairs of four columns, a single row of indices for both
// value rows, a block length that is not a constant, and 16-bit gathers
// (the odd columns read as i16).

// CHECK-LABEL: func.func @f16
// CHECK-SAME: (%[[X:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=128, v_row=2, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[I:[^:]+]]: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[D:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[BL:[^:]+]]: i32, %[[V:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[K:[^:]+]]: !pto.tile_buf<loc=vec, dtype=i16, rows=2, cols=32, v_row=2, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tsort32 ins(%[[X]], %[[I]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=128, v_row=2, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tmrgsort ins(%[[D]], %[[BL]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[D]], {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[V]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=64, v_row=2, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[D]], {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[K]] : !pto.tile_buf<loc=vec, dtype=i16, rows=2, cols=32, v_row=2, v_col=32, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: return
func.func @f16(%x: !pto.tile_buf<vec, 2x128xf16>, %i: !pto.tile_buf<vec, 1x128xi32>,
               %d: !pto.tile_buf<vec, 2x512xf16>, %bl: i32,
               %v: !pto.tile_buf<vec, 2x64xf16>, %k: !pto.tile_buf<vec, 2x32xi16>) {
  pto.tsort32 ins(%x, %i : !pto.tile_buf<vec, 2x128xf16>, !pto.tile_buf<vec, 1x128xi32>) outs(%d : !pto.tile_buf<vec, 2x512xf16>)
  pto.tmrgsort ins(%d, %bl : !pto.tile_buf<vec, 2x512xf16>, i32) outs(%d : !pto.tile_buf<vec, 2x512xf16>)
  pto.tgather ins(%d, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<vec, 2x512xf16>) outs(%v : !pto.tile_buf<vec, 2x64xf16>)
  pto.tgather ins(%d, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 2x512xf16>) outs(%k : !pto.tile_buf<vec, 2x32xi16>)
  return
}

// -----

// All seven mask patterns parse and print back; the last gather reads the
// f32 bits as i32 (same width).

// CHECK-LABEL: func.func @mask_patterns
// CHECK-SAME: (%[[S:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[D:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %[[I:[^:]+]]: !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P0001>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P0100>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[D]] : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: pto.tgather ins(%[[S]], {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[I]] : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=64, v_row=4, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: return
func.func @mask_patterns(%s: !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>, %d: !pto.tile_buf<vec, 4x64xf32>, %i: !pto.tile_buf<vec, 4x64xi32>) {
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0001>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P0100>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1000>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%d : !pto.tile_buf<vec, 4x64xf32>)
  pto.tgather ins(%s, {maskPattern = #pto.mask_pattern<P1111>} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=256, v_row=4, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%i : !pto.tile_buf<vec, 4x64xi32>)
  return
}
