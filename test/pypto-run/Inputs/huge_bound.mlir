// hello_world with a row bound of 2^40 (robustness.test): the first window
// past row 1023 fails the run at its slice, and the orchestration stops
// there instead of iterating 2^33 more times.
module @huge_bound {
  func.func @huge_bound(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                         %a: f32 {pypto.value = 1.7 : f32},
                         %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    %hi = arith.constant 1099511627776 : index
    scf.for %r = %c0 to %hi step %c128 {
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
