// Triangular masks of one column (pypto.tri of Mx1): ptoas 0.27 wants a
// row-major ttri, so the mask is the other triangle of the 1xM row with the
// diagonal negated (a run-time one too).
module @tricol attributes {pypto.golden = "tri_column.golden.py"} {
  func.func @tricol(%d: !pypto.tensor<1xi32> {pypto.init = dense<[-5]> : tensor<1xi32>},
                    %lo: !pypto.tensor<16x1xf32> {pypto.dir = "out"},
                    %up: !pypto.tensor<16x1xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "column_masks" {
      %diag = pypto.read %d[%c0] : !pypto.tensor<1xi32> -> i32
      %l = pypto.tri %diag : i32 -> !pypto.tensor<16x1xf32>
      pypto.assemble %l into %lo[%c0, %c0] : !pypto.tensor<16x1xf32> into !pypto.tensor<16x1xf32>
      %m3 = arith.constant -3 : i32
      %u = pypto.tri %m3 upper : i32 -> !pypto.tensor<16x1xi32>
      pypto.assemble %u into %up[%c0, %c0] : !pypto.tensor<16x1xi32> into !pypto.tensor<16x1xi32>
    }
    return
  }
}
