// Found by pypto-fuzz (seed 20261210, program seed 859467030174): a
// row_expand op whose operands are both column vectors (Mx1 over Mx1) was
// lowered on 1xM row views, as if it were elementwise, and refused
// ("'pto.trowexpandexpdif' op broadcasts 1x2 over 1x2; expected an Mx1
// vector"). Only ops without a broadcast operand are viewed as rows now.
module @fuzz_859467030174 {
  func.func @fuzz_859467030174(%x1: !pypto.tensor<2x32xf32> {pypto.init = "randn"},
      %y2: !pypto.tensor<2x1xf32> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0.0289, rtol=0, max_error_ratio=0)"}) {
    %k0_b = arith.constant 0 : index
    pypto.at core_group "k0" {
      %k0_c0 = arith.constant 0 : index
      %k0_c2 = arith.constant 2 : index
      %k0_c24 = arith.constant 24 : index
      %k0_t0 = arith.muli %k0_b, %k0_c2 : index
      %k0_v1 = pypto.slice %x1[%k0_t0, %k0_c24] [2, 8] : !pypto.tensor<2x32xf32> -> !pypto.tensor<2x8xf32>
      %k0_v4 = pypto.row_min %k0_v1 : !pypto.tensor<2x8xf32> -> !pypto.tensor<2x1xf32>
      %k0_v20 = pypto.row_expand_expdif %k0_v4, %k0_v4 : !pypto.tensor<2x1xf32>, !pypto.tensor<2x1xf32>
      %k0_t1 = arith.muli %k0_b, %k0_c2 : index
      pypto.assemble %k0_v20 into %y2[%k0_t1, %k0_c0] : !pypto.tensor<2x1xf32> into !pypto.tensor<2x1xf32>
    }
    return
  }
}
