// A program with something for every diagnostic: a slice nobody reads, a
// value computed and dropped, an output never written, a loop result never
// used, and 128-byte rows (narrower than a2a3's 512-byte bursts).
module @diagnostics {
  func.func @diagnostics(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                         %a: f32 {pypto.value = 1.0 : f32},
                         %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                         %z: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %forgotten = pypto.slice %x[%c0, %c0] [32, 32]
        : !pypto.tensor<64x64xf32> -> !pypto.tensor<32x32xf32>
    pypto.at core_group "narrow" {
      %t = pypto.slice %x[%c0, %c0] [64, 32]
          : !pypto.tensor<64x64xf32> -> !pypto.tensor<64x32xf32>
      %s = pypto.adds %t, %a : !pypto.tensor<64x32xf32>, f32
      %dropped = pypto.muls %t, %a : !pypto.tensor<64x32xf32>, f32
      %n = scf.for %i = %c0 to %c2 step %c1 iter_args(%k = %c0) -> (index) {
        %k1 = arith.addi %k, %c1 : index
        scf.yield %k1 : index
      }
      pypto.assemble %s into %y[%c0, %c0]
          : !pypto.tensor<64x32xf32> into !pypto.tensor<64x64xf32>
    }
    return
  }
}
