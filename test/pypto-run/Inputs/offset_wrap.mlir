// hello_world with rows 2^32 .. 2^32 + 1024 of a 1024-row tensor
// (robustness.test): 32-bit view offsets would wrap to rows 0..1023 and the
// run would pass; the window is outside the tensor, an error at the slice.
module @offset_wrap {
  func.func @offset_wrap(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                         %a: f32 {pypto.value = 1.7 : f32},
                         %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %lo = arith.constant 4294967296 : index
    %hi = arith.constant 4294968320 : index
    scf.for %r = %lo to %hi step %c128 {
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
