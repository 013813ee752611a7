// pypto.gather_compare (pypto's gather(x, kvalue=k, cmp_mode=..., out_cols=N,
// offset=...), pto-isa's compare-form TGATHER): per row, the columns that
// compare true with k (plus the offset) and their number.
// - "gt": f32 rows of 37 columns (a tail past the 32-byte blocks), k = 0.25
//   from randn, offset 3: the counts differ from row to row, and -1 fills
//   each row of the indices past its count;
// - "eq": i32 values with repeats, k = 2, rows with 0, 1 and 5 matches;
// - "f16": a computed f16 source (x * 2), gt a k read from an f32 scalar
//   parameter (truncated to f16 in the kernel); its indices feed further vector work (+100) and its counts a
//   row of their own.
module @gather_compare attributes {pypto.golden = "gather_compare.golden.py"} {
  func.func @gather_compare(
      %x: !pypto.tensor<4x37xf32> {pypto.init = "randn"},
      %v: !pypto.tensor<3x16xi32> {pypto.init = dense<[[2, 0, 2, 5, 2, 2, 7, 1, 2, 9, 9, 9, 3, 3, 3, 3], [0, 1, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]]> : tensor<3x16xi32>},
      %h: !pypto.tensor<2x64xf16> {pypto.init = "randn"},
      %k32: f32 {pypto.value = 0.5 : f32},
      %idx: !pypto.tensor<4x37xi32> {pypto.dir = "out"},
      %count: !pypto.tensor<1x4xi32> {pypto.dir = "out"},
      %eidx: !pypto.tensor<3x8xi32> {pypto.dir = "out"},
      %ecount: !pypto.tensor<1x3xi32> {pypto.dir = "out"},
      %hidx: !pypto.tensor<2x64xi32> {pypto.dir = "out"},
      %hcount: !pypto.tensor<1x2xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "gt" {
      %quarter = arith.constant 0.25 : f32
      %i, %n = pypto.gather_compare gt %x, %quarter offset 3 : !pypto.tensor<4x37xf32>, f32 -> !pypto.tensor<4x37xi32>, !pypto.tensor<1x4xi32>
      pypto.assemble %i into %idx[%c0, %c0] : !pypto.tensor<4x37xi32> into !pypto.tensor<4x37xi32>
      pypto.assemble %n into %count[%c0, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<1x4xi32>
    }
    pypto.at core_group "eq" {
      %two = arith.constant 2 : i32
      %i, %n = pypto.gather_compare eq %v, %two offset 0 : !pypto.tensor<3x16xi32>, i32 -> !pypto.tensor<3x8xi32>, !pypto.tensor<1x3xi32>
      pypto.assemble %i into %eidx[%c0, %c0] : !pypto.tensor<3x8xi32> into !pypto.tensor<3x8xi32>
      pypto.assemble %n into %ecount[%c0, %c0] : !pypto.tensor<1x3xi32> into !pypto.tensor<1x3xi32>
    }
    pypto.at core_group "f16" {
      %two = arith.constant 2.0 : f16
      %hundred = arith.constant 100 : i32
      %d = pypto.muls %h, %two : !pypto.tensor<2x64xf16>, f16
      %k = arith.truncf %k32 : f32 to f16
      %i, %n = pypto.gather_compare gt %d, %k offset 0 : !pypto.tensor<2x64xf16>, f16 -> !pypto.tensor<2x64xi32>, !pypto.tensor<1x2xi32>
      %shifted = pypto.adds %i, %hundred : !pypto.tensor<2x64xi32>, i32
      pypto.assemble %shifted into %hidx[%c0, %c0] : !pypto.tensor<2x64xi32> into !pypto.tensor<2x64xi32>
      pypto.assemble %n into %hcount[%c0, %c0] : !pypto.tensor<1x2xi32> into !pypto.tensor<1x2xi32>
    }
    return
  }
}
