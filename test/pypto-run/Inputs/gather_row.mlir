// Rows gathered into an L1 accumulator (pypto.create_l1, pypto.gather_row),
// pypto-lib's paged-KV form: 16 single rows chosen by an index row (listed,
// with repeats and negatives), a negative index taking row 0 (two gathers on
// the branches of an scf.if in a loop), then a run of 16 consecutive rows
// from a run-time start with a valid shape. The accumulator is then both matmul operands: q * kv^T
// ({b_trans}, its transpose view) and p * kv (plain), a cube-only kernel.
module @gather_rows attributes {pypto.golden = "gather_row.golden.py"} {
  func.func @gather_rows(%pool: !pypto.tensor<96x128xbf16> {pypto.init = "randn"},
                         %idx: !pypto.tensor<1x16xi32> {pypto.init = dense<[[5, -1, 95, 0, 17, -3, 5, 60, 61, 2, -8, 44, 90, 33, 12, 7]]> : tensor<1x16xi32>},
                         %start: !pypto.tensor<1xi32> {pypto.init = dense<[37]> : tensor<1xi32>},
                         %q: !pypto.tensor<16x128xbf16> {pypto.init = "randn"},
                         %p: !pypto.tensor<16x32xbf16> {pypto.init = "randn"},
                         %scores: !pypto.tensor<16x32xf32> {pypto.dir = "out"},
                         %o: !pypto.tensor<16x128xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0 : i32
    pypto.at core_group "qk_pv" {
      %kv0 = pypto.create_l1 : !pypto.tensor<32x128xbf16>
      %kv = scf.for %r = %c0 to %c16 step %c1 iter_args(%a = %kv0) -> (!pypto.tensor<32x128xbf16>) {
        %s = pypto.read %idx[%c0, %r] : !pypto.tensor<1x16xi32> -> i32
        %ok = arith.cmpi sge, %s, %zero : i32
        %g = scf.if %ok -> (!pypto.tensor<32x128xbf16>) {
          %si = arith.index_cast %s : i32 to index
          %g1 = pypto.gather_row %pool[%si, %c0] into %a[%r, %c0] [1, 128] : !pypto.tensor<96x128xbf16> into !pypto.tensor<32x128xbf16>
          scf.yield %g1 : !pypto.tensor<32x128xbf16>
        } else {
          %g2 = pypto.gather_row %pool[%c0, %c0] into %a[%r, %c0] [1, 128] : !pypto.tensor<96x128xbf16> into !pypto.tensor<32x128xbf16>
          scf.yield %g2 : !pypto.tensor<32x128xbf16>
        }
        scf.yield %g : !pypto.tensor<32x128xbf16>
      }
      %st = pypto.read %start[%c0] : !pypto.tensor<1xi32> -> i32
      %sti = arith.index_cast %st : i32 to index
      %run = pypto.gather_row %pool[%sti, %c0] into %kv[%c16, %c0] [16, 128] valid [%c16, %c128] : !pypto.tensor<96x128xbf16> into !pypto.tensor<32x128xbf16>
      %sc = pypto.matmul %q, %run {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<32x128xbf16>
      pypto.assemble %sc into %scores[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
      %pv = pypto.matmul %p, %run : !pypto.tensor<16x32xbf16>, !pypto.tensor<32x128xbf16>
      pypto.assemble %pv into %o[%c0, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
    }
    return
  }
}
