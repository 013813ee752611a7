// ci: devices=2
// Windows of 2^47 + 2^47 + 32 bytes per rank (multi-card.test): past the
// 2^48 bytes a rank's windows may take, at the window that crosses it.
// Without %c they take exactly 2^48 bytes.
module @huge_windows attributes {pypto.golden = "copy.golden.py"} {
  func.func @huge_windows(%x: !pypto.tensor<2x256xf32> {pypto.init = "arange"},
                          %y: !pypto.tensor<2x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %a = pypto.alloc_window : !pypto.tensor<4194304x8388608xf32>
    %b = pypto.alloc_window : !pypto.tensor<4194304x8388608xf32>
    %c = pypto.alloc_window : !pypto.tensor<1x8xf32>
    pypto.ranks world(2) (%rank) {
      %in = pypto.slice %x[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      %out = pypto.slice %y[%rank, %c0] [1, 256]
          : !pypto.tensor<2x256xf32> -> !pypto.tensor<1x256xf32>
      pypto.at core_group "k" {
        pypto.assemble %in into %out[%c0, %c0]
            : !pypto.tensor<1x256xf32> into !pypto.tensor<1x256xf32>
      }
    }
    return
  }
}
