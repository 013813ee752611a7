// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | pypto-opt -split-input-file -o /dev/null
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline --mlir-print-ir-after-all -o /dev/null 2>&1 | FileCheck %s --check-prefix=DUMP

// Every pass of the pipeline can be dumped, in order.

// DUMP: // -----// IR Dump After OutlineInCore (pypto-outline-incore) //----- //
// DUMP: pypto.call @add_scalar
// DUMP: // -----// IR Dump After ConvertTensorToTile (pypto-convert-tensor-to-tile) //----- //
// DUMP: pypto.load
// DUMP: // -----// IR Dump After PlanMemory (pypto-plan-memory) //----- //
// DUMP: pypto.addr = 0 : i64
// DUMP: // -----// IR Dump After LowerToPTO (pypto-lower-to-pto) //----- //
// DUMP: pto.alloc_tile
// DUMP: // -----// IR Dump After Canonicalizer (canonicalize) //----- //
// DUMP: // -----// IR Dump After CSE (cse) //----- //

// hello_world: y = x + a. The kernel is a vector kernel on the exact
// 128x256 window; the orchestration keeps the loops and passes views.

// A5: module @hello attributes {pto.target_arch = "a5"
// A2A3: module @hello attributes {pto.target_arch = "a2a3"
// CHECK-LABEL: func.func @add_scalar
// CHECK-SAME: (%[[X:.+]]: !pto.ptr<f32> {pypto.dir = "in"}, %[[Y:.+]]: !pto.ptr<f32> {pypto.dir = "out"}, %[[A:.+]]: f32)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK-DAG: %[[ADDR:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C128:.+]] = arith.constant 128 : index
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG: %[[C512:.+]] = arith.constant 512 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK: %[[XV:.+]] = pto.make_tensor_view %[[X]], shape = [%[[C128]], %[[C256]]], strides = [%[[C512]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[YV:.+]] = pto.make_tensor_view %[[Y]], shape = [%[[C128]], %[[C256]]], strides = [%[[C512]], %[[C1]]] : !pto.tensor_view<?x?xf32>
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %[[ADDR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[P:.+]] = pto.partition_view %[[XV]], offsets = [%[[C0]], %[[C0]]], sizes = [%[[C128]], %[[C256]]]
// CHECK: pto.tload ins(%[[P]] : !pto.partition_tensor_view<128x256xf32>) outs(%[[T]] :
// CHECK: %[[S:.+]] = pto.alloc_tile addr = %[[ADDR]] : !pto.tile_buf<loc=vec
// CHECK: pto.tadds ins(%[[T]], %[[A]] : !pto.tile_buf<loc=vec{{.+}}>, f32) outs(%[[S]] :
// CHECK: %[[Q:.+]] = pto.partition_view %[[YV]], offsets = [%[[C0]], %[[C0]]], sizes = [%[[C128]], %[[C256]]]
// CHECK: pto.tstore ins(%[[S]] : !pto.tile_buf<loc=vec{{.+}}>) outs(%[[Q]] : !pto.partition_tensor_view<128x256xf32>)
// CHECK-NEXT: return
// CHECK-LABEL: func.func @hello
// CHECK-SAME: (%[[HX:.+]]: !pypto.tensor<1024x512xf32> {pypto.init = "randn"}, %[[HA:.+]]: f32 {pypto.value = 1.000000e+00 : f32}, %[[HY:.+]]: !pypto.tensor<1024x512xf32> {pypto.dir = "out"})
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK: scf.for %[[R:.+]] = {{.+}} {
// CHECK:   scf.for %[[C:.+]] = {{.+}} {
// CHECK:     %[[XS:.+]] = pypto.slice %[[HX]][%[[R]], %[[C]]] [128, 256]
// CHECK:     %[[YS:.+]] = pypto.slice %[[HY]][%[[R]], %[[C]]] [128, 256]
// CHECK:     pypto.call @add_scalar(%[[XS]], %[[YS]], %[[HA]])
// CHECK:   } {pypto.loop = "range"}
// CHECK: } {pypto.loop = "parallel"}
module @hello attributes {pypto.golden = "hello_world.golden.py",
                          pypto.rtol = 1.0e-5 : f64, pypto.atol = 1.0e-5 : f64} {
  func.func @hello(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                   %a: f32 {pypto.value = 1.0 : f32},
                   %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    scf.for %r = %c0 to %c1024 step %c128 {
      scf.for %c = %c0 to %c512 step %c256 {
        pypto.at core_group "add_scalar" {
          %t = pypto.slice %x[%r, %c] [128, 256]
              : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
          %s = pypto.adds %t, %a : !pypto.tensor<128x256xf32>, f32
          pypto.assemble %s into %y[%r, %c]
              : !pypto.tensor<128x256xf32> into !pypto.tensor<1024x512xf32>
        }
      } {pypto.loop = "range"}
    } {pypto.loop = "parallel"}
    return
  }
}

// -----

// matmul: a cube kernel. The left tile's layout depends on the target.

// CHECK-LABEL: func.func @matmul_tile
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pypto.kind = "incore"}
// CHECK: %[[AM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A5: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A2A3: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[AM]] : {{.+}}) outs(%[[AL]] : {{.+}})
// CHECK: %[[BM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f32, rows=256, cols=64, v_row=256, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: %[[BR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=right, dtype=f32, rows=256, cols=64, v_row=256, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[BM]] : {{.+}}) outs(%[[BR]] : {{.+}})
// CHECK: %[[ACC:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK: pto.tmatmul ins(%[[AL]], %[[BR]] : {{.+}}) outs(%[[ACC]] : {{.+}})
// CHECK: pto.tstore ins(%[[ACC]] : {{.+}}) outs(%{{.+}} : !pto.partition_tensor_view<64x64xf32>)
// CHECK-LABEL: func.func @matmul
// CHECK: pypto.call @matmul_tile(%{{.+}}, %{{.+}}, %{{.+}}) {arg_directions = ["in", "in", "out"]} : (!pypto.tensor<64x256xf32>, !pypto.tensor<256x64xf32>, !pypto.tensor<64x64xf32>) -> ()
module @mm {
  func.func @matmul(%a: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                    %b: !pypto.tensor<256x256xf32> {pypto.init = "randn"},
                    %c: !pypto.tensor<256x256xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c256 = arith.constant 256 : index
    scf.for %i = %c0 to %c256 step %c64 {
      scf.for %j = %c0 to %c256 step %c64 {
        pypto.at core_group "matmul_tile" {
          %pa = pypto.slice %a[%i, %c0] [64, 256]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<64x256xf32>
          %pb = pypto.slice %b[%c0, %j] [256, 64]
              : !pypto.tensor<256x256xf32> -> !pypto.tensor<256x64xf32>
          %pc = pypto.matmul %pa, %pb
              : !pypto.tensor<64x256xf32>, !pypto.tensor<256x64xf32> -> !pypto.tensor<64x64xf32>
          pypto.assemble %pc into %c[%i, %j]
              : !pypto.tensor<64x64xf32> into !pypto.tensor<256x256xf32>
        }
      } {pypto.loop = "parallel"}
    } {pypto.loop = "parallel"}
    return
  }
}

// -----

// An empty region becomes an empty vector kernel.

// CHECK-LABEL: func.func @empty_region
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK-NEXT: return
// CHECK-LABEL: func.func @main
// CHECK-NEXT: pypto.call @empty_region() {arg_directions = []} : () -> ()
func.func @main() {
  pypto.at core_group "empty_region" {
  }
  return
}
