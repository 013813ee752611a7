// arange, gather by index, cmp/cmps and sel/sels in kernels, each result
// written out and checked against torch (index_select.golden.py):
// - ramps: ascending from a run-time start (the block index times 100) and
//   descending i16 from 3, which passes below zero;
// - gather: 6 rows of a 8x36 source (36 columns: a row of 144 bytes, so
//   the tile's rows are padded) by a 6x50 index wider than the source;
// - compares of random values against random values and a scalar, their
//   0/1 results used as select masks, and an i32 equality.
module @index_select attributes {pypto.golden = "index_select.golden.py"} {
  func.func @index_select(
      %x: !pypto.tensor<8x36xf32> {pypto.init = "randn"},
      %y: !pypto.tensor<8x36xf32> {pypto.init = "randn"},
      %idx: !pypto.tensor<6x50xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 36>},
      %a: !pypto.tensor<4x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 3>},
      %b: !pypto.tensor<4x64xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 3>},
      %ramps: !pypto.tensor<2x48xi32> {pypto.dir = "out"},
      %down: !pypto.tensor<1x40xi16> {pypto.dir = "out"},
      %g: !pypto.tensor<6x50xf32> {pypto.dir = "out"},
      %gt: !pypto.tensor<8x36xf32> {pypto.dir = "out"},
      %ge: !pypto.tensor<8x36xf32> {pypto.dir = "out"},
      %sel: !pypto.tensor<8x36xf32> {pypto.dir = "out"},
      %sels: !pypto.tensor<8x36xf32> {pypto.dir = "out"},
      %eq: !pypto.tensor<4x64xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %c2 step %c1 {
      pypto.at core_group "ramp" {
        %c100 = arith.constant 100 : index
        %s = arith.muli %i, %c100 : index
        %start = arith.index_cast %s : index to i32
        %r = pypto.arange %start : i32 -> !pypto.tensor<1x48xi32>
        pypto.assemble %r into %ramps[%i, %c0] : !pypto.tensor<1x48xi32> into !pypto.tensor<2x48xi32>
      }
    } {pypto.loop = "range"}
    pypto.at core_group "down" {
      %three = arith.constant 3 : i16
      %r = pypto.arange %three descending : i16 -> !pypto.tensor<1x40xi16>
      pypto.assemble %r into %down[%c0, %c0] : !pypto.tensor<1x40xi16> into !pypto.tensor<1x40xi16>
    }
    pypto.at core_group "gather" {
      %v = pypto.gather %x[%idx] : !pypto.tensor<8x36xf32>, !pypto.tensor<6x50xi32> -> !pypto.tensor<6x50xf32>
      pypto.assemble %v into %g[%c0, %c0] : !pypto.tensor<6x50xf32> into !pypto.tensor<6x50xf32>
    }
    pypto.at core_group "compare" {
      %quarter = arith.constant 0.25 : f32
      %minus = arith.constant -1.0 : f32
      %m = pypto.cmp gt %x, %y : !pypto.tensor<8x36xf32>
      pypto.assemble %m into %gt[%c0, %c0] : !pypto.tensor<8x36xf32> into !pypto.tensor<8x36xf32>
      %n = pypto.cmps ge %x, %quarter : !pypto.tensor<8x36xf32>, f32
      pypto.assemble %n into %ge[%c0, %c0] : !pypto.tensor<8x36xf32> into !pypto.tensor<8x36xf32>
      %s = pypto.sel %m, %x, %y : !pypto.tensor<8x36xf32>
      pypto.assemble %s into %sel[%c0, %c0] : !pypto.tensor<8x36xf32> into !pypto.tensor<8x36xf32>
      %t = pypto.sels %n, %y, %minus : !pypto.tensor<8x36xf32>, f32
      pypto.assemble %t into %sels[%c0, %c0] : !pypto.tensor<8x36xf32> into !pypto.tensor<8x36xf32>
    }
    pypto.at core_group "int_compare" {
      %e = pypto.cmp eq %a, %b : !pypto.tensor<4x64xi32>
      pypto.assemble %e into %eq[%c0, %c0] : !pypto.tensor<4x64xi32> into !pypto.tensor<4x64xi32>
    }
    return
  }
}
