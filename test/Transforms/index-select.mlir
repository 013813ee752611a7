// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s --check-prefix=CONV
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | FileCheck %s --check-prefixes=PTO,A5
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline="arch=a2a3" | FileCheck %s --check-prefixes=PTO,A2A3

// arange, gather by index, compares and selects through the pipeline.
// Tile conversion gives the gather a scratch tile of the index's type and
// compares and selects one i8 tile (maskScratchType) for the bit mask and
// the select's scratch. The lowering makes the gather's index flat (row r
// plus r times the source's columns, into the scratch) for one tgather,
// compares into the mask (a byte per 8 columns on A2/A3, a byte per column
// on A5) and selects by it: a 0/1 result is 1 filled and 0 where the bit is
// clear.

// CONV-LABEL: func.func @gather
// CONV: %[[X:.+]] = pypto.load {{.*}} -> !pypto.tile<8x36xf32>
// CONV: %[[I:.+]] = pypto.load {{.*}} -> !pypto.tile<6x50xi32>
// CONV: %[[T:.+]] = pypto.create_tile : !pypto.tile<6x50xi32>
// CONV: pypto.gather %[[X]][%[[I]]] tmp %[[T]] : !pypto.tile<8x36xf32>, !pypto.tile<6x50xi32>, !pypto.tile<6x50xi32> -> !pypto.tile<6x50xf32>

// PTO-LABEL: func.func @gather
// PTO: %[[SRC:.+]] = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=40, v_row=8, v_col=36
// PTO: %[[IDX:.+]] = pto.alloc_tile addr = %c1280_i64 : !pto.tile_buf<loc=vec, dtype=i32, rows=6, cols=56, v_row=6, v_col=50
// PTO: %[[TMP:.+]] = pto.alloc_tile addr = %c2624_i64 : !pto.tile_buf<loc=vec, dtype=i32, rows=6, cols=56, v_row=6, v_col=50
// PTO: %[[DST:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=6, cols=56, v_row=6, v_col=50
// PTO: scf.for %[[R:.+]] = %{{.+}} to %c6 step
// PTO: %[[ROW:.+]] = arith.index_cast %[[R]] : index to i64
// PTO: %[[OFF:.+]] = arith.muli %[[ROW]], %c40_i64 : i64
// PTO: %[[OFF32:.+]] = arith.trunci %[[OFF]] : i64 to i32
// PTO: %[[IROW:.+]] = pto.alloc_tile {{.*}}dtype=i32, rows=1, cols=56, v_row=1, v_col=50
// PTO: %[[TROW:.+]] = pto.alloc_tile {{.*}}dtype=i32, rows=1, cols=56, v_row=1, v_col=50
// PTO: pto.tadds ins(%[[IROW]], %[[OFF32]] : {{.*}}) outs(%[[TROW]] :
// PTO: }
// PTO: pto.tgather ins(%[[SRC]], %[[TMP]], %[[TMP]] : {{.*}}) outs(%[[DST]] :
func.func @gather(%x: !pypto.tensor<8x36xf32> {pypto.dir = "in"},
                  %i: !pypto.tensor<6x50xi32> {pypto.dir = "in"},
                  %y: !pypto.tensor<6x50xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %g = pypto.gather %x[%i] : !pypto.tensor<8x36xf32>, !pypto.tensor<6x50xi32> -> !pypto.tensor<6x50xf32>
  pypto.assemble %g into %y[%c0, %c0] : !pypto.tensor<6x50xf32> into !pypto.tensor<6x50xf32>
  return
}

// -----

// CONV-LABEL: func.func @ramp
// CONV: pypto.arange %{{.+}} descending : i16 -> !pypto.tile<1x40xi16>

// PTO-LABEL: func.func @ramp
// PTO: pto.tci ins(%{{.+}} {descending = true} : i16) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=i16, rows=1, cols=48, v_row=1, v_col=40
func.func @ramp(%y: !pypto.tensor<1x40xi16> {pypto.dir = "out"}, %s: i16)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %r = pypto.arange %s descending : i16 -> !pypto.tensor<1x40xi16>
  pypto.assemble %r into %y[%c0, %c0] : !pypto.tensor<1x40xi16> into !pypto.tensor<1x40xi16>
  return
}

// -----

// CONV-LABEL: func.func @compare
// CONV: %[[M:.+]] = pypto.create_tile : !pypto.tile<9x64xi8>
// CONV: pypto.cmp gt %{{.+}}, %{{.+}} tmp %[[M]] : !pypto.tile<8x36xf32>, !pypto.tile<9x64xi8>
// CONV: pypto.create_tile : !pypto.tile<9x64xi8>
// CONV: pypto.sel %{{.+}}, %{{.+}}, %{{.+}} tmp %{{.+}} : !pypto.tile<8x36xf32>, !pypto.tile<9x64xi8>

// PTO-LABEL: func.func @compare
// A5: %[[MASK:.+]] = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=64, v_row=8, v_col=36,
// A2A3: %[[MASK:.+]] = pto.alloc_tile addr = %c4096_i64 : !pto.tile_buf<loc=vec, dtype=ui8, rows=8, cols=32, v_row=8, v_col=5,
// PTO: %[[SEL:.+]] = pto.alloc_tile addr = %c4608_i64 : !pto.tile_buf<loc=vec, dtype=ui8, rows=1, cols=32, v_row=1, v_col=32,
// The sources are padded like the mask's 32-byte rows (ptoas wants one shape).
// PTO: pto.tcmp ins(%{{.+}}, %{{.+}} {cmpMode = #pto<cmp gt>} : !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=36{{.*}}) outs(%[[MASK]] :
// PTO: pto.texpands ins(%{{.+}} : f32) outs(%[[DST:[^ ]+]] :
// PTO: pto.tsels ins(%[[MASK]], %[[DST]], %[[SEL]], %{{.+}} : {{.*}}) outs(%[[DST]] :
// PTO: pto.tcmps ins(%[[DST]], %{{.+}} {cmpMode = #pto<cmp ne>} : {{.*}}, f32) outs(%{{.+}} :
// PTO: pto.tsel ins(
func.func @compare(%x: !pypto.tensor<8x36xf32> {pypto.dir = "in"},
                   %y: !pypto.tensor<8x36xf32> {pypto.dir = "in"},
                   %z: !pypto.tensor<8x36xf32> {pypto.dir = "out"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m = pypto.cmp gt %x, %y : !pypto.tensor<8x36xf32>
  %s = pypto.sel %m, %x, %y : !pypto.tensor<8x36xf32>
  pypto.assemble %s into %z[%c0, %c0] : !pypto.tensor<8x36xf32> into !pypto.tensor<8x36xf32>
  return
}

// -----

// bf16 compares run in f32 (exact), as other bf16 arithmetic.

// PTO-LABEL: func.func @compare_bf16
// PTO: pto.tcvt
// PTO: pto.tcmps ins(%{{.+}}, %{{.+}} {cmpMode = #pto<cmp le>} : !pto.tile_buf<loc=vec, dtype=f32,
func.func @compare_bf16(%x: !pypto.tensor<16x32xbf16> {pypto.dir = "in"},
                        %z: !pypto.tensor<16x32xbf16> {pypto.dir = "out"}, %s: bf16)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %m = pypto.cmps le %x, %s : !pypto.tensor<16x32xbf16>, bf16
  pypto.assemble %m into %z[%c0, %c0] : !pypto.tensor<16x32xbf16> into !pypto.tensor<16x32xbf16>
  return
}
