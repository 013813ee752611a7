// scf.if (branches.test): around task submission in the orchestration, with
// and without an else, nested in a loop, on conditions from loop indices; a
// branch choosing a scalar (the rows a task reads); a branch inside a
// kernel. Each branch computes a different function of rows of x, so a wrong
// condition, a wrong chosen row, a dropped else or a task run on the wrong
// side of its condition shows in the values:
//   y[r] = exp(x[r]) for r < 32, -x[r] after;
//   z[r] = 2 * x[src] for r = 0, |x[src]| after, src = 48 - r (0 for r = 48);
//   w    = x[16:32] + 1, from the one iteration r = 16 (no else).
module @branches attributes {pypto.golden = "branches.golden.py"} {
  func.func @branches(%x: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                      %y: !pypto.tensor<64x32xf32> {pypto.dir = "out"},
                      %z: !pypto.tensor<64x32xf32> {pypto.dir = "out"},
                      %w: !pypto.tensor<16x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    scf.for %r = %c0 to %c64 step %c16 {
      %low = arith.cmpi ult, %r, %c32 : index
      scf.if %low {
        pypto.at core_group "exp_rows" {
          %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
          %e = pypto.exp %t : !pypto.tensor<16x32xf32>
          pypto.assemble %e into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
        }
      } else {
        pypto.at core_group "neg_rows" {
          %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
          %n = pypto.neg %t : !pypto.tensor<16x32xf32>
          pypto.assemble %n into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
        }
      }
      %is_last = arith.cmpi eq, %r, %c48 : index
      %src = scf.if %is_last -> (index) {
        scf.yield %c0 : index
      } else {
        %m = arith.subi %c48, %r : index
        scf.yield %m : index
      }
      pypto.at core_group "mirror" {
        %t = pypto.slice %x[%src, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
        %first = arith.cmpi eq, %r, %c0 : index
        scf.if %first {
          %d = pypto.muls %t, %two : !pypto.tensor<16x32xf32>, f32
          pypto.assemble %d into %z[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
        } else {
          %a = pypto.abs %t : !pypto.tensor<16x32xf32>
          pypto.assemble %a into %z[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
        }
      }
      %second = arith.cmpi eq, %r, %c16 : index
      scf.if %second {
        pypto.at core_group "once" {
          %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
          %p = pypto.adds %t, %one : !pypto.tensor<16x32xf32>, f32
          pypto.assemble %p into %w[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
        }
      }
    }
    return
  }
}
