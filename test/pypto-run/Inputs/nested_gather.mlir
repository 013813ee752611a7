// A mixed kernel whose L1 gathers sit in nested scf.if ops
// (pypto-lib decode_sparse_attn's window/compressed split: if k < WIN
// { if slot >= 0 {gather} else {gather row 0} } else {...}).
module @nested_gather attributes {pypto.golden = "nested_gather.golden.py"} {
  func.func @nested_gather(%pool: !pypto.tensor<256x512xbf16> {pypto.init = "randn"},
                          %idx: !pypto.tensor<1x128xi32> {pypto.init = "randint", pypto.init_range = array<i64: -8, 256>},
                          %q: !pypto.tensor<16x512xbf16> {pypto.init = "randn", pypto.init_scale = 0.05 : f64},
                          %o: !pypto.tensor<16x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %zero = arith.constant 0 : i32
    pypto.at core_group "qk_pv" {
      %kv0 = pypto.create_l1 : !pypto.tensor<128x512xbf16>
      %kv = scf.for %r = %c0 to %c128 step %c1 iter_args(%a = %kv0) -> (!pypto.tensor<128x512xbf16>) {
        %low = arith.cmpi slt, %r, %c64 : index
        %g = scf.if %low -> (!pypto.tensor<128x512xbf16>) {
          %s = pypto.read %idx[%c0, %r] : !pypto.tensor<1x128xi32> -> i32
          %ok = arith.cmpi sge, %s, %zero : i32
          %gi = scf.if %ok -> (!pypto.tensor<128x512xbf16>) {
            %si = arith.index_cast %s : i32 to index
            %g1 = pypto.gather_row %pool[%si, %c0] into %a[%r, %c0] [1, 512] : !pypto.tensor<256x512xbf16> into !pypto.tensor<128x512xbf16>
            scf.yield %g1 : !pypto.tensor<128x512xbf16>
          } else {
            %g2 = pypto.gather_row %pool[%c0, %c0] into %a[%r, %c0] [1, 512] : !pypto.tensor<256x512xbf16> into !pypto.tensor<128x512xbf16>
            scf.yield %g2 : !pypto.tensor<128x512xbf16>
          }
          scf.yield %gi : !pypto.tensor<128x512xbf16>
        } else {
          %g3 = pypto.gather_row %pool[%r, %c0] into %a[%r, %c0] [1, 512] : !pypto.tensor<256x512xbf16> into !pypto.tensor<128x512xbf16>
          scf.yield %g3 : !pypto.tensor<128x512xbf16>
        }
        scf.yield %g : !pypto.tensor<128x512xbf16>
      }
      %sc = pypto.matmul %q, %kv {b_trans} : !pypto.tensor<16x512xbf16>, !pypto.tensor<128x512xbf16>
      %m = pypto.row_max %sc : !pypto.tensor<16x128xf32>
      %d = pypto.row_expand_sub %sc, %m : !pypto.tensor<16x128xf32>, !pypto.tensor<16x1xf32>
      %e = pypto.exp %d : !pypto.tensor<16x128xf32>
      %l = pypto.row_sum %e : !pypto.tensor<16x128xf32>
      %p = pypto.cast %e : !pypto.tensor<16x128xf32> -> !pypto.tensor<16x128xbf16>
      %pv = pypto.matmul %p, %kv : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x512xbf16>
      %n = pypto.row_expand_div %pv, %l : !pypto.tensor<16x512xf32>, !pypto.tensor<16x1xf32>
      pypto.assemble %n into %o[%c0, %c0] : !pypto.tensor<16x512xf32> into !pypto.tensor<16x512xf32>
    }
    return
  }
}
