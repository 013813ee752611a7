// ci: devices=2
// allreduce: a 2-rank sum all-reduce, as pypto-lib's advanced/allreduce.
//
// Every rank contributes one row of `inputs` (arange: rank r's row is
// 256r .. 256r+255) and ends with the element-wise sum of all rows in its
// row of `outputs`. `pypto.ranks` is the orchestration each chip runs; the
// two `pypto.alloc_window` buffers exist once per rank, zeroed, at the same
// offset of every rank's window. One kernel per rank:
//   1. copy the rank's row into its own `data` window buffer;
//   2. signal every peer: add 1 to element [rank] of the peer's `signal`;
//   3. wait until every peer signalled this rank (element [peer] >= 1);
//   4. sum every rank's `data` (pypto.remote_load reads a peer's copy; a
//      rank's own copy is read the same way) and store the row.
// pypto-lib's inputs are [2, 1, 256]; here they are [2, 256], one row per
// rank (test/pypto-run/Inputs/allreduce_nd.mlir reads N-D windows).
// The rank count is written in the devices marker, the world of
// pypto.ranks, %nranks and the leading dimensions of inputs, outputs and
// signal: test/pypto-run/multi-card.test also runs this program with all of
// them set to 4, where every peer loop runs three times instead of once.
module @allreduce attributes {pypto.golden = "allreduce.golden.py"} {
  func.func @allreduce(%inputs: !pypto.tensor<2x256xf32> {pypto.init = "arange"},
                       %outputs: !pypto.tensor<2x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %nranks = arith.constant 2 : index
    %data = pypto.alloc_window : !pypto.tensor<1x256xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %in = pypto.slice %inputs[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      %out = pypto.slice %outputs[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      pypto.at core_group "reduce_step" {
        %one = arith.constant 1 : i32
        %zero = arith.constant 0.0 : f32
        pypto.assemble %in into %data[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
        scf.for %d = %c1 to %nranks step %c1 {
          %shifted = arith.addi %rank, %d : index
          %peer = arith.remsi %shifted, %nranks : index
          pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
        } {pypto.loop = "range"}
        scf.for %d = %c1 to %nranks step %c1 {
          %shifted = arith.addi %rank, %d : index
          %src = arith.remsi %shifted, %nranks : index
          pypto.wait %signal[%src, %c0] ge %one : !pypto.tensor<2x1xi32>
        } {pypto.loop = "range"}
        %init = pypto.full %zero : f32 -> !pypto.tensor<1x256xf32>
        %sum = scf.for %q = %c0 to %nranks step %c1
            iter_args(%acc = %init) -> (!pypto.tensor<1x256xf32>) {
          %row = pypto.remote_load %data[%c0, %c0] [1, 256] peer %q
              : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
          %next = pypto.add %acc, %row : !pypto.tensor<1x256xf32>
          scf.yield %next : !pypto.tensor<1x256xf32>
        } {pypto.loop = "range"}
        pypto.assemble %sum into %out[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
      }
    }
    return
  }
}
