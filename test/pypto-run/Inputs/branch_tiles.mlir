// scf.if with tile results inside kernels (branch_tiles.test). Block r of
// x (16 rows each) is a, its exp e:
//   y[r] = (r < 32 ? a * a : a) + a     the else-branch yields a, which is
//                                       still read after the branch (a copy
//                                       keeps it from being overwritten);
//   z[r] = the sum over 4 column chunks c of (c even ? s + e_c : s - e_c),
//          s starting at 0: a branch in a loop, yielding the carried tile.
// Each branch computes something else, so a wrong condition, a dropped
// branch or a buffer shared by mistake shows in the values.
module @branch_tiles attributes {pypto.golden = "branch_tiles.golden.py"} {
  func.func @branch_tiles(%x: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                          %y: !pypto.tensor<64x32xf32> {pypto.dir = "out"},
                          %z: !pypto.tensor<64x8xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    scf.for %r = %c0 to %c64 step %c16 {
      pypto.at core_group "choose" {
        %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
        %a = pypto.adds %t, %zero : !pypto.tensor<16x32xf32>, f32
        %low = arith.cmpi ult, %r, %c32 : index
        %v = scf.if %low -> (!pypto.tensor<16x32xf32>) {
          %sq = pypto.mul %a, %a : !pypto.tensor<16x32xf32>
          scf.yield %sq : !pypto.tensor<16x32xf32>
        } else {
          scf.yield %a : !pypto.tensor<16x32xf32>
        }
        %w = pypto.add %v, %a : !pypto.tensor<16x32xf32>
        pypto.assemble %w into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
      }
      pypto.at core_group "alternate" {
        %s0 = pypto.full %zero : f32 -> !pypto.tensor<16x8xf32>
        %s = scf.for %c = %c0 to %c32 step %c8 iter_args(%acc = %s0) -> (!pypto.tensor<16x8xf32>) {
          %chunk = pypto.slice %x[%r, %c] [16, 8] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x8xf32>
          %e = pypto.exp %chunk : !pypto.tensor<16x8xf32>
          %k = arith.divsi %c, %c8 : index
          %parity = arith.remsi %k, %c2 : index
          %even = arith.cmpi eq, %parity, %c0 : index
          %next = scf.if %even -> (!pypto.tensor<16x8xf32>) {
            %p = pypto.add %acc, %e : !pypto.tensor<16x8xf32>
            scf.yield %p : !pypto.tensor<16x8xf32>
          } else {
            %m = pypto.sub %acc, %e : !pypto.tensor<16x8xf32>
            scf.yield %m : !pypto.tensor<16x8xf32>
          }
          scf.yield %next : !pypto.tensor<16x8xf32>
        }
        pypto.assemble %s into %z[%r, %c0] : !pypto.tensor<16x8xf32> into !pypto.tensor<64x8xf32>
      }
    }
    return
  }
}
