// pypto.init_range applies to randint inputs only; x is randn (the default).
module @init_range_on_randn {
  func.func @f(%x: !pypto.tensor<16x16xf32> {pypto.init_range = array<i64: 0, 4>},
               %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    pypto.at core_group "k" {
      %c0 = arith.constant 0 : index
      %s = pypto.add %x, %x : !pypto.tensor<16x16xf32>
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
    }
    return
  }
}
