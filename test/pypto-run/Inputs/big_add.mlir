// y = x + a on 4224x1024 f32: 4325376 elements, more than four times the 2^20
// the ratio comparators take at a time (compare-chunks.test).
module @big_add attributes {pypto.rtol = 1.0e-5 : f64, pypto.atol = 1.0e-5 : f64} {
  func.func @big_add(%x: !pypto.tensor<4224x1024xf32> {pypto.init = "randn"},
                     %a: f32 {pypto.value = 1.7 : f32},
                     %y: !pypto.tensor<4224x1024xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c1024 = arith.constant 1024 : index
    %c4224 = arith.constant 4224 : index
    scf.for %r = %c0 to %c4224 step %c128 {
      scf.for %c = %c0 to %c1024 step %c256 {
        pypto.at core_group "add_scalar" {
          %t = pypto.slice %x[%r, %c] [128, 256]
              : !pypto.tensor<4224x1024xf32> -> !pypto.tensor<128x256xf32>
          %s = pypto.adds %t, %a : !pypto.tensor<128x256xf32>, f32
          pypto.assemble %s into %y[%r, %c]
              : !pypto.tensor<128x256xf32> into !pypto.tensor<4224x1024xf32>
        }
      } {pypto.loop = "range"}
    } {pypto.loop = "parallel"}
    return
  }
}
