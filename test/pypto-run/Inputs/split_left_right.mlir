// y = exp(x @ w) * b with the epilogue split by columns between the two AIV
// lanes (split_aiv left_right): lane l of block k receives columns
// [64l, 64l+64) of the 32x128 product of rows [32k, 32k+32).
module @split_left_right attributes {pypto.golden = "split_left_right.golden.py",
                                     pypto.rtol = 1.0e-4 : f64,
                                     pypto.atol = 1.0e-4 : f64} {
  func.func @split_left_right(%x: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
                              %w: !pypto.tensor<32x128xf32> {pypto.init = "randn"},
                              %b: !pypto.tensor<64x128xf32> {pypto.init = "randn"},
                              %y: !pypto.tensor<64x128xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %scale = arith.constant 0.125 : f32
    pypto.spmd core_group "mm_cols" blocks(2) (%k) {
      %r = arith.muli %k, %c32 : index
      %xk = pypto.slice %x[%r, %c0] [32, 32]
          : !pypto.tensor<64x32xf32> -> !pypto.tensor<32x32xf32>
      %p = pypto.matmul %xk, %w
          : !pypto.tensor<32x32xf32>, !pypto.tensor<32x128xf32> -> !pypto.tensor<32x128xf32>
      pypto.split_aiv left_right (%lane) {
        %h = pypto.aiv_shard %p : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x64xf32>
        %col = arith.muli %lane, %c64 : index
        %bb = pypto.slice %b[%r, %col] [32, 64]
            : !pypto.tensor<64x128xf32> -> !pypto.tensor<32x64xf32>
        %hs = pypto.muls %h, %scale : !pypto.tensor<32x64xf32>, f32
        %e = pypto.exp %hs : !pypto.tensor<32x64xf32>
        %s = pypto.mul %e, %bb : !pypto.tensor<32x64xf32>
        pypto.assemble %s into %y[%r, %col]
            : !pypto.tensor<32x64xf32> into !pypto.tensor<64x128xf32>
      }
    }
    return
  }
}
