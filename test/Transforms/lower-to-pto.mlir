// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a5" | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3

// A planned vector kernel: tensor parameters become GM pointers with a
// tensor view (strides from pypto.strides, which is dropped), tiles become
// allocations at their planned addresses, loads and stores go through
// partition views, compute becomes pto instructions.

// A5: module attributes {pto.target_arch = "a5"}
// A2A3: module attributes {pto.target_arch = "a2a3"}
// CHECK-LABEL: func.func @add_scalar
// CHECK-SAME: (%[[X:.+]]: !pto.ptr<f32> {pypto.dir = "in"}, %[[Y:.+]]: !pto.ptr<f32> {pypto.dir = "out"}, %[[A:.+]]: f32)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK: %[[XV:.+]] = pto.make_tensor_view %[[X]], shape = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}], strides = [%c512{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[YV:.+]] = pto.make_tensor_view %[[Y]], shape = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}], strides = [%c512{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[ADDR0:.+]] = arith.constant 0 : i64
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %[[ADDR0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[P:.+]] = pto.partition_view %[[XV]], offsets = [%[[Z:.+]], %[[Z]]], sizes = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<128x256xf32>
// CHECK: pto.tload ins(%[[P]] : !pto.partition_tensor_view<128x256xf32>) outs(%[[T]] : !pto.tile_buf<loc=vec, {{.+}}>)
// CHECK: %[[ADDR1:.+]] = arith.constant 131072 : i64
// CHECK: %[[S:.+]] = pto.alloc_tile addr = %[[ADDR1]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256
// CHECK: pto.tadds ins(%[[T]], %[[A]] : !pto.tile_buf<loc=vec, {{.+}}>, f32) outs(%[[S]] : !pto.tile_buf<loc=vec, {{.+}}>)
// CHECK: %[[U:.+]] = pto.alloc_tile addr = %[[ADDR0b:.+]] : !pto.tile_buf<loc=vec
// CHECK: pto.tadd ins(%[[S]], %[[T]] : !pto.tile_buf<loc=vec, {{.+}}>, !pto.tile_buf<loc=vec, {{.+}}>) outs(%[[U]] : !pto.tile_buf<loc=vec, {{.+}}>)
// CHECK: %[[R:.+]] = arith.addi %[[Z]], %[[Z]] : index
// CHECK: %[[Q:.+]] = pto.partition_view %[[YV]], offsets = [%[[R]], %[[Z]]], sizes = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}]
// CHECK: pto.tstore ins(%[[U]] : !pto.tile_buf<loc=vec, {{.+}}>) outs(%[[Q]] : !pto.partition_tensor_view<128x256xf32>)
// CHECK-NOT: pypto.
// CHECK: return
module {
  func.func @add_scalar(%x: !pypto.tensor<128x256xf32> {pypto.dir = "in", pypto.strides = array<i64: 512, 1>},
                        %y: !pypto.tensor<128x256xf32> {pypto.dir = "out", pypto.strides = array<i64: 512, 1>},
                        %a: f32) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<128x256xf32> -> !pypto.tile<128x256xf32, vec>
    %s = pypto.adds %t, %a {pypto.addr = 131072 : i64} : !pypto.tile<128x256xf32, vec>, f32
    %u = pypto.add %s, %t {pypto.addr = 0 : i64} : !pypto.tile<128x256xf32, vec>
    %r = arith.addi %c0, %c0 : index
    pypto.store %u, %y[%r, %c0] : !pypto.tile<128x256xf32, vec>, !pypto.tensor<128x256xf32>
    return
  }
}

// -----

// A cube kernel. The left tile's box layout is what ptoas would produce for
// the target: row_major on a2a3, col_major on a5. A mat tile takes the
// layout of the L0 buffer it feeds. Without pypto.strides a tensor is
// contiguous.

