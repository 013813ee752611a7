// Created tensors with a run-time row count and an initial value: `buf`
// has the rows of x and starts as 2.5 everywhere. "scale" reads it before
// anything writes it (y = x * 2.5), "fill" overwrites its first 16 rows
// with x + x, and "sum" reads it all (z = buf + x): the rows past 16 still
// hold the initial value. `cnt` is an i32 tensor created as 7.
module @created attributes {pypto.golden = "created.golden.py",
                            pypto.rtol = 1.0e-6 : f64,
                            pypto.atol = 1.0e-6 : f64} {
  func.func @created(
      %x: !pypto.tensor<?x32xf32> {pypto.init = "randn", pypto.shape = array<i64: 48, 32>},
      %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 48, 32>},
      %z: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.shape = array<i64: 48, 32>},
      %c: !pypto.tensor<1x32xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %n = pypto.dim %x, 0 : !pypto.tensor<?x32xf32>
    %buf = pypto.create_tensor(%n) init 2.5 : !pypto.tensor<?x32xf32>
    %cnt = pypto.create_tensor init 7.0 : !pypto.tensor<1x32xi32>
    scf.for %r = %c0 to %n step %c16 {
      pypto.at core_group "scale" {
        %xs = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
        %bs = pypto.slice %buf[%r, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
        %p = pypto.mul %xs, %bs : !pypto.tensor<16x32xf32>
        pypto.assemble %p into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "fill" {
      %xs = pypto.slice %x[%c0, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
      %d = pypto.add %xs, %xs : !pypto.tensor<16x32xf32>
      pypto.assemble %d into %buf[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      %k = pypto.slice %cnt[%c0, %c0] [1, 32] : !pypto.tensor<1x32xi32> -> !pypto.tensor<1x32xi32>
      %k2 = pypto.add %k, %k : !pypto.tensor<1x32xi32>
      pypto.assemble %k2 into %c[%c0, %c0] : !pypto.tensor<1x32xi32> into !pypto.tensor<1x32xi32>
    }
    scf.for %r = %c0 to %n step %c16 {
      pypto.at core_group "sum" {
        %xs = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
        %bs = pypto.slice %buf[%r, %c0] [16, 32] : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
        %s = pypto.add %bs, %xs : !pypto.tensor<16x32xf32>
        pypto.assemble %s into %z[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
