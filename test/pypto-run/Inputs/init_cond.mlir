// matmul_acc with init_cond (pypto's `init_cond`): a K-loop that starts
// from a placeholder and overwrites on its first step, one that restarts at
// a chunk read from data (the steps before it accumulate, then are
// dropped), and a step with a constant true condition whose operands exceed
// L0B (split along K, the condition on the first slice) onto an output
// window it never reads. The first loop's result is also vector work's
// operand (the placeholder's buffer is an acc tile, the result moved out).
module @init_cond attributes {pypto.golden = "init_cond.golden.py"} {
  func.func @init_cond(%a: !pypto.tensor<16x256xf32> {pypto.init = "randn"},
                       %b: !pypto.tensor<256x64xf32> {pypto.init = "randn"},
                       %split: !pypto.tensor<1xi32> {pypto.init = dense<[2]> : tensor<1xi32>},
                       %wa: !pypto.tensor<16x512xbf16> {pypto.init = "randn"},
                       %wb: !pypto.tensor<512x128xbf16> {pypto.init = "randn"},
                       %s: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                       %t: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                       %u: !pypto.tensor<16x128xf32> {pypto.dir = "out"},
                       %h: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    pypto.at core_group "k_loops" {
      %zero = arith.constant 0.0 : f32
      %z = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
      %r = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %z) -> (!pypto.tensor<16x64xf32>) {
        %first = arith.cmpi eq, %k, %c0 : index
        %as = pypto.slice %a[%c0, %k] [16, 64] : !pypto.tensor<16x256xf32>
        %bs = pypto.slice %b[%k, %c0] [64, 64] : !pypto.tensor<256x64xf32>
        %n = pypto.matmul_acc %acc, %as, %bs init %first : !pypto.tensor<16x64xf32>, !pypto.tensor<64x64xf32>
        scf.yield %n : !pypto.tensor<16x64xf32>
      }
      pypto.assemble %r into %s[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %half = arith.constant 0.5 : f32
      %hr = pypto.muls %r, %half : !pypto.tensor<16x64xf32>, f32
      pypto.assemble %hr into %h[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %sp = pypto.read %split[%c0] : !pypto.tensor<1xi32> -> i32
      %spi = arith.index_cast %sp : i32 to index
      %restart = arith.muli %spi, %c64 : index
      %r2 = scf.for %k = %c0 to %c256 step %c64 iter_args(%acc = %z) -> (!pypto.tensor<16x64xf32>) {
        %again = arith.cmpi eq, %k, %restart : index
        %as = pypto.slice %a[%c0, %k] [16, 64] : !pypto.tensor<16x256xf32>
        %bs = pypto.slice %b[%k, %c0] [64, 64] : !pypto.tensor<256x64xf32>
        %n = pypto.matmul_acc %acc, %as, %bs init %again : !pypto.tensor<16x64xf32>, !pypto.tensor<64x64xf32>
        scf.yield %n : !pypto.tensor<16x64xf32>
      }
      pypto.assemble %r2 into %t[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
      %true = arith.constant true
      %m = pypto.matmul_acc %u, %wa, %wb init %true : !pypto.tensor<16x512xbf16>, !pypto.tensor<512x128xbf16>
      pypto.assemble %m into %u[%c0, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
    }
    return
  }
}
