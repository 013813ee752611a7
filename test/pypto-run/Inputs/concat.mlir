// pypto.concat as pypto-lib uses it: two bf16 casts side by side (dspark
// decode_indexer), a column window of a value next to another (the
// sparse-attention kernels' n[:, :448] ++ rope), and f32 operands of 36 and
// 20 columns, whose tiles are padded: the second must start at column 36.
module @concat attributes {pypto.golden = "concat.golden.py"} {
  func.func @concat(
      %a: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
      %b: !pypto.tensor<32x64xf32> {pypto.init = "randn"},
      %n: !pypto.tensor<16x512xbf16> {pypto.init = "randn"},
      %r: !pypto.tensor<16x64xbf16> {pypto.init = "randn"},
      %x: !pypto.tensor<8x36xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<8x20xf32> {pypto.init = "randn"},
      %ab: !pypto.tensor<32x128xbf16> {pypto.dir = "out"},
      %nr: !pypto.tensor<16x512xbf16> {pypto.dir = "out"},
      %xy: !pypto.tensor<8x56xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "casts" {
      %ha = pypto.cast %a : !pypto.tensor<32x64xf32> -> !pypto.tensor<32x64xbf16>
      %hb = pypto.cast %b : !pypto.tensor<32x64xf32> -> !pypto.tensor<32x64xbf16>
      %c = pypto.concat %ha, %hb : !pypto.tensor<32x64xbf16>, !pypto.tensor<32x64xbf16> -> !pypto.tensor<32x128xbf16>
      pypto.assemble %c into %ab[%c0, %c0] : !pypto.tensor<32x128xbf16> into !pypto.tensor<32x128xbf16>
    }
    pypto.at core_group "window" {
      %w = pypto.slice %n[%c0, %c0] [16, 448] : !pypto.tensor<16x512xbf16> -> !pypto.tensor<16x448xbf16>
      %c = pypto.concat %w, %r : !pypto.tensor<16x448xbf16>, !pypto.tensor<16x64xbf16> -> !pypto.tensor<16x512xbf16>
      pypto.assemble %c into %nr[%c0, %c0] : !pypto.tensor<16x512xbf16> into !pypto.tensor<16x512xbf16>
    }
    pypto.at core_group "padded" {
      %c = pypto.concat %x, %y : !pypto.tensor<8x36xf32>, !pypto.tensor<8x20xf32> -> !pypto.tensor<8x56xf32>
      pypto.assemble %c into %xy[%c0, %c0] : !pypto.tensor<8x56xf32> into !pypto.tensor<8x56xf32>
    }
    return
  }
}
