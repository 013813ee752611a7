// pypto.matmul_bias (pypto's matmul_bias / gemv_bias): a bf16 product that
// exceeds L0B (split along K on both arches, the bias on the first slice),
// a one-row f32 product (gemv_bias), and an i8 product with an i32 bias.
module @matmul_bias attributes {pypto.golden = "matmul_bias.golden.py"} {
  func.func @matmul_bias(%x: !pypto.tensor<16x512xbf16> {pypto.init = "randn"},
                         %w: !pypto.tensor<512x128xbf16> {pypto.init = "randn"},
                         %b: !pypto.tensor<1x128xf32> {pypto.init = "randn", pypto.init_scale = 10.0 : f64},
                         %v: !pypto.tensor<1x64xf32> {pypto.init = "randn"},
                         %m: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                         %c: !pypto.tensor<1x32xf32> {pypto.init = "randn"},
                         %p: !pypto.tensor<16x64xi8> {pypto.init = "randint", pypto.init_range = array<i64: -8, 8>},
                         %q: !pypto.tensor<64x32xi8> {pypto.init = "randint", pypto.init_range = array<i64: -8, 8>},
                         %d: !pypto.tensor<1x32xi32> {pypto.init = "randint", pypto.init_range = array<i64: -1000, 1000>},
                         %y: !pypto.tensor<16x128xf32> {pypto.dir = "out"},
                         %g: !pypto.tensor<1x32xf32> {pypto.dir = "out"},
                         %z: !pypto.tensor<16x32xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "biased" {
      %r = pypto.matmul_bias %x, %w, %b : !pypto.tensor<16x512xbf16>, !pypto.tensor<512x128xbf16>, !pypto.tensor<1x128xf32> -> !pypto.tensor<16x128xf32>
      pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
      %s = pypto.matmul_bias %v, %m, %c : !pypto.tensor<1x64xf32>, !pypto.tensor<64x32xf32>, !pypto.tensor<1x32xf32> -> !pypto.tensor<1x32xf32>
      pypto.assemble %s into %g[%c0, %c0] : !pypto.tensor<1x32xf32> into !pypto.tensor<1x32xf32>
      %t = pypto.matmul_bias %p, %q, %d : !pypto.tensor<16x64xi8>, !pypto.tensor<64x32xi8>, !pypto.tensor<1x32xi32> -> !pypto.tensor<16x32xi32>
      pypto.assemble %t into %z[%c0, %c0] : !pypto.tensor<16x32xi32> into !pypto.tensor<16x32xi32>
    }
    return
  }
}
