// Copies for the comparator tests: y = x, vals = scores (all ties: every
// score is 1.0) and idx = ramp + 1, so the last returned index (8) is past
// the 8 scores.
module @compare attributes {pypto.golden = "compare.golden.py"} {
  func.func @compare(%x: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                     %scores: !pypto.tensor<1x8xf32> {pypto.init = 1.0 : f32},
                     %ramp: !pypto.tensor<1x8xi32> {pypto.init = "arange"},
                     %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"},
                     %vals: !pypto.tensor<1x8xf32> {pypto.dir = "out"},
                     %idx: !pypto.tensor<1x8xi32> {pypto.dir = "out", pypto.compare = "topk_pair_compare(vals)"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "copies" {
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1 : i32
      %t = pypto.adds %x, %zero : !pypto.tensor<16x16xf32>, f32
      pypto.assemble %t into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
      %v = pypto.adds %scores, %zero : !pypto.tensor<1x8xf32>, f32
      pypto.assemble %v into %vals[%c0, %c0] : !pypto.tensor<1x8xf32> into !pypto.tensor<1x8xf32>
      %i = pypto.adds %ramp, %one : !pypto.tensor<1x8xi32>, i32
      pypto.assemble %i into %idx[%c0, %c0] : !pypto.tensor<1x8xi32> into !pypto.tensor<1x8xi32>
    }
    return
  }
}
