// Found by pypto-fuzz (kernel loops carrying scalars in the generator,
// program seed 1373), minimised by hand: in a kernel with cube and vector
// work, a loop scanning a row of the product (a vec tile) for its maximum,
// which only vector work uses, was refused: "'scf.for' op uses an element
// read from a vec tile, which only the AIV part of this mixed kernel has".
// ExpandMixedKernel now drops scalar work that only feeds the other part's
// ops from a part.
module @scalar_scan_mixed attributes {pypto.rtol = 1.0e-4 : f64, pypto.atol = 1.0e-4 : f64} {
  func.func @scalar_scan_mixed(%a: !pypto.tensor<16x32xf32> {pypto.init = "randn"},
                               %b: !pypto.tensor<32x16xf32> {pypto.init = "randn"},
                               %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %c16 = arith.constant 16 : index
    pypto.at core_group "k" {
      %m = pypto.matmul %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<32x16xf32>
      %first = pypto.read %m[%c15, %c0] : !pypto.tensor<16x16xf32> -> f32
      %mx = scf.for %j = %c0 to %c16 step %c1 iter_args(%acc = %first) -> (f32) {
        %v = pypto.read %m[%c15, %j] : !pypto.tensor<16x16xf32> -> f32
        %n = arith.maximumf %acc, %v : f32
        scf.yield %n : f32
      } {pypto.loop = "range"}
      %r = pypto.subs %m, %mx : !pypto.tensor<16x16xf32>, f32
      pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
    }
    return
  }
}
