// y = relu(x @ w) as one SPMD task of 4 blocks: block b multiplies rows
// 16b..16b+15 of x by w on its AIC and applies relu on its AIV. On a2a3
// every block has its own share of the task's GM pipe ring.
module @spmd_mixed attributes {pypto.golden = "spmd_mixed.golden.py",
                               pypto.rtol = 1.0e-4 : f64,
                               pypto.atol = 1.0e-4 : f64} {
  func.func @spmd_mixed(%x: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                        %w: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                        %y: !pypto.tensor<64x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    pypto.spmd core_group "mm_relu" blocks(4) (%b) {
      %r = arith.muli %b, %c16 : index
      %xb = pypto.slice %x[%r, %c0] [16, 32]
          : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
      %p = pypto.matmul %xb, %w
          : !pypto.tensor<16x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
      %q = pypto.relu %p : !pypto.tensor<16x32xf32>
      pypto.assemble %q into %y[%r, %c0]
          : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
    }
    return
  }
}
