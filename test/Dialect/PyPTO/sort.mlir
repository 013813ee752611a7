// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// Top-k on tensors: sort32 of f32 values with a broadcast 1xN row of
// indices into Rx2N pairs, merges of runs of 64 then 256 columns, and the
// gathers that split the pairs: the even columns are the f32 values, the
// odd columns the index bits read as i32. A gather may keep fewer than half
// of the columns (the top 16 here), or exactly half.

// CHECK-LABEL: func.func @topk_tensor
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<4x512xf32>, %[[I:[^:]+]]: !pypto.tensor<1x512xi32>)
// CHECK-NEXT: %[[S:.+]] = pypto.sort32 %[[X]], %[[I]] : !pypto.tensor<4x512xf32>, !pypto.tensor<1x512xi32> -> !pypto.tensor<4x1024xf32>
// CHECK-NEXT: %[[M1:.+]] = pypto.mrgsort %[[S]] {block_len = 64 : i64} : !pypto.tensor<4x1024xf32>
// CHECK-NEXT: %[[M2:.+]] = pypto.mrgsort %[[M1]] {block_len = 256 : i64} : !pypto.tensor<4x1024xf32>
// CHECK-NEXT: %[[V:.+]] = pypto.gather_mask %[[M2]] even : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x16xf32>
// CHECK-NEXT: %[[K:.+]] = pypto.gather_mask %[[M2]] odd : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x16xi32>
// CHECK-NEXT: %[[H:.+]] = pypto.gather_mask %[[M2]] odd : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x512xf32>
// CHECK-NEXT: return %[[V]], %[[K]], %[[H]] : !pypto.tensor<4x16xf32>, !pypto.tensor<4x16xi32>, !pypto.tensor<4x512xf32>
func.func @topk_tensor(%x: !pypto.tensor<4x512xf32>, %i: !pypto.tensor<1x512xi32>)
    -> (!pypto.tensor<4x16xf32>, !pypto.tensor<4x16xi32>, !pypto.tensor<4x512xf32>) {
  %s = pypto.sort32 %x, %i : !pypto.tensor<4x512xf32>, !pypto.tensor<1x512xi32> -> !pypto.tensor<4x1024xf32>
  %m1 = pypto.mrgsort %s {block_len = 64 : i64} : !pypto.tensor<4x1024xf32>
  %m2 = pypto.mrgsort %m1 {block_len = 256} : !pypto.tensor<4x1024xf32>
  %v = pypto.gather_mask %m2 even : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x16xf32>
  %k = pypto.gather_mask %m2 odd : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x16xi32>
  %h = pypto.gather_mask %m2 odd : !pypto.tensor<4x1024xf32> -> !pypto.tensor<4x512xf32>
  return %v, %k, %h : !pypto.tensor<4x16xf32>, !pypto.tensor<4x16xi32>, !pypto.tensor<4x512xf32>
}

// -----

// The same chain on vec tiles, with one row of indices per value row.

// CHECK-LABEL: func.func @topk_tile
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tile<2x128xf32, vec>, %[[I:[^:]+]]: !pypto.tile<2x128xi32, vec>)
// CHECK-NEXT: %[[S:.+]] = pypto.sort32 %[[X]], %[[I]] : !pypto.tile<2x128xf32, vec>, !pypto.tile<2x128xi32, vec> -> !pypto.tile<2x256xf32, vec>
// CHECK-NEXT: %[[M:.+]] = pypto.mrgsort %[[S]] {block_len = 64 : i64} : !pypto.tile<2x256xf32, vec>
// CHECK-NEXT: %[[V:.+]] = pypto.gather_mask %[[M]] even : !pypto.tile<2x256xf32, vec> -> !pypto.tile<2x128xf32, vec>
// CHECK-NEXT: %[[K:.+]] = pypto.gather_mask %[[M]] odd : !pypto.tile<2x256xf32, vec> -> !pypto.tile<2x8xi32, vec>
// CHECK-NEXT: return %[[V]], %[[K]] : !pypto.tile<2x128xf32, vec>, !pypto.tile<2x8xi32, vec>
func.func @topk_tile(%x: !pypto.tile<2x128xf32, vec>, %i: !pypto.tile<2x128xi32, vec>)
    -> (!pypto.tile<2x128xf32, vec>, !pypto.tile<2x8xi32, vec>) {
  %s = pypto.sort32 %x, %i : !pypto.tile<2x128xf32, vec>, !pypto.tile<2x128xi32, vec> -> !pypto.tile<2x256xf32, vec>
  %m = pypto.mrgsort %s {block_len = 64 : i64} : !pypto.tile<2x256xf32, vec>
  %v = pypto.gather_mask %m even : !pypto.tile<2x256xf32, vec> -> !pypto.tile<2x128xf32, vec>
  %k = pypto.gather_mask %m odd : !pypto.tile<2x256xf32, vec> -> !pypto.tile<2x8xi32, vec>
  return %v, %k : !pypto.tile<2x128xf32, vec>, !pypto.tile<2x8xi32, vec>
}

