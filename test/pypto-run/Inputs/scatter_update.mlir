// pypto's tensor.scatter_update (2-D): rows of src into a KV cache at the
// slots a b x s index names, in row-major order of the index.
// - "update": 2 x 4 slots read from GM (slot 9 twice, across the index's
//   rows: the later row stays), rows 3 * x + 1 computed in the kernel;
// - "ramp": a 1 x 8 computed index (slots 15, 13, ..., 1: every other row
//   from the end) and rows of an input window.
// The other rows of the caches keep their values.
module @scatter_update attributes {pypto.golden = "scatter_update.golden.py"} {
  func.func @scatter_update(
      %x: !pypto.tensor<8x32xf32> {pypto.init = "randn"},
      %slots: !pypto.tensor<2x4xi32> {pypto.init = dense<[[9, 2, 14, 0], [5, 9, 11, 6]]> : tensor<2x4xi32>},
      %cache: !pypto.tensor<16x32xf32> {pypto.dir = "inout", pypto.init = "randn"},
      %cache2: !pypto.tensor<16x32xf32> {pypto.dir = "inout", pypto.init = "randn"}) {
    pypto.at core_group "update" {
      %three = arith.constant 3.0 : f32
      %one = arith.constant 1.0 : f32
      %t = pypto.muls %x, %three : !pypto.tensor<8x32xf32>, f32
      %v = pypto.adds %t, %one : !pypto.tensor<8x32xf32>, f32
      pypto.scatter_update %v, %cache[%slots] : !pypto.tensor<8x32xf32>, !pypto.tensor<2x4xi32> into !pypto.tensor<16x32xf32>
    }
    pypto.at core_group "ramp" {
      %c15 = arith.constant 15 : i32
      %c2 = arith.constant 2 : i32
      %ramp = pypto.arange %c15 descending : i32 -> !pypto.tensor<1x8xi32>
      %twice = pypto.muls %ramp, %c2 : !pypto.tensor<1x8xi32>, i32
      %odd = pypto.subs %twice, %c15 : !pypto.tensor<1x8xi32>, i32
      pypto.scatter_update %x, %cache2[%odd] : !pypto.tensor<8x32xf32>, !pypto.tensor<1x8xi32> into !pypto.tensor<16x32xf32>
    }
    return
  }
}
