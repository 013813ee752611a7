// c = a @ b with a 256x256 f32 product in one region: 256 KiB of L0C, twice
// a2a3's 128 KiB, so on a2a3 it is computed and stored in two 128x256
// output tiles; a5's L0C holds it whole.
module @matmul_big_out attributes {pypto.golden = "matmul.golden.py",
                                   pypto.rtol = 1.0e-4 : f64,
                                   pypto.atol = 1.0e-4 : f64} {
  func.func @matmul_big_out(%a: !pypto.tensor<256x32xf32> {pypto.init = "randn"},
                            %b: !pypto.tensor<32x256xf32> {pypto.init = "randn"},
                            %c: !pypto.tensor<256x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "big_out" {
      %p = pypto.matmul %a, %b : !pypto.tensor<256x32xf32>, !pypto.tensor<32x256xf32> -> !pypto.tensor<256x256xf32>
      pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<256x256xf32> into !pypto.tensor<256x256xf32>
    }
    return
  }
}
