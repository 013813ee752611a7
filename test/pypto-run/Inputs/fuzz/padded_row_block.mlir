// Found by pypto-fuzz (seed 20261220, program seed 642961804492): a bf16
// row_expand_min computed in f32 (pypto-legalize-element-types) takes its
// 1x1 per-row operand through a cast, so the f32 1x1 is padded like bf16 (16
// columns); its per-row block view (8 valid of 16) was refused by our own
// pto verifier ("'pto.trowexpandmin' op broadcasts 1x8 over 1x64"), which
// took only unpadded blocks.
module @fuzz_642961804492 {
  func.func @fuzz_642961804492(%x1: !pypto.tensor<1x64xf32> {pypto.init = "randn"},
      %y4: !pypto.tensor<1x64xbf16> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0, rtol=0, max_error_ratio=0)"},
      %y5: !pypto.tensor<1x64xbf16> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0, rtol=0, max_error_ratio=0)"},
      %x6: !pypto.tensor<1x24xf32> {pypto.init = "randn"}) {
    %t7 = pypto.create_tensor : !pypto.tensor<1x24xf32>
    pypto.spmd core_group "k0" blocks(1) (%k0_b) {
      %k0_c0 = arith.constant 0 : index
      %k0_v1 = pypto.slice %x1[%k0_b, %k0_c0] [1, 64] : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf32>
      %k0_v2 = pypto.cast %k0_v1 round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      %k0_v8 = pypto.row_min %k0_v2 : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x1xbf16>
      %k0_v9 = pypto.row_expand_min %k0_v2, %k0_v8 : !pypto.tensor<1x64xbf16>, !pypto.tensor<1x1xbf16>
      %k0_v11 = pypto.slice %x6[%k0_b, %k0_c0] [1, 24] : !pypto.tensor<1x24xf32> -> !pypto.tensor<1x24xf32>
      pypto.assemble %k0_v2 into %y4[%k0_b, %k0_c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<1x64xbf16>
      pypto.assemble %k0_v9 into %y5[%k0_b, %k0_c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<1x64xbf16>
      pypto.assemble %k0_v11 into %t7[%k0_b, %k0_c0] : !pypto.tensor<1x24xf32> into !pypto.tensor<1x24xf32>
    }
    return
  }
}
