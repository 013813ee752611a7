// paged_gather.mlir with logical index 70 in block 4 of a 4-block page
// table: the simulators stop the task at the table lookup, the reference
// interpreter names the index.
module @paged_gather attributes {
                                 pypto.rtol = 1.0e-4 : f64,
                                 pypto.atol = 1.0e-4 : f64} {
  func.func @paged_gather(
      %pool: !pypto.tensor<64x48xf32> {pypto.init = "randn"},
      %idx: !pypto.tensor<1x8xi32> {pypto.init = dense<[[0, 5, 17, 31, 16, 70, 63, 33]]> : tensor<1x8xi32>},
      %table: !pypto.tensor<1x4xi32> {pypto.init = dense<[[3, 0, 2, 1]]> : tensor<1x4xi32>},
      %q: !pypto.tensor<16x8xf32> {pypto.init = "randn"},
      %y1: !pypto.tensor<8x32xf32> {pypto.dir = "out"},
      %y2: !pypto.tensor<16x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "paged" {
      %kv = pypto.paged_gather %pool[%idx] pages %table block 16 cols 8
          : !pypto.tensor<64x48xf32>, !pypto.tensor<1x8xi32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<8x32xf32>
      pypto.assemble %kv into %y1[%c0, %c0] : !pypto.tensor<8x32xf32> into !pypto.tensor<8x32xf32>
      %s = pypto.matmul %q, %kv : !pypto.tensor<16x8xf32>, !pypto.tensor<8x32xf32> -> !pypto.tensor<16x32xf32>
      pypto.assemble %s into %y2[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
    }
    return
  }
}
