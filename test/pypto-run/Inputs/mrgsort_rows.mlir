// A merge sort of 16 rows at once (from pypto-fuzz's program 174839108455):
// ptoas 0.27's tmrgsort sorts one row, so pypto-lower-to-pto emits a loop
// over the rows, each a 1x256 tile at its address in the buffers. Three
// 16-row blocks of random values, so a row sorted at the wrong address (or
// not at all) changes the indices gathered from it.
module @fuzz_174839108455 {
  func.func @fuzz_174839108455(%x10: !pypto.tensor<48x128xf32> {pypto.init = "rand"},
      %x11: !pypto.tensor<1x128xi32> {pypto.init = "arange"},
      %y12: !pypto.tensor<48x16xi32> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0, rtol=0, max_error_ratio=0)"}) {
    %k0_lo = arith.constant 0 : index
    %k0_hi = arith.constant 3 : index
    %k0_one = arith.constant 1 : index
    scf.for %k0_b = %k0_lo to %k0_hi step %k0_one {
    pypto.at core_group "k0" {
      %k0_c0 = arith.constant 0 : index
      %k0_c2 = arith.constant 2 : index
      %k0_c16 = arith.constant 16 : index
      %k0_t0 = arith.muli %k0_b, %k0_c16 : index
      %k0_v14 = pypto.slice %x10[%k0_t0, %k0_c0] [16, 128] : !pypto.tensor<48x128xf32> -> !pypto.tensor<16x128xf32>
      %k0_v15 = pypto.slice %x11[%k0_c0, %k0_c0] [1, 128] : !pypto.tensor<1x128xi32> -> !pypto.tensor<1x128xi32>
      %k0_t1 = pypto.sort32 %k0_v14, %k0_v15 : !pypto.tensor<16x128xf32>, !pypto.tensor<1x128xi32> -> !pypto.tensor<16x256xf32>
      %k0_t2 = pypto.mrgsort %k0_t1 {block_len = 64 : i64} : !pypto.tensor<16x256xf32>
      %k0_v16 = pypto.gather_mask %k0_t2 odd : !pypto.tensor<16x256xf32> -> !pypto.tensor<16x16xi32>
      %k0_v17 = pypto.fillpad %k0_v16 valid [%k0_c2, %k0_c16] pad min : !pypto.tensor<16x16xi32> -> !pypto.tensor<16x16xi32>
      %k0_v18 = pypto.col_max %k0_v17 : !pypto.tensor<16x16xi32> -> !pypto.tensor<1x16xi32>
      %k0_v19 = pypto.col_expand_sub %k0_v16, %k0_v18 : !pypto.tensor<16x16xi32>, !pypto.tensor<1x16xi32>
      %k0_t3 = arith.muli %k0_b, %k0_c16 : index
      pypto.assemble %k0_v19 into %y12[%k0_t3, %k0_c0] : !pypto.tensor<16x16xi32> into !pypto.tensor<48x16xi32>
    }
    } {pypto.loop = "range"}
    return
  }
}
