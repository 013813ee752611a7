// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// tci, the two forms of tgather, tcmp/tcmps and tsel/tsels in ptoas 0.27's
// syntax: attributes inside `ins`, before the colon.

// CHECK-LABEL: func.func @ramps
// CHECK: pto.tci ins(%{{.+}} : i32) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64{{[^>]+}}>)
// CHECK: pto.tci ins(%{{.+}} {descending = true} : i16) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=32{{[^>]+}}>)
func.func @ramps(%s: i32, %h: i16, %a: !pto.tile_buf<vec, 1x64xi32>, %b: !pto.tile_buf<vec, 1x32xi16>) {
  pto.tci ins(%s : i32) outs(%a : !pto.tile_buf<vec, 1x64xi32>)
  pto.tci ins(%h {descending = true} : i16) outs(%b : !pto.tile_buf<vec, 1x32xi16>)
  return
}

// -----

// CHECK-LABEL: func.func @gathers
// CHECK: pto.tgather ins(%{{.+}}, %{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64{{[^>]+}}>){{$}}
// CHECK: pto.tgather ins(%{{.+}}, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=16{{[^>]+}}>){{$}}
func.func @gathers(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x64xi32>,
                   %dst: !pto.tile_buf<vec, 1x64xf32>, %half: !pto.tile_buf<vec, 1x16xi32>) {
  pto.tgather ins(%src, %idx, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xi32>, !pto.tile_buf<vec, 1x64xi32>) outs(%dst : !pto.tile_buf<vec, 1x64xf32>)
  pto.tgather ins(%src, {maskPattern = #pto.mask_pattern<P1010>} : !pto.tile_buf<vec, 1x32xf32>) outs(%half : !pto.tile_buf<vec, 1x16xi32>)
  return
}

// -----

// The compare form: a scalar, then outs(dst, cdst); mode and offset in the
// attribute dictionary after them, as pypto writes it.

// CHECK-LABEL: func.func @compare_gather
// CHECK: pto.tgather ins(%{{.+}}, %{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=32{{[^>]+}}>, f32, !pto.tile_buf<loc=vec, dtype=i8, rows=5, cols=32{{[^>]+}}>) outs(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8{{[^>]+}}>) {cmpMode = #pto<cmp gt>, offset = 7 : i32}
func.func @compare_gather(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f32, %tmp: !pto.tile_buf<vec, 5x32xi8>,
                          %dst: !pto.tile_buf<vec, 4x16xi32>, %cdst: !pto.tile_buf<vec, 1x8xi32>) {
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xi32>, !pto.tile_buf<vec, 1x8xi32>) {cmpMode = #pto<cmp gt>, offset = 7 : i32}
  return
}

// -----

// CHECK-LABEL: func.func @compares
// CHECK: pto.tcmp ins(%[[A:.+]], %[[B:.+]] {cmpMode = #pto<cmp gt>} : !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>) outs(%[[M:.+]] : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=32{{[^>]+}}>)
// CHECK: pto.tcmps ins(%[[A]], %[[S:.+]] {cmpMode = #pto<cmp ge>} : !pto.tile_buf<{{[^>]+}}>, f32) outs(%[[M]] : !pto.tile_buf<{{[^>]+}}>)
// CHECK: pto.tsel ins(%[[M]], %[[A]], %[[B]], %[[T:.+]] : !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>) outs(%[[A]] : !pto.tile_buf<{{[^>]+}}>)
// CHECK: pto.tsels ins(%[[M]], %[[A]], %[[T]], %[[S]] : !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>, !pto.tile_buf<{{[^>]+}}>, f32) outs(%[[B]] : !pto.tile_buf<{{[^>]+}}>)
func.func @compares(%a: !pto.tile_buf<vec, 8x64xf32>, %b: !pto.tile_buf<vec, 8x64xf32>,
                    %m: !pto.tile_buf<vec, 8x32xui8>, %t: !pto.tile_buf<vec, 1x32xui8>, %s: f32) {
  pto.tcmp ins(%a, %b {cmpMode = #pto<cmp gt>} : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x64xf32>) outs(%m : !pto.tile_buf<vec, 8x32xui8>)
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp ge>} : !pto.tile_buf<vec, 8x64xf32>, f32) outs(%m : !pto.tile_buf<vec, 8x32xui8>)
  pto.tsel ins(%m, %a, %b, %t : !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 1x32xui8>) outs(%a : !pto.tile_buf<vec, 8x64xf32>)
  pto.tsels ins(%m, %a, %t, %s : !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 1x32xui8>, f32) outs(%b : !pto.tile_buf<vec, 8x64xf32>)
  return
}

// -----

// CHECK-LABEL: func.func @concat
// CHECK: pto.tconcat ins(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=40, v_row=8, v_col=36{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=24, v_row=8, v_col=20{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=56{{[^>]+}}>)
func.func @concat(%a: !pto.tile_buf<vec, 8x40xf32, valid=8x36>, %b: !pto.tile_buf<vec, 8x24xf32, valid=8x20>, %d: !pto.tile_buf<vec, 8x56xf32>) {
  pto.tconcat ins(%a, %b : !pto.tile_buf<vec, 8x40xf32, valid=8x36>, !pto.tile_buf<vec, 8x24xf32, valid=8x20>) outs(%d : !pto.tile_buf<vec, 8x56xf32>)
  return
}
