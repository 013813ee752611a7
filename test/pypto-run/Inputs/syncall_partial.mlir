// A run-time block count that does not fill the chip: the compiler cannot
// see it; the simulators refuse the barrier (a device would deadlock).
module @syncall_partial {
  func.func @syncall_partial(%x: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
                             %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                             %k32: i32 {pypto.value = 8 : i32}) {
    %c0 = arith.constant 0 : index
    %k = arith.index_cast %k32 : i32 to index
    pypto.spmd core_group "partial" blocks(%k) sync_start (%b) {
      %first = arith.cmpi eq, %b, %c0 : index
      scf.if %first {
        %e = pypto.exp %x : !pypto.tensor<16x64xf32>
        pypto.assemble %e into %y[%c0, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      }
      pypto.syncall aiv_only
    }
    return
  }
}
