// pypto-lib's K loops with the first product on a branch of the first
// iteration (`if k0 == 0: matmul else: matmul_acc`), which the compiler
// peels (pypto-peel-first-iteration):
// - "gate": an spmd of 4 blocks of 64 columns, 3 row tiles each, the weight
//   a rank-3 [experts, N, K] tensor read transposed (expert 1), the
//   accumulator rank-3 [1, 16, 64] as in pypto-lib, started from a full;
// - "up": K from 128 on, the branch `k != 128` with the bound on the left
//   (the first iteration on the else side), two accumulators in one loop;
// - "one_step": a loop of a single iteration.
module @first_iteration attributes {pypto.golden = "first_iteration.golden.py",
                                    pypto.rtol = 1.0e-4 : f64,
                                    pypto.atol = 1.0e-4 : f64} {
  func.func @first_iteration(
      %x: !pypto.tensor<48x512xbf16> {pypto.init = "randn"},
      %w: !pypto.tensor<2x256x512xbf16> {pypto.init = "randn", pypto.init_scale = 0.05 : f64},
      %gate: !pypto.tensor<48x256xf32> {pypto.dir = "out"},
      %up: !pypto.tensor<48x128xf32> {pypto.dir = "out"},
      %one: !pypto.tensor<48x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c512 = arith.constant 512 : index
    pypto.spmd core_group "gate" blocks(4) (%blk) {
      %n0 = arith.muli %blk, %c64 : index
      scf.for %m0 = %c0 to %c48 step %c16 {
        %zero = arith.constant 0.0 : f32
        %init = pypto.full %zero : f32 -> !pypto.tensor<1x16x64xf32>
        %acc = scf.for %k0 = %c0 to %c512 step %c128
            iter_args(%sum = %init) -> (!pypto.tensor<1x16x64xf32>) {
          %xk = pypto.slice %x[%m0, %k0] [16, 128] : !pypto.tensor<48x512xbf16>
          %wk = pypto.slice %w[%c1, %n0, %k0] [1, 64, 128] : !pypto.tensor<2x256x512xbf16>
          %first = arith.cmpi eq, %k0, %c0 : index
          %next = scf.if %first -> (!pypto.tensor<1x16x64xf32>) {
            %m = pypto.matmul %xk, %wk {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<1x64x128xbf16>
            scf.yield %m : !pypto.tensor<1x16x64xf32>
          } else {
            %m = pypto.matmul_acc %sum, %xk, %wk {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<1x64x128xbf16>
            scf.yield %m : !pypto.tensor<1x16x64xf32>
          }
          scf.yield %next : !pypto.tensor<1x16x64xf32>
        } {pypto.loop = "pipeline"}
        %acc2 = pypto.reshape %acc : !pypto.tensor<1x16x64xf32> -> !pypto.tensor<16x64xf32>
        pypto.assemble %acc2 into %gate[%m0, %n0] : !pypto.tensor<16x64xf32> into !pypto.tensor<48x256xf32>
      } {pypto.loop = "range"}
    }
    scf.for %m0 = %c0 to %c48 step %c16 {
      pypto.at core_group "up" {
        %zero = arith.constant 0.0 : f32
        %init = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
        %acc:2 = scf.for %k0 = %c128 to %c512 step %c128
            iter_args(%lo = %init, %hi = %init) -> (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>) {
          %xk = pypto.slice %x[%m0, %k0] [16, 128] : !pypto.tensor<48x512xbf16>
          %wlo = pypto.slice %w[%c0, %c0, %k0] [1, 64, 128] : !pypto.tensor<2x256x512xbf16>
          %whi = pypto.slice %w[%c0, %c64, %k0] [1, 64, 128] : !pypto.tensor<2x256x512xbf16>
          %wlo2 = pypto.reshape %wlo : !pypto.tensor<1x64x128xbf16> -> !pypto.tensor<64x128xbf16>
          %whi2 = pypto.reshape %whi : !pypto.tensor<1x64x128xbf16> -> !pypto.tensor<64x128xbf16>
          %later = arith.cmpi ne, %c128, %k0 : index
          %next:2 = scf.if %later -> (!pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>) {
            %a = pypto.matmul_acc %lo, %xk, %wlo2 {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
            %b = pypto.matmul_acc %hi, %xk, %whi2 {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
            scf.yield %a, %b : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>
          } else {
            %a = pypto.matmul %xk, %wlo2 {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
            %b = pypto.matmul %xk, %whi2 {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<64x128xbf16>
            scf.yield %a, %b : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>
          }
          scf.yield %next#0, %next#1 : !pypto.tensor<16x64xf32>, !pypto.tensor<16x64xf32>
        } {pypto.loop = "range"}
        pypto.assemble %acc#0 into %up[%m0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<48x128xf32>
        pypto.assemble %acc#1 into %up[%m0, %c64] : !pypto.tensor<16x64xf32> into !pypto.tensor<48x128xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "one_step" {
      %zero = arith.constant 0.0 : f32
      %init = pypto.full %zero : f32 -> !pypto.tensor<48x64xf32>
      %acc = scf.for %k0 = %c0 to %c128 step %c128 iter_args(%sum = %init) -> (!pypto.tensor<48x64xf32>) {
        %xk = pypto.slice %x[%c0, %k0] [48, 128] : !pypto.tensor<48x512xbf16>
        %wk = pypto.slice %w[%c1, %c0, %k0] [1, 64, 128] : !pypto.tensor<2x256x512xbf16>
        %wk2 = pypto.reshape %wk : !pypto.tensor<1x64x128xbf16> -> !pypto.tensor<64x128xbf16>
        %first = arith.cmpi eq, %k0, %c0 : index
        %next = scf.if %first -> (!pypto.tensor<48x64xf32>) {
          %m = pypto.matmul %xk, %wk2 {b_trans} : !pypto.tensor<48x128xbf16>, !pypto.tensor<64x128xbf16>
          scf.yield %m : !pypto.tensor<48x64xf32>
        } else {
          %m = pypto.matmul_acc %sum, %xk, %wk2 {b_trans} : !pypto.tensor<48x128xbf16>, !pypto.tensor<64x128xbf16>
          scf.yield %m : !pypto.tensor<48x64xf32>
        }
        scf.yield %next : !pypto.tensor<48x64xf32>
      } {pypto.loop = "range"}
      pypto.assemble %acc into %one[%c0, %c0] : !pypto.tensor<48x64xf32> into !pypto.tensor<48x64xf32>
    }
    return
  }
}
