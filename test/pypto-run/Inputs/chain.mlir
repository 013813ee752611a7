// Two kernels in a chain: y = x + a, then z = 2 y (the second reads what the
// first wrote, so the runtime orders them).
module @chain attributes {pypto.golden = "chain.golden.py"} {
  func.func @chain(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                   %a: f32 {pypto.value = 1.5 : f32},
                   %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                   %z: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : f32
    pypto.at core_group "shift" {
      %s = pypto.adds %x, %a : !pypto.tensor<64x64xf32>, f32
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    }
    pypto.at core_group "twice" {
      %t = pypto.muls %y, %two : !pypto.tensor<64x64xf32>, f32
      pypto.assemble %t into %z[%c0, %c0] : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    }
    return
  }
}
