// A branch with a tile result in a kernel with cube and vector work
// (branch-tiles.test): the product p = x w goes to the vector part, whose
// branch yields exp(p) for rows below 32 and p + x after; y = that * x.
// pypto-expand-mixed-kernel keeps the branch's result in the vector part
// only.
module @branch_mixed attributes {pypto.golden = "branch_mixed.golden.py"} {
  func.func @branch_mixed(%x: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                   %w: !pypto.tensor<32x32xf32> {pypto.init = "randn", pypto.init_scale = 0.25 : f64},
                   %y: !pypto.tensor<64x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c16 {
      pypto.at core_group "mixed" {
        %t = pypto.slice %x[%r, %c0] [16, 32] : !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
        %p = pypto.matmul %t, %w : !pypto.tensor<16x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
        %low = arith.cmpi ult, %r, %c32 : index
        %v = scf.if %low -> (!pypto.tensor<16x32xf32>) {
          %e = pypto.exp %p : !pypto.tensor<16x32xf32>
          scf.yield %e : !pypto.tensor<16x32xf32>
        } else {
          %n = pypto.add %p, %t : !pypto.tensor<16x32xf32>
          scf.yield %n : !pypto.tensor<16x32xf32>
        }
        %m = pypto.mul %v, %t : !pypto.tensor<16x32xf32>
        pypto.assemble %m into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<64x32xf32>
      }
    }
    return
  }
}
