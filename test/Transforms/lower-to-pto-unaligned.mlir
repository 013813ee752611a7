// RUN: pypto-opt %s --pypto-lower-to-pto > %t
// RUN: pypto-opt %t | FileCheck %s

// A tile whose rows are not a multiple of 32 bytes must still lower to a
// valid !pto.tile_buf (a row-major none_box tile_buf needs cols * 4 % 32 == 0
// for f32): the buffer is padded and the valid shape is the tile's shape.
// The lowered module must parse again.

// CHECK-LABEL: func.func @tiny
// CHECK: pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols={{8|16|32|64|128|256|512}}, v_row=4, v_col=4,
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<4x4xf32>)
func.func @tiny(%x: !pypto.tensor<4x4xf32>, %y: !pypto.tensor<4x4xf32>, %a: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<4x4xf32> -> !pypto.tile<4x4xf32, vec>
  %s = pypto.adds %t, %a {pypto.addr = 0 : i64} : !pypto.tile<4x4xf32, vec>, f32
  pypto.store %s, %y[%c0, %c0] : !pypto.tile<4x4xf32, vec>, !pypto.tensor<4x4xf32>
  return
}
