// The barrier of every core (pypto's hard syncall), in hc_pre's shape: one
// SPMD kernel of one block per cluster, started together, in two phases.
// Items are spread over the blocks by a grid stride, so the result does not
// depend on the chip's cluster count (24 on a2a3, 36 on a5).
// - phase 1: block b computes p_i = x_i @ w for its items i (a cube store
//   into the created tensor `partial`);
// - pypto.syncall mix: every part of every block has arrived;
// - phase 2: block b reads p_j of the NEXT item j = (i + 1) mod 48, which
//   another block's cube wrote, and stores y_i = 2 * p_j + x_i (vector work);
// - a second round after another barrier reads the previous item's y:
//   z_i = y_{(i + 47) mod 48} - x_i.
// Without the barriers the vector parts would read rows other blocks have
// not written yet; the compiler refuses the cube-store / vector-load pair
// unless a barrier separates them.
module @syncall_phases attributes {pypto.golden = "syncall_phases.golden.py",
                                   pypto.rtol = 1.0e-4 : f64,
                                   pypto.atol = 1.0e-4 : f64} {
  func.func @syncall_phases(
      %x: !pypto.tensor<768x64xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<768x64xf32> {pypto.dir = "out"},
      %z: !pypto.tensor<768x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c47 = arith.constant 47 : index
    %c48 = arith.constant 48 : index
    %two = arith.constant 2.0 : f32
    %partial = pypto.create_tensor : !pypto.tensor<768x64xf32>
    %n = pypto.available_cluster_count : index
    pypto.spmd core_group "phases" blocks(%n) sync_start (%b) {
      scf.for %i = %b to %c48 step %n {
        %r = arith.muli %i, %c16 : index
        %xi = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<768x64xf32> -> !pypto.tensor<16x64xf32>
        %p = pypto.matmul %xi, %w
            : !pypto.tensor<16x64xf32>, !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        pypto.assemble %p into %partial[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<768x64xf32>
      }
      pypto.syncall mix
      scf.for %i = %b to %c48 step %n {
        %r = arith.muli %i, %c16 : index
        %i1 = arith.addi %i, %c1 : index
        %j = arith.remui %i1, %c48 : index
        %rj = arith.muli %j, %c16 : index
        %pj = pypto.slice %partial[%rj, %c0] [16, 64]
            : !pypto.tensor<768x64xf32> -> !pypto.tensor<16x64xf32>
        %xi = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<768x64xf32> -> !pypto.tensor<16x64xf32>
        %d = pypto.muls %pj, %two : !pypto.tensor<16x64xf32>, f32
        %yi = pypto.add %d, %xi : !pypto.tensor<16x64xf32>
        pypto.assemble %yi into %y[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<768x64xf32>
      }
      pypto.syncall mix
      scf.for %i = %b to %c48 step %n {
        %r = arith.muli %i, %c16 : index
        %i1 = arith.addi %i, %c47 : index
        %j = arith.remui %i1, %c48 : index
        %rj = arith.muli %j, %c16 : index
        %yj = pypto.slice %y[%rj, %c0] [16, 64]
            : !pypto.tensor<768x64xf32> -> !pypto.tensor<16x64xf32>
        %xi = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<768x64xf32> -> !pypto.tensor<16x64xf32>
        %zi = pypto.sub %yj, %xi : !pypto.tensor<16x64xf32>
        pypto.assemble %zi into %z[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<768x64xf32>
      }
    }
    return
  }
}
