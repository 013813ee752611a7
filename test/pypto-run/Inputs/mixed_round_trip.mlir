// y = (relu(a @ b) @ c) @ c: the product crosses to the AIV for relu and
// back to the AIC for the second matmul (a pipe in both directions); the
// third matmul chains on the cube core (acc -> mat -> left).
module @mixed_round_trip attributes {pypto.golden = "mixed_round_trip.golden.py",
                                     pypto.rtol = 1.0e-4 : f64,
                                     pypto.atol = 1.0e-3 : f64} {
  func.func @mixed_round_trip(%a: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                              %b: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                              %c: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                              %y: !pypto.tensor<32x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "round_trip" {
      %p = pypto.matmul %a, %b : !pypto.tensor<32x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<32x32xf32>
      %r = pypto.relu %p : !pypto.tensor<32x32xf32>
      %q = pypto.matmul %r, %c : !pypto.tensor<32x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<32x32xf32>
      %z = pypto.matmul %q, %c : !pypto.tensor<32x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<32x32xf32>
      pypto.assemble %z into %y[%c0, %c0] : !pypto.tensor<32x32xf32> into !pypto.tensor<32x32xf32>
    }
    return
  }
}
