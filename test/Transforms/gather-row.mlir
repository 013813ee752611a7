// RUN: pypto-opt %s --pypto-convert-tensor-to-tile | FileCheck %s --check-prefix=CONVERT
// RUN: pypto-opt %s --pypto-convert-tensor-to-tile --pypto-infer-memory-space --pypto-plan-memory="arch=a2a3" | FileCheck %s --check-prefix=PLAN
// RUN: pypto-opt %s --pypto-convert-tensor-to-tile --pypto-infer-memory-space --pypto-plan-memory="arch=a2a3" --pypto-lower-to-pto="arch=a2a3" | FileCheck %s --check-prefix=PTO

// An L1 accumulator through the passes: the gathers become tile gathers
// from the kernel parameter into the create_l1 tile the loop carries; the
// {b_trans} use becomes its transpose view, the plain use the tile itself.
// CONVERT-LABEL: func.func @qk_pv
// CONVERT:       %[[KV0:.+]] = pypto.create_l1 : !pypto.tile<32x128xbf16>
// CONVERT:       %[[KV:.+]] = scf.for %[[R:.+]] = {{.+}} iter_args(%[[A:.+]] = %[[KV0]]) -> (!pypto.tile<32x128xbf16>)
// CONVERT:         %[[G:.+]] = pypto.gather_row %arg0[%{{.+}}, %{{.+}}] into %[[A]][%[[R]], %{{.+}}] [1, 128] : !pypto.tensor<96x128xbf16> into !pypto.tile<32x128xbf16>
// CONVERT-NEXT:    scf.yield %[[G]]
// CONVERT:       %[[T:.+]] = pypto.transpose_view %[[KV]] : !pypto.tile<32x128xbf16> -> !pypto.tile<128x32xbf16>
// CONVERT-NEXT:  pypto.matmul %{{.+}}, %[[T]] : !pypto.tile<16x128xbf16>, !pypto.tile<128x32xbf16>
// CONVERT:       pypto.matmul %{{.+}}, %[[KV]] : !pypto.tile<16x32xbf16>, !pypto.tile<32x128xbf16>

// The accumulator, its gathers and its view are one mat buffer, 31 rows
// of 32 bytes longer than the tile (8192 + 992 bytes: the q tile is placed
// after it); the view and the plain use are moved to right from it.
// PLAN-LABEL: func.func @qk_pv
// PLAN:       pypto.create_l1 {pypto.addr = 0 : i64, {{.+}}} : !pypto.tile<32x128xbf16, mat>
// PLAN:       pypto.gather_row {{.+}} {pypto.addr = 0 : i64, {{.+}}} : !pypto.tensor<96x128xbf16> into !pypto.tile<32x128xbf16, mat>
// PLAN:       pypto.move %{{.+}} : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<32x128xbf16, right>
// PLAN:       pypto.load %arg1{{.+}} {pypto.addr = 9184 : i64, {{.+}}} : !pypto.tensor<16x128xbf16> -> !pypto.tile<16x128xbf16, mat>
// PLAN:       pypto.transpose_view %{{.+}} {pypto.addr = 0 : i64, {{.+}}} : !pypto.tile<32x128xbf16, mat> -> !pypto.tile<128x32xbf16, mat>

// A gather is a view of the NZ accumulator from the row's 32 bytes on, of
// the accumulator's type with the rows' valid shape, loaded from the
// window; the transpose view is the ZN tile at the accumulator's address.
// PTO-LABEL: func.func @qk_pv
// PTO:       pto.alloc_tile addr = %[[BASE:.+]] : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=32, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTO:       scf.for %[[R:.+]] = {{.+}} {
// PTO:         %[[ROW:.+]] = arith.index_cast %[[R]] : index to i64
// PTO:         %[[BYTES:.+]] = arith.muli %[[ROW]], %c32_i64 : i64
// PTO:         %[[AT:.+]] = arith.addi %[[BASE]], %[[BYTES]] : i64
// PTO:         %[[VIEW:.+]] = pto.alloc_tile addr = %[[AT]] valid_row = %{{.+}} valid_col = %{{.+}} : !pto.tile_buf<loc=mat, dtype=bf16, rows=32, cols=128, v_row=?, v_col=?, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// PTO:         %[[WINDOW:.+]] = pto.partition_view %{{.+}}, offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xbf16> -> !pto.partition_tensor_view<1x128xbf16>
// PTO-NEXT:    pto.tload ins(%[[WINDOW]] : !pto.partition_tensor_view<1x128xbf16>) outs(%[[VIEW]] :
// PTO:       pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=bf16, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, slayout=col_major, fractal=512, pad=0>
func.func @qk_pv(%pool: !pypto.tensor<96x128xbf16>, %q: !pypto.tensor<16x128xbf16>, %p: !pypto.tensor<16x32xbf16>, %s: !pypto.tensor<16x32xf32> {pypto.dir = "out"}, %o: !pypto.tensor<16x128xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %kv0 = pypto.create_l1 : !pypto.tensor<32x128xbf16>
  %kv = scf.for %r = %c0 to %c32 step %c1 iter_args(%a = %kv0) -> (!pypto.tensor<32x128xbf16>) {
    %g = pypto.gather_row %pool[%r, %c0] into %a[%r, %c0] [1, 128] : !pypto.tensor<96x128xbf16> into !pypto.tensor<32x128xbf16>
    scf.yield %g : !pypto.tensor<32x128xbf16>
  }
  %sc = pypto.matmul %q, %kv {b_trans} : !pypto.tensor<16x128xbf16>, !pypto.tensor<32x128xbf16>
  pypto.assemble %sc into %s[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  %pv = pypto.matmul %p, %kv : !pypto.tensor<16x32xbf16>, !pypto.tensor<32x128xbf16>
  pypto.assemble %pv into %o[%c0, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
  return
}
