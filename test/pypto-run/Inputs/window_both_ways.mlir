// dspark decode_hca's hca_qk_pv kernel shape with pypto-lib's transpose_view
// (an L1 saving) written as {b_trans} on the GM window: one 128x512 bf16
// window read transposed for q * kv^T (K-split on a2a3) and plain, in two
// 256-column halves, for p * kv. Compared at bf16 tolerances (p is rounded).
module @window_both_ways attributes {pypto.golden = "window_both_ways.golden.py", pypto.rtol = 7.8e-3 : f64, pypto.atol = 1.0e-3 : f64} {
  func.func @window_both_ways(%kvs: !pypto.tensor<256x512xbf16> {pypto.init = "randn"},
                %q: !pypto.tensor<32x512xbf16> {pypto.init = "randn", pypto.init_scale = 0.05 : f64},
                %o: !pypto.tensor<32x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    pypto.at core_group "hca_qk_pv" {
      %kv = pypto.slice %kvs[%c128, %c0] [128, 512] : !pypto.tensor<256x512xbf16> -> !pypto.tensor<128x512xbf16>
      %sc = pypto.matmul %q, %kv {b_trans} : !pypto.tensor<32x512xbf16>, !pypto.tensor<128x512xbf16>
      %m = pypto.row_max %sc : !pypto.tensor<32x128xf32>
      %d = pypto.row_expand_sub %sc, %m : !pypto.tensor<32x128xf32>, !pypto.tensor<32x1xf32>
      %e = pypto.exp %d : !pypto.tensor<32x128xf32>
      %p = pypto.cast %e : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x128xbf16>
      %kvl = pypto.slice %kvs[%c128, %c0] [128, 256] : !pypto.tensor<256x512xbf16> -> !pypto.tensor<128x256xbf16>
      %kvr = pypto.slice %kvs[%c128, %c256] [128, 256] : !pypto.tensor<256x512xbf16> -> !pypto.tensor<128x256xbf16>
      %ol = pypto.matmul %p, %kvl : !pypto.tensor<32x128xbf16>, !pypto.tensor<128x256xbf16>
      %or = pypto.matmul %p, %kvr : !pypto.tensor<32x128xbf16>, !pypto.tensor<128x256xbf16>
      pypto.assemble %ol into %o[%c0, %c0] : !pypto.tensor<32x256xf32> into !pypto.tensor<32x512xf32>
      pypto.assemble %or into %o[%c0, %c256] : !pypto.tensor<32x256xf32> into !pypto.tensor<32x512xf32>
    }
    return
  }
}
