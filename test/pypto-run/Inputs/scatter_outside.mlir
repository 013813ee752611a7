// scatter.mlir with column 20 of a 20-column destination in row 1: the
// simulators stop the task, the reference interpreter names the index.
module @scatter attributes {} {
  func.func @scatter(
      %src: !pypto.tensor<4x8xf32> {pypto.init = "randn"},
      %cols: !pypto.tensor<4x8xi32> {pypto.init = dense<[[0, 19, 5, 7, 2, 11, 13, 1], [3, 4, 3, 9, 10, 20, 17, 16], [19, 18, 17, 16, 15, 14, 13, 12], [6, 8, 0, 2, 4, 12, 14, 1]]> : tensor<4x8xi32>},
      %dest: !pypto.tensor<4x20xf32> {pypto.init = "randn"},
      %hb: !pypto.tensor<4x8xbf16> {pypto.init = "randn"},
      %db: !pypto.tensor<4x20xbf16> {pypto.init = "randn"},
      %y: !pypto.tensor<4x20xf32> {pypto.dir = "out"},
      %yb: !pypto.tensor<4x20xbf16> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "cols" {
      %r = pypto.scatter %src, %cols into %dest : !pypto.tensor<4x8xf32>, !pypto.tensor<4x8xi32> into !pypto.tensor<4x20xf32>
      pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<4x20xf32> into !pypto.tensor<4x20xf32>
    }
    pypto.at core_group "bf16" {
      %two = arith.constant 2.0 : bf16
      %v = pypto.muls %hb, %two : !pypto.tensor<4x8xbf16>, bf16
      %r = pypto.scatter %v, %cols into %db : !pypto.tensor<4x8xbf16>, !pypto.tensor<4x8xi32> into !pypto.tensor<4x20xbf16>
      pypto.assemble %r into %yb[%c0, %c0] : !pypto.tensor<4x20xbf16> into !pypto.tensor<4x20xbf16>
    }
    return
  }
}
