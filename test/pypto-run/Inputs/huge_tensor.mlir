// A 2000000x2000000 f32 input (16 TB) and its output (robustness.test, spill.test): the
// run refuses it before allocating anything, naming the biggest tensors.
module @huge_tensor {
  func.func @huge_tensor(%x: !pypto.tensor<2000000x2000000xf32> {pypto.init = "randn"},
                         %a: f32 {pypto.value = 1.7 : f32},
                         %y: !pypto.tensor<2000000x2000000xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "add_scalar" {
      %t = pypto.slice %x[%c0, %c0] [16, 256]
          : !pypto.tensor<2000000x2000000xf32> -> !pypto.tensor<16x256xf32>
      %s = pypto.adds %t, %a : !pypto.tensor<16x256xf32>, f32
      pypto.assemble %s into %y[%c0, %c0]
          : !pypto.tensor<16x256xf32> into !pypto.tensor<2000000x2000000xf32>
    }
    return
  }
}
