// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @tci_rows(%s: i32, %a: !pto.tile_buf<vec, 2x64xi32>) {
  // expected-error @+1 {{'pto.tci' op fills one row of more than one column, got 2x64}}
  pto.tci ins(%s : i32) outs(%a : !pto.tile_buf<vec, 2x64xi32>)
  return
}

// -----

func.func @tci_start(%s: i16, %a: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error @+1 {{'pto.tci' op start type 'i16' differs from the tile dtype 'i32'}}
  pto.tci ins(%s : i16) outs(%a : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

func.func @tci_float(%s: i32, %a: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tci' op start type 'i32' differs from the tile dtype 'f32'}}
  pto.tci ins(%s : i32) outs(%a : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @tgather_index_type(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x64xf32>, %dst: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tgather' op indices must be 32-bit integers, got 'f32'}}
  pto.tgather ins(%src, %idx, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xf32>) outs(%dst : !pto.tile_buf<vec, 1x64xf32>)
  return
}

// -----

func.func @tgather_dst_type(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x64xi32>, %dst: !pto.tile_buf<vec, 1x64xi32>) {
  // expected-error @+1 {{'pto.tgather' op dst elements must have the src's type}}
  pto.tgather ins(%src, %idx, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xi32>, !pto.tile_buf<vec, 1x64xi32>) outs(%dst : !pto.tile_buf<vec, 1x64xi32>)
  return
}

// -----

func.func @tgather_shapes(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x64xi32>, %dst: !pto.tile_buf<vec, 1x32xf32>) {
  // expected-error @+1 {{'pto.tgather' op index and dst valid shapes differ}}
  pto.tgather ins(%src, %idx, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xi32>, !pto.tile_buf<vec, 1x64xi32>) outs(%dst : !pto.tile_buf<vec, 1x32xf32>)
  return
}

// -----

func.func @tcmp_mask(%a: !pto.tile_buf<vec, 8x64xf32>, %m: !pto.tile_buf<vec, 8x32xi16>) {
  // expected-error @+1 {{'pto.tcmp' op mask must be 8-bit, got 'i16'}}
  pto.tcmp ins(%a, %a {cmpMode = #pto<cmp eq>} : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x64xf32>) outs(%m : !pto.tile_buf<vec, 8x32xi16>)
  return
}

// -----

func.func @tcmp_rows(%a: !pto.tile_buf<vec, 8x64xf32>, %m: !pto.tile_buf<vec, 4x32xui8>) {
  // expected-error @+1 {{'pto.tcmp' op src and mask valid rows differ}}
  pto.tcmp ins(%a, %a {cmpMode = #pto<cmp eq>} : !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x64xf32>) outs(%m : !pto.tile_buf<vec, 4x32xui8>)
  return
}

// -----

func.func @tcmps_scalar(%a: !pto.tile_buf<vec, 8x64xf32>, %s: f16, %m: !pto.tile_buf<vec, 8x32xui8>) {
  // expected-error @+1 {{'pto.tcmps' op scalar type 'f16' differs from the tile dtype 'f32'}}
  pto.tcmps ins(%a, %s {cmpMode = #pto<cmp eq>} : !pto.tile_buf<vec, 8x64xf32>, f16) outs(%m : !pto.tile_buf<vec, 8x32xui8>)
  return
}

// -----

func.func @tsel_types(%m: !pto.tile_buf<vec, 8x32xui8>, %a: !pto.tile_buf<vec, 8x64xf32>, %b: !pto.tile_buf<vec, 8x64xi32>, %t: !pto.tile_buf<vec, 1x32xui8>) {
  // expected-error @+1 {{'pto.tsel' op element types differ: 'f32' and 'i32'}}
  pto.tsel ins(%m, %a, %b, %t : !pto.tile_buf<vec, 8x32xui8>, !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 8x64xi32>, !pto.tile_buf<vec, 1x32xui8>) outs(%a : !pto.tile_buf<vec, 8x64xf32>)
  return
}

// -----

func.func @tsels_mask(%m: !pto.tile_buf<vec, 8x32xf32>, %a: !pto.tile_buf<vec, 8x64xf32>, %t: !pto.tile_buf<vec, 1x32xui8>, %s: f32) {
  // expected-error @+1 {{'pto.tsels' op mask must be 8-bit, got 'f32'}}
  pto.tsels ins(%m, %a, %t, %s : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 8x64xf32>, !pto.tile_buf<vec, 1x32xui8>, f32) outs(%a : !pto.tile_buf<vec, 8x64xf32>)
  return
}

// -----

func.func @tconcat_too_narrow(%a: !pto.tile_buf<vec, 8x40xf32, valid=8x36>, %b: !pto.tile_buf<vec, 8x24xf32>, %d: !pto.tile_buf<vec, 8x56xf32>) {
  // expected-error @+1 {{'pto.tconcat' op dst has 56 columns, fewer than the 60 it would hold}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<vec, 8x40xf32, valid=8x36>, !pto.tile_buf<vec, 8x24xf32>) outs(%d : !pto.tile_buf<vec, 8x56xf32>)
  return
}

// -----

func.func @tconcat_rows(%a: !pto.tile_buf<vec, 8x32xf32>, %b: !pto.tile_buf<vec, 4x32xf32>, %d: !pto.tile_buf<vec, 8x64xf32>) {
  // expected-error @+1 {{'pto.tconcat' op valid rows differ}}
  pto.tconcat ins(%a, %b : !pto.tile_buf<vec, 8x32xf32>, !pto.tile_buf<vec, 4x32xf32>) outs(%d : !pto.tile_buf<vec, 8x64xf32>)
  return
}

// -----

func.func @tgather_compare_mode(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f32, %tmp: !pto.tile_buf<vec, 5x32xi8>, %dst: !pto.tile_buf<vec, 4x16xi32>, %cdst: !pto.tile_buf<vec, 1x8xi32>) {
  // expected-error @+1 {{'pto.tgather' op compares with eq or gt only}}
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xi32>, !pto.tile_buf<vec, 1x8xi32>) {cmpMode = #pto<cmp le>}
  return
}

// -----

func.func @tgather_compare_no_mode(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f32, %tmp: !pto.tile_buf<vec, 5x32xi8>, %dst: !pto.tile_buf<vec, 4x16xi32>, %cdst: !pto.tile_buf<vec, 1x8xi32>) {
  // expected-error @+1 {{'pto.tgather' op the compare form takes a scalar, a cmpMode and two outs (dst and cdst)}}
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xi32>, !pto.tile_buf<vec, 1x8xi32>)
  return
}

// -----

func.func @tgather_compare_scalar(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f16, %tmp: !pto.tile_buf<vec, 5x32xi8>, %dst: !pto.tile_buf<vec, 4x16xi32>, %cdst: !pto.tile_buf<vec, 1x8xi32>) {
  // expected-error @+1 {{'pto.tgather' op scalar type 'f16' differs from the src dtype 'f32'}}
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f16, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xi32>, !pto.tile_buf<vec, 1x8xi32>) {cmpMode = #pto<cmp gt>}
  return
}

// -----

func.func @tgather_compare_dst(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f32, %tmp: !pto.tile_buf<vec, 5x32xi8>, %dst: !pto.tile_buf<vec, 4x16xf32>, %cdst: !pto.tile_buf<vec, 1x8xi32>) {
  // expected-error @+1 {{'pto.tgather' op dst and cdst must be 32-bit integers}}
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xf32>, !pto.tile_buf<vec, 1x8xi32>) {cmpMode = #pto<cmp gt>}
  return
}

// -----

func.func @tgather_compare_cdst(%src: !pto.tile_buf<vec, 4x32xf32>, %k: f32, %tmp: !pto.tile_buf<vec, 5x32xi8>, %dst: !pto.tile_buf<vec, 4x16xi32>, %cdst: !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=2, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {
  // expected-error @+1 {{'pto.tgather' op cdst has 2 valid columns, fewer than the 4 rows it counts}}
  pto.tgather ins(%src, %k, %tmp : !pto.tile_buf<vec, 4x32xf32>, f32, !pto.tile_buf<vec, 5x32xi8>) outs(%dst, %cdst : !pto.tile_buf<vec, 4x16xi32>, !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=2, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {cmpMode = #pto<cmp gt>}
  return
}

// -----

func.func @tgather_offset_without_compare(%src: !pto.tile_buf<vec, 1x32xf32>, %idx: !pto.tile_buf<vec, 1x64xi32>, %dst: !pto.tile_buf<vec, 1x64xf32>) {
  // expected-error @+1 {{'pto.tgather' op an offset belongs to the compare form}}
  pto.tgather ins(%src, %idx, %idx : !pto.tile_buf<vec, 1x32xf32>, !pto.tile_buf<vec, 1x64xi32>, !pto.tile_buf<vec, 1x64xi32>) outs(%dst : !pto.tile_buf<vec, 1x64xf32>) {offset = 3 : i32}
  return
}
