// rope: rotate-half rotary embedding of x [128, 128] f32, seen as 16
// batches of 8 heads with head_dim 128; cos and sin [1, 128] f32 are shared
// by every row (random values, as in pypto-lib's test).
//
// One task per batch (16 parallel), 8 rows each, with h = 64:
//   y[:, :h] = x_lo * cos_lo - x_hi * sin_lo
//   y[:, h:] = x_hi * cos_hi + x_lo * sin_hi
// where the cos/sin halves are broadcast down the rows (col_expand_mul).
//
// Tolerance rtol = atol = 1e-5: the simulators match the golden exactly (two
// f32 products and a sum per element); a fused multiply-add or another
// order would move an element by at most about 1e-6 (products up to ~16).
module @rope attributes {pypto.golden = "rope.golden.py",
                         pypto.rtol = 1.0e-5 : f64,
                         pypto.atol = 1.0e-5 : f64} {
  func.func @rope(%x: !pypto.tensor<128x128xf32> {pypto.init = "randn"},
                  %cos: !pypto.tensor<1x128xf32> {pypto.init = "randn"},
                  %sin: !pypto.tensor<1x128xf32> {pypto.init = "randn"},
                  %y: !pypto.tensor<128x128xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    scf.for %r = %c0 to %c128 step %c8 {
      pypto.at core_group "rope_batch" {
        %x_lo = pypto.slice %x[%r, %c0] [8, 64]
            : !pypto.tensor<128x128xf32> -> !pypto.tensor<8x64xf32>
        %x_hi = pypto.slice %x[%r, %c64] [8, 64]
            : !pypto.tensor<128x128xf32> -> !pypto.tensor<8x64xf32>
        %cos_lo = pypto.slice %cos[%c0, %c0] [1, 64]
            : !pypto.tensor<1x128xf32> -> !pypto.tensor<1x64xf32>
        %cos_hi = pypto.slice %cos[%c0, %c64] [1, 64]
            : !pypto.tensor<1x128xf32> -> !pypto.tensor<1x64xf32>
        %sin_lo = pypto.slice %sin[%c0, %c0] [1, 64]
            : !pypto.tensor<1x128xf32> -> !pypto.tensor<1x64xf32>
        %sin_hi = pypto.slice %sin[%c0, %c64] [1, 64]
            : !pypto.tensor<1x128xf32> -> !pypto.tensor<1x64xf32>
        %a = pypto.col_expand_mul %x_lo, %cos_lo
            : !pypto.tensor<8x64xf32>, !pypto.tensor<1x64xf32>
        %b = pypto.col_expand_mul %x_hi, %sin_lo
            : !pypto.tensor<8x64xf32>, !pypto.tensor<1x64xf32>
        %lo = pypto.sub %a, %b : !pypto.tensor<8x64xf32>
        %c = pypto.col_expand_mul %x_hi, %cos_hi
            : !pypto.tensor<8x64xf32>, !pypto.tensor<1x64xf32>
        %d = pypto.col_expand_mul %x_lo, %sin_hi
            : !pypto.tensor<8x64xf32>, !pypto.tensor<1x64xf32>
        %hi = pypto.add %c, %d : !pypto.tensor<8x64xf32>
        pypto.assemble %lo into %y[%r, %c0]
            : !pypto.tensor<8x64xf32> into !pypto.tensor<128x128xf32>
        pypto.assemble %hi into %y[%r, %c64]
            : !pypto.tensor<8x64xf32> into !pypto.tensor<128x128xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
