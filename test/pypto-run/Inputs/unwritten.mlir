// The kernel writes rows 0..15 of a 32-row output and the golden expects 0
// in rows 16..31 (unwritten.test). Outputs start as NaN on the kernel side,
// so the rows no kernel writes fail instead of passing as zeros.
module @unwritten attributes {pypto.golden = "unwritten.golden.py"} {
  func.func @unwritten(%x: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
                       %y: !pypto.tensor<32x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.7 : f32
    pypto.at core_group "first_half" {
      %t = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
      %s = pypto.adds %t, %one : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<32x64xf32>
    }
    return
  }
}
