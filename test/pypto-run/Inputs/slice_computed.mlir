// Slices of values a kernel computed (pypto's tile.slice): a copy of the
// window (pypto.extract) in the value's tile, wherever the value lives.
// - e = exp(x / 8): four 8x32 windows at rows 8i, columns 4i (a loop
//   index; column offsets off the 32-byte grid) go to y1's row blocks;
// - a window of a product (acc, moved to vec first) goes to y2;
// - a rank-3 value: one 8x32 block of its second matrix goes to y3;
// - a slice of e feeds a matmul (vec to the cube) into y4.
module @slice_computed attributes {pypto.golden = "slice_computed.golden.py",
                                   pypto.rtol = 1.0e-4 : f64,
                                   pypto.atol = 1.0e-4 : f64} {
  func.func @slice_computed(
      %x: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<32x48xf32> {pypto.init = "randn"},
      %x3: !pypto.tensor<2x16x64xf32> {pypto.init = "randn"},
      %y1: !pypto.tensor<32x32xf32> {pypto.dir = "out"},
      %y2: !pypto.tensor<8x16xf32> {pypto.dir = "out"},
      %y3: !pypto.tensor<8x32xf32> {pypto.dir = "out"},
      %y4: !pypto.tensor<16x48xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %eighth = arith.constant 0.125 : f32
    pypto.at core_group "k" {
      %xs = pypto.muls %x, %eighth : !pypto.tensor<32x64xf32>, f32
      %e = pypto.exp %xs : !pypto.tensor<32x64xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %r = arith.muli %i, %c8 : index
        %c = arith.muli %i, %c4 : index
        %s = pypto.slice %e[%r, %c] [8, 32] : !pypto.tensor<32x64xf32> -> !pypto.tensor<8x32xf32>
        pypto.assemble %s into %y1[%r, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<32x32xf32>
      }
      %xa = pypto.slice %x[%c0, %c0] [16, 32] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
      %p = pypto.matmul %xa, %w : !pypto.tensor<16x32xf32>, !pypto.tensor<32x48xf32> -> !pypto.tensor<16x48xf32>
      %q = pypto.slice %p[%c4, %c8] [8, 16] : !pypto.tensor<16x48xf32> -> !pypto.tensor<8x16xf32>
      pypto.assemble %q into %y2[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
      %t = pypto.neg %x3 : !pypto.tensor<2x16x64xf32>
      %b = pypto.slice %t[%c1, %c4, %c16] [1, 8, 32] : !pypto.tensor<2x16x64xf32> -> !pypto.tensor<1x8x32xf32>
      %b2 = pypto.reshape %b : !pypto.tensor<1x8x32xf32> -> !pypto.tensor<8x32xf32>
      pypto.assemble %b2 into %y3[%c0, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<8x32xf32>
      %m = pypto.slice %e[%c16, %c0] [16, 32] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
      %pm = pypto.matmul %m, %w : !pypto.tensor<16x32xf32>, !pypto.tensor<32x48xf32> -> !pypto.tensor<16x48xf32>
      pypto.assemble %pm into %y4[%c0, %c0] : !pypto.tensor<16x48xf32> into !pypto.tensor<16x48xf32>
    }
    return
  }
}
