// The remainder, bitwise, shift, relu-family and three-operand elementwise
// ops, products and arg reductions (issue 16), each into an output of its
// own. Inputs expose the conventions: negative dividends and divisors
// (rem takes the divisor's sign, fmod the dividend's), shift counts 0..31,
// every bit pattern of random i32s, slopes of both signs, and reductions
// over a 13x40 tile (odd rows, a column count that is not a power of two)
// whose extremes are unique.
module @elementwise_ext attributes {pypto.golden = "elementwise_ext.golden.py"} {
  func.func @elementwise_ext(
      %x: !pypto.tensor<16x64xf32> {pypto.init = "randn", pypto.init_scale = 4.0 : f64},
      %y: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
      %a: !pypto.tensor<16x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: -2147483648, 2147483647>},
      %b: !pypto.tensor<16x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: -50, 50>},
      %r: !pypto.tensor<13x40xf32> {pypto.init = "randn"},
      %ri: !pypto.tensor<13x40xi32> {pypto.init = "randint", pypto.init_range = array<i64: -3, 4>},
      %f_rem: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_fmod: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_rems: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_fmods: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_prelu: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_lrelu: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_addc: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_subc: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_addsc: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %f_subsc: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %i_rem: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_fmod: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_rems: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_fmods: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_and: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_or: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_xor: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_not: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_shl: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_shr: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_scalar: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %i_addc: !pypto.tensor<16x64xi32> {pypto.dir = "out"},
      %row_prod: !pypto.tensor<13x1xf32> {pypto.dir = "out"},
      %col_prod: !pypto.tensor<1x40xf32> {pypto.dir = "out"},
      %row_prod_i: !pypto.tensor<13x1xi32> {pypto.dir = "out"},
      %row_argmax: !pypto.tensor<13x1xi32> {pypto.dir = "out"},
      %row_argmin: !pypto.tensor<13x1xi32> {pypto.dir = "out"},
      %col_argmax: !pypto.tensor<1x40xi32> {pypto.dir = "out"},
      %col_argmin: !pypto.tensor<1x40xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "float_ops" {
      %half = arith.constant 0.5 : f32
      %m15 = arith.constant -1.5 : f32
      %p15 = arith.constant 1.5 : f32
      %slope = arith.constant 0.2 : f32
      %two = arith.constant 2.0 : f32
      // Divisors of both signs, away from zero: +-(y * y + 0.5).
      %yy = pypto.mul %y, %y : !pypto.tensor<16x64xf32>
      %dpos = pypto.adds %yy, %half : !pypto.tensor<16x64xf32>, f32
      %dneg = pypto.neg %dpos : !pypto.tensor<16x64xf32>
      %rem = pypto.rem %x, %dneg : !pypto.tensor<16x64xf32>
      pypto.assemble %rem into %f_rem[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %fmod = pypto.fmod %x, %dneg : !pypto.tensor<16x64xf32>
      pypto.assemble %fmod into %f_fmod[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %rems = pypto.rems %x, %m15 : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %rems into %f_rems[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %fmods = pypto.fmods %x, %p15 : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %fmods into %f_fmods[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %prelu = pypto.prelu %x, %y : !pypto.tensor<16x64xf32>
      pypto.assemble %prelu into %f_prelu[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %lrelu = pypto.lrelu %x, %slope : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %lrelu into %f_lrelu[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %addc = pypto.addc %x, %y, %dneg : !pypto.tensor<16x64xf32>
      pypto.assemble %addc into %f_addc[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %subc = pypto.subc %x, %y, %dpos : !pypto.tensor<16x64xf32>
      pypto.assemble %subc into %f_subc[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %addsc = pypto.addsc %x, %two, %y : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %addsc into %f_addsc[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %subsc = pypto.subsc %x, %two, %y : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %subsc into %f_subsc[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    pypto.at core_group "int_ops" {
      %one = arith.constant 1 : i32
      %m7 = arith.constant -7 : i32
      %p7 = arith.constant 7 : i32
      %k31 = arith.constant 31 : i32
      %mask = arith.constant 23130 : i32
      %k3 = arith.constant 3 : i32
      %k4 = arith.constant 4 : i32
      %k255 = arith.constant 255 : i32
      // Odd divisors, hence never zero, of both signs.
      %d = pypto.ors %b, %one : !pypto.tensor<16x64xi32>, i32
      %rem = pypto.rem %a, %d : !pypto.tensor<16x64xi32>
      pypto.assemble %rem into %i_rem[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %fmod = pypto.fmod %a, %d : !pypto.tensor<16x64xi32>
      pypto.assemble %fmod into %i_fmod[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %rems = pypto.rems %a, %m7 : !pypto.tensor<16x64xi32>, i32
      pypto.assemble %rems into %i_rems[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %fmods = pypto.fmods %a, %p7 : !pypto.tensor<16x64xi32>, i32
      pypto.assemble %fmods into %i_fmods[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %and = pypto.and %a, %b : !pypto.tensor<16x64xi32>
      pypto.assemble %and into %i_and[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %or = pypto.or %a, %b : !pypto.tensor<16x64xi32>
      pypto.assemble %or into %i_or[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %xor = pypto.xor %a, %b : !pypto.tensor<16x64xi32>
      pypto.assemble %xor into %i_xor[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %not = pypto.not %a : !pypto.tensor<16x64xi32>
      pypto.assemble %not into %i_not[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      // Shift counts 0..31 from the low bits of b.
      %n = pypto.ands %b, %k31 : !pypto.tensor<16x64xi32>, i32
      %shl = pypto.shl %a, %n : !pypto.tensor<16x64xi32>
      pypto.assemble %shl into %i_shl[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      %shr = pypto.shr %a, %n : !pypto.tensor<16x64xi32>
      pypto.assemble %shr into %i_shr[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      // ((a ^ 0x5A5A) >> 3 << 4) & 0xFF: four scalar forms in a chain.
      %s1 = pypto.xors %a, %mask : !pypto.tensor<16x64xi32>, i32
      %s2 = pypto.shrs %s1, %k3 : !pypto.tensor<16x64xi32>, i32
      %s3 = pypto.shls %s2, %k4 : !pypto.tensor<16x64xi32>, i32
      %s4 = pypto.ands %s3, %k255 : !pypto.tensor<16x64xi32>, i32
      pypto.assemble %s4 into %i_scalar[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
      // a + b + d wraps around.
      %addc = pypto.addc %a, %b, %d : !pypto.tensor<16x64xi32>
      pypto.assemble %addc into %i_addc[%c0, %c0] : !pypto.tensor<16x64xi32> into !pypto.tensor<16x64xi32>
    }
    pypto.at core_group "reductions" {
      %tenth = arith.constant 0.1 : f32
      %one = arith.constant 1.0 : f32
      // Factors near 1, so 40 of them neither overflow nor vanish.
      %s = pypto.muls %r, %tenth : !pypto.tensor<13x40xf32>, f32
      %near1 = pypto.adds %s, %one : !pypto.tensor<13x40xf32>, f32
      %rp = pypto.row_prod %near1 : !pypto.tensor<13x40xf32>
      pypto.assemble %rp into %row_prod[%c0, %c0] : !pypto.tensor<13x1xf32> into !pypto.tensor<13x1xf32>
      %cp = pypto.col_prod %near1 : !pypto.tensor<13x40xf32>
      pypto.assemble %cp into %col_prod[%c0, %c0] : !pypto.tensor<1x40xf32> into !pypto.tensor<1x40xf32>
      %rpi = pypto.row_prod %ri : !pypto.tensor<13x40xi32>
      pypto.assemble %rpi into %row_prod_i[%c0, %c0] : !pypto.tensor<13x1xi32> into !pypto.tensor<13x1xi32>
      %amax = pypto.row_argmax %r : !pypto.tensor<13x40xf32> -> !pypto.tensor<13x1xi32>
      pypto.assemble %amax into %row_argmax[%c0, %c0] : !pypto.tensor<13x1xi32> into !pypto.tensor<13x1xi32>
      %amin = pypto.row_argmin %r : !pypto.tensor<13x40xf32> -> !pypto.tensor<13x1xi32>
      pypto.assemble %amin into %row_argmin[%c0, %c0] : !pypto.tensor<13x1xi32> into !pypto.tensor<13x1xi32>
      %cmax = pypto.col_argmax %r : !pypto.tensor<13x40xf32> -> !pypto.tensor<1x40xi32>
      pypto.assemble %cmax into %col_argmax[%c0, %c0] : !pypto.tensor<1x40xi32> into !pypto.tensor<1x40xi32>
      %cmin = pypto.col_argmin %r : !pypto.tensor<13x40xf32> -> !pypto.tensor<1x40xi32>
      pypto.assemble %cmin into %col_argmin[%c0, %c0] : !pypto.tensor<1x40xi32> into !pypto.tensor<1x40xi32>
    }
    return
  }
}
