module @malformed {
  func.func @f(%x: !pypto.tensor<16x16xf32>) {
    %t = pypto.adds %x, : !pypto.tensor<16x16xf32>, f32
    return
  }
}
