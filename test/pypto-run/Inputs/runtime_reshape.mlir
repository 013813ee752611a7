// Reshapes of tensors with run-time sizes in the orchestration: views of
// the same memory whose one run-time dimension is the element count over
// the others (torch's view(-1)). The tokens' heads are worked on as rows
// in 16-row tiles with a tail (a ?x4x64 input and output seen as ?x64), a
// created ?x256 tensor is written through its ?x64 view and read back by
// token, and a kernel takes a whole reshaped tensor and reads its
// run-time row count (pypto.dim) inside.
module @runtime_reshape attributes {pypto.golden = "runtime_reshape.golden.py"} {
  func.func @runtime_reshape(
      %x: !pypto.tensor<?x4x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 5, 4, 64>},
      %o: !pypto.tensor<?x4x64xf32> {pypto.dir = "out", pypto.shape = array<i64: 5, 4, 64>},
      %t2: !pypto.tensor<?x256xf32> {pypto.dir = "out", pypto.shape = array<i64: 5, 256>},
      %sums: !pypto.tensor<1x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %tokens = pypto.dim %x, 0 : !pypto.tensor<?x4x64xf32>
    %xr = pypto.reshape %x : !pypto.tensor<?x4x64xf32> -> !pypto.tensor<?x64xf32>
    %or = pypto.reshape %o : !pypto.tensor<?x4x64xf32> -> !pypto.tensor<?x64xf32>
    %tmp = pypto.create_tensor(%tokens) : !pypto.tensor<?x256xf32>
    %tr = pypto.reshape %tmp : !pypto.tensor<?x256xf32> -> !pypto.tensor<?x64xf32>
    %rows = pypto.dim %xr, 0 : !pypto.tensor<?x64xf32>
    scf.for %r = %c0 to %rows step %c16 {
      %left = arith.subi %rows, %r : index
      %n = arith.minsi %left, %c16 : index
      pypto.at core_group "rows" {
        %v = pypto.slice %xr[%r, %c0] [16, 64] valid [%n, %c64] : !pypto.tensor<?x64xf32>
        %m = pypto.row_max %v : !pypto.tensor<16x64xf32>
        %d = pypto.row_expand_sub %v, %m : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
        %e = pypto.exp %d : !pypto.tensor<16x64xf32>
        %s = pypto.row_sum %e : !pypto.tensor<16x64xf32>
        %p = pypto.row_expand_div %e, %s : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
        pypto.assemble %p into %or[%r, %c0] valid [%n, %c64] : !pypto.tensor<16x64xf32> into !pypto.tensor<?x64xf32>
        %w = pypto.muls %v, %two : !pypto.tensor<16x64xf32>, f32
        pypto.assemble %w into %tr[%r, %c0] valid [%n, %c64] : !pypto.tensor<16x64xf32> into !pypto.tensor<?x64xf32>
      }
    } {pypto.loop = "parallel"}
    scf.for %t = %c0 to %tokens step %c1 {
      pypto.at core_group "tokens" {
        %v = pypto.slice %tmp[%t, %c0] [1, 256] : !pypto.tensor<?x256xf32>
        %w = pypto.adds %v, %one : !pypto.tensor<1x256xf32>, f32
        pypto.assemble %w into %t2[%t, %c0] : !pypto.tensor<1x256xf32> into !pypto.tensor<?x256xf32>
      }
    } {pypto.loop = "parallel"}
    // The whole ?x64 view in one kernel: its row count is a parameter.
    pypto.at core_group "column_sums" {
      %n = pypto.dim %or, 0 : !pypto.tensor<?x64xf32>
      %zero = arith.constant 0.0 : f32
      %z = pypto.full %zero : f32 -> !pypto.tensor<1x64xf32>
      %acc = scf.for %r = %c0 to %n step %c1 iter_args(%a = %z) -> (!pypto.tensor<1x64xf32>) {
        %row = pypto.slice %tr[%r, %c0] [1, 64] : !pypto.tensor<?x64xf32>
        %b = pypto.add %a, %row : !pypto.tensor<1x64xf32>
        scf.yield %b : !pypto.tensor<1x64xf32>
      }
      pypto.assemble %acc into %sums[%c0, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<1x64xf32>
    }
    return
  }
}
