// RUN: not pypto-opt %s --pypto-lower-to-pto 2>&1 | FileCheck %s

// A kernel whose tile does not come from a pypto op of the kernel (here a
// tile parameter) cannot be lowered; this is a located error, not a crash.

// CHECK-NOT: Stack dump
// CHECK: lower-to-pto-tile-params.mlir:[[# @LINE + 4]]:3: error: 'pypto.store' op uses a tile that no operation of this kernel produces; tile parameters are not supported yet{{$}}
// CHECK-NOT: Stack dump
func.func @k(%t: !pypto.tile<16x16xf32, vec>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  pypto.store %t, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
