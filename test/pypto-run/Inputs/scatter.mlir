// pypto.scatter (pypto's scatter(input, dim=-1, index, src), index form):
// r[i, index[i, j]] = src[i, j], the rest of the destination kept.
// - "cols": 8 columns of each of 4 rows written into a 4x20 destination
//   (20 columns: the tile's rows are padded to 24, so a storage offset
//   computed with the wrong row length lands in the wrong row), column 3
//   named twice in row 1 (the later element stays);
// - "bf16": a computed bf16 value scattered into a loaded destination.
module @scatter attributes {pypto.golden = "scatter.golden.py"} {
  func.func @scatter(
      %src: !pypto.tensor<4x8xf32> {pypto.init = "randn"},
      %cols: !pypto.tensor<4x8xi32> {pypto.init = dense<[[0, 19, 5, 7, 2, 11, 13, 1], [3, 4, 3, 9, 10, 18, 17, 16], [19, 18, 17, 16, 15, 14, 13, 12], [6, 8, 0, 2, 4, 12, 14, 1]]> : tensor<4x8xi32>},
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
