// Row softmax over the first lens[b] columns of each 16-row batch: the
// length is data (pypto.read in the orchestration) and the columns past it
// are padded with -inf before the row max (pypto.fillpad), so they get 0.
module @masked_softmax attributes {pypto.golden = "masked_softmax.golden.py"} {
  func.func @masked_softmax(
      %lens: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1, 65>},
      %x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    scf.for %b = %c0 to %c4 step %c1 {
      %len = pypto.read %lens[%b] : !pypto.tensor<4xi32> -> i32
      %n = arith.index_cast %len : i32 to index
      %r = arith.muli %b, %c16 : index
      pypto.at core_group "masked_rows" {
        %t = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %m = pypto.fillpad %t valid [%c16, %n] pad min
            : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
        %max = pypto.row_max %m : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
        %e = pypto.row_expand_expdif %m, %max
            : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
        %sum = pypto.row_sum %e : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
        %p = pypto.row_expand_div %e, %sum
            : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
        pypto.assemble %p into %y[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
