// hello_world: y = x + a on a 1024x512 f32 tensor.
//
// 128x256 tiles: 8 row tiles (parallel) x 2 column tiles (range), one task
// each. Every task loads its window of x, adds the scalar and stores into y.
module @hello_world attributes {pypto.golden = "hello_world.golden.py",
                                pypto.rtol = 1.0e-5 : f64,
                                pypto.atol = 1.0e-5 : f64} {
  func.func @hello_world(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                         %a: f32 {pypto.value = 1.7 : f32},
                         %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    scf.for %r = %c0 to %c1024 step %c128 {
      scf.for %c = %c0 to %c512 step %c256 {
        pypto.at core_group "add_scalar" {
          %t = pypto.slice %x[%r, %c] [128, 256]
              : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
          %s = pypto.adds %t, %a : !pypto.tensor<128x256xf32>, f32
          pypto.assemble %s into %y[%r, %c]
              : !pypto.tensor<128x256xf32> into !pypto.tensor<1024x512xf32>
        }
      } {pypto.loop = "range"}
    } {pypto.loop = "parallel"}
    return
  }
}
