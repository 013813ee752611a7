// pypto.scatter_mask (pypto's scatter with mask_pattern P0101 / P1010):
// dspark_attention's inverse rope interleave, the even and odd halves of a
// 16x64 row split with gather_mask, scaled differently, and put back into
// a full tile (even, then odd); and an i32 odd scatter into an input.
module @scatter_mask attributes {pypto.golden = "scatter_mask.golden.py"} {
  func.func @scatter_mask(%x: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
                          %d: !pypto.tensor<4x32xi32> {pypto.init = "randint", pypto.init_range = array<i64: -100, 100>},
                          %s: !pypto.tensor<4x16xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1000, 2000>},
                          %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                          %z: !pypto.tensor<4x32xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "interleave" {
      %even = pypto.gather_mask %x even : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x32xf32>
      %odd = pypto.gather_mask %x odd : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x32xf32>
      %two = arith.constant 2.0 : f32
      %three = arith.constant -3.0 : f32
      %e2 = pypto.muls %even, %two : !pypto.tensor<16x32xf32>, f32
      %o3 = pypto.muls %odd, %three : !pypto.tensor<16x32xf32>, f32
      %zero = arith.constant 0.0 : f32
      %base = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
      %r1 = pypto.scatter_mask %e2 into %base even : !pypto.tensor<16x32xf32> into !pypto.tensor<16x64xf32>
      %r2 = pypto.scatter_mask %o3 into %r1 odd : !pypto.tensor<16x32xf32> into !pypto.tensor<16x64xf32>
      pypto.assemble %r2 into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %r3 = pypto.scatter_mask %s into %d odd : !pypto.tensor<4x16xi32> into !pypto.tensor<4x32xi32>
      pypto.assemble %r3 into %z[%c0, %c0] : !pypto.tensor<4x32xi32> into !pypto.tensor<4x32xi32>
    }
    return
  }
}
