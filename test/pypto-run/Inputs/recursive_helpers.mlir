// Helpers that call each other (robustness.test): helpers are inlined, so
// the call that closes the cycle is refused where it is written.
module @recursive_helpers {
  func.func private @ping(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<64x64xf32>) {
    func.call @pong(%x, %y) : (!pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>) -> ()
    return
  }
  func.func private @pong(%x: !pypto.tensor<64x64xf32>, %y: !pypto.tensor<64x64xf32>) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "copy" {
      pypto.assemble %x into %y[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    }
    func.call @ping(%x, %y) : (!pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>) -> ()
    return
  }
  func.func @recursive_helpers(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                               %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    func.call @ping(%x, %y) : (!pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32>) -> ()
    return
  }
}
