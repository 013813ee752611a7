// A row of the source has more matches than the indices have columns: the
// hardware would write them past the row. Row 1 has 5 values above 0.
module @gather_compare_overflow {
  func.func @gather_compare_overflow(
      %x: !pypto.tensor<2x8xf32> {pypto.init = dense<[[1.0, -1.0, -1.0, 2.0, -1.0, -1.0, -1.0, -1.0], [1.0, 1.0, -1.0, 1.0, 1.0, -1.0, 1.0, -1.0]]> : tensor<2x8xf32>},
      %n: !pypto.tensor<1x2xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "narrow" {
      %zero = arith.constant 0.0 : f32
      %i, %c = pypto.gather_compare gt %x, %zero offset 0 : !pypto.tensor<2x8xf32>, f32 -> !pypto.tensor<2x4xi32>, !pypto.tensor<1x2xi32>
      pypto.assemble %c into %n[%c0, %c0] : !pypto.tensor<1x2xi32> into !pypto.tensor<1x2xi32>
    }
    return
  }
}