// -----

// f16 values: a pair spans four columns (Rx4N), so after sort32 the runs
// are 128 columns long; a merge of block_len 128 then covers 512 columns.
// Gathers copy 16-bit elements, which may be reread as i16. Tiles broadcast
// a 1xN row of indices too.

// CHECK-LABEL: func.func @f16_tensor
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tensor<8x128xf16>, %[[I:[^:]+]]: !pypto.tensor<1x128xi32>)
// CHECK-NEXT: %[[S:.+]] = pypto.sort32 %[[X]], %[[I]] : !pypto.tensor<8x128xf16>, !pypto.tensor<1x128xi32> -> !pypto.tensor<8x512xf16>
// CHECK-NEXT: %[[M:.+]] = pypto.mrgsort %[[S]] {block_len = 128 : i64} : !pypto.tensor<8x512xf16>
// CHECK-NEXT: %[[V:.+]] = pypto.gather_mask %[[M]] even : !pypto.tensor<8x512xf16> -> !pypto.tensor<8x256xf16>
// CHECK-NEXT: %[[K:.+]] = pypto.gather_mask %[[M]] odd : !pypto.tensor<8x512xf16> -> !pypto.tensor<8x4xi16>
func.func @f16_tensor(%x: !pypto.tensor<8x128xf16>, %i: !pypto.tensor<1x128xi32>) {
  %s = pypto.sort32 %x, %i : !pypto.tensor<8x128xf16>, !pypto.tensor<1x128xi32> -> !pypto.tensor<8x512xf16>
  %m = pypto.mrgsort %s {block_len = 128 : i64} : !pypto.tensor<8x512xf16>
  %v = pypto.gather_mask %m even : !pypto.tensor<8x512xf16> -> !pypto.tensor<8x256xf16>
  %k = pypto.gather_mask %m odd : !pypto.tensor<8x512xf16> -> !pypto.tensor<8x4xi16>
  return
}

// CHECK-LABEL: func.func @f16_tile
// CHECK-SAME: (%[[X:[^:]+]]: !pypto.tile<2x128xf16, vec>, %[[I:[^:]+]]: !pypto.tile<1x128xi32, vec>)
// CHECK-NEXT: %[[S:.+]] = pypto.sort32 %[[X]], %[[I]] : !pypto.tile<2x128xf16, vec>, !pypto.tile<1x128xi32, vec> -> !pypto.tile<2x512xf16, vec>
// CHECK-NEXT: %{{.+}} = pypto.mrgsort %[[S]] {block_len = 128 : i64} : !pypto.tile<2x512xf16, vec>
// CHECK-NEXT: %{{.+}} = pypto.gather_mask %[[S]] even : !pypto.tile<2x512xf16, vec> -> !pypto.tile<2x256xf16, vec>
// CHECK-NEXT: %{{.+}} = pypto.gather_mask %[[S]] odd : !pypto.tile<2x512xf16, vec> -> !pypto.tile<2x1xf16, vec>
func.func @f16_tile(%x: !pypto.tile<2x128xf16, vec>, %i: !pypto.tile<1x128xi32, vec>) {
  %s = pypto.sort32 %x, %i : !pypto.tile<2x128xf16, vec>, !pypto.tile<1x128xi32, vec> -> !pypto.tile<2x512xf16, vec>
  %m = pypto.mrgsort %s {block_len = 128 : i64} : !pypto.tile<2x512xf16, vec>
  %v = pypto.gather_mask %s even : !pypto.tile<2x512xf16, vec> -> !pypto.tile<2x256xf16, vec>
  %k = pypto.gather_mask %s odd : !pypto.tile<2x512xf16, vec> -> !pypto.tile<2x1xf16, vec>
  return
}

// -----

// A gather copies bits of any element type, not only of sorted pairs
// (i32 read as f32, i8 kept as i8), and the result may keep an odd number
// of columns. A mrgsort may merge a row of exactly 4 * block_len columns.

// CHECK-LABEL: func.func @gather_any
// CHECK-NEXT: pypto.gather_mask %{{.+}} even : !pypto.tensor<3x64xi32> -> !pypto.tensor<3x32xf32>
// CHECK-NEXT: pypto.gather_mask %{{.+}} odd : !pypto.tile<2x64xi8, vec> -> !pypto.tile<2x31xi8, vec>
// CHECK-NEXT: pypto.mrgsort %{{.+}} {block_len = 1024 : i64} : !pypto.tensor<1x4096xf32>
func.func @gather_any(%a: !pypto.tensor<3x64xi32>, %b: !pypto.tile<2x64xi8, vec>, %c: !pypto.tensor<1x4096xf32>) {
  %0 = pypto.gather_mask %a even : !pypto.tensor<3x64xi32> -> !pypto.tensor<3x32xf32>
  %1 = pypto.gather_mask %b odd : !pypto.tile<2x64xi8, vec> -> !pypto.tile<2x31xi8, vec>
  %2 = pypto.mrgsort %c {block_len = 1024} : !pypto.tensor<1x4096xf32>
  return
}
