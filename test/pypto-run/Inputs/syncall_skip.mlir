// Block 5 skips the barrier the others wait in: a hard barrier that can
// never complete (a device would hang). Both simulators and the reference
// interpreter stop with the reason.
module @syncall_skip attributes {pypto.rtol = 1.0e-4 : f64,
                                 pypto.atol = 1.0e-4 : f64} {
  func.func @syncall_skip(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                          %w: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                          %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %n = pypto.available_cluster_count : index
    pypto.spmd core_group "skip" blocks(%n) sync_start (%b) {
      %p = pypto.matmul %x, %w
          : !pypto.tensor<64x64xf32>, !pypto.tensor<64x64xf32> -> !pypto.tensor<64x64xf32>
      %go = arith.cmpi ne, %b, %c5 : index
      scf.if %go {
        pypto.syncall mix
      }
      %first = arith.cmpi eq, %b, %c0 : index
      scf.if %first {
        %e = pypto.exp %p : !pypto.tensor<64x64xf32>
        pypto.assemble %e into %y[%c0, %c0]
            : !pypto.tensor<64x64xf32> into !pypto.tensor<64x64xf32>
      }
    }
    return
  }
}
