// Forms ptoas 0.27 cannot take as they are, rewritten by pypto-lower-to-pto
// (ptoas-forms.test runs this on both simulators, ptoas-compat.test through
// ptoas): a constant bf16 fill (texpands has no bf16) and an i8 fill (none
// on A2/A3) write their bit patterns through i16 views, and an i32 negation
// (tneg of integers fails in ptoas) is a multiply by -1. The i32 inputs span
// the whole range; 37 i8 columns leave the i16 view an odd tail byte. A
// 1x1 per-row operand (row-major, one valid column) is viewed with its whole
// 32-byte block valid, the only row-major form ptoas's trowexpand<op> take
// (found by pypto-fuzz --ptoas, seed 469004715494). ptoas's tcvt wants
// its source and result equally padded, so a cast's whole group (the casts'
// sources and results, and the tiles a loop carries through them) takes the
// widest padding: 40 f32 columns take 48 like their f16 and bf16 casts, and
// 20 rows of a column vector take 32 like the bf16 one (seed 953019468985).
// Column vectors (Mx1, column-major) are no source of ptoas's column
// reductions and transposes, nor a result of its broadcast ops: those work
// on the 1xM row view (seeds 540122128059, 807271833771, 172867335270).
// A fillpad keeps its source's padding (seed 967510518511).
module @ptoas_forms {
  func.func @ptoas_forms(%x: !pypto.tensor<16x40xi32> {pypto.init = "randint", pypto.init_range = array<i64: -2147483648, 2147483647>},
                         %neg: !pypto.tensor<16x40xi32> {pypto.dir = "out"},
                         %b: !pypto.tensor<16x40xbf16> {pypto.dir = "out"},
                         %i: !pypto.tensor<16x37xi8> {pypto.dir = "out"},
                         %f: !pypto.tensor<1x64xf32> {pypto.init = "randn"},
                         %rx: !pypto.tensor<1x1xf32> {pypto.dir = "out"},
                         %g: !pypto.tensor<20x40xf32> {pypto.init = "randn"},
                         %h: !pypto.tensor<20x40xf16> {pypto.dir = "out"},
                         %loop: !pypto.tensor<20x40xf32> {pypto.dir = "out"},
                         %sums: !pypto.tensor<20x1xbf16> {pypto.dir = "out"},
                         %r: !pypto.tensor<1x20xf32> {pypto.init = "randn"},
                         %cs: !pypto.tensor<1x1xf32> {pypto.dir = "out"},
                         %cm: !pypto.tensor<1x1xf32> {pypto.dir = "out"},
                         %tr: !pypto.tensor<1x20xf32> {pypto.dir = "out"},
                         %tc: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                         %ce: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                         %re: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                         %fc: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                         %fp: !pypto.tensor<20x40xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "forms" {
      %e = arith.constant -2.71875 : bf16
      %m = arith.constant -3 : i8
      %t = pypto.slice %x[%c0, %c0] [16, 40]
          : !pypto.tensor<16x40xi32> -> !pypto.tensor<16x40xi32>
      %n = pypto.neg %t : !pypto.tensor<16x40xi32>
      pypto.assemble %n into %neg[%c0, %c0]
          : !pypto.tensor<16x40xi32> into !pypto.tensor<16x40xi32>
      %fb = pypto.full %e : bf16 -> !pypto.tensor<16x40xbf16>
      pypto.assemble %fb into %b[%c0, %c0]
          : !pypto.tensor<16x40xbf16> into !pypto.tensor<16x40xbf16>
      %fi = pypto.full %m : i8 -> !pypto.tensor<16x37xi8>
      pypto.assemble %fi into %i[%c0, %c0]
          : !pypto.tensor<16x37xi8> into !pypto.tensor<16x37xi8>
      %row = pypto.slice %f[%c0, %c0] [1, 64]
          : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf32>
      %hi = pypto.row_max %row : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x1xf32>
      %lo = pypto.row_min %row : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x1xf32>
      %gap = pypto.row_expand_sub %hi, %lo
          : !pypto.tensor<1x1xf32>, !pypto.tensor<1x1xf32>
      pypto.assemble %gap into %rx[%c0, %c0]
          : !pypto.tensor<1x1xf32> into !pypto.tensor<1x1xf32>
      %gt = pypto.slice %g[%c0, %c0] [20, 40]
          : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x40xf32>
      %half = pypto.cast %gt round rint
          : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x40xf16>
      pypto.assemble %half into %h[%c0, %c0]
          : !pypto.tensor<20x40xf16> into !pypto.tensor<20x40xf16>
      // Each trip rounds the carried sum to bf16 and adds the input again.
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %carried = scf.for %k = %c0 to %c3 step %c1
          iter_args(%acc = %gt) -> (!pypto.tensor<20x40xf32>) {
        %low = pypto.cast %acc round rint
            : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x40xbf16>
        %back = pypto.cast %low round rint
            : !pypto.tensor<20x40xbf16> -> !pypto.tensor<20x40xf32>
        %next = pypto.add %back, %gt : !pypto.tensor<20x40xf32>
        scf.yield %next : !pypto.tensor<20x40xf32>
      }
      pypto.assemble %carried into %loop[%c0, %c0]
          : !pypto.tensor<20x40xf32> into !pypto.tensor<20x40xf32>
      %rs = pypto.row_sum %gt : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x1xf32>
      %rsb = pypto.cast %rs round rint
          : !pypto.tensor<20x1xf32> -> !pypto.tensor<20x1xbf16>
      pypto.assemble %rsb into %sums[%c0, %c0]
          : !pypto.tensor<20x1xbf16> into !pypto.tensor<20x1xbf16>
      %rm = pypto.row_max %gt : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x1xf32>
      %total = pypto.col_sum %rs : !pypto.tensor<20x1xf32> -> !pypto.tensor<1x1xf32>
      pypto.assemble %total into %cs[%c0, %c0]
          : !pypto.tensor<1x1xf32> into !pypto.tensor<1x1xf32>
      %top = pypto.col_max %rm : !pypto.tensor<20x1xf32> -> !pypto.tensor<1x1xf32>
      pypto.assemble %top into %cm[%c0, %c0]
          : !pypto.tensor<1x1xf32> into !pypto.tensor<1x1xf32>
      %rst = pypto.transpose %rs : !pypto.tensor<20x1xf32> -> !pypto.tensor<1x20xf32>
      pypto.assemble %rst into %tr[%c0, %c0]
          : !pypto.tensor<1x20xf32> into !pypto.tensor<1x20xf32>
      %rt = pypto.slice %r[%c0, %c0] [1, 20]
          : !pypto.tensor<1x20xf32> -> !pypto.tensor<1x20xf32>
      %col = pypto.transpose %rt : !pypto.tensor<1x20xf32> -> !pypto.tensor<20x1xf32>
      pypto.assemble %col into %tc[%c0, %c0]
          : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
      %cex = pypto.col_expand_sub %rs, %top
          : !pypto.tensor<20x1xf32>, !pypto.tensor<1x1xf32>
      pypto.assemble %cex into %ce[%c0, %c0]
          : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
      %rex = pypto.row_expand_div %rs, %rm
          : !pypto.tensor<20x1xf32>, !pypto.tensor<20x1xf32>
      pypto.assemble %rex into %re[%c0, %c0]
          : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
      %filled = pypto.col_expand %top : !pypto.tensor<1x1xf32> -> !pypto.tensor<20x1xf32>
      %same = pypto.row_expand %filled : !pypto.tensor<20x1xf32> -> !pypto.tensor<20x1xf32>
      %fcs = pypto.add %same, %rs : !pypto.tensor<20x1xf32>
      pypto.assemble %fcs into %fc[%c0, %c0]
          : !pypto.tensor<20x1xf32> into !pypto.tensor<20x1xf32>
      %c13 = arith.constant 13 : index
      %c29 = arith.constant 29 : index
      %wide = pypto.cast %half round rint
          : !pypto.tensor<20x40xf16> -> !pypto.tensor<20x40xf32>
      %padded = pypto.fillpad %wide valid [%c13, %c29] pad zero
          : !pypto.tensor<20x40xf32> -> !pypto.tensor<20x40xf32>
      pypto.assemble %padded into %fp[%c0, %c0]
          : !pypto.tensor<20x40xf32> into !pypto.tensor<20x40xf32>
    }
    return
  }
}
