// pypto.reinterpret_view (pypto's tensor.reinterpret_view): the same bytes
// as another element type, a view of global memory.
// - "bits": |x| by clearing the sign bit of x's i32 view, written through
//   the i32 view of the f32 output y (so y is |x| as f32);
// - "halves": an f32 input read as twice as many bf16 (each f32 is the two
//   bf16 its bits split into), the bf16 doubled and stored through a bf16
//   view of an f32 output z (doubling a bf16 is exact, so z's bits are the
//   bf16 pairs doubled);
// - a slice of a reinterpreted tensor, reshaped too: rows 4..7 of w's i32
//   view, the bits xor-ed with 1 into v;
// - a reinterpreted slice (its first element 32 f32s, 64 bf16s, in): rows
//   2..3 of w as bf16 pairs, negated into u.
// The golden is the reference interpreter's (torch's view(dtype)).
module @reinterpret_view {
  func.func @reinterpret_view(
      %x: !pypto.tensor<16x32xf32> {pypto.init = "randn"},
      %h: !pypto.tensor<8x16xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<8x16xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<16x32xf32> {pypto.dir = "out"},
      %z: !pypto.tensor<8x16xf32> {pypto.dir = "out"},
      %v: !pypto.tensor<4x16xi32> {pypto.dir = "out"},
      %u: !pypto.tensor<2x32xbf16> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %xi = pypto.reinterpret_view %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xi32>
    %yi = pypto.reinterpret_view %y : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xi32>
    pypto.at core_group "bits" {
      %mask = arith.constant 2147483647 : i32
      %a = pypto.ands %xi, %mask : !pypto.tensor<16x32xi32>, i32
      pypto.assemble %a into %yi[%c0, %c0] : !pypto.tensor<16x32xi32> into !pypto.tensor<16x32xi32>
    }
    pypto.at core_group "halves" {
      %hb = pypto.reinterpret_view %h : !pypto.tensor<8x16xf32> -> !pypto.tensor<8x32xbf16>
      %zb = pypto.reinterpret_view %z : !pypto.tensor<8x16xf32> -> !pypto.tensor<8x32xbf16>
      %two = arith.constant 2.0 : bf16
      %d = pypto.muls %hb, %two : !pypto.tensor<8x32xbf16>, bf16
      pypto.assemble %d into %zb[%c0, %c0] : !pypto.tensor<8x32xbf16> into !pypto.tensor<8x32xbf16>
    }
    pypto.at core_group "rows" {
      %wi = pypto.reinterpret_view %w : !pypto.tensor<8x16xf32> -> !pypto.tensor<8x16xi32>
      %r = pypto.slice %wi[%c4, %c0] [4, 16] : !pypto.tensor<8x16xi32> -> !pypto.tensor<4x16xi32>
      %one = arith.constant 1 : i32
      %f = pypto.xors %r, %one : !pypto.tensor<4x16xi32>, i32
      pypto.assemble %f into %v[%c0, %c0] : !pypto.tensor<4x16xi32> into !pypto.tensor<4x16xi32>
    }
    %c2 = arith.constant 2 : index
    %w2 = pypto.slice %w[%c2, %c0] [2, 16] : !pypto.tensor<8x16xf32> -> !pypto.tensor<2x16xf32>
    %wb = pypto.reinterpret_view %w2 : !pypto.tensor<2x16xf32> -> !pypto.tensor<2x32xbf16>
    pypto.at core_group "offset" {
      %n = pypto.neg %wb : !pypto.tensor<2x32xbf16>
      pypto.assemble %n into %u[%c0, %c0] : !pypto.tensor<2x32xbf16> into !pypto.tensor<2x32xbf16>
    }
    return
  }
}
