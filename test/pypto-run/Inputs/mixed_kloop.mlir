// A mixed kernel: a matmul long enough in K for TileMatmul to make a K-loop,
// a user loop of matmul_acc that starts from its result, then vector work.
// Both loops carry the accumulator, which the AIV part must drop from both.
module @mixed_kloop attributes {pypto.golden = "mixed_kloop.golden.py",
                                pypto.rtol = 1.0e-4 : f64, pypto.atol = 1.0e-4 : f64} {
  func.func @mixed_kloop(%a: !pypto.tensor<16x1024xf32> {pypto.init = "randn"},
                         %b: !pypto.tensor<1024x64xf32> {pypto.init = "randn"},
                         %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    pypto.at core_group "k" {
      %a0 = pypto.slice %a[%c0, %c0] [16, 512] : !pypto.tensor<16x1024xf32> -> !pypto.tensor<16x512xf32>
      %b0 = pypto.slice %b[%c0, %c0] [512, 64] : !pypto.tensor<1024x64xf32> -> !pypto.tensor<512x64xf32>
      %p0 = pypto.matmul %a0, %b0 : !pypto.tensor<16x512xf32>, !pypto.tensor<512x64xf32> -> !pypto.tensor<16x64xf32>
      %p1 = scf.for %k = %c512 to %c1024 step %c256 iter_args(%acc = %p0) -> (!pypto.tensor<16x64xf32>) {
        %ak = pypto.slice %a[%c0, %k] [16, 256] : !pypto.tensor<16x1024xf32> -> !pypto.tensor<16x256xf32>
        %bk = pypto.slice %b[%k, %c0] [256, 64] : !pypto.tensor<1024x64xf32> -> !pypto.tensor<256x64xf32>
        %n = pypto.matmul_acc %acc, %ak, %bk : !pypto.tensor<16x256xf32>, !pypto.tensor<256x64xf32> -> !pypto.tensor<16x64xf32>
        scf.yield %n : !pypto.tensor<16x64xf32>
      } {pypto.loop = "range"}
      %one = arith.constant 1.7 : f32
      %r = pypto.adds %p1, %one : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
