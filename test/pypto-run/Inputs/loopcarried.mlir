// The online-softmax update: the loop carries m, computes mn = max(m, x_i),
// yields mn, and reads the old m after mn exists (acc += m - mn).
module @loopcarried attributes {pypto.golden = "loopcarried.golden.py",
                                pypto.rtol = 1.0e-6 : f64, pypto.atol = 1.0e-6 : f64} {
  func.func @loopcarried(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                         %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    pypto.at core_group "k" {
      %zero = arith.constant 0.0 : f32
      %m0 = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
      %a0 = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
      %r:2 = scf.for %i = %c0 to %c64 step %c16 iter_args(%m = %m0, %acc = %a0)
          -> (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>) {
        %xb = pypto.slice %x[%i, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %mn = pypto.max %m, %xb : !pypto.tensor<16x64xf32>
        %d = pypto.sub %m, %mn : !pypto.tensor<16x64xf32>
        %an = pypto.add %acc, %d : !pypto.tensor<16x64xf32>
        scf.yield %mn, %an : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>
      } {pypto.loop = "range"}
      pypto.assemble %r#1 into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
