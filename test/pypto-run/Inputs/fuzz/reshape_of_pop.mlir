// Found by pypto-fuzz (seed 20261221, program seed 130192943774): a
// **silent miscompile**. Transposes of vectors had just become reshape views
// (ConvertTensorToTile); a view of a tile popped from the cube's pipe got a
// planned buffer of its own that nothing wrote, so the kernel stored garbage
// (16 of 16 wrong). A popped tile that a reshape views is copied out of its
// slot first, as for fillpad (ExpandMixedKernel).
module @fuzz_130192943774 {
  func.func @fuzz_130192943774(%x7: !pypto.tensor<1x24xf32> {pypto.init = "randn"},
      %x15: !pypto.tensor<1x96xf32> {pypto.init = "randn"},
      %x16: !pypto.tensor<96x16xf32> {pypto.init = "randn"},
      %y17: !pypto.tensor<1x16xf32> {pypto.dir = "out", pypto.compare = "ratio_allclose(atol=0.0569, rtol=0, max_error_ratio=0)"}) {
    %t8 = pypto.create_tensor : !pypto.tensor<1x24xf32>
    pypto.spmd core_group "k0" blocks(1) (%k0_b) {
      %k0_c0 = arith.constant 0 : index
      %k0_v13 = pypto.slice %x7[%k0_b, %k0_c0] [1, 24] : !pypto.tensor<1x24xf32> -> !pypto.tensor<1x24xf32>
      pypto.assemble %k0_v13 into %t8[%k0_b, %k0_c0] : !pypto.tensor<1x24xf32> into !pypto.tensor<1x24xf32>
    }
    pypto.spmd core_group "k1" blocks(1) (%k1_b) {
      %k1_c0 = arith.constant 0 : index
      %k1_c32 = arith.constant 32 : index
      %k1_c96 = arith.constant 96 : index
      %k1_t0 = pypto.slice %x15[%k1_b, %k1_c0] [1, 32] : !pypto.tensor<1x96xf32> -> !pypto.tensor<1x32xf32>
      %k1_t1 = pypto.slice %x16[%k1_c0, %k1_c0] [32, 16] : !pypto.tensor<96x16xf32> -> !pypto.tensor<32x16xf32>
      %k1_t2 = pypto.matmul %k1_t0, %k1_t1 : !pypto.tensor<1x32xf32>, !pypto.tensor<32x16xf32> -> !pypto.tensor<1x16xf32>
      %k1_v16 = scf.for %k1_t3 = %k1_c32 to %k1_c96 step %k1_c32 iter_args(%k1_t4 = %k1_t2) -> (!pypto.tensor<1x16xf32>) {
        %k1_t5 = pypto.slice %x15[%k1_b, %k1_t3] [1, 32] : !pypto.tensor<1x96xf32> -> !pypto.tensor<1x32xf32>
        %k1_t6 = pypto.slice %x16[%k1_t3, %k1_c0] [32, 16] : !pypto.tensor<96x16xf32> -> !pypto.tensor<32x16xf32>
        %k1_t7 = pypto.matmul_acc %k1_t4, %k1_t5, %k1_t6 : !pypto.tensor<1x32xf32>, !pypto.tensor<32x16xf32> -> !pypto.tensor<1x16xf32>
        scf.yield %k1_t7 : !pypto.tensor<1x16xf32>
      } {pypto.loop = "range"}
      %k1_v17 = pypto.transpose %k1_v16 : !pypto.tensor<1x16xf32> -> !pypto.tensor<16x1xf32>
      %k1_v18 = pypto.transpose %k1_v17 : !pypto.tensor<16x1xf32> -> !pypto.tensor<1x16xf32>
      pypto.assemble %k1_v18 into %y17[%k1_b, %k1_c0] : !pypto.tensor<1x16xf32> into !pypto.tensor<1x16xf32>
    }
    return
  }
}
