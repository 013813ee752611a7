// Orchestration arrays (pypto-lib's pl.array): four "slow" tasks in a
// manual scope keep their ids in an array, and "combine" names all four in
// its deps, as decode_o_proj does with its per-group proj_b ids; without
// them it would race its producers (the runtime derives nothing in a
// manual scope). An i32 array counts the ids read from GM per bucket, and
// each count goes to a kernel as a scalar.
module @arrays attributes {pypto.golden = "arrays.golden.py",
                           pypto.rtol = 1.0e-5 : f64,
                           pypto.atol = 1.0e-5 : f64} {
  func.func @arrays(
      %x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
      %ids: !pypto.tensor<16xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 4>},
      %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
      %hist: !pypto.tensor<1x4xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1 : i32
    %buf = pypto.create_tensor init 0.0 : !pypto.tensor<64x64xf32>
    %tids = pypto.array_create : !pypto.array<4, !pypto.task>
    pypto.scope manual {
      scf.for %g = %c0 to %c4 step %c1 {
        %r = arith.muli %g, %c16 : index
        %t = pypto.at core_group "slow" {
          %x0 = pypto.slice %x[%r, %c0] [16, 64] : !pypto.tensor<64x64xf32>
          %w = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %x0) -> (!pypto.tensor<16x64xf32>) {
            %h = pypto.muls %acc, %half : !pypto.tensor<16x64xf32>, f32
            %e = pypto.exp %h : !pypto.tensor<16x64xf32>
            %n = pypto.sub %e, %h : !pypto.tensor<16x64xf32>
            scf.yield %n : !pypto.tensor<16x64xf32>
          }
          pypto.assemble %w into %buf[%r, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
        }
        pypto.array_set %t into %tids[%g] : !pypto.array<4, !pypto.task>
      } {pypto.loop = "range"}
      %t0 = pypto.array_get %tids[%c0] : !pypto.array<4, !pypto.task>
      %t1 = pypto.array_get %tids[%c1] : !pypto.array<4, !pypto.task>
      %t2 = pypto.array_get %tids[%c2] : !pypto.array<4, !pypto.task>
      %t3 = pypto.array_get %tids[%c3] : !pypto.array<4, !pypto.task>
      pypto.at core_group "combine" deps(%t0, %t1, %t2, %t3) {
        %b0 = pypto.slice %buf[%c0, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        %r1 = arith.muli %c1, %c16 : index
        %r2 = arith.muli %c2, %c16 : index
        %r3 = arith.muli %c3, %c16 : index
        %b1 = pypto.slice %buf[%r1, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        %b2 = pypto.slice %buf[%r2, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        %b3 = pypto.slice %buf[%r3, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        %s01 = pypto.add %b0, %b1 : !pypto.tensor<16x64xf32>
        %s23 = pypto.mul %b2, %b3 : !pypto.tensor<16x64xf32>
        %s = pypto.sub %s01, %s23 : !pypto.tensor<16x64xf32>
        pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
    }
    // Count the ids per bucket in the orchestration.
    %counts = pypto.array_create : !pypto.array<4, i32>
    scf.for %i = %c0 to %c16 step %c1 {
      %id = pypto.read %ids[%i] : !pypto.tensor<16xi32> -> i32
      %b = arith.index_cast %id : i32 to index
      %n = pypto.array_get %counts[%b] : !pypto.array<4, i32>
      %m = arith.addi %n, %one : i32
      pypto.array_set %m into %counts[%b] : !pypto.array<4, i32>
    } {pypto.loop = "range"}
    scf.for %b = %c0 to %c4 step %c1 {
      %n = pypto.array_get %counts[%b] : !pypto.array<4, i32>
      pypto.at core_group "count" {
        %f = pypto.full %n : i32 -> !pypto.tensor<1x1xi32>
        pypto.assemble %f into %hist[%c0, %b] : !pypto.tensor<1x1xi32> into !pypto.tensor<1x4xi32>
      }
    } {pypto.loop = "range"}
    return
  }
}
