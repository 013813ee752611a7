// Vector work in element types the vector unit lacks (ptoas 0.27's lists):
// bf16 arithmetic (none on A2/A3, a few ops on A5) and a fill with a bf16
// value known only at run time are computed in f32 and rounded once; an
// integer abs is max(x, -x) (the i32 inputs span the whole range, INT_MIN
// included); an i16 relu is max(x, 0); maxs and mins of integers take a
// filled tile (ptoas lowers them with float scalars only; seed
// 539870754930). pypto-legalize-element-types
// rewrites them (found by pypto-fuzz --ptoas, seeds 220957839355,
// 366725314909, 702819258066, 862830529052, 998619405159).
// element-types.test runs this on both simulators, ptoas-compat.test through
// ptoas.
module @vector_dtypes {
  func.func @vector_dtypes(%a: !pypto.tensor<16x40xbf16> {pypto.init = "randn"},
                           %b: !pypto.tensor<16x40xbf16> {pypto.init = "randn"},
                           %i: !pypto.tensor<16x40xi32> {pypto.init = "randint", pypto.init_range = array<i64: -2147483648, 2147483647>},
                           %s: f32 {pypto.value = 0.3 : f32},
                           %sum: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %prod: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %ex: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %rs: !pypto.tensor<16x1xbf16> {pypto.dir = "out"},
                           %rm: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %sc: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %fl: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                           %ab: !pypto.tensor<16x40xi32> {pypto.dir = "out"},
                           %rl: !pypto.tensor<16x40xi16> {pypto.dir = "out"},
                           %cl: !pypto.tensor<16x40xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "dt" {
      %x = pypto.slice %a[%c0, %c0] [16, 40] : !pypto.tensor<16x40xbf16> -> !pypto.tensor<16x40xbf16>
      %y = pypto.slice %b[%c0, %c0] [16, 40] : !pypto.tensor<16x40xbf16> -> !pypto.tensor<16x40xbf16>
      %t0 = pypto.add %x, %y : !pypto.tensor<16x40xbf16>
      pypto.assemble %t0 into %sum[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %t1 = pypto.mul %x, %y : !pypto.tensor<16x40xbf16>
      pypto.assemble %t1 into %prod[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %t2 = pypto.exp %x : !pypto.tensor<16x40xbf16>
      pypto.assemble %t2 into %ex[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %t3 = pypto.row_sum %y : !pypto.tensor<16x40xbf16> -> !pypto.tensor<16x1xbf16>
      pypto.assemble %t3 into %rs[%c0, %c0] : !pypto.tensor<16x1xbf16> into !pypto.tensor<16x1xbf16>
      %t4 = pypto.row_expand_mul %x, %t3 : !pypto.tensor<16x40xbf16>, !pypto.tensor<16x1xbf16>
      pypto.assemble %t4 into %rm[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %sb = arith.truncf %s : f32 to bf16
      %t5 = pypto.maxs %x, %sb : !pypto.tensor<16x40xbf16>, bf16
      pypto.assemble %t5 into %sc[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %t6 = pypto.full %sb : bf16 -> !pypto.tensor<16x40xbf16>
      pypto.assemble %t6 into %fl[%c0, %c0] : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %iv = pypto.slice %i[%c0, %c0] [16, 40] : !pypto.tensor<16x40xi32> -> !pypto.tensor<16x40xi32>
      %t7 = pypto.abs %iv : !pypto.tensor<16x40xi32>
      pypto.assemble %t7 into %ab[%c0, %c0] : !pypto.tensor<16x40xi32> into !pypto.tensor<16x40xi32>
      %iw = pypto.cast %x round rint : !pypto.tensor<16x40xbf16> -> !pypto.tensor<16x40xi16>
      %t8 = pypto.relu %iw : !pypto.tensor<16x40xi16>
      pypto.assemble %t8 into %rl[%c0, %c0] : !pypto.tensor<16x40xi16> into !pypto.tensor<16x40xi16>
      %lo = arith.constant -1000000 : i32
      %hi = arith.constant 1000000 : i32
      %t9 = pypto.maxs %iv, %lo : !pypto.tensor<16x40xi32>, i32
      %t10 = pypto.mins %t9, %hi : !pypto.tensor<16x40xi32>, i32
      pypto.assemble %t10 into %cl[%c0, %c0] : !pypto.tensor<16x40xi32> into !pypto.tensor<16x40xi32>
    }
    return
  }
}
