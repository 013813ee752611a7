// pypto's set_validshape as pypto-lib uses it:
// - "mask": the scores of row b are valid up to lens[b] (read in the
//   kernel); fillpad(set_validshape(s, 1, len), min) then a softmax, so the
//   masked columns get probability 0 (dspark decode_indexer's top-k mask);
// - "tail": a product's rows are valid up to rows[0]; exp and a bf16 cast
//   of the narrowed value keep the region, and the assemble writes those
//   rows only (the others keep the tensor's zeros);
// - "whole": a narrowing to the whole tile, as before pypto-lib's
//   aiv_shard (lm_head), is dropped.
module @set_validshape attributes {pypto.golden = "set_validshape.golden.py",
                                   pypto.rtol = 2.0e-2 : f64,
                                   pypto.atol = 2.0e-2 : f64} {
  func.func @set_validshape(%s: !pypto.tensor<4x64xf32> {pypto.init = "randn"},
                            %lens: !pypto.tensor<4xi32> {pypto.init = dense<[64, 37, 1, 20]> : tensor<4xi32>},
                            %a: !pypto.tensor<16x32xf32> {pypto.init = "randn"},
                            %w: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
                            %rows: !pypto.tensor<1xi32> {pypto.init = dense<[11]> : tensor<1xi32>},
                            %p: !pypto.tensor<4x64xf32> {pypto.dir = "out"},
                            %t: !pypto.tensor<16x64xbf16> {pypto.dir = "inout", pypto.init = "zeros"},
                            %whole: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    pypto.spmd core_group "mask" blocks(4) (%b) {
      %row = pypto.slice %s[%b, %c0] [1, 64] : !pypto.tensor<4x64xf32> -> !pypto.tensor<1x64xf32>
      %len32 = pypto.read %lens[%b] : !pypto.tensor<4xi32> -> i32
      %len = arith.index_cast %len32 : i32 to index
      %v = pypto.set_validshape %row valid [%c1, %len] : !pypto.tensor<1x64xf32>
      %m = pypto.fillpad %v valid [%c1, %c64] pad min : !pypto.tensor<1x64xf32>
      %mx = pypto.row_max %m : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x1xf32>
      %d = pypto.row_expand_sub %m, %mx : !pypto.tensor<1x64xf32>, !pypto.tensor<1x1xf32>
      %e = pypto.exp %d : !pypto.tensor<1x64xf32>
      %sum = pypto.row_sum %e : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x1xf32>
      %pr = pypto.row_expand_div %e, %sum : !pypto.tensor<1x64xf32>, !pypto.tensor<1x1xf32>
      pypto.assemble %pr into %p[%b, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
    }
    pypto.at core_group "tail" {
      %prod = pypto.matmul %a, %w : !pypto.tensor<16x32xf32>, !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
      %n32 = pypto.read %rows[%c0] : !pypto.tensor<1xi32> -> i32
      %n = arith.index_cast %n32 : i32 to index
      %v = pypto.set_validshape %prod valid [%n, %c64] : !pypto.tensor<16x64xf32>
      %half = arith.constant 0.25 : f32
      %sc = pypto.muls %v, %half : !pypto.tensor<16x64xf32>, f32
      %e = pypto.exp %sc : !pypto.tensor<16x64xf32>
      %b16 = pypto.cast %e round rint : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xbf16>
      pypto.assemble %b16 into %t[%c0, %c0] : !pypto.tensor<16x64xbf16> into !pypto.tensor<16x64xbf16>
    }
    pypto.at core_group "whole" {
      %prod = pypto.matmul %a, %w : !pypto.tensor<16x32xf32>, !pypto.tensor<32x64xf32> -> !pypto.tensor<16x64xf32>
      %v = pypto.set_validshape %prod valid [%c16, %c64] : !pypto.tensor<16x64xf32>
      %r = pypto.relu %v : !pypto.tensor<16x64xf32>
      pypto.assemble %r into %whole[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    return
  }
}
