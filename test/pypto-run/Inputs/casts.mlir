// Every rounding mode of pypto.cast on ties and near ties, in every
// conversion where the mode matters, checked exactly (rtol = atol = 0)
// against casts.golden.py, which derives each result from the mode's
// definition.
//
// t = (n - 32) * 0.25 with n = arange(64) (exact in f32) is -8, -7.75, ...,
// 7.75: ties (-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, ...), near ties (x.25, x.75)
// and integers, of both signs. Each conversion puts t in units of the
// target's last place:
//   float -> int     t itself: f32, f16, bf16 -> i32, i16, i8
//   f32 -> f16       1536 + t (f16's ulp is 1 in [1024, 2048)) and t * 2^-24
//                    (f16 subnormals, ulp 2^-24); f32 -> bf16 likewise with
//                    192 + t (ulp 1 in [128, 256)) and t * 2^-133
//   f16 -> bf16      192 + t;  bf16 -> f16: t * 2^-24 (f16 subnormals; bf16's
//                    normal values fit f16 exactly)
//   int -> float     4 * (B + t), B + t an integer plus a quarter where the
//                    target's ulp is 4: i32 -> f32 3 * 2^24 + 4t, i32 and i16
//                    -> f16 6144 + 4t, i32 and i16 -> bf16 768 + 4t
// and casts its source values v (and -v for a float target) in every mode:
// output '<src>_<dst>' row m is mode m of rint, round, floor, ceil, trunc,
// odd, none; its columns are v (and -v). The golden asserts that the values
// tell every two modes apart in every output (rint and none round alike: none
// is the conversion's default, rint). Exact conversions (widening, i8 -> any
// float, int -> int) do not depend on the mode and are not here.
//
// One kernel per conversion: a kernel takes at most 32 tensor arguments, and
// each assembled row is one. Sources other than f32 and the integer
// arguments are made exactly (by a rint cast of exactly representable values,
// or integer adds).
module @casts attributes {pypto.golden = "casts.golden.py", pypto.rtol = 0.0 : f64, pypto.atol = 0.0 : f64} {
  func.func @casts(%n: !pypto.tensor<1x64xf32> {pypto.init = "arange"},
                   %k32: !pypto.tensor<1x64xi32> {pypto.init = "arange"},
                   %k16: !pypto.tensor<1x64xi16> {pypto.init = "arange"},
                   %f32_i32: !pypto.tensor<7x64xi32> {pypto.dir = "out"},
                   %f32_i16: !pypto.tensor<7x64xi16> {pypto.dir = "out"},
                   %f32_i8: !pypto.tensor<7x64xi8> {pypto.dir = "out"},
                   %f16_i32: !pypto.tensor<7x64xi32> {pypto.dir = "out"},
                   %f16_i16: !pypto.tensor<7x64xi16> {pypto.dir = "out"},
                   %f16_i8: !pypto.tensor<7x64xi8> {pypto.dir = "out"},
                   %bf16_i32: !pypto.tensor<7x64xi32> {pypto.dir = "out"},
                   %bf16_i16: !pypto.tensor<7x64xi16> {pypto.dir = "out"},
                   %bf16_i8: !pypto.tensor<7x64xi8> {pypto.dir = "out"},
                   %f32_f16: !pypto.tensor<7x128xf16> {pypto.dir = "out"},
                   %f32_f16_sub: !pypto.tensor<7x128xf16> {pypto.dir = "out"},
                   %f32_bf16: !pypto.tensor<7x128xbf16> {pypto.dir = "out"},
                   %f32_bf16_sub: !pypto.tensor<7x128xbf16> {pypto.dir = "out"},
                   %f16_bf16: !pypto.tensor<7x128xbf16> {pypto.dir = "out"},
                   %bf16_f16_sub: !pypto.tensor<7x128xf16> {pypto.dir = "out"},
                   %i32_f32: !pypto.tensor<7x128xf32> {pypto.dir = "out"},
                   %i32_f16: !pypto.tensor<7x128xf16> {pypto.dir = "out"},
                   %i32_bf16: !pypto.tensor<7x128xbf16> {pypto.dir = "out"},
                   %i16_f16: !pypto.tensor<7x128xf16> {pypto.dir = "out"},
                   %i16_bf16: !pypto.tensor<7x128xbf16> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c64 = arith.constant 64 : index
    pypto.at core_group "f32_to_i32" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %rint = pypto.cast %t round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %rint into %f32_i32[%c0, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %round = pypto.cast %t round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %round into %f32_i32[%c1, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %floor = pypto.cast %t round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %floor into %f32_i32[%c2, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %ceil = pypto.cast %t round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %ceil into %f32_i32[%c3, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %trunc = pypto.cast %t round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %trunc into %f32_i32[%c4, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %odd = pypto.cast %t round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %odd into %f32_i32[%c5, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %none = pypto.cast %t round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
      pypto.assemble %none into %f32_i32[%c6, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    }
    pypto.at core_group "f32_to_i16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %rint = pypto.cast %t round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %rint into %f32_i16[%c0, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %round = pypto.cast %t round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %round into %f32_i16[%c1, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %floor = pypto.cast %t round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %floor into %f32_i16[%c2, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %ceil = pypto.cast %t round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %ceil into %f32_i16[%c3, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %trunc = pypto.cast %t round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %trunc into %f32_i16[%c4, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %odd = pypto.cast %t round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %odd into %f32_i16[%c5, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %none = pypto.cast %t round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi16>
      pypto.assemble %none into %f32_i16[%c6, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
    }
    pypto.at core_group "f32_to_i8" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %rint = pypto.cast %t round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %rint into %f32_i8[%c0, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %round = pypto.cast %t round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %round into %f32_i8[%c1, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %floor = pypto.cast %t round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %floor into %f32_i8[%c2, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %ceil = pypto.cast %t round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %ceil into %f32_i8[%c3, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %trunc = pypto.cast %t round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %trunc into %f32_i8[%c4, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %odd = pypto.cast %t round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %odd into %f32_i8[%c5, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %none = pypto.cast %t round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi8>
      pypto.assemble %none into %f32_i8[%c6, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
    }
    pypto.at core_group "f16_to_i32" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %rint into %f16_i32[%c0, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %round into %f16_i32[%c1, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %floor into %f16_i32[%c2, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %ceil into %f16_i32[%c3, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %trunc into %f16_i32[%c4, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %odd into %f16_i32[%c5, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %none into %f16_i32[%c6, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    }
    pypto.at core_group "f16_to_i16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %rint into %f16_i16[%c0, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %round into %f16_i16[%c1, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %floor into %f16_i16[%c2, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %ceil into %f16_i16[%c3, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %trunc into %f16_i16[%c4, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %odd into %f16_i16[%c5, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %none into %f16_i16[%c6, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
    }
    pypto.at core_group "f16_to_i8" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %rint into %f16_i8[%c0, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %round into %f16_i8[%c1, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %floor into %f16_i8[%c2, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %ceil into %f16_i8[%c3, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %trunc into %f16_i8[%c4, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %odd into %f16_i8[%c5, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %none into %f16_i8[%c6, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
    }
    pypto.at core_group "bf16_to_i32" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %rint into %bf16_i32[%c0, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %round into %bf16_i32[%c1, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %floor into %bf16_i32[%c2, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %ceil into %bf16_i32[%c3, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %trunc into %bf16_i32[%c4, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %odd into %bf16_i32[%c5, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi32>
      pypto.assemble %none into %bf16_i32[%c6, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    }
    pypto.at core_group "bf16_to_i16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %rint into %bf16_i16[%c0, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %round into %bf16_i16[%c1, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %floor into %bf16_i16[%c2, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %ceil into %bf16_i16[%c3, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %trunc into %bf16_i16[%c4, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %odd into %bf16_i16[%c5, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi16>
      pypto.assemble %none into %bf16_i16[%c6, %c0] : !pypto.tensor<1x64xi16> into !pypto.tensor<7x64xi16>
    }
    pypto.at core_group "bf16_to_i8" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %t : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %rint into %bf16_i8[%c0, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %round into %bf16_i8[%c1, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %floor into %bf16_i8[%c2, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %ceil into %bf16_i8[%c3, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %trunc into %bf16_i8[%c4, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %odd into %bf16_i8[%c5, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xi8>
      pypto.assemble %none into %bf16_i8[%c6, %c0] : !pypto.tensor<1x64xi8> into !pypto.tensor<7x64xi8>
    }
    pypto.at core_group "f32_to_f16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 1536.0 : f32
      %v = pypto.adds %t, %c : !pypto.tensor<1x64xf32>, f32
      %w = pypto.neg %v : !pypto.tensor<1x64xf32>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint into %f32_f16[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint_neg into %f32_f16[%c0, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round into %f32_f16[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round_neg into %f32_f16[%c1, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor into %f32_f16[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor_neg into %f32_f16[%c2, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil into %f32_f16[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil_neg into %f32_f16[%c3, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc into %f32_f16[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc_neg into %f32_f16[%c4, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd into %f32_f16[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd_neg into %f32_f16[%c5, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none into %f32_f16[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none_neg into %f32_f16[%c6, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
    }
    pypto.at core_group "f32_to_f16_sub" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 0x33800000 : f32  // 2^-24
      %v = pypto.muls %t, %c : !pypto.tensor<1x64xf32>, f32
      %w = pypto.neg %v : !pypto.tensor<1x64xf32>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint into %f32_f16_sub[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint_neg into %f32_f16_sub[%c0, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round into %f32_f16_sub[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round_neg into %f32_f16_sub[%c1, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor into %f32_f16_sub[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor_neg into %f32_f16_sub[%c2, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil into %f32_f16_sub[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil_neg into %f32_f16_sub[%c3, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc into %f32_f16_sub[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc_neg into %f32_f16_sub[%c4, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd into %f32_f16_sub[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd_neg into %f32_f16_sub[%c5, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none into %f32_f16_sub[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none_neg into %f32_f16_sub[%c6, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
    }
    pypto.at core_group "f32_to_bf16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 192.0 : f32
      %v = pypto.adds %t, %c : !pypto.tensor<1x64xf32>, f32
      %w = pypto.neg %v : !pypto.tensor<1x64xf32>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint into %f32_bf16[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint_neg into %f32_bf16[%c0, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round into %f32_bf16[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round_neg into %f32_bf16[%c1, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor into %f32_bf16[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor_neg into %f32_bf16[%c2, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil into %f32_bf16[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil_neg into %f32_bf16[%c3, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc into %f32_bf16[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc_neg into %f32_bf16[%c4, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd into %f32_bf16[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd_neg into %f32_bf16[%c5, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none into %f32_bf16[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none_neg into %f32_bf16[%c6, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
    }
    pypto.at core_group "f32_to_bf16_sub" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 0x00010000 : f32  // 2^-133
      %v = pypto.muls %t, %c : !pypto.tensor<1x64xf32>, f32
      %w = pypto.neg %v : !pypto.tensor<1x64xf32>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint into %f32_bf16_sub[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint_neg into %f32_bf16_sub[%c0, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round into %f32_bf16_sub[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round_neg into %f32_bf16_sub[%c1, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor into %f32_bf16_sub[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor_neg into %f32_bf16_sub[%c2, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil into %f32_bf16_sub[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil_neg into %f32_bf16_sub[%c3, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc into %f32_bf16_sub[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc_neg into %f32_bf16_sub[%c4, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd into %f32_bf16_sub[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd_neg into %f32_bf16_sub[%c5, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none into %f32_bf16_sub[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none_neg into %f32_bf16_sub[%c6, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
    }
    pypto.at core_group "f16_to_bf16" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 192.0 : f32
      %u = pypto.adds %t, %c : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %u : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
      %w = pypto.neg %v : !pypto.tensor<1x64xf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint into %f16_bf16[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint_neg into %f16_bf16[%c0, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round into %f16_bf16[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round_neg into %f16_bf16[%c1, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor into %f16_bf16[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor_neg into %f16_bf16[%c2, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil into %f16_bf16[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil_neg into %f16_bf16[%c3, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc into %f16_bf16[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc_neg into %f16_bf16[%c4, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd into %f16_bf16[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd_neg into %f16_bf16[%c5, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none into %f16_bf16[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xf16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none_neg into %f16_bf16[%c6, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
    }
    pypto.at core_group "bf16_to_f16_sub" {
      %m32 = arith.constant -32.0 : f32
      %quarter = arith.constant 0.25 : f32
      %s = pypto.adds %n, %m32 : !pypto.tensor<1x64xf32>, f32
      %t = pypto.muls %s, %quarter : !pypto.tensor<1x64xf32>, f32
      %c = arith.constant 0x33800000 : f32  // 2^-24
      %u = pypto.muls %t, %c : !pypto.tensor<1x64xf32>, f32
      %v = pypto.cast %u : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
      %w = pypto.neg %v : !pypto.tensor<1x64xbf16>
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint into %bf16_f16_sub[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint_neg into %bf16_f16_sub[%c0, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round into %bf16_f16_sub[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round_neg into %bf16_f16_sub[%c1, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor into %bf16_f16_sub[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor_neg into %bf16_f16_sub[%c2, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil into %bf16_f16_sub[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil_neg into %bf16_f16_sub[%c3, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc into %bf16_f16_sub[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc_neg into %bf16_f16_sub[%c4, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd into %bf16_f16_sub[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd_neg into %bf16_f16_sub[%c5, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none into %bf16_f16_sub[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xbf16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none_neg into %bf16_f16_sub[%c6, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
    }
    pypto.at core_group "i32_to_f32" {
      %m32 = arith.constant -32 : i32
      %base = arith.constant 50331648 : i32
      %minus1 = arith.constant -1 : i32
      %s = pypto.adds %k32, %m32 : !pypto.tensor<1x64xi32>, i32
      %v = pypto.adds %s, %base : !pypto.tensor<1x64xi32>, i32
      %w = pypto.muls %v, %minus1 : !pypto.tensor<1x64xi32>, i32
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %rint into %i32_f32[%c0, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %rint_neg into %i32_f32[%c0, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %round into %i32_f32[%c1, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %round_neg into %i32_f32[%c1, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %floor into %i32_f32[%c2, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %floor_neg into %i32_f32[%c2, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %ceil into %i32_f32[%c3, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %ceil_neg into %i32_f32[%c3, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %trunc into %i32_f32[%c4, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %trunc_neg into %i32_f32[%c4, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %odd into %i32_f32[%c5, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %odd_neg into %i32_f32[%c5, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %none into %i32_f32[%c6, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %none_neg into %i32_f32[%c6, %c64] : !pypto.tensor<1x64xf32> into !pypto.tensor<7x128xf32>
    }
    pypto.at core_group "i32_to_f16" {
      %m32 = arith.constant -32 : i32
      %base = arith.constant 6144 : i32
      %minus1 = arith.constant -1 : i32
      %s = pypto.adds %k32, %m32 : !pypto.tensor<1x64xi32>, i32
      %v = pypto.adds %s, %base : !pypto.tensor<1x64xi32>, i32
      %w = pypto.muls %v, %minus1 : !pypto.tensor<1x64xi32>, i32
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint into %i32_f16[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint_neg into %i32_f16[%c0, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round into %i32_f16[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round_neg into %i32_f16[%c1, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor into %i32_f16[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor_neg into %i32_f16[%c2, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil into %i32_f16[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil_neg into %i32_f16[%c3, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc into %i32_f16[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc_neg into %i32_f16[%c4, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd into %i32_f16[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd_neg into %i32_f16[%c5, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none into %i32_f16[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none_neg into %i32_f16[%c6, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
    }
    pypto.at core_group "i32_to_bf16" {
      %m32 = arith.constant -32 : i32
      %base = arith.constant 768 : i32
      %minus1 = arith.constant -1 : i32
      %s = pypto.adds %k32, %m32 : !pypto.tensor<1x64xi32>, i32
      %v = pypto.adds %s, %base : !pypto.tensor<1x64xi32>, i32
      %w = pypto.muls %v, %minus1 : !pypto.tensor<1x64xi32>, i32
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint into %i32_bf16[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint_neg into %i32_bf16[%c0, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round into %i32_bf16[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round_neg into %i32_bf16[%c1, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor into %i32_bf16[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor_neg into %i32_bf16[%c2, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil into %i32_bf16[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil_neg into %i32_bf16[%c3, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc into %i32_bf16[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc_neg into %i32_bf16[%c4, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd into %i32_bf16[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd_neg into %i32_bf16[%c5, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none into %i32_bf16[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none_neg into %i32_bf16[%c6, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
    }
    pypto.at core_group "i16_to_f16" {
      %m32 = arith.constant -32 : i16
      %base = arith.constant 6144 : i16
      %minus1 = arith.constant -1 : i16
      %s = pypto.adds %k16, %m32 : !pypto.tensor<1x64xi16>, i16
      %v = pypto.adds %s, %base : !pypto.tensor<1x64xi16>, i16
      %w = pypto.muls %v, %minus1 : !pypto.tensor<1x64xi16>, i16
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint into %i16_f16[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %rint_neg into %i16_f16[%c0, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round into %i16_f16[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %round_neg into %i16_f16[%c1, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor into %i16_f16[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %floor_neg into %i16_f16[%c2, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil into %i16_f16[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %ceil_neg into %i16_f16[%c3, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc into %i16_f16[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %trunc_neg into %i16_f16[%c4, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd into %i16_f16[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %odd_neg into %i16_f16[%c5, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none into %i16_f16[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xf16>
      pypto.assemble %none_neg into %i16_f16[%c6, %c64] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x128xf16>
    }
    pypto.at core_group "i16_to_bf16" {
      %m32 = arith.constant -32 : i16
      %base = arith.constant 768 : i16
      %minus1 = arith.constant -1 : i16
      %s = pypto.adds %k16, %m32 : !pypto.tensor<1x64xi16>, i16
      %v = pypto.adds %s, %base : !pypto.tensor<1x64xi16>, i16
      %w = pypto.muls %v, %minus1 : !pypto.tensor<1x64xi16>, i16
      %rint = pypto.cast %v round rint : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint into %i16_bf16[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %rint_neg = pypto.cast %w round rint : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %rint_neg into %i16_bf16[%c0, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round = pypto.cast %v round round : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round into %i16_bf16[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %round_neg = pypto.cast %w round round : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %round_neg into %i16_bf16[%c1, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor = pypto.cast %v round floor : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor into %i16_bf16[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %floor_neg = pypto.cast %w round floor : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %floor_neg into %i16_bf16[%c2, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil = pypto.cast %v round ceil : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil into %i16_bf16[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %ceil_neg = pypto.cast %w round ceil : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %ceil_neg into %i16_bf16[%c3, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc = pypto.cast %v round trunc : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc into %i16_bf16[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %trunc_neg = pypto.cast %w round trunc : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %trunc_neg into %i16_bf16[%c4, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd = pypto.cast %v round odd : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd into %i16_bf16[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %odd_neg = pypto.cast %w round odd : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %odd_neg into %i16_bf16[%c5, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none = pypto.cast %v round none : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none into %i16_bf16[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
      %none_neg = pypto.cast %w round none : !pypto.tensor<1x64xi16> -> !pypto.tensor<1x64xbf16>
      pypto.assemble %none_neg into %i16_bf16[%c6, %c64] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x128xbf16>
    }
    return
  }
}
