// A program that does nothing (robustness.test): there is no kernel to run.
module @empty_program {
  func.func @empty_program(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    return
  }
}
