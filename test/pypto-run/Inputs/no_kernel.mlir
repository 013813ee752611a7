// Compute ops outside any 'pypto.at' region (robustness.test): there is no
// kernel to run them in.
module @no_kernel {
  func.func @no_kernel(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                       %a: f32 {pypto.value = 1.0 : f32},
                       %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %s = pypto.adds %x, %a : !pypto.tensor<64x64xf32>, f32
    pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    return
  }
}
