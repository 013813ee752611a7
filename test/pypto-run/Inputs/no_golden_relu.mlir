// A program with no golden (reference-golden.test): y = relu(x) * 0.5 + 1
// and the row sums of y, over 40x37 in blocks of 8 rows (tiles of 8x37, rows
// padded to 40 floats: the row sum must skip the padding). Only
// --golden=reference validates it.
module @no_golden_relu attributes {pypto.rtol = 1.0e-5 : f64, pypto.atol = 1.0e-5 : f64} {
  func.func @no_golden_relu(%x: !pypto.tensor<40x37xf32> {pypto.init = "randn"},
                            %y: !pypto.tensor<40x37xf32> {pypto.dir = "out"},
                            %rs: !pypto.tensor<40x1xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c40 = arith.constant 40 : index
    scf.for %r = %c0 to %c40 step %c8 {
      pypto.at core_group "relu_rows" {
        %half = arith.constant 0.5 : f32
        %one = arith.constant 1.0 : f32
        %t = pypto.slice %x[%r, %c0] [8, 37] : !pypto.tensor<40x37xf32> -> !pypto.tensor<8x37xf32>
        %p = pypto.relu %t : !pypto.tensor<8x37xf32>
        %h = pypto.muls %p, %half : !pypto.tensor<8x37xf32>, f32
        %s = pypto.adds %h, %one : !pypto.tensor<8x37xf32>, f32
        pypto.assemble %s into %y[%r, %c0] : !pypto.tensor<8x37xf32> into !pypto.tensor<40x37xf32>
        %sum = pypto.row_sum %s : !pypto.tensor<8x37xf32> -> !pypto.tensor<8x1xf32>
        pypto.assemble %sum into %rs[%r, %c0] : !pypto.tensor<8x1xf32> into !pypto.tensor<40x1xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
