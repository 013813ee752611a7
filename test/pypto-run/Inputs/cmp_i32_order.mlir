// An ordered compare of i32: A5 has it, A2/A3's compare computes equality
// only, so there it is a compile-time error at the op.
module @cmp_i32_order attributes {pypto.golden = "cmp_i32_order.golden.py"} {
  func.func @cmp_i32_order(
      %a: !pypto.tensor<4x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: -3, 3>},
      %b: !pypto.tensor<4x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: -3, 3>},
      %lt: !pypto.tensor<4x64xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "order" {
      %m = pypto.cmp lt %a, %b : !pypto.tensor<4x64xi32>
      pypto.assemble %m into %lt[%c0, %c0] : !pypto.tensor<4x64xi32> into !pypto.tensor<4x64xi32>
    }
    return
  }
}
