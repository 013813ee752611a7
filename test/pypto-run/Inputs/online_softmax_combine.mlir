// The online-softmax combine of a blocked attention on its own: the
// attn_combine region of models/qwen3/decode_layer.mlir (the same pypto ops),
// over 8 blocks of 8 query rows with head dim 128. Block b gave, per row, its
// score maximum m_b (maxes[b]), its sum of exp(s - m_b) l_b (sums[b]) and its
// unnormalised output o_b (rows 8b..8b+7 of partial). The loop carries the
// running (m, l, o):
//   m_new = max(m, m_b), alpha = exp(m - m_new), beta = exp(m_b - m_new)
//   l = alpha * l + beta * l_b,  o = o * alpha + o_b * beta
// and the kernel writes the final m, l and o / l.
//
// The block maxima are randn x 20, so they are far apart: the golden checks
// that in every row some block raises the running maximum by more than 5
// (alpha < exp(-5)) and some block lies more than 5 below it (beta <
// exp(-5)). A kernel with alpha (or beta) forced to 1 is then far off. The
// sums are integers in [1, 256] (the block's maximum contributes 1).
// l is an output too: o / l alone cannot tell a combine that scales o and l
// by the same wrong factor (a wrong reference maximum) from the right one.
module @online_softmax_combine attributes {pypto.golden = "online_softmax_combine.golden.py",
                                          pypto.rtol = 1.0e-5 : f64,
                                          pypto.atol = 1.0e-5 : f64} {
  func.func @online_softmax_combine(
      %maxes: !pypto.tensor<8x8xf32> {pypto.init = "randn", pypto.init_scale = 20.0 : f64},
      %sums: !pypto.tensor<8x8xf32> {pypto.init = "randint", pypto.init_range = array<i64: 1, 257>},
      %partial: !pypto.tensor<64x128xf32> {pypto.init = "randn", pypto.init_scale = 16.0 : f64},
      %m_out: !pypto.tensor<1x8xf32> {pypto.dir = "out"},
      %l_out: !pypto.tensor<1x8xf32> {pypto.dir = "out"},
      %out: !pypto.tensor<8x128xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    pypto.at core_group "combine" {
      %zero = arith.constant 0.0 : f32
      %ninf = arith.constant 0xFF800000 : f32
      %m0 = pypto.full %ninf : f32 -> !pypto.tensor<1x8xf32>
      %l0 = pypto.full %zero : f32 -> !pypto.tensor<1x8xf32>
      %o0 = pypto.full %zero : f32 -> !pypto.tensor<8x128xf32>
      %acc:3 = scf.for %b = %c0 to %c8 step %c1
          iter_args(%m = %m0, %l = %l0, %o = %o0) -> (!pypto.tensor<1x8xf32>, !pypto.tensor<1x8xf32>, !pypto.tensor<8x128xf32>) {
        %ob_row = arith.muli %b, %c8 : index
        %mb = pypto.slice %maxes[%b, %c0] [1, 8] : !pypto.tensor<8x8xf32> -> !pypto.tensor<1x8xf32>
        %lb = pypto.slice %sums[%b, %c0] [1, 8] : !pypto.tensor<8x8xf32> -> !pypto.tensor<1x8xf32>
        %ob = pypto.slice %partial[%ob_row, %c0] [8, 128] : !pypto.tensor<64x128xf32> -> !pypto.tensor<8x128xf32>
        %mn = pypto.max %m, %mb : !pypto.tensor<1x8xf32>
        %da = pypto.sub %m, %mn : !pypto.tensor<1x8xf32>
        %alpha = pypto.exp %da : !pypto.tensor<1x8xf32>
        %db = pypto.sub %mb, %mn : !pypto.tensor<1x8xf32>
        %beta = pypto.exp %db : !pypto.tensor<1x8xf32>
        %la = pypto.mul %alpha, %l : !pypto.tensor<1x8xf32>
        %lbb = pypto.mul %beta, %lb : !pypto.tensor<1x8xf32>
        %ln = pypto.add %la, %lbb : !pypto.tensor<1x8xf32>
        %alpha_col = pypto.reshape %alpha : !pypto.tensor<1x8xf32> -> !pypto.tensor<8x1xf32>
        %beta_col = pypto.reshape %beta : !pypto.tensor<1x8xf32> -> !pypto.tensor<8x1xf32>
        %oa = pypto.row_expand_mul %o, %alpha_col : !pypto.tensor<8x128xf32>, !pypto.tensor<8x1xf32>
        %obb = pypto.row_expand_mul %ob, %beta_col : !pypto.tensor<8x128xf32>, !pypto.tensor<8x1xf32>
        %on = pypto.add %oa, %obb : !pypto.tensor<8x128xf32>
        scf.yield %mn, %ln, %on : !pypto.tensor<1x8xf32>, !pypto.tensor<1x8xf32>, !pypto.tensor<8x128xf32>
      } {pypto.loop = "range"}
      %l_col = pypto.reshape %acc#1 : !pypto.tensor<1x8xf32> -> !pypto.tensor<8x1xf32>
      %ctx = pypto.row_expand_div %acc#2, %l_col : !pypto.tensor<8x128xf32>, !pypto.tensor<8x1xf32>
      pypto.assemble %acc#0 into %m_out[%c0, %c0] : !pypto.tensor<1x8xf32> into !pypto.tensor<1x8xf32>
      pypto.assemble %acc#1 into %l_out[%c0, %c0] : !pypto.tensor<1x8xf32> into !pypto.tensor<1x8xf32>
      pypto.assemble %ctx into %out[%c0, %c0] : !pypto.tensor<8x128xf32> into !pypto.tensor<8x128xf32>
    }
    return
  }
}
