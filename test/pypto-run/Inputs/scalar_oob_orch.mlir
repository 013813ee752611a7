// An orchestration element write at an index read from data that is
// outside the tensor fails the run at the write's location.
module @scalar_oob_orch {
  func.func @scalar_oob_orch(
      %idx: !pypto.tensor<1xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1000, 1001>},
      %y: !pypto.tensor<4xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %k = pypto.read %idx[%c0] : !pypto.tensor<1xi32> -> i32
    %i = arith.index_cast %k : i32 to index
    pypto.write %one into %y[%i] : f32 into !pypto.tensor<4xf32>
    pypto.at core_group "touch" {
      pypto.write %one into %y[%c0] : f32 into !pypto.tensor<4xf32>
    }
    return
  }
}
