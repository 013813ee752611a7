// Sine and cosine (pypto.sin, pypto.cos; pypto-lower-composite-ops computes
// them with multiplies and conversions): f32 over about 25 periods either
// side of 0 (randn scaled by 20), a cosine of the same values, and a bf16
// sine on a 40-column tile computed in f32 and rounded once.
module @trig attributes {pypto.golden = "trig.golden.py"} {
  func.func @trig(%x: !pypto.tensor<16x64xf32> {pypto.init = "randn", pypto.init_scale = 20.0 : f64},
                  %h: !pypto.tensor<8x40xbf16> {pypto.init = "randn", pypto.init_scale = 4.0 : f64},
                  %s: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                  %c: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                  %hs: !pypto.tensor<8x40xbf16> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0.008, rtol=0, max_error_ratio=0)"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "trig" {
      %sx = pypto.sin %x : !pypto.tensor<16x64xf32>
      pypto.assemble %sx into %s[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %cx = pypto.cos %x : !pypto.tensor<16x64xf32>
      pypto.assemble %cx into %c[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %sh = pypto.sin %h : !pypto.tensor<8x40xbf16>
      pypto.assemble %sh into %hs[%c0, %c0] : !pypto.tensor<8x40xbf16> into !pypto.tensor<8x40xbf16>
    }
    return
  }
}
