// The part ops (pypto's part_add, part_mul, part_max, part_min): one operand
// covers the result, the other its top-left corner, in either order; f32,
// f16, i32 and a narrow i16 corner with a 40-column (padded) tile.
module @part_ops attributes {pypto.golden = "part_ops.golden.py"} {
  func.func @part_ops(%a: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
                      %b: !pypto.tensor<8x24xf32> {pypto.init = "randn"},
                      %h: !pypto.tensor<16x32xf16> {pypto.init = "randn"},
                      %g: !pypto.tensor<16x16xf16> {pypto.init = "randn"},
                      %i: !pypto.tensor<8x40xi32> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
                      %j: !pypto.tensor<3x40xi32> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
                      %k: !pypto.tensor<16x40xi16> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
                      %l: !pypto.tensor<16x8xi16> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
                      %add: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                      %mul: !pypto.tensor<16x32xf16> {pypto.dir = "out"},
                      %max: !pypto.tensor<8x40xi32> {pypto.dir = "out"},
                      %min: !pypto.tensor<16x40xi16> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "parts" {
      %r0 = pypto.part_add %b, %a : !pypto.tensor<8x24xf32>, !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
      pypto.assemble %r0 into %add[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %r1 = pypto.part_mul %h, %g : !pypto.tensor<16x32xf16>, !pypto.tensor<16x16xf16> -> !pypto.tensor<16x32xf16>
      pypto.assemble %r1 into %mul[%c0, %c0] : !pypto.tensor<16x32xf16> into !pypto.tensor<16x32xf16>
      %r2 = pypto.part_max %i, %j : !pypto.tensor<8x40xi32>, !pypto.tensor<3x40xi32> -> !pypto.tensor<8x40xi32>
      pypto.assemble %r2 into %max[%c0, %c0] : !pypto.tensor<8x40xi32> into !pypto.tensor<8x40xi32>
      %r3 = pypto.part_min %l, %k : !pypto.tensor<16x8xi16>, !pypto.tensor<16x40xi16> -> !pypto.tensor<16x40xi16>
      pypto.assemble %r3 into %min[%c0, %c0] : !pypto.tensor<16x40xi16> into !pypto.tensor<16x40xi16>
    }
    return
  }
}
