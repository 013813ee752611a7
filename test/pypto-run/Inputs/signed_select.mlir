// A row chosen by a signed compare, as pypto-lib's sparse attention maps a
// -1 slot to row 0: row = slots[i] >= 0 ? slots[i] : 0 (rows 4, 5: 1). ptoas 0.27 wrote
// that index select as `(size_t) v >= 0` (always true, so row -1 was
// read); the .pto selects in i64 (docs/Compatibility.md).
module @signed_select attributes {pypto.golden = "signed_select.golden.py"} {
  func.func @signed_select(%table: !pypto.tensor<8x64xf32> {pypto.init = "randn"},
                           %slots: !pypto.tensor<6xi32> {pypto.init = dense<[3, -1, 7, -5, 0, 2]> : tensor<6xi32>},
                           %out: !pypto.tensor<6x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0 : i32
    pypto.at core_group "pick_rows" {
      scf.for %i = %c0 to %c6 step %c1 {
        // In a branch yielding the row, as qk_pv chooses its window slot.
        %first = arith.cmpi slt, %i, %c4 : index
        %row = scf.if %first -> (index) {
          %s = pypto.read %slots[%i] : !pypto.tensor<6xi32> -> i32
          %ok = arith.cmpi sge, %s, %zero : i32
          %si = arith.index_cast %s : i32 to index
          %r = arith.select %ok, %si, %c0 : index
          scf.yield %r : index
        } else {
          %s = pypto.read %slots[%i] : !pypto.tensor<6xi32> -> i32
          %ok = arith.cmpi sge, %s, %zero : i32
          %si = arith.index_cast %s : i32 to index
          %r = arith.select %ok, %si, %c1 : index
          scf.yield %r : index
        }
        %t = pypto.slice %table[%row, %c0] [1, 64] : !pypto.tensor<8x64xf32> -> !pypto.tensor<1x64xf32>
        %e = pypto.exp %t : !pypto.tensor<1x64xf32>
        pypto.assemble %e into %out[%i, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<6x64xf32>
      }
    }
    return
  }
}
