// Orchestration branches that choose a tensor:
// - for each 16-row block i of y, the kernel reads block i of a (even i) or
//   of b (odd i), chosen by an scf.if with a tensor result;
// - for block i of z: a's block where i < 2, else a tensor created in the
//   branch and filled there by another task (2 + its block of b), so the
//   reader must wait for a task submitted inside the branch.
module @branch_tensor attributes {pypto.golden = "branch_tensor.golden.py"} {
  func.func @branch_tensor(%a: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                           %b: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                           %z: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %row = arith.muli %i, %c16 : index
      %parity = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %parity, %c0 : index
      %src = scf.if %even -> (!pypto.tensor<16x64xf32>) {
        %sa = pypto.slice %a[%row, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        scf.yield %sa : !pypto.tensor<16x64xf32>
      } else {
        %sb = pypto.slice %b[%row, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        scf.yield %sb : !pypto.tensor<16x64xf32>
      }
      pypto.at core_group "pick" {
        %e = pypto.exp %src : !pypto.tensor<16x64xf32>
        pypto.assemble %e into %y[%row, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
      %early = arith.cmpi ult, %i, %c2 : index
      %src2 = scf.if %early -> (!pypto.tensor<16x64xf32>) {
        %sa = pypto.slice %a[%row, %c0] [16, 64] : !pypto.tensor<64x64xf32>
        scf.yield %sa : !pypto.tensor<16x64xf32>
      } else {
        %made = pypto.create_tensor : !pypto.tensor<16x64xf32>
        pypto.at core_group "make" {
          %sb = pypto.slice %b[%row, %c0] [16, 64] : !pypto.tensor<64x64xf32>
          %two = arith.constant 2.0 : f32
          %v = pypto.adds %sb, %two : !pypto.tensor<16x64xf32>, f32
          pypto.assemble %v into %made[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
        }
        scf.yield %made : !pypto.tensor<16x64xf32>
      }
      pypto.at core_group "copy" {
        %n = pypto.neg %src2 : !pypto.tensor<16x64xf32>
        pypto.assemble %n into %z[%row, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
    } {pypto.loop = "range"}
    return
  }
}
