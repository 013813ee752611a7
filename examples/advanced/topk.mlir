// topk: the 16 largest scores of each row of scores [64, 512] f32, with
// their column indices (sorted, largest first).
//
// 8 parallel tasks of 8 rows; each task walks its rows one at a time (the
// sort instructions work on rows). A row is sorted in 32-column blocks
// together with the index ramp 0..511 into (value, index) pairs
// ([1, 1024] f32), then merged twice (runs of 64 columns into 256, then 256
// into 1024): one sorted run. The first 16 pairs are the top 16: the even
// columns are the values, the odd columns the index bits, read as i32.
//
// The ramp is an input (`pypto.init = "arange"`); pypto-lib builds it in
// the kernel. Values are checked with allclose at 1e-5, indices with
// topk_pair_compare: a differing index passes only as a legal tie-break
// (same value as the golden's, values in order, and the score at the
// returned index is that value).
module @topk attributes {pypto.golden = "topk.golden.py",
                         pypto.rtol = 1.0e-5 : f64,
                         pypto.atol = 1.0e-5 : f64} {
  func.func @topk(%scores: !pypto.tensor<64x512xf32> {pypto.init = "randn"},
                  %ramp: !pypto.tensor<1x512xi32> {pypto.init = "arange"},
                  %vals: !pypto.tensor<64x16xf32> {pypto.dir = "out"},
                  %idx: !pypto.tensor<64x16xi32> {pypto.dir = "out",
                      pypto.compare = "topk_pair_compare(vals, scores=scores)"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    scf.for %t = %c0 to %c64 step %c8 {
      pypto.at core_group "topk_rows" {
        scf.for %i = %c0 to %c8 step %c1 {
          %row = arith.addi %t, %i : index
          %s = pypto.slice %scores[%row, %c0] [1, 512]
              : !pypto.tensor<64x512xf32> -> !pypto.tensor<1x512xf32>
          %r = pypto.slice %ramp[%c0, %c0] [1, 512]
              : !pypto.tensor<1x512xi32> -> !pypto.tensor<1x512xi32>
          %sorted = pypto.sort32 %s, %r
              : !pypto.tensor<1x512xf32>, !pypto.tensor<1x512xi32>
              -> !pypto.tensor<1x1024xf32>
          %m1 = pypto.mrgsort %sorted {block_len = 64 : i64} : !pypto.tensor<1x1024xf32>
          %m2 = pypto.mrgsort %m1 {block_len = 256 : i64} : !pypto.tensor<1x1024xf32>
          %v = pypto.gather_mask %m2 even
              : !pypto.tensor<1x1024xf32> -> !pypto.tensor<1x16xf32>
          %k = pypto.gather_mask %m2 odd
              : !pypto.tensor<1x1024xf32> -> !pypto.tensor<1x16xi32>
          pypto.assemble %v into %vals[%row, %c0]
              : !pypto.tensor<1x16xf32> into !pypto.tensor<64x16xf32>
          pypto.assemble %k into %idx[%row, %c0]
              : !pypto.tensor<1x16xi32> into !pypto.tensor<64x16xi32>
        } {pypto.loop = "range"}
      }
    } {pypto.loop = "parallel"}
    return
  }
}
