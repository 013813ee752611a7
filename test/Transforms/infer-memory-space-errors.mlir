// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-infer-memory-space

// Only a matmul writes acc: an accumulator from vector code cannot be moved
// there.
func.func @acc_from_vector(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>, %z: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %f = pypto.full %z : f32 -> !pypto.tile<16x16xf32>
  %l = pypto.load %a[%c0, %c0] : !pypto.tensor<16x32xf16> -> !pypto.tile<16x32xf16>
  %r = pypto.load %b[%c0, %c0] : !pypto.tensor<32x16xf16> -> !pypto.tile<32x16xf16>
  // expected-error @+1 {{'pypto.matmul_acc' op accumulates into a tile in 'vec'; the accumulator must be the result of a matmul}}
  %d = pypto.matmul_acc %f, %l, %r : !pypto.tile<16x32xf16>, !pypto.tile<32x16xf16> -> !pypto.tile<16x16xf32>
  return
}

// -----

// A loop-carried accumulator must be yielded from a matmul too.
func.func @yield_into_acc(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %l = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  %p = pypto.matmul %l, %l : !pypto.tile<16x16xf32>, !pypto.tile<16x16xf32> -> !pypto.tile<16x16xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (!pypto.tile<16x16xf32>) {
    %t = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
    // expected-error @+1 {{'scf.yield' op yields a tile in 'vec' for a loop-carried accumulator; it must be the result of a matmul}}
    scf.yield %t : !pypto.tile<16x16xf32>
  }
  return
}

// -----

// A tile whose producer says nothing about its space.
func.func @unplaceable(%a: !pypto.tensor<16x32xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m = pypto.load %a[%c0, %c0] : !pypto.tensor<16x32xf32> -> !pypto.tile<16x32xf32, mat>
  // expected-error @+1 {{'pypto.extract' op produces a tile whose memory space cannot be inferred; give its type a space}}
  %e = pypto.extract %m[%c0, %c0] : !pypto.tile<16x32xf32, mat> -> !pypto.tile<16x16xf32>
  return
}

// -----

// A shard is of a matmul result; a vector value is on the lanes already.
func.func @shard_of_vector(%x: !pypto.tensor<32x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = pypto.load %x[%c0, %c0] : !pypto.tensor<32x64xf32> -> !pypto.tile<32x64xf32>
  %e = pypto.exp %t : !pypto.tile<32x64xf32>
  pypto.split_aiv up_down (%lane) {
    // expected-error @+1 {{'pypto.aiv_shard' op takes a matmul result (acc); its operand is in vec: a vector value is already on the AIV lanes, slice it at the lane's offset instead}}
    %h = pypto.aiv_shard %e : !pypto.tile<32x64xf32> -> !pypto.tile<16x64xf32>
  }
  return
}
