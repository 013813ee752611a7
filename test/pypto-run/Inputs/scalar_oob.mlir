// Indices read from data that fall outside a tensor: the kernel's element
// read stops the run with the simulator's GM check, the orchestration's
// element write with the index and the program location.
module @scalar_oob {
  func.func @scalar_oob(
      %idx: !pypto.tensor<1xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1000, 1001>},
      %x: !pypto.tensor<4xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<4xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "gather_one" {
      %k = pypto.read %idx[%c0] : !pypto.tensor<1xi32> -> i32
      %i = arith.index_cast %k : i32 to index
      %v = pypto.read %x[%i] : !pypto.tensor<4xf32> -> f32
      pypto.write %v into %y[%c0] : f32 into !pypto.tensor<4xf32>
    }
    return
  }
}
