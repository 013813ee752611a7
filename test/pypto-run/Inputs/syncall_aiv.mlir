// A vector kernel's barrier over every AIV core: one block per core
// (pypto.available_aiv_count, 48 on a2a3, 72 on a5), started together.
// Items are spread over the blocks by a grid stride, so the result does not
// depend on the chip.
// - phase 1: block b writes p_i = 2 * x_i for its items i into the created
//   tensor `partial`;
// - pypto.syncall aiv_only: every AIV core has arrived;
// - phase 2: block b reads p_j of the NEXT item j = (i + 1) mod 100, which
//   another block wrote, and stores y_i = p_j + x_i.
module @syncall_aiv attributes {pypto.golden = "syncall_aiv.golden.py"} {
  func.func @syncall_aiv(
      %x: !pypto.tensor<800x64xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<800x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c100 = arith.constant 100 : index
    %two = arith.constant 2.0 : f32
    %partial = pypto.create_tensor : !pypto.tensor<800x64xf32>
    %n = pypto.available_aiv_count : index
    pypto.spmd core_group "aiv_phases" blocks(%n) sync_start (%b) {
      scf.for %i = %b to %c100 step %n {
        %r = arith.muli %i, %c8 : index
        %xi = pypto.slice %x[%r, %c0] [8, 64]
            : !pypto.tensor<800x64xf32> -> !pypto.tensor<8x64xf32>
        %p = pypto.muls %xi, %two : !pypto.tensor<8x64xf32>, f32
        pypto.assemble %p into %partial[%r, %c0]
            : !pypto.tensor<8x64xf32> into !pypto.tensor<800x64xf32>
      }
      pypto.syncall aiv_only
      scf.for %i = %b to %c100 step %n {
        %r = arith.muli %i, %c8 : index
        %i1 = arith.addi %i, %c1 : index
        %j = arith.remui %i1, %c100 : index
        %rj = arith.muli %j, %c8 : index
        %pj = pypto.slice %partial[%rj, %c0] [8, 64]
            : !pypto.tensor<800x64xf32> -> !pypto.tensor<8x64xf32>
        %xi = pypto.slice %x[%r, %c0] [8, 64]
            : !pypto.tensor<800x64xf32> -> !pypto.tensor<8x64xf32>
        %yi = pypto.add %pj, %xi : !pypto.tensor<8x64xf32>
        pypto.assemble %yi into %y[%r, %c0]
            : !pypto.tensor<8x64xf32> into !pypto.tensor<800x64xf32>
      }
    }
    return
  }
}
