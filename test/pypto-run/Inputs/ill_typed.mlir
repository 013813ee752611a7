module @ill_typed {
  func.func @f(%x: !pypto.tensor<16x16xf32>, %a: i32 {pypto.value = 1 : i32}) {
    pypto.at core_group "k" {
      %t = pypto.adds %x, %a : !pypto.tensor<16x16xf32>, i32
    }
    return
  }
}
