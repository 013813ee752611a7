// ci: devices=2
// A ranks region with no kernel in it (multi-card.test): the program has
// nothing to run, and says so rather than erasing the region.
module @empty_ranks attributes {pypto.golden = "copy.golden.py"} {
  func.func @empty_ranks(%x: !pypto.tensor<16x64xf32> {pypto.init = "zeros"}) {
    %data = pypto.alloc_window : !pypto.tensor<1x64xf32>
    pypto.ranks world(2) (%rank) {
      %c0 = arith.constant 0 : index
    }
    return
  }
}
