// Rows of GM tensors by index (pypto's tile.mgather / tile.mscatter, row
// mode):
// - "gather": rows of a table (its row count bound per run) chosen by an
//   index row read from GM, exp'd into `picked`;
// - "scatter": rows 2 * x written into a cache at slots read from GM (slot
//   5 twice: the later row stays), the other rows kept;
// - "accumulate": rows added into a zeroed table at computed slots
//   (arange, rem 4: every slot several times, atomic_add).
module @mgather attributes {pypto.golden = "mgather.golden.py"} {
  func.func @mgather(%table: !pypto.tensor<?x64xf32> {pypto.init = "randn", pypto.shape = array<i64: 40, 64>},
                     %slots: !pypto.tensor<1x16xi32> {pypto.init = dense<[[3, 0, 39, 7, 7, 12, 1, 38, 20, 5, 5, 2, 31, 9, 16, 11]]> : tensor<1x16xi32>},
                     %x: !pypto.tensor<8x32xf32> {pypto.init = "randn"},
                     %wslots: !pypto.tensor<1x8xi32> {pypto.init = dense<[[5, 2, 9, 0, 5, 11, 14, 6]]> : tensor<1x8xi32>},
                     %picked: !pypto.tensor<16x64xf32> {pypto.dir = "out"},
                     %cache: !pypto.tensor<16x32xf32> {pypto.dir = "inout", pypto.init = "randn"},
                     %acc: !pypto.tensor<4x32xf32> {pypto.dir = "inout", pypto.init = "zeros"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "gather" {
      %rows = pypto.mgather %table[%slots] : !pypto.tensor<?x64xf32>, !pypto.tensor<1x16xi32> -> !pypto.tensor<16x64xf32>
      %e = pypto.exp %rows : !pypto.tensor<16x64xf32>
      pypto.assemble %e into %picked[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
    }
    pypto.at core_group "scatter" {
      %two = arith.constant 2.0 : f32
      %d = pypto.muls %x, %two : !pypto.tensor<8x32xf32>, f32
      pypto.mscatter %d, %cache[%wslots] : !pypto.tensor<8x32xf32>, !pypto.tensor<1x8xi32> into !pypto.tensor<16x32xf32>
    }
    pypto.at core_group "accumulate" {
      %zero = arith.constant 0 : i32
      %four = arith.constant 4 : i32
      %ramp = pypto.arange %zero : i32 -> !pypto.tensor<1x8xi32>
      %at = pypto.rems %ramp, %four : !pypto.tensor<1x8xi32>, i32
      pypto.mscatter %x, %acc[%at] atomic_add : !pypto.tensor<8x32xf32>, !pypto.tensor<1x8xi32> into !pypto.tensor<4x32xf32>
    }
    return
  }
}
