// Split-K projection as pypto-lib's qwen3 decode layer computes q_proj: 5
// SPMD blocks each multiply a 64-column chunk of x by the matching rows of w
// and add their 16x128 product into the same window of q (zeroed by a plain
// assemble first) with `atomic_add`. A vector kernel then adds i32 partial
// counts of 3 blocks into one row, and bf16 rows into one bf16 row (rounded
// after each add, in an order the blocks decide).
module @atomic_assemble attributes {pypto.golden = "atomic_assemble.golden.py"} {
  func.func @atomic_assemble(
      %x: !pypto.tensor<16x320xbf16> {pypto.init = "randn"},
      %w: !pypto.tensor<320x128xbf16> {pypto.init = "randn"},
      %n: !pypto.tensor<3x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
      %h: !pypto.tensor<4x32xbf16> {pypto.init = "randint", pypto.init_range = array<i64: -8, 8>},
      %q: !pypto.tensor<16x128xf32> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0.001, rtol=0.001, max_error_ratio=0)"},
      %count: !pypto.tensor<1x64xi32> {pypto.dir = "inout", pypto.init = "zeros"},
      %hsum: !pypto.tensor<1x32xbf16> {pypto.dir = "inout", pypto.init = "zeros"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "zero" {
      %z = arith.constant 0.0 : f32
      %t = pypto.full %z : f32 -> !pypto.tensor<16x128xf32>
      pypto.assemble %t into %q[%c0, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
    }
    pypto.spmd core_group "split_k" blocks(5) (%b) {
      %c64 = arith.constant 64 : index
      %k = arith.muli %b, %c64 : index
      %xs = pypto.slice %x[%c0, %k] [16, 64] : !pypto.tensor<16x320xbf16> -> !pypto.tensor<16x64xbf16>
      %ws = pypto.slice %w[%k, %c0] [64, 128] : !pypto.tensor<320x128xbf16> -> !pypto.tensor<64x128xbf16>
      %p = pypto.matmul %xs, %ws : !pypto.tensor<16x64xbf16>, !pypto.tensor<64x128xbf16>
      pypto.assemble %p into %q[%c0, %c0] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
    }
    pypto.spmd core_group "counts" blocks(3) (%b) {
      %r = pypto.slice %n[%b, %c0] [1, 64] : !pypto.tensor<3x64xi32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %r into %count[%c0, %c0] atomic_add : !pypto.tensor<1x64xi32> into !pypto.tensor<1x64xi32>
    }
    pypto.spmd core_group "halves" blocks(4) (%b) {
      %r = pypto.slice %h[%b, %c0] [1, 32] : !pypto.tensor<4x32xbf16> -> !pypto.tensor<1x32xbf16>
      pypto.assemble %r into %hsum[%c0, %c0] atomic_add : !pypto.tensor<1x32xbf16> into !pypto.tensor<1x32xbf16>
    }
    return
  }
}
