// Found by pypto-fuzz (seed 2, program seed 942610582860): a loop whose
// carried value starts as an earlier loop's result (a K-loop's accumulator)
// kept a tensor-typed iteration argument, and the max in its body was
// refused ("operates on a tensor that is neither a kernel parameter nor a
// slice of one").
module @chained_loops {
  func.func @chained_loops(%a: !pypto.tensor<8x96xf32> {pypto.init = "randn"},
                           %b: !pypto.tensor<96x8xf32> {pypto.init = "randn"},
                           %x: !pypto.tensor<8x24xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<8x8xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c96 = arith.constant 96 : index
    pypto.at core_group "k" {
      %a0 = pypto.slice %a[%c0, %c0] [8, 32] : !pypto.tensor<8x96xf32> -> !pypto.tensor<8x32xf32>
      %b0 = pypto.slice %b[%c0, %c0] [32, 8] : !pypto.tensor<96x8xf32> -> !pypto.tensor<32x8xf32>
      %p = pypto.matmul %a0, %b0 : !pypto.tensor<8x32xf32>, !pypto.tensor<32x8xf32> -> !pypto.tensor<8x8xf32>
      %c = scf.for %k = %c32 to %c96 step %c32 iter_args(%acc = %p) -> (!pypto.tensor<8x8xf32>) {
        %ak = pypto.slice %a[%c0, %k] [8, 32] : !pypto.tensor<8x96xf32> -> !pypto.tensor<8x32xf32>
        %bk = pypto.slice %b[%k, %c0] [32, 8] : !pypto.tensor<96x8xf32> -> !pypto.tensor<32x8xf32>
        %n = pypto.matmul_acc %acc, %ak, %bk : !pypto.tensor<8x32xf32>, !pypto.tensor<32x8xf32> -> !pypto.tensor<8x8xf32>
        scf.yield %n : !pypto.tensor<8x8xf32>
      } {pypto.loop = "range"}
      %m = scf.for %j = %c0 to %c24 step %c8 iter_args(%v = %c) -> (!pypto.tensor<8x8xf32>) {
        %t = pypto.slice %x[%c0, %j] [8, 8] : !pypto.tensor<8x24xf32> -> !pypto.tensor<8x8xf32>
        %mx = pypto.max %v, %t : !pypto.tensor<8x8xf32>
        scf.yield %mx : !pypto.tensor<8x8xf32>
      } {pypto.loop = "range"}
      pypto.assemble %m into %y[%c0, %c0] : !pypto.tensor<8x8xf32> into !pypto.tensor<8x8xf32>
    }
    return
  }
}
