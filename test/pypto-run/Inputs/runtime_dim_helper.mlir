// A helper written for a run-time row count, called on static slices: each
// slice is seen as `?x64` (pypto.reshape of a static tensor to a run-time
// dimension: the element count over the others, 8 here). Rows 0..7 are
// doubled, rows 8..15 negated; a wrong row count would write past a slice
// (into the other half) or leave rows unwritten.
module @runtime_dim_helper attributes {pypto.golden = "runtime_dim_helper.golden.py"} {
  func.func private @rowwise(%x: !pypto.tensor<?x64xf32>, %y: !pypto.tensor<?x64xf32>, %negate: i1) {
    %c0 = arith.constant 0 : index
    %t = pypto.dim %x, 0 : !pypto.tensor<?x64xf32>
    pypto.spmd core_group "rowwise" blocks(%t) (%b) {
      %r = pypto.slice %x[%b, %c0] [1, 64] : !pypto.tensor<?x64xf32>
      %d = scf.if %negate -> (!pypto.tensor<1x64xf32>) {
        %n = pypto.neg %r : !pypto.tensor<1x64xf32>
        scf.yield %n : !pypto.tensor<1x64xf32>
      } else {
        %a = pypto.add %r, %r : !pypto.tensor<1x64xf32>
        scf.yield %a : !pypto.tensor<1x64xf32>
      }
      pypto.assemble %d into %y[%b, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<?x64xf32>
    }
    return
  }
  func.func @runtime_dim_helper(%x: !pypto.tensor<16x64xf32> {pypto.init = "randn"},
                                %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %false = arith.constant false
    %true = arith.constant true
    %x0 = pypto.slice %x[%c0, %c0] [8, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<8x64xf32>
    %y0 = pypto.slice %y[%c0, %c0] [8, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<8x64xf32>
    %x0d = pypto.reshape %x0 : !pypto.tensor<8x64xf32> -> !pypto.tensor<?x64xf32>
    %y0d = pypto.reshape %y0 : !pypto.tensor<8x64xf32> -> !pypto.tensor<?x64xf32>
    func.call @rowwise(%x0d, %y0d, %false) : (!pypto.tensor<?x64xf32>, !pypto.tensor<?x64xf32>, i1) -> ()
    %x1 = pypto.slice %x[%c8, %c0] [8, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<8x64xf32>
    %y1 = pypto.slice %y[%c8, %c0] [8, 64] : !pypto.tensor<16x64xf32> -> !pypto.tensor<8x64xf32>
    %x1d = pypto.reshape %x1 : !pypto.tensor<8x64xf32> -> !pypto.tensor<?x64xf32>
    %y1d = pypto.reshape %y1 : !pypto.tensor<8x64xf32> -> !pypto.tensor<?x64xf32>
    func.call @rowwise(%x1d, %y1d, %true) : (!pypto.tensor<?x64xf32>, !pypto.tensor<?x64xf32>, i1) -> ()
    return
  }
}
