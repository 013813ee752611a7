// A program that runs for ever (2^40 tasks that each add 1.0 to the same
// window): fork-server.test kills it by timeout and by signal.
module @endless {
  func.func @endless(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                     %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1.0 : f32
    %hi = arith.constant 1099511627776 : index
    scf.for %i = %c0 to %hi step %c1 {
      pypto.at core_group "add_one" {
        %t = pypto.slice %x[%c0, %c0] [16, 16]
            : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
        %s = pypto.adds %t, %one : !pypto.tensor<16x16xf32>, f32
        pypto.assemble %s into %y[%c0, %c0]
            : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
      }
    }
    return
  }
}
