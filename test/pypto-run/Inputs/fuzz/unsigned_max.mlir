// Found while checking the reference interpreter against the simulator:
// kernel C++ typed ui8 data as int8_t, so max (and relu, div, casts, pad
// values) treated 200 as -56. Values drawn from [0, 256) straddle 128.
module @u8max {
  func.func @u8max(%x: !pypto.tensor<2x32xui8> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>},
                   %z: !pypto.tensor<2x32xui8> {pypto.init = "randint", pypto.init_range = array<i64: 0, 256>},
                   %y: !pypto.tensor<2x32xui8> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "k" {
      %a = pypto.slice %x[%c0, %c0] [2, 32] : !pypto.tensor<2x32xui8> -> !pypto.tensor<2x32xui8>
      %b = pypto.slice %z[%c0, %c0] [2, 32] : !pypto.tensor<2x32xui8> -> !pypto.tensor<2x32xui8>
      %m = pypto.max %a, %b : !pypto.tensor<2x32xui8>
      pypto.assemble %m into %y[%c0, %c0] : !pypto.tensor<2x32xui8> into !pypto.tensor<2x32xui8>
    }
    return
  }
}
