// layer_norm: y = (x - mean) / sqrt(var + 1e-5) * gamma + beta over rows of
// x [512, 256] f32 (biased variance).
//
// 16 parallel tasks of 32 whole rows. mean = row_sum(x / 256) and
// c = x - mean (row broadcast). The variance term row_sum((c^2 + 1e-5) / 256)
// is var + eps (eps is added per element before the 1/256 scale); it is
// reshaped to a 1x32 row for the sqrt and back to a 32x1 column. Then
// y = c / std (per row) * gamma + beta (per column).
//
// Tolerance rtol = atol = 1e-5: the worst element over seeds 0-7 needs 1.0e-6
// (max abs difference 2.9e-6) on both simulators; 1e-5 keeps a 10x margin.
module @layer_norm attributes {pypto.golden = "layer_norm.golden.py",
                               pypto.rtol = 1.0e-5 : f64,
                               pypto.atol = 1.0e-5 : f64} {
  func.func @layer_norm(%x: !pypto.tensor<512x256xf32> {pypto.init = "randn"},
                        %gamma: !pypto.tensor<1x256xf32> {pypto.init = "randn"},
                        %beta: !pypto.tensor<1x256xf32> {pypto.init = "randn"},
                        %y: !pypto.tensor<512x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c512 = arith.constant 512 : index
    scf.for %r = %c0 to %c512 step %c32 {
      pypto.at core_group "layer_norm_rows" {
        %inv_h = arith.constant 0.00390625 : f32
        %eps = arith.constant 1.0e-5 : f32
        %t = pypto.slice %x[%r, %c0] [32, 256]
            : !pypto.tensor<512x256xf32> -> !pypto.tensor<32x256xf32>
        %scaled = pypto.muls %t, %inv_h : !pypto.tensor<32x256xf32>, f32
        %mean = pypto.row_sum %scaled
            : !pypto.tensor<32x256xf32> -> !pypto.tensor<32x1xf32>
        %c = pypto.row_expand_sub %t, %mean
            : !pypto.tensor<32x256xf32>, !pypto.tensor<32x1xf32>
        %sq = pypto.mul %c, %c : !pypto.tensor<32x256xf32>
        %sq_eps = pypto.adds %sq, %eps : !pypto.tensor<32x256xf32>, f32
        %sq_scaled = pypto.muls %sq_eps, %inv_h : !pypto.tensor<32x256xf32>, f32
        %var = pypto.row_sum %sq_scaled
            : !pypto.tensor<32x256xf32> -> !pypto.tensor<32x1xf32>
        %var_row = pypto.reshape %var
            : !pypto.tensor<32x1xf32> -> !pypto.tensor<1x32xf32>
        %std_row = pypto.sqrt %var_row : !pypto.tensor<1x32xf32>
        %std = pypto.reshape %std_row
            : !pypto.tensor<1x32xf32> -> !pypto.tensor<32x1xf32>
        %n = pypto.row_expand_div %c, %std
            : !pypto.tensor<32x256xf32>, !pypto.tensor<32x1xf32>
        %g = pypto.slice %gamma[%c0, %c0] [1, 256]
            : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
        %b = pypto.slice %beta[%c0, %c0] [1, 256]
            : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
        %ng = pypto.col_expand_mul %n, %g
            : !pypto.tensor<32x256xf32>, !pypto.tensor<1x256xf32>
        %out = pypto.col_expand_add %ng, %b
            : !pypto.tensor<32x256xf32>, !pypto.tensor<1x256xf32>
        pypto.assemble %out into %y[%r, %c0]
            : !pypto.tensor<32x256xf32> into !pypto.tensor<512x256xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
