// Arrays inside kernels (pypto-lib's `pl.array.create(N, pl.INT32)` in a
// kernel): each of 4 SPMD blocks counts how many of its 16 ids fall into
// each of 4 buckets, incrementing the element its id selects (a run-time
// index), then writes the counts and their exclusive prefix sums, the
// running sum kept in a second array (as pypto-lib keeps counts in arrays).
module @kernel_array attributes {pypto.golden = "kernel_array.golden.py"} {
  func.func @kernel_array(
      %ids: !pypto.tensor<64xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 4>},
      %counts: !pypto.tensor<4x4xi32> {pypto.dir = "out"},
      %offsets: !pypto.tensor<4x4xi64> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    pypto.spmd core_group "count" blocks(4) (%b) {
      %one = arith.constant 1 : i32
      %buckets = pypto.array_create : !pypto.array<4, i32>
      %sum = pypto.array_create : !pypto.array<1, i64>
      %base = arith.muli %b, %c16 : index
      scf.for %i = %c0 to %c16 step %c1 {
        %r = arith.addi %base, %i : index
        %id = pypto.read %ids[%r] : !pypto.tensor<64xi32> -> i32
        %k = arith.index_cast %id : i32 to index
        %n = pypto.array_get %buckets[%k] : !pypto.array<4, i32>
        %n1 = arith.addi %n, %one : i32
        pypto.array_set %n1 into %buckets[%k] : !pypto.array<4, i32>
      } {pypto.loop = "range"}
      scf.for %k = %c0 to %c4 step %c1 {
        %n = pypto.array_get %buckets[%k] : !pypto.array<4, i32>
        pypto.write %n into %counts[%b, %k] : i32 into !pypto.tensor<4x4xi32>
        %run = pypto.array_get %sum[%c0] : !pypto.array<1, i64>
        pypto.write %run into %offsets[%b, %k] : i64 into !pypto.tensor<4x4xi64>
        %n64 = arith.extsi %n : i32 to i64
        %next = arith.addi %run, %n64 : i64
        pypto.array_set %next into %sum[%c0] : !pypto.array<1, i64>
      } {pypto.loop = "range"}
    }
    return
  }
}
