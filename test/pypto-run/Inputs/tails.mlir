// Shapes that are not tile multiples (tails.test): 5x37 vec tiles (rows
// padded from 37 to 40 floats), row and column reductions over them, and a
// 20x24 . 24x12 f32 matmul and a 20x40 . 40x12 bf16 one (every side a
// partial fractal).
module @tails attributes {pypto.golden = "tails.golden.py",
                          pypto.rtol = 1.0e-5 : f64, pypto.atol = 1.0e-5 : f64} {
  func.func @tails(%x: !pypto.tensor<20x37xf32> {pypto.init = "randn"},
                   %a: !pypto.tensor<20x24xf32> {pypto.init = "randn"},
                   %b: !pypto.tensor<24x12xf32> {pypto.init = "randn"},
                   %y: !pypto.tensor<20x37xf32> {pypto.dir = "out"},
                   %rs: !pypto.tensor<20x1xf32> {pypto.dir = "out"},
                   %cs: !pypto.tensor<4x37xf32> {pypto.dir = "out"},
                   %c: !pypto.tensor<20x12xf32> {pypto.dir = "out"},
                   %a16: !pypto.tensor<20x40xbf16> {pypto.init = "randn"},
                   %b16: !pypto.tensor<40x12xbf16> {pypto.init = "randn"},
                   %c16: !pypto.tensor<20x12xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %r = arith.muli %i, %c5 : index
      pypto.at core_group "rows" {
        %t = pypto.slice %x[%r, %c0] [5, 37] : !pypto.tensor<20x37xf32> -> !pypto.tensor<5x37xf32>
        %k = arith.constant 1.7 : f32
        %s = pypto.muls %t, %k : !pypto.tensor<5x37xf32>, f32
        %e = pypto.exp %s : !pypto.tensor<5x37xf32>
        pypto.assemble %e into %y[%r, %c0] : !pypto.tensor<5x37xf32> into !pypto.tensor<20x37xf32>
        %sum = pypto.row_sum %e : !pypto.tensor<5x37xf32> -> !pypto.tensor<5x1xf32>
        pypto.assemble %sum into %rs[%r, %c0] : !pypto.tensor<5x1xf32> into !pypto.tensor<20x1xf32>
        %mx = pypto.col_max %t : !pypto.tensor<5x37xf32> -> !pypto.tensor<1x37xf32>
        pypto.assemble %mx into %cs[%i, %c0] : !pypto.tensor<1x37xf32> into !pypto.tensor<4x37xf32>
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "mm" {
      %p = pypto.matmul %a, %b : !pypto.tensor<20x24xf32>, !pypto.tensor<24x12xf32> -> !pypto.tensor<20x12xf32>
      pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<20x12xf32> into !pypto.tensor<20x12xf32>
    }
    pypto.at core_group "mm16" {
      %p = pypto.matmul %a16, %b16 : !pypto.tensor<20x40xbf16>, !pypto.tensor<40x12xbf16> -> !pypto.tensor<20x12xf32>
      pypto.assemble %p into %c16[%c0, %c0] : !pypto.tensor<20x12xf32> into !pypto.tensor<20x12xf32>
    }
    return
  }
}
