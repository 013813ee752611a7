// Values out of kernels: "gate" and "up" return their products as region
// results (no buffer declared for them); "silu" reads both and writes
// silu(gate) * up. "scale" returns a window of an input scaled, and a 1-D
// row sum, which "combine" reads after "silu" has run; the loop's regions
// each return a value used in the same iteration.
module @region_results attributes {pypto.golden = "region_results.golden.py",
                                   pypto.rtol = 1.0e-3 : f64,
                                   pypto.atol = 1.0e-3 : f64} {
  func.func @region_results(
      %x: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
      %wg: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
      %wu: !pypto.tensor<64x32xf32> {pypto.init = "randn"},
      %h: !pypto.tensor<16x32xf32> {pypto.dir = "out"},
      %y: !pypto.tensor<4x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %gate = pypto.at core_group "gate" -> (!pypto.tensor<16x32xf32>) {
      %g = pypto.matmul %x, %wg : !pypto.tensor<16x64xf32>, !pypto.tensor<64x32xf32>
      pypto.yield %g : !pypto.tensor<16x32xf32>
    }
    %t, %up = pypto.at core_group "up" -> (!pypto.tensor<16x32xf32>) {
      %u = pypto.matmul %x, %wu : !pypto.tensor<16x64xf32>, !pypto.tensor<64x32xf32>
      pypto.yield %u : !pypto.tensor<16x32xf32>
    }
    pypto.at core_group "silu" deps(%t) {
      %n = pypto.neg %gate : !pypto.tensor<16x32xf32>
      %e = pypto.exp %n : !pypto.tensor<16x32xf32>
      %d = pypto.adds %e, %one : !pypto.tensor<16x32xf32>, f32
      %s = pypto.div %gate, %d : !pypto.tensor<16x32xf32>
      %m = pypto.mul %s, %up : !pypto.tensor<16x32xf32>
      pypto.assemble %m into %h[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %col = arith.muli %i, %c16 : index
      %scaled, %sums = pypto.at core_group "scale" -> (!pypto.tensor<16x16xf32>, !pypto.tensor<16xf32>) {
        %xs = pypto.slice %x[%c0, %col] [16, 16] : !pypto.tensor<16x64xf32>
        %a = pypto.adds %xs, %one : !pypto.tensor<16x16xf32>, f32
        %r = pypto.row_sum %a : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xf32>
        %r1 = pypto.reshape %r : !pypto.tensor<16x1xf32> -> !pypto.tensor<16xf32>
        pypto.yield %a, %r1 : !pypto.tensor<16x16xf32>, !pypto.tensor<16xf32>
      }
      pypto.at core_group "combine" {
        %r2 = pypto.reshape %sums : !pypto.tensor<16xf32> -> !pypto.tensor<1x16xf32>
        %c = pypto.col_sum %scaled : !pypto.tensor<16x16xf32> -> !pypto.tensor<1x16xf32>
        %z = pypto.sub %r2, %c : !pypto.tensor<1x16xf32>
        pypto.assemble %z into %y[%i, %c0] : !pypto.tensor<1x16xf32> into !pypto.tensor<4x16xf32>
      }
    } {pypto.loop = "range"}
    return
  }
}
