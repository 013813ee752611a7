// Kernel loops that carry scalars: per row block, the running maximum of
// each row's first element and the column index of the first maximum of
// row 0 (greedy sampling's argmax, scanned element by element), and a count
// of positive values, carried through scf.for iteration values.
module @scalar_carry attributes {pypto.golden = "scalar_carry.golden.py"} {
  func.func @scalar_carry(
      %x: !pypto.tensor<4x40xf32> {pypto.init = "randn"},
      %best: !pypto.tensor<4x2xf32> {pypto.dir = "out"},
      %where: !pypto.tensor<4x1xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c40 = arith.constant 40 : index
    pypto.spmd core_group "scan" blocks(4) (%b) {
      %lowest = arith.constant -3.0e38 : f32
      %zero = arith.constant 0.0 : f32
      %z32 = arith.constant 0 : i32
      %one = arith.constant 1.0 : f32
      %row = pypto.slice %x[%b, %c0] [1, 40] : !pypto.tensor<4x40xf32> -> !pypto.tensor<1x40xf32>
      %e = pypto.exp %row : !pypto.tensor<1x40xf32>
      %m, %at, %pos = scf.for %j = %c0 to %c40 step %c1
          iter_args(%m0 = %lowest, %at0 = %z32, %p0 = %zero) -> (f32, i32, f32) {
        %v = pypto.read %x[%b, %j] : !pypto.tensor<4x40xf32> -> f32
        %gt = arith.cmpf ogt, %v, %m0 : f32
        %m1 = arith.select %gt, %v, %m0 : f32
        %j32 = arith.index_cast %j : index to i32
        %at1 = arith.select %gt, %j32, %at0 : i32
        %ev = pypto.read %e[%c0, %j] : !pypto.tensor<1x40xf32> -> f32
        %big = arith.cmpf ogt, %ev, %one : f32
        %inc = arith.select %big, %one, %zero : f32
        %p1 = arith.addf %p0, %inc : f32
        scf.yield %m1, %at1, %p1 : f32, i32, f32
      } {pypto.loop = "range"}
      pypto.write %m into %best[%b, %c0] : f32 into !pypto.tensor<4x2xf32>
      pypto.write %pos into %best[%b, %c1] : f32 into !pypto.tensor<4x2xf32>
      pypto.write %at into %where[%b, %c0] : i32 into !pypto.tensor<4x1xi32>
    }
    return
  }
}
