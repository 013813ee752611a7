// An integer division by a divisor read from GM, which is zero: in the
// orchestration (ORCH) or, with the orchestration's division removed, in a
// kernel (KERNEL). The run stops at the division with its location instead
// of a SIGFPE.
module @div_zero attributes {pypto.golden = "div_zero.golden.py"} {
  func.func @div_zero(%z: !pypto.tensor<2xi32> {pypto.init = "zeros"},
                      %out: !pypto.tensor<2xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %seven = arith.constant 7 : i32
    %d = pypto.read %z[%c0] : !pypto.tensor<2xi32> -> i32
    %q = arith.divsi %seven, %d : i32
    pypto.write %q into %out[%c0] : i32 into !pypto.tensor<2xi32>
    pypto.at core_group "divide" {
      %kd = pypto.read %z[%c1] : !pypto.tensor<2xi32> -> i32
      %kq = arith.remui %seven, %kd : i32
      pypto.write %kq into %out[%c1] : i32 into !pypto.tensor<2xi32>
    }
    return
  }
}
