// Triangular masks (pypto.tri, pypto's tile.tri): a causal mask applied to
// scores (lower, diagonal 0, f32), a strictly upper i32 mask with a run-time
// diagonal read from data (2), and a lower f16 mask below the diagonal
// (diagonal -3) on a 16x40 tile (more columns than rows).
module @tri attributes {pypto.golden = "tri.golden.py"} {
  func.func @tri(%s: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                 %d: !pypto.tensor<1xi32> {pypto.init = dense<[2]> : tensor<1xi32>},
                 %masked: !pypto.tensor<16x16xf32> {pypto.dir = "out"},
                 %upper: !pypto.tensor<16x32xi32> {pypto.dir = "out"},
                 %below: !pypto.tensor<16x40xf16> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "masks" {
      %zero = arith.constant 0 : i32
      %causal = pypto.tri %zero : i32 -> !pypto.tensor<16x16xf32>
      %m = pypto.mul %s, %causal : !pypto.tensor<16x16xf32>
      pypto.assemble %m into %masked[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
      %diag = pypto.read %d[%c0] : !pypto.tensor<1xi32> -> i32
      %u = pypto.tri %diag upper : i32 -> !pypto.tensor<16x32xi32>
      pypto.assemble %u into %upper[%c0, %c0] : !pypto.tensor<16x32xi32> into !pypto.tensor<16x32xi32>
      %m3 = arith.constant -3 : i32
      %b = pypto.tri %m3 : i32 -> !pypto.tensor<16x40xf16>
      pypto.assemble %b into %below[%c0, %c0] : !pypto.tensor<16x40xf16> into !pypto.tensor<16x40xf16>
    }
    return
  }
}
