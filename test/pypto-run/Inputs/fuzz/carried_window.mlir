// Found by pypto-fuzz (seed 2 of a batch, program seed 425003139053):
// a loop whose carried value starts as a window of a parameter was refused
// ("carries a tensor that is not computed in this kernel"). The window is
// now loaded before the loop. The old value is read after the update, so a
// buffer shared between the old and the new value shows too.
module @carried_window {
  func.func @carried_window(%x: !pypto.tensor<8x40xf32> {pypto.init = "randn"},
                            %w: !pypto.tensor<8x120xf32> {pypto.init = "randn"},
                            %y: !pypto.tensor<8x40xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c40 = arith.constant 40 : index
    %c120 = arith.constant 120 : index
    pypto.at core_group "k" {
      %m0 = pypto.slice %x[%c0, %c0] [8, 40] : !pypto.tensor<8x40xf32> -> !pypto.tensor<8x40xf32>
      %r:2 = scf.for %j = %c0 to %c120 step %c40 iter_args(%m = %m0, %acc = %m0)
          -> (!pypto.tensor<8x40xf32>, !pypto.tensor<8x40xf32>) {
        %t = pypto.slice %w[%c0, %j] [8, 40] : !pypto.tensor<8x120xf32> -> !pypto.tensor<8x40xf32>
        %mn = pypto.max %m, %t : !pypto.tensor<8x40xf32>
        %d = pypto.sub %m, %mn : !pypto.tensor<8x40xf32>
        %an = pypto.add %acc, %d : !pypto.tensor<8x40xf32>
        scf.yield %mn, %an : !pypto.tensor<8x40xf32>, !pypto.tensor<8x40xf32>
      } {pypto.loop = "range"}
      %s = pypto.add %r#0, %r#1 : !pypto.tensor<8x40xf32>
      pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<8x40xf32> into !pypto.tensor<8x40xf32>
    }
    return
  }
}
