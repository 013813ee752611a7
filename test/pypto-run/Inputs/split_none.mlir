// Two forms of split_aiv none, where both AIV lanes of a cluster run the
// whole region and tell their work apart by the lane index:
// - "mm_both": each lane receives the whole product p = x @ w; lane 0
//   writes relu(p) + b into y0, lane 1 writes p * b into y1.
// - "rows_vec", a kernel without cube work: lane l of block k takes rows
//   [32k + 16l, +16) of x, writes exp(x) into e and its row sums into s.
module @split_none attributes {pypto.golden = "split_none.golden.py",
                               pypto.rtol = 1.0e-4 : f64,
                               pypto.atol = 1.0e-4 : f64} {
  func.func @split_none(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                        %w: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                        %b: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                        %y0: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                        %y1: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                        %e: !pypto.tensor<64x64xf32> {pypto.dir = "out"},
                        %s: !pypto.tensor<64x1xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    pypto.spmd core_group "mm_both" blocks(2) (%k) {
      %r = arith.muli %k, %c32 : index
      %xk = pypto.slice %x[%r, %c0] [32, 64]
          : !pypto.tensor<64x64xf32> -> !pypto.tensor<32x64xf32>
      %p = pypto.matmul %xk, %w
          : !pypto.tensor<32x64xf32>, !pypto.tensor<64x64xf32> -> !pypto.tensor<32x64xf32>
      pypto.split_aiv none (%lane) {
        %h = pypto.aiv_shard %p : !pypto.tensor<32x64xf32> -> !pypto.tensor<32x64xf32>
        %bb = pypto.slice %b[%r, %c0] [32, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<32x64xf32>
        %first = arith.cmpi eq, %lane, %c0 : index
        scf.if %first {
          %q = pypto.relu %h : !pypto.tensor<32x64xf32>
          %t = pypto.add %q, %bb : !pypto.tensor<32x64xf32>
          pypto.assemble %t into %y0[%r, %c0]
              : !pypto.tensor<32x64xf32> into !pypto.tensor<64x64xf32>
        } else {
          %t = pypto.mul %h, %bb : !pypto.tensor<32x64xf32>
          pypto.assemble %t into %y1[%r, %c0]
              : !pypto.tensor<32x64xf32> into !pypto.tensor<64x64xf32>
        }
      }
    }
    pypto.spmd core_group "rows_vec" blocks(2) (%k) {
      %r = arith.muli %k, %c32 : index
      pypto.split_aiv none (%lane) {
        %off = arith.muli %lane, %c16 : index
        %rr = arith.addi %r, %off : index
        %xr = pypto.slice %x[%rr, %c0] [16, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %ex = pypto.exp %xr : !pypto.tensor<16x64xf32>
        %sum = pypto.row_sum %ex : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
        pypto.assemble %ex into %e[%rr, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
        pypto.assemble %sum into %s[%rr, %c0]
            : !pypto.tensor<16x1xf32> into !pypto.tensor<64x1xf32>
      }
    }
    return
  }
}
