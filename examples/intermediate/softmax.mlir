// softmax: y = softmax(x, dim=-1) for a 512x256 f32 tensor.
//
// 8 parallel tasks of 64 full rows each. Per row: m = max(x),
// e = exp(x - m), y = e / sum(e). The tolerance is tight (1e-5): it checks
// the exp implementation.
//
// x is drawn from U(0, 200) (rand scaled by 200: centred on 100, spread
// +-100; only randint takes a range), so subtracting anything but the row
// maximum fails: exp overflows f32 above 88.7, so a kernel that subtracts
// nothing, the row minimum or the row mean gets inf/inf = NaN, and one that
// subtracts the row sum (about 25600) gets 0/0. With randn inputs softmax
// does not depend on what is subtracted and all of these passed.
module @softmax attributes {pypto.golden = "softmax.golden.py",
                            pypto.rtol = 1.0e-5 : f64,
                            pypto.atol = 1.0e-5 : f64} {
  func.func @softmax(%x: !pypto.tensor<512x256xf32> {pypto.init = "rand", pypto.init_scale = 200.0 : f64},
                     %y: !pypto.tensor<512x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    scf.for %r = %c0 to %c512 step %c64 {
      pypto.at core_group "softmax_rows" {
        %t = pypto.slice %x[%r, %c0] [64, 256]
            : !pypto.tensor<512x256xf32> -> !pypto.tensor<64x256xf32>
        %m = pypto.row_max %t
            : !pypto.tensor<64x256xf32> -> !pypto.tensor<64x1xf32>
        %e = pypto.row_expand_expdif %t, %m
            : !pypto.tensor<64x256xf32>, !pypto.tensor<64x1xf32>
        %s = pypto.row_sum %e
            : !pypto.tensor<64x256xf32> -> !pypto.tensor<64x1xf32>
        %o = pypto.row_expand_div %e, %s
            : !pypto.tensor<64x256xf32>, !pypto.tensor<64x1xf32>
        pypto.assemble %o into %y[%r, %c0]
            : !pypto.tensor<64x256xf32> into !pypto.tensor<512x256xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
