// The tiny-task benchmark: 8192 independent tasks, each adding two 16x16
// f32 blocks (z = x + y block by block). The runtime phase over 8192 is the
// cost of a small task end to end: submit, dependency tracking, dispatch,
// the kernel's loads, add and store, completion (bench/e2e.sh).
module @tiny_adds attributes {pypto.golden = "tiny_adds.golden.py",
                              pypto.rtol = 1.0e-6 : f64,
                              pypto.atol = 1.0e-6 : f64} {
  func.func @tiny_adds(%x: !pypto.tensor<131072x16xf32> {pypto.init = "randn"},
                       %y: !pypto.tensor<131072x16xf32> {pypto.init = "randn"},
                       %z: !pypto.tensor<131072x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %cN = arith.constant 131072 : index
    scf.for %r = %c0 to %cN step %c16 {
      pypto.at core_group "add16" {
        %a = pypto.slice %x[%r, %c0] [16, 16]
            : !pypto.tensor<131072x16xf32> -> !pypto.tensor<16x16xf32>
        %b = pypto.slice %y[%r, %c0] [16, 16]
            : !pypto.tensor<131072x16xf32> -> !pypto.tensor<16x16xf32>
        %s = pypto.add %a, %b : !pypto.tensor<16x16xf32>
        pypto.assemble %s into %z[%r, %c0]
            : !pypto.tensor<16x16xf32> into !pypto.tensor<131072x16xf32>
      }
    } {pypto.loop = "parallel"}
    return
  }
}
