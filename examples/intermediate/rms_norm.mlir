// rms_norm: y = x / sqrt(mean(x^2, dim=-1) + 1e-6) * gamma, x 512x512 f32.
//
// 8 parallel tasks of 64 rows. Pass 1 walks 8 chunks of 64 columns and
// accumulates the row sums of x^2 as a 1x64 row (each chunk's 64x1 row_sum
// reshaped); inv = rsqrt(sum / 512 + 1e-6) is reshaped back to a 64x1 column.
// Pass 2 reloads each chunk and scales it by inv (per row) and gamma (per
// column).
//
// Tolerance rtol = atol = 3e-6: the worst element over seeds 0-7 needs 2.6e-7
// (max abs difference 1.9e-6) on both simulators; 3e-6 keeps a 12x margin.
// A kernel dividing the sum of squares by 511 instead of 512 (1e-3 relative)
// or adding eps 1e-5 instead of 1e-6 fails; at 1e-2 both passed.
module @rms_norm attributes {pypto.golden = "rms_norm.golden.py",
                             pypto.rtol = 3.0e-6 : f64,
                             pypto.atol = 3.0e-6 : f64} {
  func.func @rms_norm(%x: !pypto.tensor<512x512xf32> {pypto.init = "randn"},
                      %gamma: !pypto.tensor<1x512xf32> {pypto.init = "randn"},
                      %y: !pypto.tensor<512x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c512 = arith.constant 512 : index
    scf.for %r = %c0 to %c512 step %c64 {
      pypto.at core_group "rms_norm_rows" {
        %zero = arith.constant 0.0 : f32
        %scale = arith.constant 0.001953125 : f32
        %eps = arith.constant 1.0e-6 : f32
        %init = pypto.full %zero : f32 -> !pypto.tensor<1x64xf32>
        %sum = scf.for %c = %c0 to %c512 step %c64
            iter_args(%acc = %init) -> (!pypto.tensor<1x64xf32>) {
          %t = pypto.slice %x[%r, %c] [64, 64]
              : !pypto.tensor<512x512xf32> -> !pypto.tensor<64x64xf32>
          %sq = pypto.mul %t, %t : !pypto.tensor<64x64xf32>
          %rows = pypto.row_sum %sq
              : !pypto.tensor<64x64xf32> -> !pypto.tensor<64x1xf32>
          %row = pypto.reshape %rows
              : !pypto.tensor<64x1xf32> -> !pypto.tensor<1x64xf32>
          %next = pypto.add %acc, %row : !pypto.tensor<1x64xf32>
          scf.yield %next : !pypto.tensor<1x64xf32>
        } {pypto.loop = "range"}
        %mean = pypto.muls %sum, %scale : !pypto.tensor<1x64xf32>, f32
        %shifted = pypto.adds %mean, %eps : !pypto.tensor<1x64xf32>, f32
        %inv = pypto.rsqrt %shifted : !pypto.tensor<1x64xf32>
        %invColumn = pypto.reshape %inv
            : !pypto.tensor<1x64xf32> -> !pypto.tensor<64x1xf32>
        scf.for %c = %c0 to %c512 step %c64 {
          %t = pypto.slice %x[%r, %c] [64, 64]
              : !pypto.tensor<512x512xf32> -> !pypto.tensor<64x64xf32>
          %g = pypto.slice %gamma[%c0, %c] [1, 64]
              : !pypto.tensor<1x512xf32> -> !pypto.tensor<1x64xf32>
          %normed = pypto.row_expand_mul %t, %invColumn
              : !pypto.tensor<64x64xf32>, !pypto.tensor<64x1xf32>
          %out = pypto.col_expand_mul %normed, %g
              : !pypto.tensor<64x64xf32>, !pypto.tensor<1x64xf32>
          pypto.assemble %out into %y[%r, %c]
              : !pypto.tensor<64x64xf32> into !pypto.tensor<512x512xf32>
        } {pypto.loop = "range"}
      }
    } {pypto.loop = "parallel"}
    return
  }
}
