// An orchestration loop with a constant step of 0 (robustness.test): it
// would never end, so the verifier rejects it at the loop.
module @zero_step {
  func.func @zero_step(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                       %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c0 {
      pypto.at core_group "copy" {
        %t = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        pypto.assemble %t into %y[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    }
    return
  }
}
