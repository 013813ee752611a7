// An index outside the table: row 16 of a 16-row table.
module @mgather_oob attributes {pypto.golden = "mgather_oob.golden.py"} {
  func.func @mgather_oob(%table: !pypto.tensor<16x32xf32> {pypto.init = "randn"},
                         %slots: !pypto.tensor<1x4xi32> {pypto.init = dense<[[0, 3, 16, 1]]> : tensor<1x4xi32>},
                         %out: !pypto.tensor<4x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "gather_oob" {
      %rows = pypto.mgather %table[%slots] : !pypto.tensor<16x32xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x32xf32>
      pypto.assemble %rows into %out[%c0, %c0] : !pypto.tensor<4x32xf32> into !pypto.tensor<4x32xf32>
    }
    return
  }
}
