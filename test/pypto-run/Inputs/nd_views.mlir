// Reshapes in the orchestration are views of the same memory (as
// pypto-lib's decode_back reshapes its combine buffer): "scale" reads a
// 16x64 reshape of a 1x16x64 slice of `combine` (at the node index, 1, read from
// a 1-D tensor) and writes twice it through a 16x64 reshape of the created
// 2x8x64 `tmp`; "bias" reads `tmp` as 3-D and adds 1. The runtime orders
// "bias" after "scale" although they name `tmp` through different views.
module @nd_views attributes {pypto.golden = "nd_views.golden.py"} {
  func.func @nd_views(
      %combine: !pypto.tensor<3x16x64xf32> {pypto.init = "randn"},
      %node: !pypto.tensor<1xi32> {pypto.init = "ones"},
      %out: !pypto.tensor<2x8x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %n32 = pypto.read %node[%c0] : !pypto.tensor<1xi32> -> i32
    %n = arith.index_cast %n32 : i32 to index
    %c3d = pypto.slice %combine[%n, %c0, %c0] [1, 16, 64] : !pypto.tensor<3x16x64xf32>
    %combined = pypto.reshape %c3d : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<16x64xf32>
    %tmp = pypto.create_tensor : !pypto.tensor<2x8x64xf32>
    %tmp2 = pypto.reshape %tmp : !pypto.tensor<2x8x64xf32> -> !pypto.tensor<16x64xf32>
    pypto.at core_group "scale" {
      %a = pypto.slice %combined[%c0, %c0] [16, 64] : !pypto.tensor<16x64xf32>
      %s = pypto.muls %a, %two : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %s into %tmp2[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    pypto.at core_group "bias" {
      %t = pypto.slice %tmp[%c0, %c0, %c0] [2, 8, 64] : !pypto.tensor<2x8x64xf32>
      %b = pypto.adds %t, %one : !pypto.tensor<2x8x64xf32>, f32
      pypto.assemble %b into %out[%c0, %c0, %c0] : !pypto.tensor<2x8x64xf32> into !pypto.tensor<2x8x64xf32>
    }
    return
  }
}