// CHECK-LABEL: func.func @matmul_tile
// CHECK-SAME: (%[[A:.+]]: !pto.ptr<f16>, %[[B:.+]]: !pto.ptr<f16>, %[[C:.+]]: !pto.ptr<f32>)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pypto.kind = "incore"}
// CHECK: pto.make_tensor_view %[[A]], shape = [%c64{{(_[0-9]+)?}}, %c128{{(_[0-9]+)?}}], strides = [%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf16>
// CHECK: pto.make_tensor_view %[[B]], shape = [%c128{{(_[0-9]+)?}}, %c64{{(_[0-9]+)?}}], strides = [%c64{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf16>
// CHECK: pto.make_tensor_view %[[C]], shape = [%c64{{(_[0-9]+)?}}, %c64{{(_[0-9]+)?}}], strides = [%c64{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[AM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<64x128xf16>) outs(%[[AM]] :
// CHECK: %[[BM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<128x64xf16>) outs(%[[BM]] :
// A5: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A2A3: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[AM]] : !pto.tile_buf<loc=mat, {{.+}}>) outs(%[[AL]] : !pto.tile_buf<loc=left, {{.+}}>)
// CHECK: %[[BR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=right, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[BM]] : !pto.tile_buf<loc=mat, {{.+}}>) outs(%[[BR]] : !pto.tile_buf<loc=right, {{.+}}>)
// CHECK: %[[ACC:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK: pto.tmatmul ins(%[[AL]], %[[BR]] : !pto.tile_buf<loc=left, {{.+}}>, !pto.tile_buf<loc=right, {{.+}}>) outs(%[[ACC]] : !pto.tile_buf<loc=acc, {{.+}}>)
// CHECK: pto.tstore ins(%[[ACC]] : !pto.tile_buf<loc=acc, {{.+}}>) outs(%{{.+}} : !pto.partition_tensor_view<64x64xf32>)
module {
  func.func @matmul_tile(%a: !pypto.tensor<64x128xf16>, %b: !pypto.tensor<128x64xf16>, %c: !pypto.tensor<64x64xf32>)
      attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %am = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<64x128xf16> -> !pypto.tile<64x128xf16, mat>
    %bm = pypto.load %b[%c0, %c0] {pypto.addr = 16384 : i64} : !pypto.tensor<128x64xf16> -> !pypto.tile<128x64xf16, mat>
    %al = pypto.move %am {pypto.addr = 0 : i64} : !pypto.tile<64x128xf16, mat> -> !pypto.tile<64x128xf16, left>
    %br = pypto.move %bm {pypto.addr = 0 : i64} : !pypto.tile<128x64xf16, mat> -> !pypto.tile<128x64xf16, right>
    %acc = pypto.matmul %al, %br {pypto.addr = 0 : i64} : !pypto.tile<64x128xf16, left>, !pypto.tile<128x64xf16, right> -> !pypto.tile<64x64xf32, acc>
    pypto.store %acc, %c[%c0, %c0] : !pypto.tile<64x64xf32, acc>, !pypto.tensor<64x64xf32>
    return
  }
}

// -----

// Loops in a kernel keep their structure; functions that are not kernels
// are left alone.

// CHECK-LABEL: func.func @looped
// CHECK-SAME: (%{{.+}}: !pto.ptr<f32>, %{{.+}}: !pto.ptr<f32>, %[[S:.+]]: f32)
// CHECK: scf.for %[[I:.+]] = {{.+}} {
// CHECK:   %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16
// CHECK:   pto.partition_view %{{.+}}, offsets = [%[[I]], %{{.+}}], sizes = [%{{.+}}, %{{.+}}]
// CHECK:   pto.tload
// CHECK:   pto.tadds ins(%[[T]], %[[S]] :
// CHECK:   pto.tstore
// CHECK: }
// CHECK-LABEL: func.func @orchestration
// CHECK-SAME: (%{{.+}}: !pypto.tensor<64x16xf32>, %{{.+}}: !pypto.tensor<64x16xf32>, %{{.+}}: f32)
// CHECK-SAME: attributes {pypto.kind = "orchestration"}
// CHECK-NEXT: pypto.call @looped
func.func @looped(%x: !pypto.tensor<64x16xf32>, %y: !pypto.tensor<64x16xf32>, %s: f32) attributes {pypto.kind = "aiv"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c16 {
    %t = pypto.load %x[%i, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<64x16xf32> -> !pypto.tile<16x16xf32, vec>
    %u = pypto.adds %t, %s {pypto.addr = 0 : i64} : !pypto.tile<16x16xf32, vec>, f32
    pypto.store %u, %y[%i, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<64x16xf32>
  }
  return
}
func.func @orchestration(%x: !pypto.tensor<64x16xf32>, %y: !pypto.tensor<64x16xf32>, %s: f32) attributes {pypto.kind = "orchestration"} {
  pypto.call @looped(%x, %y, %s) : (!pypto.tensor<64x16xf32>, !pypto.tensor<64x16xf32>, f32) -> ()
  return
}
