// Scalar reads and writes in kernels and in the orchestration:
// - flag_rows reads elements of a computed tile (row maxima), writes a flag
//   per row into GM and keeps a running count in GM that it reads back
//   after each write; the orchestration zeroes the count before the task.
// - the orchestration reads a count the kernels wrote and writes it into
//   an output element.
// - mixed_peak (cube + vector) reads an element of a matmul product's row
//   maxima on its AIV part and both uses it and writes it to GM.
module @scalar_access attributes {pypto.golden = "scalar_access.golden.py",
                                  pypto.rtol = 1.0e-4 : f64,
                                  pypto.atol = 1.0e-4 : f64} {
  func.func @scalar_access(
      %x: !pypto.tensor<32x16xf32> {pypto.init = "randn"},
      %w: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
      %flags: !pypto.tensor<32xi32> {pypto.dir = "out"},
      %count: !pypto.tensor<2xi32> {pypto.dir = "out"},
      %peak: !pypto.tensor<2x1xf32> {pypto.dir = "out"},
      %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %threshold = arith.constant 1.5 : f32
    scf.for %b = %c0 to %c2 step %c1 {
      pypto.write %zero into %count[%b] : i32 into !pypto.tensor<2xi32>
      %r = arith.muli %b, %c16 : index
      pypto.at core_group "flag_rows" {
        %xb = pypto.slice %x[%r, %c0] [16, 16]
            : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
        %m = pypto.row_max %xb : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xf32>
        scf.for %i = %c0 to %c16 step %c1 {
          %v = pypto.read %m[%i, %c0] : !pypto.tensor<16x1xf32> -> f32
          %hit = arith.cmpf ogt, %v, %threshold : f32
          %f = arith.select %hit, %one, %zero : i32
          %row = arith.addi %r, %i : index
          pypto.write %f into %flags[%row] : i32 into !pypto.tensor<32xi32>
          %n = pypto.read %count[%b] : !pypto.tensor<2xi32> -> i32
          %n2 = arith.addi %n, %f : i32
          pypto.write %n2 into %count[%b] : i32 into !pypto.tensor<2xi32>
        }
      }
    } {pypto.loop = "parallel"}
    pypto.at core_group "mixed_peak" {
      %xb = pypto.slice %x[%c0, %c0] [16, 16]
          : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
      %p = pypto.matmul %xb, %w
          : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
      %m = pypto.row_max %p : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xf32>
      %v = pypto.read %m[%c3, %c0] : !pypto.tensor<16x1xf32> -> f32
      pypto.write %v into %peak[%c0, %c0] : f32 into !pypto.tensor<2x1xf32>
      %q = pypto.adds %p, %v : !pypto.tensor<16x16xf32>, f32
      pypto.assemble %q into %y[%c0, %c0]
          : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
    }
    %n1 = pypto.read %count[%c1] : !pypto.tensor<2xi32> -> i32
    %nf = arith.sitofp %n1 : i32 to f32
    pypto.write %nf into %peak[%c1, %c0] : f32 into !pypto.tensor<2x1xf32>
    return
  }
}
