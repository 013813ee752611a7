// ci: devices=2
// 512 small copy tasks per rank (multi-card.test), for the DFX records of a
// multi-card run.
module @rank_copies attributes {pypto.golden = "copy.golden.py"} {
  func.func @rank_copies(%x: !pypto.tensor<1024x64xf32> {pypto.init = "randn"},
                         %y: !pypto.tensor<1024x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c512 = arith.constant 512 : index
    %data = pypto.alloc_window : !pypto.tensor<1x64xf32>
    pypto.ranks world(2) (%rank) {
      %base = arith.muli %rank, %c512 : index
      scf.for %i = %c0 to %c512 step %c1 {
        %r = arith.addi %base, %i : index
        pypto.at core_group "copy" {
          %t = pypto.slice %x[%r, %c0] [1, 64]
              : !pypto.tensor<1024x64xf32> -> !pypto.tensor<1x64xf32>
          pypto.assemble %t into %y[%r, %c0]
              : !pypto.tensor<1x64xf32> into !pypto.tensor<1024x64xf32>
        }
      } {pypto.loop = "range"}
    }
    return
  }
}
