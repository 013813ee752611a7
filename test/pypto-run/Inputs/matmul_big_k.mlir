// A 64x1024 by 1024x64 matmul: the operands exceed L0A/L0B, so the
// compiler splits K into a loop of 256-wide slices.
module @matmul_big_k attributes {pypto.golden = "matmul_big_k.golden.py",
                                 pypto.rtol = 1.0e-3 : f64,
                                 pypto.atol = 1.0e-3 : f64} {
  func.func @matmul_big_k(%a: !pypto.tensor<64x1024xf32> {pypto.init = "randn"},
                          %b: !pypto.tensor<1024x64xf32> {pypto.init = "randn"},
                          %c: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "big_k" {
      %p = pypto.matmul %a, %b
          : !pypto.tensor<64x1024xf32>, !pypto.tensor<1024x64xf32>
          -> !pypto.tensor<64x64xf32>
      pypto.assemble %p into %c[%c0, %c0]
          : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
    }
    return
  }
}
