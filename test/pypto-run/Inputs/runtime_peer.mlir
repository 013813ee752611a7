// ci: devices=2
// A peer computed at run time as rank + 2, outside the world of 2
// (multi-card.test): the compiler cannot see it, the simulator must.
module @runtime_peer attributes {pypto.golden = "copy.golden.py"} {
  func.func @runtime_peer(%x: !pypto.tensor<2x256xf32> {pypto.init = "arange"},
                          %y: !pypto.tensor<2x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %data = pypto.alloc_window : !pypto.tensor<1x256xf32>
    pypto.ranks world(2) (%rank) {
      %in = pypto.slice %x[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      %out = pypto.slice %y[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      pypto.at core_group "k" {
        %peer = arith.addi %rank, %c2 : index
        pypto.assemble %in into %data[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
        %row = pypto.remote_load %data[%c0, %c0] [1, 256] peer %peer
            : !pypto.tensor<1x256xf32> -> !pypto.tensor<1x256xf32>
        pypto.assemble %row into %out[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
      }
    }
    return
  }
}
