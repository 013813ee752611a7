// A kernel loop with a constant step of -16 (robustness.test): it would
// never end, so the verifier rejects it at the loop.
module @negative_step_kernel {
  func.func @negative_step_kernel(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                                  %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %cm16 = arith.constant -16 : index
    pypto.at core_group "copy" {
      scf.for %r = %c0 to %c64 step %cm16 {
        %t = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        pypto.assemble %t into %y[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    }
    return
  }
}
