module @no_scalar_value {
  func.func @f(%x: !pypto.tensor<16x16xf32>, %a: f32,
               %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    return
  }
}
