// y = relu(x @ w) + b with the vector epilogue split between the two AIV
// lanes of each cluster (pypto's split_aiv(2, UP_DOWN) + aiv_shard): block
// k's AIC computes rows [32k, 32k+32) once, lane l receives rows
// [32k+16l, +16) of the product and adds the same rows of b. Each lane
// also writes its index to lanes[k, l] (expected [[0, 1], [0, 1]]).
module @split_up_down attributes {pypto.golden = "split_up_down.golden.py",
                                  pypto.rtol = 1.0e-4 : f64,
                                  pypto.atol = 1.0e-4 : f64} {
  func.func @split_up_down(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                           %w: !pypto.tensor<64x128xf32> {pypto.init = "randn"},
                           %b: !pypto.tensor<64x128xf32> {pypto.init = "randn"},
                           %y: !pypto.tensor<64x128xf32> {pypto.dir = "out"},
                           %lanes: !pypto.tensor<2x2xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    pypto.spmd core_group "mm_split" blocks(2) (%k) {
      %r = arith.muli %k, %c32 : index
      %xk = pypto.slice %x[%r, %c0] [32, 64]
          : !pypto.tensor<64x64xf32> -> !pypto.tensor<32x64xf32>
      %p = pypto.matmul %xk, %w
          : !pypto.tensor<32x64xf32>, !pypto.tensor<64x128xf32> -> !pypto.tensor<32x128xf32>
      pypto.split_aiv up_down (%lane) {
        %h = pypto.aiv_shard %p : !pypto.tensor<32x128xf32> -> !pypto.tensor<16x128xf32>
        %off = arith.muli %lane, %c16 : index
        %rr = arith.addi %r, %off : index
        %bb = pypto.slice %b[%rr, %c0] [16, 128]
            : !pypto.tensor<64x128xf32> -> !pypto.tensor<16x128xf32>
        %q = pypto.relu %h : !pypto.tensor<16x128xf32>
        %s = pypto.add %q, %bb : !pypto.tensor<16x128xf32>
        pypto.assemble %s into %y[%rr, %c0]
            : !pypto.tensor<16x128xf32> into !pypto.tensor<64x128xf32>
        %li = arith.index_cast %lane : index to i32
        pypto.write %li into %lanes[%k, %lane] : i32 into !pypto.tensor<2x2xi32>
      }
    }
    return
  }
}
