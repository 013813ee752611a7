// i32 scalar arithmetic inside a kernel wraps at 32 bits, as on the device
// (miscompiles.test): d = (a + a) + (a + a) overflows to -294967296, and
// halving it gives -147483648. Kernel C++ that kept scalar results in int64_t
// computed d = 4e9 and added 2000000000 instead.
module @i32_scalar_wrap {
  func.func @i32_scalar_wrap(%x: !pypto.tensor<16x32xi32> {pypto.init = "randint"},
                             %a: i32 {pypto.value = 1000000000 : i32},
                             %y: !pypto.tensor<16x32xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2 : i32
    pypto.at core_group "wrap" {
      %t = pypto.slice %x[%c0, %c0] [16, 32]
          : !pypto.tensor<16x32xi32> -> !pypto.tensor<16x32xi32>
      %double = arith.addi %a, %a : i32
      %sum = arith.addi %double, %double : i32
      %half = arith.divsi %sum, %two : i32
      %s = pypto.adds %t, %half : !pypto.tensor<16x32xi32>, i32
      pypto.assemble %s into %y[%c0, %c0]
          : !pypto.tensor<16x32xi32> into !pypto.tensor<16x32xi32>
    }
    return
  }
}
