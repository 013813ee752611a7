// A multi-card program of one rank: it still gets its window, rank and
// CommContext. y = x, through the rank's own window.
module @one_rank attributes {pypto.golden = "spmd_add.golden.py"} {
  func.func @one_rank(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                      %a: f32 {pypto.value = 0.0 : f32},
                      %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %data = pypto.alloc_window : !pypto.tensor<16x512xf32>
    pypto.ranks world(1) (%rank) {
      %c16 = arith.constant 16 : index
      %c1024 = arith.constant 1024 : index
      scf.for %r = %c0 to %c1024 step %c16 {
        pypto.at core_group "through_window" {
          %t = pypto.slice %x[%r, %c0] [16, 512]
              : !pypto.tensor<1024x512xf32> -> !pypto.tensor<16x512xf32>
          %s = pypto.adds %t, %a : !pypto.tensor<16x512xf32>, f32
          pypto.assemble %s into %data[%c0, %c0]
              : !pypto.tensor<16x512xf32> into !pypto.tensor<16x512xf32>
          %back = pypto.remote_load %data[%c0, %c0] [16, 512] peer %rank
              : !pypto.tensor<16x512xf32> -> !pypto.tensor<16x512xf32>
          pypto.assemble %back into %y[%r, %c0]
              : !pypto.tensor<16x512xf32> into !pypto.tensor<1024x512xf32>
        }
      } {pypto.loop = "range"}
    }
    return
  }
}
