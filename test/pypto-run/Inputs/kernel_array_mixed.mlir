// An array in a kernel with cube work: the row it holds picks the matmul
// operand (both parts of the split kernel compute it).
module @kernel_array_mixed attributes {pypto.golden = "kernel_array_mixed.golden.py"} {
  func.func @kernel_array_mixed(%a: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                   %b: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                   %sel: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 4>},
                   %y: !pypto.tensor<16x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    pypto.at core_group "mm" {
      %rows = pypto.array_create : !pypto.array<4, index>
      %s = pypto.read %sel[%c3] : !pypto.tensor<4xi32> -> i32
      %k = arith.index_cast %s : i32 to index
      %r = arith.muli %k, %c16 : index
      pypto.array_set %r into %rows[%c0] : !pypto.array<4, index>
      %r0 = pypto.array_get %rows[%c0] : !pypto.array<4, index>
      %t = pypto.slice %a[%r0, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
      %m = pypto.matmul %t, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<32x32xf32>
      %e = pypto.exp %m : !pypto.tensor<16x32xf32>
      pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
    }
    return
  }
}
