// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3

// The softmax example: a vector kernel on 64x256 rows that loads its input
// once, passes a scratch tile to each row reduction, fuses the broadcasts,
// and stores once; the orchestration submits it per 64 rows.

// A5: module @softmax attributes {pto.target_arch = "a5"
// A2A3: module @softmax attributes {pto.target_arch = "a2a3"
// CHECK-LABEL: func.func @softmax_rows
// CHECK-SAME: (%[[X:.+]]: !pto.ptr<f32> {pypto.dir = "in"}, %[[Y:.+]]: !pto.ptr<f32> {pypto.dir = "out"})
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK: %[[XV:.+]] = pto.make_tensor_view %[[X]]
// CHECK: %[[YV:.+]] = pto.make_tensor_view %[[Y]]
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=256, v_row=64, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[P:.+]] = pto.partition_view %[[XV]], {{.+}} -> !pto.partition_tensor_view<64x256xf32>
// CHECK-NEXT: pto.tload ins(%[[P]] : !pto.partition_tensor_view<64x256xf32>) outs(%[[T]] :
// CHECK-NOT: pto.tload
// CHECK: %[[TMP1:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=256
// CHECK-NEXT: %[[M:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=1, v_row=64, v_col=1, blayout=col_major
// CHECK-NEXT: pto.trowmax ins(%[[T]], %[[TMP1]] : {{.+}}) outs(%[[M]] :
// CHECK-NEXT: %[[E:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trowexpandexpdif ins(%[[T]], %[[M]] : {{.+}}) outs(%[[E]] :
// CHECK-NEXT: %[[TMP2:.+]] = pto.alloc_tile
// CHECK-NEXT: %[[S:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trowsum ins(%[[E]], %[[TMP2]] : {{.+}}) outs(%[[S]] :
// CHECK-NEXT: %[[O:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trowexpanddiv ins(%[[E]], %[[S]] : {{.+}}) outs(%[[O]] :
// CHECK-NEXT: %[[Q:.+]] = pto.partition_view %[[YV]]
// CHECK-NEXT: pto.tstore ins(%[[O]] : {{.+}}) outs(%[[Q]] : !pto.partition_tensor_view<64x256xf32>)
// CHECK-NEXT: return
// CHECK-LABEL: func.func @softmax
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK: scf.for %[[R:.+]] = {{.+}} {
// CHECK:   %[[XS:.+]] = pypto.slice %{{.+}}[%[[R]], %{{.+}}] [64, 256]
// CHECK:   %[[YS:.+]] = pypto.slice %{{.+}}[%[[R]], %{{.+}}] [64, 256]
// CHECK:   pypto.call @softmax_rows(%[[XS]], %[[YS]])
// CHECK: } {pypto.loop = "parallel"}
