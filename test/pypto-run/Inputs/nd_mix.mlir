// N-D tensors in kernels, each computed on its 2-D form:
// - "proj": a K-loop of 4-D bf16 windows (offsets from the kernel's loop)
//   accumulating into a 1x1x16x64 matmul_acc carried by the loop, stored
//   into a 4-D output;
// - "qk": a 4-D query times a transposed 3-D key window (b_trans), a 1-D
//   bias added down the columns, reshaped to 3-D;
// - "whole3d": a 2x8x64 window at row 4 of a 2x12x64 tensor (its rows are
//   not evenly strided), exp, row sums stored as a 1-D tensor, and one
//   element of the 3-D exp (row 11 of its 16x64 tile) read in the kernel;
// - "five": a rank-5 window with a dimension of 2 among 1s.
module @nd_mix attributes {pypto.golden = "nd_mix.golden.py", pypto.rtol = 1.0e-3 : f64, pypto.atol = 1.0e-3 : f64} {
  func.func @nd_mix(
      %h: !pypto.tensor<4x1x16x32xbf16> {pypto.init = "randn"},
      %w: !pypto.tensor<4x2x32x64xbf16> {pypto.init = "randn"},
      %kc: !pypto.tensor<2x64x32xf32> {pypto.init = "randn"},
      %bias: !pypto.tensor<64xf32> {pypto.init = "randn"},
      %x3: !pypto.tensor<2x12x64xf32> {pypto.init = "randn"},
      %z5: !pypto.tensor<2x2x1x8x32xf32> {pypto.init = "randn"},
      %proj: !pypto.tensor<2x1x16x64xf32> {pypto.dir = "out"},
      %scores: !pypto.tensor<2x16x64xf32> {pypto.dir = "out"},
      %y3: !pypto.tensor<2x8x64xf32> {pypto.dir = "out"},
      %rs: !pypto.tensor<16xf32> {pypto.dir = "out"},
      %el: !pypto.tensor<1xf32> {pypto.dir = "out"},
      %y5: !pypto.tensor<2x2x1x8x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    scf.for %nb = %c0 to %c2 step %c1 {
      pypto.at core_group "proj" {
        %a0 = pypto.slice %h[%c0, %c0, %c0, %c0] [1, 1, 16, 32] : !pypto.tensor<4x1x16x32xbf16>
        %b0 = pypto.slice %w[%c0, %nb, %c0, %c0] [1, 1, 32, 64] : !pypto.tensor<4x2x32x64xbf16>
        %first = pypto.matmul %a0, %b0 : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x1x32x64xbf16>
        %acc = scf.for %kb = %c1 to %c4 step %c1 iter_args(%sum = %first) -> (!pypto.tensor<1x1x16x64xf32>) {
          %ak = pypto.slice %h[%kb, %c0, %c0, %c0] [1, 1, 16, 32] : !pypto.tensor<4x1x16x32xbf16>
          %bk = pypto.slice %w[%kb, %nb, %c0, %c0] [1, 1, 32, 64] : !pypto.tensor<4x2x32x64xbf16>
          %next = pypto.matmul_acc %sum, %ak, %bk : !pypto.tensor<1x1x16x32xbf16>, !pypto.tensor<1x1x32x64xbf16>
          scf.yield %next : !pypto.tensor<1x1x16x64xf32>
        } {pypto.loop = "range"}
        pypto.assemble %acc into %proj[%nb, %c0, %c0, %c0] : !pypto.tensor<1x1x16x64xf32> into !pypto.tensor<2x1x16x64xf32>
      }
    } {pypto.loop = "parallel"}
    scf.for %b = %c0 to %c2 step %c1 {
      pypto.at core_group "qk" {
        %q = pypto.slice %proj[%b, %c0, %c0, %c0] [1, 1, 16, 32] : !pypto.tensor<2x1x16x64xf32>
        %k = pypto.slice %kc[%b, %c0, %c0] [1, 64, 32] : !pypto.tensor<2x64x32xf32>
        %s = pypto.matmul %q, %k {b_trans} : !pypto.tensor<1x1x16x32xf32>, !pypto.tensor<1x64x32xf32>
        %bs = pypto.slice %bias[%c0] [64] : !pypto.tensor<64xf32>
        %sb = pypto.col_expand_add %s, %bs : !pypto.tensor<1x1x16x64xf32>, !pypto.tensor<64xf32>
        %sr = pypto.reshape %sb : !pypto.tensor<1x1x16x64xf32> -> !pypto.tensor<1x16x64xf32>
        pypto.assemble %sr into %scores[%b, %c0, %c0] : !pypto.tensor<1x16x64xf32> into !pypto.tensor<2x16x64xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "whole3d" {
      %xs = pypto.slice %x3[%c0, %c4, %c0] [2, 8, 64] : !pypto.tensor<2x12x64xf32>
      %e = pypto.exp %xs : !pypto.tensor<2x8x64xf32>
      pypto.assemble %e into %y3[%c0, %c0, %c0] : !pypto.tensor<2x8x64xf32> into !pypto.tensor<2x8x64xf32>
      %r = pypto.row_sum %e : !pypto.tensor<2x8x64xf32> -> !pypto.tensor<2x8x1xf32>
      %r1 = pypto.reshape %r : !pypto.tensor<2x8x1xf32> -> !pypto.tensor<16xf32>
      pypto.assemble %r1 into %rs[%c0] : !pypto.tensor<16xf32> into !pypto.tensor<16xf32>
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %x135 = pypto.read %e[%c1, %c3, %c5] : !pypto.tensor<2x8x64xf32> -> f32
      pypto.write %x135 into %el[%c0] : f32 into !pypto.tensor<1xf32>
    }
    scf.for %i = %c0 to %c2 step %c1 {
      pypto.at core_group "five" {
        %zs = pypto.slice %z5[%i, %c0, %c0, %c0, %c0] [1, 2, 1, 8, 32] : !pypto.tensor<2x2x1x8x32xf32>
        %n = pypto.neg %zs : !pypto.tensor<1x2x1x8x32xf32>
        pypto.assemble %n into %y5[%i, %c0, %c0, %c0, %c0] : !pypto.tensor<1x2x1x8x32xf32> into !pypto.tensor<2x2x1x8x32xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
