// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-fold-rank6

// Two indices of dimension 0 but not all of dimension 1: not one window of
// the merged dimension.
func.func @partial_dim1(%x: !pypto.tensor<4x3x1x1x8x64xf32>) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.slice' op takes 2 indices of dimension 0 and 2 of the 3 of dimension 1 of a rank-6 tensor: the runtime's tensors have five dimensions, so the compiler merges dimensions 0 and 1, and a window must take one index of dimension 0 or all of dimension 1}}
    %v = pypto.slice %x[%c0, %c0, %c0, %c0, %c0, %c0] [2, 2, 1, 1, 8, 64] : !pypto.tensor<4x3x1x1x8x64xf32>
  }
  return
}

// -----

// An offset into dimension 1 from an argument: nothing bounds it.
func.func @unbounded(%x: !pypto.tensor<4x3x1x1x8x64xf32>, %j: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.slice' op the window's offset into dimension 1 of a rank-6 tensor is not provably in 0..2: the runtime's tensors have five dimensions, so the compiler merges dimensions 0 and 1, and past the merge nothing would catch the access running into the next index of dimension 0 (use a constant or a loop index with constant bounds)}}
    %v = pypto.slice %x[%c0, %j, %c0, %c0, %c0, %c0] [1, 1, 1, 1, 8, 64] : !pypto.tensor<4x3x1x1x8x64xf32>
  }
  return
}

// -----

// A loop that runs one index too far: the range says so.
func.func @past_the_end(%x: !pypto.tensor<4x3x1x1x8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    // expected-error @+1 {{'pypto.read' op the window's offset into dimension 1 of a rank-6 tensor lies in 0..3, not provably in 0..2}}
    %v = pypto.read %x[%c0, %j, %c0, %c0, %c0, %c0] : !pypto.tensor<4x3x1x1x8x64xf32> -> f32
  }
  return
}

// -----

// A window over all of dimension 1 must start at its index 0.
func.func @whole_dim1_offset(%x: !pypto.tensor<4x3x1x1x8x64xf32>, %o: !pypto.tensor<2x3x1x1x8x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %j = %c0 to %c2 step %c1 {
    pypto.at core_group "k" {
      %v = pypto.slice %o[%c0, %c0, %c0, %c0, %c0, %c0] [2, 3, 1, 1, 8, 64] : !pypto.tensor<2x3x1x1x8x64xf32>
      // expected-error @+1 {{'pypto.assemble' op a window over all of dimension 1 of a rank-6 tensor lies in 0..1, not provably in 0..0}}
      pypto.assemble %v into %x[%c0, %j, %c0, %c0, %c0, %c0] : !pypto.tensor<2x3x1x1x8x64xf32> into !pypto.tensor<4x3x1x1x8x64xf32>
    }
  }
  return
}

// -----

// Strides the merge cannot keep: dimension 0 is not d1 rows of dimension 1.
// expected-error @+1 {{'func.func' op argument 0 of rank 6 has strides 9000 and 512 in its first two dimensions, which the runtime's five dimensions cannot merge}}
func.func @strides(%x: !pypto.tensor<4x3x1x1x8x64xf32> {pypto.strides = array<i64: 9000, 512, 512, 512, 64, 1>}) {
  return
}
