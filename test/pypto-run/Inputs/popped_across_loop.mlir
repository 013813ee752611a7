// A product received on the AIV before a loop stays live while the loop
// receives more (TFREE releases the oldest slot): it is copied out of its
// slot at once. y[i] = x[i] @ b + a @ b.
module @popped_across_loop attributes {pypto.golden = "popped_across_loop.golden.py",
                       pypto.rtol = 1.0e-3 : f64, pypto.atol = 1.0e-3 : f64} {
  func.func @popped_across_loop(%a: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %b: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                %x: !pypto.tensor<64x16xf32> {pypto.init = "randn"},
                %y: !pypto.tensor<64x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    pypto.at core_group "k" {
      %p1 = pypto.matmul %a, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
      scf.for %i = %c0 to %c64 step %c16 {
        %xi = pypto.slice %x[%i, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
        %p2 = pypto.matmul %xi, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
        %s = pypto.add %p1, %p2 : !pypto.tensor<16x16xf32>
        pypto.assemble %s into %y[%i, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x16xf32>
      }
    }
    return
  }
}
