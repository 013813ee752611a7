// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a2a3" | FileCheck %s

// Top-k of a row after pypto-plan-memory: the sort instructions become
// pto.tsort32 / pto.tmrgsort / pto.tgather on tiles allocated at the planned
// addresses, in operand order with the result tile last (outs). A merge's
// block_len becomes an i32 constant operand; an even gather keeps the
// columns of mask pattern P0101, an odd one those of P1010 (here the index
// bits of the f32 pairs, into an i32 tile).

// The i32 indices are seen as ui32 through a treshape, as ptoas 0.27 wants.

// CHECK-LABEL: func.func @topk_row
// CHECK-SAME: (%{{[^:]+}}: !pto.ptr<f32>, %{{[^:]+}}: !pto.ptr<i32>, %{{[^:]+}}: !pto.ptr<f32> {pypto.dir = "out"}, %{{[^:]+}}: !pto.ptr<i32> {pypto.dir = "out"})
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK: %[[A0:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[X:.+]] = pto.alloc_tile addr = %[[A0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<1x512xf32>) outs(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[A2048:.+]] = arith.constant 2048 : i64
// CHECK-NEXT: %[[I:.+]] = pto.alloc_tile addr = %[[A2048]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<1x512xi32>) outs(%[[I]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[U:.+]] = pto.treshape %[[I]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0> -> !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[A4096:.+]] = arith.constant 4096 : i64
// CHECK-NEXT: %[[S:.+]] = pto.alloc_tile addr = %[[A4096]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tsort32 ins(%[[X]], %[[U]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[S]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[B64:.+]] = arith.constant 64 : i32
// CHECK-NEXT: %[[A0b:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[M1:.+]] = pto.alloc_tile addr = %[[A0b]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tmrgsort ins(%[[S]], %[[B64]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[M1]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[B256:.+]] = arith.constant 256 : i32
// CHECK-NEXT: %[[A4096b:.+]] = arith.constant 4096 : i64
// CHECK-NEXT: %[[M2:.+]] = pto.alloc_tile addr = %[[A4096b]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tmrgsort ins(%[[M1]], %[[B256]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[M2]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[A0c:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[V:.+]] = pto.alloc_tile addr = %[[A0c]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tgather ins(%[[M2]], {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[V]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[A64:.+]] = arith.constant 64 : i64
// CHECK-NEXT: %[[K:.+]] = pto.alloc_tile addr = %[[A64]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tgather ins(%[[M2]], {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=1024, v_row=1, v_col=1024, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[K]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK: pto.tstore ins(%[[V]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%{{.+}} : !pto.partition_tensor_view<1x16xf32>)
// CHECK: pto.tstore ins(%[[K]] : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%{{.+}} : !pto.partition_tensor_view<1x16xi32>)
// CHECK-NOT: pypto.
// CHECK: return
func.func @topk_row(%x: !pypto.tensor<4x512xf32>, %r: !pypto.tensor<1x512xi32>,
                    %vals: !pypto.tensor<4x16xf32> {pypto.dir = "out"},
                    %idx: !pypto.tensor<4x16xi32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64, pypto.live = array<i64: 2, 4>} : !pypto.tensor<4x512xf32> -> !pypto.tile<1x512xf32, vec>
  %i = pypto.load %r[%c0, %c0] {pypto.addr = 2048 : i64, pypto.live = array<i64: 3, 4>} : !pypto.tensor<1x512xi32> -> !pypto.tile<1x512xi32, vec>
  %s = pypto.sort32 %t, %i {pypto.addr = 4096 : i64, pypto.live = array<i64: 4, 5>} : !pypto.tile<1x512xf32, vec>, !pypto.tile<1x512xi32, vec> -> !pypto.tile<1x1024xf32, vec>
  %m1 = pypto.mrgsort %s {block_len = 64 : i64, pypto.addr = 0 : i64, pypto.live = array<i64: 5, 6>} : !pypto.tile<1x1024xf32, vec>
  %m2 = pypto.mrgsort %m1 {block_len = 256 : i64, pypto.addr = 4096 : i64, pypto.live = array<i64: 6, 8>} : !pypto.tile<1x1024xf32, vec>
  %v = pypto.gather_mask %m2 even {pypto.addr = 0 : i64, pypto.live = array<i64: 7, 9>} : !pypto.tile<1x1024xf32, vec> -> !pypto.tile<1x16xf32, vec>
  %k = pypto.gather_mask %m2 odd {pypto.addr = 64 : i64, pypto.live = array<i64: 8, 10>} : !pypto.tile<1x1024xf32, vec> -> !pypto.tile<1x16xi32, vec>
  pypto.store %v, %vals[%c0, %c0] : !pypto.tile<1x16xf32, vec>, !pypto.tensor<4x16xf32>
  pypto.store %k, %idx[%c0, %c0] : !pypto.tile<1x16xi32, vec>, !pypto.tensor<4x16xi32>
  return
}

// -----

// f16 values in an AIV part: two rows share one row of indices (the
// broadcast is kept: the idx tile stays 1 row), the pairs span four columns,
// and the merge's block length is 128.

// CHECK-LABEL: func.func @sort_f16
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "aiv"}
// CHECK: %[[X:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=128, v_row=2, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[I:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[U:.+]] = pto.treshape %[[I]] : {{.+}} -> !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[A1024:.+]] = arith.constant 1024 : i64
// CHECK-NEXT: %[[S:.+]] = pto.alloc_tile addr = %[[A1024]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tsort32 ins(%[[X]], %[[U]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=128, v_row=2, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>, !pto.tile_buf<loc=vec, dtype=ui32, rows=1, cols=128, v_row=1, v_col=128, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[S]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: %[[B128:.+]] = arith.constant 128 : i32
// CHECK-NEXT: %[[A3072:.+]] = arith.constant 3072 : i64
// CHECK-NEXT: %[[M:.+]] = pto.alloc_tile addr = %[[A3072]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// Two rows: ptoas 0.27's tmrgsort sorts one row, so a loop does each.
// CHECK:      scf.for
// CHECK:        %[[SR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:        %[[MR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   pto.tmrgsort ins(%[[SR]], %[[B128]] : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>, i32) outs(%[[MR]] : !pto.tile_buf<loc=vec, dtype=f16, rows=1, cols=512, v_row=1, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK-NEXT: }
// CHECK-NEXT: %{{.+}} = arith.constant 0 : i64
// CHECK-NEXT: %[[V:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.tgather ins(%[[M]], {maskPattern = #pto.mask_pattern<P0101>} : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=512, v_row=2, v_col=512, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[V]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>){{$}}
// CHECK: pto.tstore ins(%[[V]] : !pto.tile_buf<loc=vec, dtype=f16, rows=2, cols=256, v_row=2, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
func.func @sort_f16(%x: !pypto.tensor<2x128xf16>, %r: !pypto.tensor<1x128xi32>,
                    %y: !pypto.tensor<2x256xf16> {pypto.dir = "out"}) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64, pypto.live = array<i64: 2, 4>} : !pypto.tensor<2x128xf16> -> !pypto.tile<2x128xf16, vec>
  %i = pypto.load %r[%c0, %c0] {pypto.addr = 512 : i64, pypto.live = array<i64: 3, 4>} : !pypto.tensor<1x128xi32> -> !pypto.tile<1x128xi32, vec>
  %s = pypto.sort32 %t, %i {pypto.addr = 1024 : i64, pypto.live = array<i64: 4, 5>} : !pypto.tile<2x128xf16, vec>, !pypto.tile<1x128xi32, vec> -> !pypto.tile<2x512xf16, vec>
  %m = pypto.mrgsort %s {block_len = 128 : i64, pypto.addr = 3072 : i64, pypto.live = array<i64: 5, 6>} : !pypto.tile<2x512xf16, vec>
  %v = pypto.gather_mask %m even {pypto.addr = 0 : i64, pypto.live = array<i64: 6, 7>} : !pypto.tile<2x512xf16, vec> -> !pypto.tile<2x256xf16, vec>
  pypto.store %v, %y[%c0, %c0] : !pypto.tile<2x256xf16, vec>, !pypto.tensor<2x256xf16>
  return
}
