// pypto.init_scale applies to randn, rand and arange inputs only; n is randint.
module @init_scale_on_randint {
  func.func @f(%n: !pypto.tensor<16x16xi32> {pypto.init = "randint", pypto.init_scale = 0.5 : f64},
               %y: !pypto.tensor<16x16xi32> {pypto.dir = "out"}) {
    pypto.at core_group "k" {
      %c0 = arith.constant 0 : index
      %s = pypto.add %n, %n : !pypto.tensor<16x16xi32>
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x16xi32> into !pypto.tensor<16x16xi32>
    }
    return
  }
}
