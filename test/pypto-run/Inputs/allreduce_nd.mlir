// ci: devices=2
// The 2-rank all-reduce of examples/advanced/allreduce.mlir on rank-3
// blocks: each rank's 2x8x64 block goes into its window buffer, and
// pypto.remote_load reads N-D windows of the peers' copies: the whole
// block (a 16x64 tile, its 2-D form) and a 1x4x64 window at an offset in
// every dimension from the other rank.
module @allreduce_nd attributes {pypto.golden = "allreduce_nd.golden.py"} {
  func.func @allreduce_nd(%inputs: !pypto.tensor<2x2x8x64xf32> {pypto.init = "randn"},
                          %outputs: !pypto.tensor<2x2x8x64xf32> {pypto.dir = "out"},
                          %parts: !pypto.tensor<2x1x4x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %data = pypto.alloc_window : !pypto.tensor<2x8x64xf32>
    %signal = pypto.alloc_window : !pypto.tensor<2x1xi32>
    pypto.ranks world(2) (%rank) {
      %in = pypto.slice %inputs[%rank, %c0, %c0, %c0] [1, 2, 8, 64] : !pypto.tensor<2x2x8x64xf32>
      %block = pypto.reshape %in : !pypto.tensor<1x2x8x64xf32> -> !pypto.tensor<2x8x64xf32>
      pypto.at core_group "reduce_nd" {
        %one = arith.constant 1 : i32
        %zero = arith.constant 0.0 : f32
        pypto.assemble %block into %data[%c0, %c0, %c0]
            : !pypto.tensor<2x8x64xf32> into !pypto.tensor<2x8x64xf32>
        %shifted = arith.addi %rank, %c1 : index
        %peer = arith.remsi %shifted, %c2 : index
        pypto.notify %signal[%rank, %c0] peer %peer add %one : !pypto.tensor<2x1xi32>
        pypto.wait %signal[%peer, %c0] ge %one : !pypto.tensor<2x1xi32>
        %init = pypto.full %zero : f32 -> !pypto.tensor<2x8x64xf32>
        %sum = scf.for %q = %c0 to %c2 step %c1
            iter_args(%acc = %init) -> (!pypto.tensor<2x8x64xf32>) {
          %theirs = pypto.remote_load %data[%c0, %c0, %c0] [2, 8, 64] peer %q
              : !pypto.tensor<2x8x64xf32> -> !pypto.tensor<2x8x64xf32>
          %next = pypto.add %acc, %theirs : !pypto.tensor<2x8x64xf32>
          scf.yield %next : !pypto.tensor<2x8x64xf32>
        } {pypto.loop = "range"}
        %sum4 = pypto.reshape %sum : !pypto.tensor<2x8x64xf32> -> !pypto.tensor<1x2x8x64xf32>
        pypto.assemble %sum4 into %outputs[%rank, %c0, %c0, %c0]
            : !pypto.tensor<1x2x8x64xf32> into !pypto.tensor<2x2x8x64xf32>
        %part = pypto.remote_load %data[%c1, %c2, %c0] [1, 4, 64] peer %peer
            : !pypto.tensor<2x8x64xf32> -> !pypto.tensor<1x4x64xf32>
        %part4 = pypto.reshape %part : !pypto.tensor<1x4x64xf32> -> !pypto.tensor<1x1x4x64xf32>
        pypto.assemble %part4 into %parts[%rank, %c0, %c0, %c0]
            : !pypto.tensor<1x1x4x64xf32> into !pypto.tensor<2x1x4x64xf32>
      }
    }
    return
  }
}
