// pypto.init_scale and pypto.init_range shape the generated inputs; the
// golden checks their ranges before computing y = w + u + float(k + a)
// (a: arange in steps of 3 over i32).
module @init_knobs attributes {pypto.golden = "init_knobs.golden.py"} {
  func.func @init_knobs(%w: !pypto.tensor<16x64xf32> {pypto.init = "randn", pypto.init_scale = 0.02 : f64},
                        %u: !pypto.tensor<16x64xf32> {pypto.init = "rand", pypto.init_scale = 4.0 : f64},
                        %k: !pypto.tensor<16x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: 100, 104>},
                        %a: !pypto.tensor<16x64xi32> {pypto.init = "arange", pypto.init_scale = 3.0 : f64},
                        %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "sum" {
      %ka = pypto.add %k, %a : !pypto.tensor<16x64xi32>
      %kf = pypto.cast %ka : !pypto.tensor<16x64xi32> -> !pypto.tensor<16x64xf32>
      %s = pypto.add %w, %u : !pypto.tensor<16x64xf32>
      %t = pypto.add %s, %kf : !pypto.tensor<16x64xf32>
      pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
