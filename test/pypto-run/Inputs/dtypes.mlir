// Every tensor and scalar dtype of a run specification, each computed in its
// own dtype: one kernel per dtype loads its inout, computes with ops of that
// element type and stores it back, and the golden does the same arithmetic in
// torch on that dtype, so it rounds (f16, bf16: after every op) and wraps
// (u8) the same way; the comparison is exact in effect (the default 1e-5).
//   f32:  y = f32 + s (the f32 scalar), f32 = f32 * f32 - f32
//   f16, bf16: x = x * x + x
//   i8:   x = x * x + x           i16: x = x * x - x
//   i32:  x = x * x + (-100)      i64: x = x * x + n (the i64 scalar)
//   u8:   t = (x + x)^8 wraps to 0 (x = 1), then x = t + (x + x)
//   i1:   b = b + flag (the i1 scalar; an i1 add is an or)
// A kernel that computed f16 or bf16 in f32 and rounded once fails (5 and 9
// of 32 elements differ), as does one that saturated u8.
module @dtypes attributes {pypto.golden = "dtypes.golden.py"} {
  func.func @dtypes(%f32: !pypto.tensor<4x8xf32> {pypto.init = "randn", pypto.dir = "inout"},
                    %f16: !pypto.tensor<4x8xf16> {pypto.init = "rand", pypto.dir = "inout"},
                    %bf16: !pypto.tensor<4x8xbf16> {pypto.init = "randn", pypto.dir = "inout"},
                    %i8: !pypto.tensor<4x8xi8> {pypto.init = "randint", pypto.dir = "inout"},
                    %i16: !pypto.tensor<4x8xi16> {pypto.init = "arange", pypto.dir = "inout"},
                    %i32: !pypto.tensor<4x8xi32> {pypto.init = 7 : i32, pypto.dir = "inout"},
                    %i64: !pypto.tensor<4x8xi64> {pypto.init = "randint", pypto.dir = "inout"},
                    %u8: !pypto.tensor<4x8xui8> {pypto.init = "ones", pypto.dir = "inout"},
                    %b: !pypto.tensor<4x8xi1> {pypto.init = "zeros", pypto.dir = "inout"},
                    %s: f32 {pypto.value = 0.5 : f32},
                    %n: i64 {pypto.value = -3 : i64},
                    %flag: i1 {pypto.value = true},
                    %y: !pypto.tensor<4x8xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "k_f32" {
      %t = pypto.adds %f32, %s : !pypto.tensor<4x8xf32>, f32
      pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<4x8xf32> into !pypto.tensor<4x8xf32>
      %p = pypto.mul %f32, %f32 : !pypto.tensor<4x8xf32>
      %q = pypto.sub %p, %f32 : !pypto.tensor<4x8xf32>
      pypto.assemble %q into %f32[%c0, %c0] : !pypto.tensor<4x8xf32> into !pypto.tensor<4x8xf32>
    }
    pypto.at core_group "k_f16" {
      %p = pypto.mul %f16, %f16 : !pypto.tensor<4x8xf16>
      %q = pypto.add %p, %f16 : !pypto.tensor<4x8xf16>
      pypto.assemble %q into %f16[%c0, %c0] : !pypto.tensor<4x8xf16> into !pypto.tensor<4x8xf16>
    }
    pypto.at core_group "k_bf16" {
      %p = pypto.mul %bf16, %bf16 : !pypto.tensor<4x8xbf16>
      %q = pypto.add %p, %bf16 : !pypto.tensor<4x8xbf16>
      pypto.assemble %q into %bf16[%c0, %c0] : !pypto.tensor<4x8xbf16> into !pypto.tensor<4x8xbf16>
    }
    pypto.at core_group "k_i8" {
      %p = pypto.mul %i8, %i8 : !pypto.tensor<4x8xi8>
      %q = pypto.add %p, %i8 : !pypto.tensor<4x8xi8>
      pypto.assemble %q into %i8[%c0, %c0] : !pypto.tensor<4x8xi8> into !pypto.tensor<4x8xi8>
    }
    pypto.at core_group "k_i16" {
      %p = pypto.mul %i16, %i16 : !pypto.tensor<4x8xi16>
      %q = pypto.sub %p, %i16 : !pypto.tensor<4x8xi16>
      pypto.assemble %q into %i16[%c0, %c0] : !pypto.tensor<4x8xi16> into !pypto.tensor<4x8xi16>
    }
    pypto.at core_group "k_i32" {
      %k = arith.constant -100 : i32
      %p = pypto.mul %i32, %i32 : !pypto.tensor<4x8xi32>
      %q = pypto.adds %p, %k : !pypto.tensor<4x8xi32>, i32
      pypto.assemble %q into %i32[%c0, %c0] : !pypto.tensor<4x8xi32> into !pypto.tensor<4x8xi32>
    }
    pypto.at core_group "k_i64" {
      %p = pypto.mul %i64, %i64 : !pypto.tensor<4x8xi64>
      %q = pypto.adds %p, %n : !pypto.tensor<4x8xi64>, i64
      pypto.assemble %q into %i64[%c0, %c0] : !pypto.tensor<4x8xi64> into !pypto.tensor<4x8xi64>
    }
    pypto.at core_group "k_u8" {
      %two = pypto.add %u8, %u8 : !pypto.tensor<4x8xui8>
      %four = pypto.mul %two, %two : !pypto.tensor<4x8xui8>
      %sixteen = pypto.mul %four, %four : !pypto.tensor<4x8xui8>
      %wrapped = pypto.mul %sixteen, %sixteen : !pypto.tensor<4x8xui8>
      %q = pypto.add %wrapped, %two : !pypto.tensor<4x8xui8>
      pypto.assemble %q into %u8[%c0, %c0] : !pypto.tensor<4x8xui8> into !pypto.tensor<4x8xui8>
    }
    pypto.at core_group "k_i1" {
      %q = pypto.adds %b, %flag : !pypto.tensor<4x8xi1>, i1
      pypto.assemble %q into %b[%c0, %c0] : !pypto.tensor<4x8xi1> into !pypto.tensor<4x8xi1>
    }
    return
  }
}
