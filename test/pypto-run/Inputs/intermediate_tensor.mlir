// Kernels that pass a result through a tensor the orchestration creates:
// t = relu(x) (kernel 1, 4 tasks), then y = t + x (kernel 2, 4 tasks);
// the runtime orders each pair by their accesses to t.
module @intermediate_tensor attributes {pypto.golden = "intermediate_tensor.golden.py"} {
  func.func @intermediate_tensor(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                                 %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %t = pypto.create_tensor : !pypto.tensor<64x64xf32>
    scf.for %r = %c0 to %c64 step %c16 {
      pypto.at core_group "relu_rows" {
        %xs = pypto.slice %x[%r, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %p = pypto.relu %xs : !pypto.tensor<16x64xf32>
        pypto.assemble %p into %t[%r, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    } {pypto.loop = "parallel"}
    scf.for %r = %c0 to %c64 step %c16 {
      pypto.at core_group "add_rows" {
        %ts = pypto.slice %t[%r, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %xs = pypto.slice %x[%r, %c0] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %s = pypto.add %ts, %xs : !pypto.tensor<16x64xf32>
        pypto.assemble %s into %y[%r, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
