// Every tensor and scalar dtype of a run specification. The inouts keep
// their generated values (the golden leaves them alone, so they validate
// against themselves after the round trip through the device buffers and
// the .pt files); y = f32 + s checks the scalar reached kernel and golden.
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
    pypto.at core_group "add_s" {
      %t = pypto.adds %f32, %s : !pypto.tensor<4x8xf32>, f32
      pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<4x8xf32> into !pypto.tensor<4x8xf32>
    }
    return
  }
}
