// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s --check-prefix=CONV
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | FileCheck %s --check-prefix=PTO
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline="arch=a2a3" | FileCheck %s --check-prefix=PTO

// pypto.gather_compare through the pipeline: tile conversion gives it the
// i8 scratch of a compare (maskScratchType), memory planning a buffer for
// each of its two results (pypto.addr and pypto.live with an entry per
// result), and the lowering one compare-form tgather writing both.

// CONV-LABEL: func.func @compare_gather
// CONV: %[[X:.+]] = pypto.load {{.*}} -> !pypto.tile<4x37xf32>
// CONV: %[[T:.+]] = pypto.create_tile : !pypto.tile<5x64xi8>
// CONV: pypto.gather_compare gt %[[X]], %{{.+}} offset 3 tmp %[[T]] : !pypto.tile<4x37xf32>, f32, !pypto.tile<5x64xi8> -> !pypto.tile<4x16xi32>, !pypto.tile<1x4xi32>

// PTO-LABEL: func.func @compare_gather
// PTO: %[[SRC:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=40, v_row=4, v_col=37
// PTO: %[[TMP:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i8, rows=5, cols=64
// PTO: %[[DST:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=4, cols=16, v_row=4, v_col=16
// PTO: %[[CDST:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=1, cols=8, v_row=1, v_col=4
// PTO: pto.tgather ins(%[[SRC]], %{{.+}}, %[[TMP]] : {{.*}}, f32, {{.*}}) outs(%[[DST]], %[[CDST]] : {{.*}}) {cmpMode = #pto<cmp gt>, offset = 3 : i32}
// PTO: pto.tstore ins(%[[DST]] :
// PTO: pto.tstore ins(%[[CDST]] :
func.func @compare_gather(%x: !pypto.tensor<4x37xf32> {pypto.dir = "in"},
                          %i: !pypto.tensor<4x16xi32> {pypto.dir = "out"},
                          %n: !pypto.tensor<1x4xi32> {pypto.dir = "out"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %k = arith.constant 0.5 : f32
  %idx, %count = pypto.gather_compare gt %x, %k offset 3 : !pypto.tensor<4x37xf32>, f32 -> !pypto.tensor<4x16xi32>, !pypto.tensor<1x4xi32>
  pypto.assemble %idx into %i[%c0, %c0] : !pypto.tensor<4x16xi32> into !pypto.tensor<4x16xi32>
  pypto.assemble %count into %n[%c0, %c0] : !pypto.tensor<1x4xi32> into !pypto.tensor<1x4xi32>
  return
}
