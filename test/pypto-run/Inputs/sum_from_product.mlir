// A running sum that starts from a matmul product and adds vector results:
// carried in vec (the product moved there once); on the AIV the received
// product is copied out of its slot because a loop carries it.
module @sum_from_product attributes {pypto.golden = "sum_from_product.golden.py",
                       pypto.rtol = 1.0e-3 : f64, pypto.atol = 1.0e-3 : f64} {
  func.func @sum_from_product(%a: !pypto.tensor<64x16xf32> {pypto.init = "randn"},
                %b: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    pypto.at core_group "k" {
      %a0 = pypto.slice %a[%c0, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
      %s0 = pypto.matmul %a0, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
      %r = scf.for %i = %c16 to %c64 step %c16 iter_args(%s = %s0) -> (!pypto.tensor<16x16xf32>) {
        %ai = pypto.slice %a[%i, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
        %p = pypto.matmul %ai, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
        %e = pypto.exp %p : !pypto.tensor<16x16xf32>
        %n = pypto.add %s, %e : !pypto.tensor<16x16xf32>
        scf.yield %n : !pypto.tensor<16x16xf32>
      }
      pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
    }
    return
  }
}
