// pypto.matmul over rank-3 and rank-4 tensors (pypto's batched matmul):
// each batch's matrices multiply, a batch dimension of 1 broadcasting.
// - y1: windows of two inputs, batch by batch;
// - y2: one 32x24 matrix for every batch (a broadcast rhs);
// - y3: q @ k^T per batch (b_trans);
// - y4: relu of (exp(a / 8) @ b): a computed lhs (its batches sliced out of
//   its tile) and a product that vector work reads;
// - y5: rank 4, the rhs broadcast along the second batch dimension.
module @batched_matmul attributes {pypto.golden = "batched_matmul.golden.py",
                                   pypto.rtol = 1.0e-4 : f64,
                                   pypto.atol = 1.0e-4 : f64} {
  func.func @batched_matmul(
      %a: !pypto.tensor<4x16x32xf32> {pypto.init = "randn"},
      %b: !pypto.tensor<4x32x24xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<1x32x24xf32> {pypto.init = "randn"},
      %q: !pypto.tensor<2x16x32xf32> {pypto.init = "randn"},
      %k: !pypto.tensor<2x24x32xf32> {pypto.init = "randn"},
      %u: !pypto.tensor<2x3x8x32xf32> {pypto.init = "randn"},
      %v: !pypto.tensor<2x1x32x16xf32> {pypto.init = "randn"},
      %y1: !pypto.tensor<4x16x24xf32> {pypto.dir = "out"},
      %y2: !pypto.tensor<4x16x24xf32> {pypto.dir = "out"},
      %y3: !pypto.tensor<2x16x24xf32> {pypto.dir = "out"},
      %y4: !pypto.tensor<4x16x24xf32> {pypto.dir = "out"},
      %y5: !pypto.tensor<2x3x8x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %eighth = arith.constant 0.125 : f32
    pypto.at core_group "plain" {
      %p = pypto.matmul %a, %b : !pypto.tensor<4x16x32xf32>, !pypto.tensor<4x32x24xf32> -> !pypto.tensor<4x16x24xf32>
      pypto.assemble %p into %y1[%c0, %c0, %c0] : !pypto.tensor<4x16x24xf32> into !pypto.tensor<4x16x24xf32>
      %s = pypto.matmul %a, %w : !pypto.tensor<4x16x32xf32>, !pypto.tensor<1x32x24xf32> -> !pypto.tensor<4x16x24xf32>
      pypto.assemble %s into %y2[%c0, %c0, %c0] : !pypto.tensor<4x16x24xf32> into !pypto.tensor<4x16x24xf32>
    }
    pypto.at core_group "scores" {
      %t = pypto.matmul %q, %k {b_trans} : !pypto.tensor<2x16x32xf32>, !pypto.tensor<2x24x32xf32> -> !pypto.tensor<2x16x24xf32>
      pypto.assemble %t into %y3[%c0, %c0, %c0] : !pypto.tensor<2x16x24xf32> into !pypto.tensor<2x16x24xf32>
    }
    pypto.at core_group "computed" {
      %as = pypto.muls %a, %eighth : !pypto.tensor<4x16x32xf32>, f32
      %e = pypto.exp %as : !pypto.tensor<4x16x32xf32>
      %m = pypto.matmul %e, %b : !pypto.tensor<4x16x32xf32>, !pypto.tensor<4x32x24xf32> -> !pypto.tensor<4x16x24xf32>
      %r = pypto.relu %m : !pypto.tensor<4x16x24xf32>
      pypto.assemble %r into %y4[%c0, %c0, %c0] : !pypto.tensor<4x16x24xf32> into !pypto.tensor<4x16x24xf32>
    }
    pypto.at core_group "rank4" {
      %o = pypto.matmul %u, %v : !pypto.tensor<2x3x8x32xf32>, !pypto.tensor<2x1x32x16xf32> -> !pypto.tensor<2x3x8x16xf32>
      pypto.assemble %o into %y5[%c0, %c0, %c0, %c0] : !pypto.tensor<2x3x8x16xf32> into !pypto.tensor<2x3x8x16xf32>
    }
    return
  }
}
