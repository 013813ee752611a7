// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a5" | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3
// RUN: pypto-opt %s -split-input-file --pypto-lower-to-pto -mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

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
// CHECK-NEXT: pto.tload ins(%[[P]] : !pto.partition_tensor_view<128x256xf32>) outs(%[[T]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: %[[ADDR1:.+]] = arith.constant 131072 : i64
// CHECK: %[[S:.+]] = pto.alloc_tile addr = %[[ADDR1]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256
// CHECK: pto.tadds ins(%[[T]], %[[A]] : !pto.tile_buf<loc=vec, {{.+}}>, f32) outs(%[[S]] : !pto.tile_buf<loc=vec, {{.+}}>)
// CHECK: %[[U:.+]] = pto.alloc_tile addr = %[[ADDR0b:.+]] : !pto.tile_buf<loc=vec
// CHECK: pto.tadd ins(%[[S]], %[[T]] : !pto.tile_buf<loc=vec, {{.+}}>, !pto.tile_buf<loc=vec, {{.+}}>) outs(%[[U]] : !pto.tile_buf<loc=vec, {{.+}}>)
// CHECK: %[[R:.+]] = arith.addi %[[Z]], %[[Z]] : index
// CHECK: %[[Q:.+]] = pto.partition_view %[[YV]], offsets = [%[[R]], %[[Z]]], sizes = [%c128{{(_[0-9]+)?}}, %c256{{(_[0-9]+)?}}]
// CHECK-NEXT: pto.tstore ins(%[[U]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[Q]] : !pto.partition_tensor_view<128x256xf32>)
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
// CHECK: %[[AV:.+]] = pto.make_tensor_view %[[A]], shape = [%c64{{(_[0-9]+)?}}, %c128{{(_[0-9]+)?}}], strides = [%c128{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf16>
// CHECK: %[[BV:.+]] = pto.make_tensor_view %[[B]], shape = [%c128{{(_[0-9]+)?}}, %c64{{(_[0-9]+)?}}], strides = [%c64{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf16>
// CHECK: %[[CV:.+]] = pto.make_tensor_view %[[C]], shape = [%c64{{(_[0-9]+)?}}, %c64{{(_[0-9]+)?}}], strides = [%c64{{(_[0-9]+)?}}, %c1{{(_[0-9]+)?}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[AM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: %[[AP:.+]] = pto.partition_view %[[AV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<64x128xf16>
// CHECK-NEXT: pto.tload ins(%[[AP]] : !pto.partition_tensor_view<64x128xf16>) outs(%[[AM]] : !pto.tile_buf<loc=mat, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// CHECK: %[[BM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: %[[BP:.+]] = pto.partition_view %[[BV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<128x64xf16>
// CHECK-NEXT: pto.tload ins(%[[BP]] : !pto.partition_tensor_view<128x64xf16>) outs(%[[BM]] : !pto.tile_buf<loc=mat, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// A5: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A2A3: %[[AL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=64, cols=128, v_row=64, v_col=128, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[AM]] : !pto.tile_buf<loc=mat, {{.+}}>) outs(%[[AL]] : !pto.tile_buf<loc=left, {{.+}}>)
// CHECK: %[[BR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=right, dtype=f16, rows=128, cols=64, v_row=128, v_col=64, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: pto.tmov ins(%[[BM]] : !pto.tile_buf<loc=mat, {{.+}}>) outs(%[[BR]] : !pto.tile_buf<loc=right, {{.+}}>)
// CHECK: %[[ACC:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>
// CHECK: pto.tmatmul ins(%[[AL]], %[[BR]] : !pto.tile_buf<loc=left, {{.+}}>, !pto.tile_buf<loc=right, {{.+}}>) outs(%[[ACC]] : !pto.tile_buf<loc=acc, {{.+}}>)
// CHECK: %[[CP:.+]] = pto.partition_view %[[CV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x64xf32>
// CHECK-NEXT: pto.tstore ins(%[[ACC]] : !pto.tile_buf<loc=acc, dtype=f32, rows=64, cols=64, v_row=64, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%[[CP]] : !pto.partition_tensor_view<64x64xf32>)
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
// CHECK-SAME: (%[[LX:[^:]+]]: !pto.ptr<f32>, %[[LY:[^:]+]]: !pto.ptr<f32>, %[[S:[^:]+]]: f32)
// CHECK: %[[LXV:.+]] = pto.make_tensor_view %[[LX]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[LYV:.+]] = pto.make_tensor_view %[[LY]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: scf.for %[[I:.+]] = {{.+}} {
// CHECK:   %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:   %[[LP:.+]] = pto.partition_view %[[LXV]], offsets = [%[[I]], %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT:   pto.tload ins(%[[LP]] : !pto.partition_tensor_view<16x16xf32>) outs(%[[T]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK:   %[[U:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:   pto.tadds ins(%[[T]], %[[S]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>, f32) outs(%[[U]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK:   %[[LQ:.+]] = pto.partition_view %[[LYV]], offsets = [%[[I]], %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT:   pto.tstore ins(%[[U]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[LQ]] : !pto.partition_tensor_view<16x16xf32>)
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

// -----

// Vector instructions: each op becomes `pto.t` + its name without
// underscores, with the tiles' buffers as ins and the result's as outs;
// scalars stay scalars. (Every tile is at address 0: the lowering does not
// check the plan.)

// CHECK-LABEL: func.func @elementwise
// CHECK-SAME: (%[[EA:[^:]+]]: !pto.ptr<f32>, %[[EB:[^:]+]]: !pto.ptr<f32>, %[[S:[^:]+]]: f32)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK: %[[EAV:.+]] = pto.make_tensor_view %[[EA]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[EBV:.+]] = pto.make_tensor_view %[[EB]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[X:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[XP:.+]] = pto.partition_view %[[EAV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tload ins(%[[XP]] : !pto.partition_tensor_view<16x64xf32>) outs(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: %[[Y:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[YP:.+]] = pto.partition_view %[[EBV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tload ins(%[[YP]] : !pto.partition_tensor_view<16x64xf32>) outs(%[[Y]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: %[[SUB:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK-NEXT: pto.tsub ins(%[[X]], %[[Y]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[SUB]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MUL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK-NEXT: pto.tmul ins(%[[X]], %[[Y]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[MUL]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[DIV:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK-NEXT: pto.tdiv ins(%[[X]], %[[Y]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[DIV]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MAX:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK-NEXT: pto.tmax ins(%[[X]], %[[Y]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[MAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MIN:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK-NEXT: pto.tmin ins(%[[X]], %[[Y]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[MIN]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[SUBS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tsubs ins(%[[X]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[SUBS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MULS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tmuls ins(%[[X]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[MULS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[DIVS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tdivs ins(%[[X]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[DIVS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MAXS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tmaxs ins(%[[X]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[MAXS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[MINS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tmins ins(%[[X]], %[[S]] : !pto.tile_buf<loc=vec{{[^>]+}}>, f32) outs(%[[MINS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[NEG:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tneg ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[NEG]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[ABS:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tabs ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[ABS]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[RELU:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trelu ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[RELU]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[EXP:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.texp ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[EXP]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[LOG:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tlog ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[LOG]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[SQRT:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.tsqrt ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[SQRT]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[RSQRT:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trsqrt ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[RSQRT]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[RECIP:.+]] = pto.alloc_tile
// CHECK-NEXT: pto.trecip ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[RECIP]] : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: %[[RP:.+]] = pto.partition_view %[[EBV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tstore ins(%[[RECIP]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[RP]] : !pto.partition_tensor_view<16x64xf32>)
// CHECK-NOT: pypto.
func.func @elementwise(%a: !pypto.tensor<16x64xf32>, %b: !pypto.tensor<16x64xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %y = pypto.load %b[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %sub = pypto.sub %x, %y {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %mul = pypto.mul %x, %y {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %div = pypto.div %x, %y {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %max = pypto.max %x, %y {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %min = pypto.min %x, %y {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %subs = pypto.subs %x, %s {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, f32
  %muls = pypto.muls %x, %s {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, f32
  %divs = pypto.divs %x, %s {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, f32
  %maxs = pypto.maxs %x, %s {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, f32
  %mins = pypto.mins %x, %s {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, f32
  %neg = pypto.neg %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %abs = pypto.abs %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %relu = pypto.relu %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %exp = pypto.exp %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %log = pypto.log %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %sqrt = pypto.sqrt %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %rsqrt = pypto.rsqrt %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %recip = pypto.recip %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  pypto.store %recip, %b[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// pypto.cast becomes pto.tcvt with the rounding mode mapped: rint is
// CAST_RINT, the tcvt default, so it prints without an rmode.

// GENERIC: "pto.tcvt"(%{{.+}}, %{{.+}}) <{rmode = #pto<round_mode CAST_RINT>}>
// GENERIC-NEXT: arith.constant
// GENERIC-NEXT: pto.alloc_tile
// GENERIC-NEXT: "pto.tcvt"(%{{.+}}, %{{.+}}) <{rmode = #pto<round_mode ROUND>}>
// CHECK-LABEL: func.func @casts
// CHECK: %[[X:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32
// CHECK: %[[RINT:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[RINT]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: %[[ROUND:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[ROUND]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: %[[FLOOR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[FLOOR]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: %[[CEIL:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[CEIL]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: %[[TRUNC:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[TRUNC]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>)
// CHECK: %[[ODD:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[ODD]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
// CHECK: %[[NONE:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=64
// CHECK-NEXT: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[NONE]] : !pto.tile_buf<loc=vec, dtype=f16{{[^>]+}}>)
func.func @casts(%a: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %rint = pypto.cast %x round rint {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
  %round = pypto.cast %x round round {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
  %floor = pypto.cast %x round floor {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
  %ceil = pypto.cast %x round ceil {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
  %trunc = pypto.cast %x round trunc {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
  %odd = pypto.cast %x round odd {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
  %none = pypto.cast %x round none {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
  return
}

// -----

// Reductions, broadcasts, fills and transposes: a row reduction and a
// transpose pass their scratch tile (a create_tile, which becomes a plain
// allocation) after the source; full becomes texpands.

// CHECK-LABEL: func.func @reduce_broadcast
// CHECK-SAME: (%[[RA:[^:]+]]: !pto.ptr<f32>, %[[RO:[^:]+]]: !pto.ptr<f32>, %[[S:[^:]+]]: f32)
// CHECK: %[[RAV:.+]] = pto.make_tensor_view %[[RA]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[ROV:.+]] = pto.make_tensor_view %[[RO]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[X:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[RXP:.+]] = pto.partition_view %[[RAV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tload ins(%[[RXP]] : !pto.partition_tensor_view<16x64xf32>) outs(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK: %[[ROWSUM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>
// CHECK-NEXT: pto.trowsum ins(%[[X]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[ROWSUM]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>)
// CHECK: %[[ROWMAX:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>
// CHECK-NEXT: pto.trowmax ins(%[[X]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[ROWMAX]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>)
// CHECK: %[[ROWMIN:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>
// CHECK-NEXT: pto.trowmin ins(%[[X]], %[[T]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[ROWMIN]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>)
// CHECK: %[[COLSUM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>
// CHECK-NEXT: pto.tcolsum ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[COLSUM]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: %[[COLMAX:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>
// CHECK-NEXT: pto.tcolmax ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[COLMAX]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: %[[COLMIN:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>
// CHECK-NEXT: pto.tcolmin ins(%[[X]] : !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[COLMIN]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>)
// CHECK: pto.trowexpand ins(%[[ROWSUM]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpand ins(%[[COLSUM]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandadd ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandsub ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmul ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpanddiv ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmax ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandmin ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.trowexpandexpdif ins(%[[X]], %[[ROWMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandadd ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandsub ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmul ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpanddiv ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmax ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandmin ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// CHECK: pto.tcolexpandexpdif ins(%[[X]], %[[COLMAX]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=64{{[^>]+}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec{{[^>]+}}>)
// A column vector is filled as the row it is in memory (ptoas 0.27 wants a
// row-major texpands dst): a treshape view, no copy.
// CHECK: %[[F:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>
// CHECK-NEXT: %[[FR:.+]] = pto.treshape %[[F]] : !pto.tile_buf<{{[^>]+}}> -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: pto.texpands ins(%[[S]] : f32) outs(%[[FR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major{{[^>]+}}>)
// CHECK: %[[U:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64
// CHECK: %[[TR:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16
// CHECK-NEXT: pto.ttrans ins(%[[X]], %[[U]] : !pto.tile_buf<loc=vec{{[^>]+}}>, !pto.tile_buf<loc=vec{{[^>]+}}>) outs(%[[TR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16{{[^>]+}}>)
// CHECK: %[[RQ:.+]] = pto.partition_view %[[ROV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<64x16xf32>
// CHECK-NEXT: pto.tstore ins(%[[TR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=64, cols=16, v_row=64, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[RQ]] : !pto.partition_tensor_view<64x16xf32>)
func.func @reduce_broadcast(%a: !pypto.tensor<16x64xf32>, %o: !pypto.tensor<64x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %t = pypto.create_tile {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %rowsum = pypto.row_sum %x tmp %t {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %rowmax = pypto.row_max %x tmp %t {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %rowmin = pypto.row_min %x tmp %t {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %colsum = pypto.col_sum %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  %colmax = pypto.col_max %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  %colmin = pypto.col_min %x {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  %re = pypto.row_expand %rowsum {pypto.addr = 0 : i64} : !pypto.tile<16x1xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %ce = pypto.col_expand %colsum {pypto.addr = 0 : i64} : !pypto.tile<1x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %radd = pypto.row_expand_add %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rsub = pypto.row_expand_sub %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmul = pypto.row_expand_mul %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rdiv = pypto.row_expand_div %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmax = pypto.row_expand_max %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmin = pypto.row_expand_min %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rexpdif = pypto.row_expand_expdif %x, %rowmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %cadd = pypto.col_expand_add %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %csub = pypto.col_expand_sub %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmul = pypto.col_expand_mul %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cdiv = pypto.col_expand_div %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmax = pypto.col_expand_max %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmin = pypto.col_expand_min %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cexpdif = pypto.col_expand_expdif %x, %colmax {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %f = pypto.full %s {pypto.addr = 0 : i64} : f32 -> !pypto.tile<16x1xf32, vec>
  %u = pypto.create_tile {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>
  %tr = pypto.transpose %x tmp %u {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<64x16xf32, vec>
  pypto.store %tr, %o[%c0, %c0] : !pypto.tile<64x16xf32, vec>, !pypto.tensor<64x16xf32>
  return
}

// -----

// matmul_acc becomes tmatmul.acc: the accumulator's buffer, then the left
// and right operands, into a new acc buffer. The kernel is a cube kernel.

// CHECK-LABEL: func.func @matmul_acc
// CHECK-SAME: (%[[MA:[^:]+]]: !pto.ptr<f16>, %[[MB:[^:]+]]: !pto.ptr<f16>, %[[MC:[^:]+]]: !pto.ptr<f32>)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>, pypto.kind = "incore"}
// CHECK: %[[MAV:.+]] = pto.make_tensor_view %[[MA]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16>
// CHECK: %[[MBV:.+]] = pto.make_tensor_view %[[MB]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16>
// CHECK: %[[MCV:.+]] = pto.make_tensor_view %[[MC]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[MAM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// CHECK: %[[MAP:.+]] = pto.partition_view %[[MAV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<16x32xf16>
// CHECK-NEXT: pto.tload ins(%[[MAP]] : !pto.partition_tensor_view<16x32xf16>) outs(%[[MAM]] : !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=32, v_row=16, v_col=32, blayout=col_major, slayout=row_major, fractal=512, pad=0>)
// CHECK: %[[MBM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>
// CHECK: %[[MBP:.+]] = pto.partition_view %[[MBV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf16> -> !pto.partition_tensor_view<32x16xf16>
// CHECK-NEXT: pto.tload ins(%[[MBP]] : !pto.partition_tensor_view<32x16xf16>) outs(%[[MBM]] : !pto.tile_buf<loc=mat, dtype=f16, rows=32, cols=16, v_row=32, v_col=16, blayout=row_major, slayout=col_major, fractal=512, pad=0>)
// CHECK: %[[L:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=32
// CHECK: %[[R:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=right, dtype=f16, rows=32, cols=16
// CHECK: %[[P:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16
// CHECK-NEXT: pto.tmatmul ins(%[[L]], %[[R]] : !pto.tile_buf<loc=left{{[^>]+}}>, !pto.tile_buf<loc=right{{[^>]+}}>) outs(%[[P]] : !pto.tile_buf<loc=acc{{[^>]+}}>)
// CHECK: %[[Q:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16
// CHECK-NEXT: pto.tmatmul.acc ins(%[[P]], %[[L]], %[[R]] : !pto.tile_buf<loc=acc{{[^>]+}}>, !pto.tile_buf<loc=left{{[^>]+}}>, !pto.tile_buf<loc=right{{[^>]+}}>) outs(%[[Q]] : !pto.tile_buf<loc=acc{{[^>]+}}>)
// CHECK: %[[MCP:.+]] = pto.partition_view %[[MCV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x16xf32>
// CHECK-NEXT: pto.tstore ins(%[[Q]] : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) outs(%[[MCP]] : !pto.partition_tensor_view<16x16xf32>)
func.func @matmul_acc(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>, %c: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %am = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x32xf16> -> !pypto.tile<16x32xf16, mat>
  %bm = pypto.load %b[%c0, %c0] {pypto.addr = 1024 : i64} : !pypto.tensor<32x16xf16> -> !pypto.tile<32x16xf16, mat>
  %al = pypto.move %am {pypto.addr = 0 : i64} : !pypto.tile<16x32xf16, mat> -> !pypto.tile<16x32xf16, left>
  %br = pypto.move %bm {pypto.addr = 0 : i64} : !pypto.tile<32x16xf16, mat> -> !pypto.tile<32x16xf16, right>
  %p = pypto.matmul %al, %br {pypto.addr = 0 : i64} : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
  %q = pypto.matmul_acc %p, %al, %br {pypto.addr = 1024 : i64} : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %q, %c[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  return
}

// -----

// fillpad sees its source's buffer a second time, with the run-time valid
// extents (v_row=?, v_col=?), and copies it with tfillpad into a tile at its
// own planned address whose pad field is the fill value: 3 min, 2 max,
// 1 zero. A fillpad of a fillpad views the padded tile (its pad field kept).

// CHECK-LABEL: func.func @fillpad
// CHECK-SAME: (%[[FA:[^:]+]]: !pto.ptr<f32>, %[[FB:[^:]+]]: !pto.ptr<i32>, %[[FO:[^:]+]]: !pto.ptr<f32>, %[[FP:[^:]+]]: !pto.ptr<i32>, %[[N:[^:]+]]: index)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>, pypto.kind = "incore"}
// CHECK: %[[FAV:.+]] = pto.make_tensor_view %[[FA]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[FBV:.+]] = pto.make_tensor_view %[[FB]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32>
// CHECK: %[[FOV:.+]] = pto.make_tensor_view %[[FO]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[FPV:.+]] = pto.make_tensor_view %[[FP]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32>
// CHECK: %[[ADDR0:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[X:.+]] = pto.alloc_tile addr = %[[ADDR0]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: %[[FAP:.+]] = pto.partition_view %[[FAV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tload ins(%[[FAP]] : !pto.partition_tensor_view<16x64xf32>) outs(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[XV:.+]] = pto.alloc_tile addr = %[[ADDR0]] valid_row = %[[C16:c16(_[0-9]+)?]] valid_col = %[[N]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[ADDR1:.+]] = arith.constant 4096 : i64
// CHECK-NEXT: %[[MIN:.+]] = pto.alloc_tile addr = %[[ADDR1]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>
// CHECK-NEXT: pto.tfillpad ins(%[[XV]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>) outs(%[[MIN]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=3>)
// CHECK-NEXT: %[[MINV:.+]] = pto.alloc_tile addr = %[[ADDR1]] valid_row = %[[N]] valid_col = %[[C16]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=3>
// CHECK-NEXT: %[[ADDR2:.+]] = arith.constant 0 : i64
// CHECK-NEXT: %[[MAX:.+]] = pto.alloc_tile addr = %[[ADDR2]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=2>
// CHECK-NEXT: pto.tfillpad ins(%[[MINV]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}>) outs(%[[MAX]] : !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}, pad=2>)
// CHECK: %[[ADDR3:.+]] = arith.constant 8192 : i64
// CHECK-NEXT: %[[Y:.+]] = pto.alloc_tile addr = %[[ADDR3]] : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64
// CHECK: %[[FBP:.+]] = pto.partition_view %[[FBV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<16x64xi32>
// CHECK-NEXT: pto.tload ins(%[[FBP]] : !pto.partition_tensor_view<16x64xi32>) outs(%[[Y]] : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[YV:.+]] = pto.alloc_tile addr = %[[ADDR3]] valid_row = %[[N]] valid_col = %[[N]] : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT: %[[ADDR4:.+]] = arith.constant 12288 : i64
// CHECK-NEXT: %[[ZERO:.+]] = pto.alloc_tile addr = %[[ADDR4]] : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=1>
// CHECK-NEXT: pto.tfillpad ins(%[[YV]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}>) outs(%[[ZERO]] : !pto.tile_buf<loc=vec, dtype=i32{{[^>]+}}, pad=1>)
// CHECK: %[[FOP:.+]] = pto.partition_view %[[FOV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x64xf32>
// CHECK-NEXT: pto.tstore ins(%[[MAX]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=2>) outs(%[[FOP]] : !pto.partition_tensor_view<16x64xf32>)
// CHECK: %[[FPP:.+]] = pto.partition_view %[[FPV]], offsets = [%{{.+}}, %{{.+}}], sizes = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xi32> -> !pto.partition_tensor_view<16x64xi32>
// CHECK-NEXT: pto.tstore ins(%[[ZERO]] : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=1>) outs(%[[FPP]] : !pto.partition_tensor_view<16x64xi32>)
// CHECK-NOT: pypto.fillpad
// CHECK: return
// GENERIC-LABEL: "func.func"() <{function_type = (!pto.ptr<f32>, !pto.ptr<i32>, !pto.ptr<f32>, !pto.ptr<i32>, index) -> ()
// GENERIC: "pto.alloc_tile"(%{{.+}}, %{{.+}}, %{{.+}}) <{operandSegmentSizes = array<i32: 1, 1, 1>}>
// GENERIC: "pto.tfillpad"(%{{.+}}, %{{.+}}) : (!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?{{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f32{{[^>]+}}, pad=3>) -> ()
func.func @fillpad(%a: !pypto.tensor<16x64xf32>, %b: !pypto.tensor<16x64xi32>,
                   %o: !pypto.tensor<16x64xf32>, %p: !pypto.tensor<16x64xi32>, %n: index)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %min = pypto.fillpad %x valid [%c16, %n] pad min {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %max = pypto.fillpad %min valid [%n, %c16] pad max {pypto.addr = 0 : i64} : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %y = pypto.load %b[%c0, %c0] {pypto.addr = 8192 : i64} : !pypto.tensor<16x64xi32> -> !pypto.tile<16x64xi32, vec>
  %zero = pypto.fillpad %y valid [%n, %n] pad zero {pypto.addr = 12288 : i64} : !pypto.tile<16x64xi32, vec> -> !pypto.tile<16x64xi32, vec>
  pypto.store %max, %o[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  pypto.store %zero, %p[%c0, %c0] : !pypto.tile<16x64xi32, vec>, !pypto.tensor<16x64xi32>
  return
}

// -----

// Elementwise ops on column vectors (Mx1, col_major) work on them as the
// 1xM rows they are in memory, which ptoas 0.27 wants (treshape views, no
// copy); the result stays the column vector later ops read. A row_expand
// keeps its column operand as it is.

// CHECK-LABEL: func.func @column_math
// CHECK:       %[[SUM:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>
// CHECK:       %[[ABS:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1
// CHECK-NEXT:  %[[SUMROW:.+]] = pto.treshape %[[SUM]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:  %[[ABSROW:.+]] = pto.treshape %[[ABS]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=16, v_row=1, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK-NEXT:  pto.tabs ins(%[[SUMROW]] : {{.*}}) outs(%[[ABSROW]] : {{.*}})
// CHECK:       %[[ADDS:.+]] = pto.alloc_tile
// CHECK-NEXT:  %[[ABSROW2:.+]] = pto.treshape %[[ABS]]
// CHECK-NEXT:  %[[ADDSROW:.+]] = pto.treshape %[[ADDS]]
// CHECK-NEXT:  pto.tadds ins(%[[ABSROW2]], %{{.+}} : {{.*}}, f32) outs(%[[ADDSROW]] : {{.*}})
// CHECK:       pto.trowexpandmul ins(%{{.+}}, %[[ADDS]] : !pto.tile_buf<{{.*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=1, v_row=16, v_col=1, blayout=col_major{{[^>]+}}>)
func.func @column_math(%a: !pypto.tensor<16x64xf32>, %o: !pypto.tensor<16x64xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %t = pypto.create_tile {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec>
  %sum = pypto.row_sum %x tmp %t {pypto.addr = 8192 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %abs = pypto.abs %sum {pypto.addr = 8256 : i64} : !pypto.tile<16x1xf32, vec>
  %adds = pypto.adds %abs, %s {pypto.addr = 8320 : i64} : !pypto.tile<16x1xf32, vec>, f32
  %y = pypto.row_expand_mul %x, %adds {pypto.addr = 4096 : i64} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  pypto.store %y, %o[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// A merge sort of several rows is a loop over its valid rows, each a 1xC
// row-major tile at its byte address in the source and result buffers
// (ptoas 0.27's tmrgsort sorts one row).

// CHECK-LABEL: func.func @merge_rows
// CHECK:       %[[SBASE:.+]] = arith.constant 0 : i64
// CHECK:       %[[DBASE:.+]] = arith.constant 4096 : i64
// CHECK:       scf.for %[[R:.+]] = %{{.+}} to %c4{{.*}} step %{{.+}} {
// CHECK-NEXT:    %[[RI:.+]] = arith.index_cast %[[R]] : index to i64
// CHECK-NEXT:    %[[ROW:.+]] = arith.constant 1024 : i64
// CHECK-NEXT:    %[[SOFF:.+]] = arith.muli %[[RI]], %[[ROW]] : i64
// CHECK-NEXT:    %[[SADDR:.+]] = arith.addi %[[SBASE]], %[[SOFF]] : i64
// CHECK-NEXT:    %[[S:.+]] = pto.alloc_tile addr = %[[SADDR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256, v_row=1, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK:         %[[DADDR:.+]] = arith.addi %[[DBASE]], %{{.+}} : i64
// CHECK-NEXT:    %[[D:.+]] = pto.alloc_tile addr = %[[DADDR]] : !pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=256
// CHECK-NEXT:    pto.tmrgsort ins(%[[S]], %{{.+}} : {{.*}}, i32) outs(%[[D]] : {{.*}})
// CHECK-NEXT:  }
func.func @merge_rows(%a: !pypto.tensor<4x256xf32>, %o: !pypto.tensor<4x256xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<4x256xf32> -> !pypto.tile<4x256xf32, vec>
  %m = pypto.mrgsort %x {block_len = 64 : i64, pypto.addr = 4096 : i64} : !pypto.tile<4x256xf32, vec>
  pypto.store %m, %o[%c0, %c0] : !pypto.tile<4x256xf32, vec>, !pypto.tensor<4x256xf32>
  return
}

// -----

// ptoas 0.27's texpands has no bf16 (nor i8 on A2/A3): a constant fill
// writes its bit pattern through an i16 view (1.5 in bf16 is 0x3FC0 =
// 16320; the i8 -3 is 0xFDFD = -515 twice per i16). A run-time value keeps
// the plain texpands; an f32 fill is unchanged.

// CHECK-LABEL: func.func @fill_patterns
// CHECK:       %[[B:.+]] = pto.alloc_tile {{.*}} : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=48, v_row=16, v_col=40,
// CHECK-NEXT:  %[[BITS:.+]] = arith.constant 16320 : i16
// CHECK-NEXT:  %[[BVIEW:.+]] = pto.treshape %[[B]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=48, v_row=16, v_col=40, blayout=row_major
// CHECK-NEXT:  pto.texpands ins(%[[BITS]] : i16) outs(%[[BVIEW]] : {{.*}})
// CHECK:       %[[I:.+]] = pto.alloc_tile {{.*}} : !pto.tile_buf<loc=vec, dtype=i8, rows=16, cols=64, v_row=16, v_col=37,
// A5-NEXT:     pto.texpands ins(%{{.+}} : i8) outs(%[[I]] :
// A2A3-NEXT:   %[[IBITS:.+]] = arith.constant -515 : i16
// A2A3-NEXT:   %[[IVIEW:.+]] = pto.treshape %[[I]] : {{.*}} -> !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=32, v_row=16, v_col=19, blayout=row_major
// A2A3-NEXT:   pto.texpands ins(%[[IBITS]] : i16) outs(%[[IVIEW]] : {{.*}})
// CHECK:       %[[R:.+]] = pto.alloc_tile {{.*}} dtype=bf16
// CHECK-NEXT:  pto.texpands ins(%{{.+}} : bf16) outs(%[[R]] :
// CHECK:       %[[F:.+]] = pto.alloc_tile {{.*}} dtype=f32
// CHECK-NEXT:  pto.texpands ins(%{{.+}} : f32) outs(%[[F]] :
func.func @fill_patterns(%o: !pypto.tensor<16x40xbf16>, %p: !pypto.tensor<16x37xi8>, %run: bf16) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %half = arith.constant 1.5 : bf16
  %m3 = arith.constant -3 : i8
  %one = arith.constant 1.0 : f32
  %b = pypto.full %half {pypto.addr = 0 : i64} : bf16 -> !pypto.tile<16x40xbf16, vec>
  %i = pypto.full %m3 {pypto.addr = 2048 : i64} : i8 -> !pypto.tile<16x37xi8, vec>
  %r = pypto.full %run {pypto.addr = 4096 : i64} : bf16 -> !pypto.tile<16x40xbf16, vec>
  %f = pypto.full %one {pypto.addr = 8192 : i64} : f32 -> !pypto.tile<16x40xf32, vec>
  pypto.store %b, %o[%c0, %c0] : !pypto.tile<16x40xbf16, vec>, !pypto.tensor<16x40xbf16>
  pypto.store %i, %p[%c0, %c0] : !pypto.tile<16x37xi8, vec>, !pypto.tensor<16x37xi8>
  return
}

// -----

// ptoas 0.27 cannot lower tneg of integers: -x is x * -1 (the same bits,
// INT_MIN included). Floats keep tneg.

// CHECK-LABEL: func.func @negate_integers
// CHECK:       %[[MINUS:.+]] = arith.constant -1 : i32
// CHECK-NEXT:  pto.tmuls ins(%{{.+}}, %[[MINUS]] : !pto.tile_buf<{{.*}}dtype=i32{{.*}}>, i32) outs(
// CHECK:       pto.tneg ins(%{{.+}} : !pto.tile_buf<{{.*}}dtype=f32
func.func @negate_integers(%a: !pypto.tensor<16x64xi32>, %b: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x64xi32> -> !pypto.tile<16x64xi32, vec>
  %nx = pypto.neg %x {pypto.addr = 4096 : i64} : !pypto.tile<16x64xi32, vec>
  %y = pypto.load %b[%c0, %c0] {pypto.addr = 8192 : i64} : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, vec>
  %ny = pypto.neg %y {pypto.addr = 12288 : i64} : !pypto.tile<16x64xf32, vec>
  pypto.store %nx, %a[%c0, %c0] : !pypto.tile<16x64xi32, vec>, !pypto.tensor<16x64xi32>
  pypto.store %ny, %b[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return
}

// -----

// ptoas's tcvt wants equal padded shapes: the cast's group (sources, results
// and the tiles a loop carries through them) takes the widest padding. The
// f32 tiles take 48 columns like their f16 cast; the carried tile and its
// yielded sum join the group through the loop.
// CHECK-LABEL: func.func @cast_group_padding
// CHECK:       pto.tcvt ins(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48, v_row=16, v_col=40{{[^>]*}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=48, v_row=16, v_col=40
// CHECK:       pto.tadd ins(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48{{[^>]*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48{{[^>]*}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48
// CHECK:       pto.tstore
// CHECK:       pto.tadd ins(%{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=40
func.func @cast_group_padding(%a: !pypto.tensor<16x40xf32>, %b: !pypto.tensor<16x40xf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x40xf32> -> !pypto.tile<16x40xf32, vec>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %x) -> (!pypto.tile<16x40xf32, vec>) {
    %h = pypto.cast %acc round rint {pypto.addr = 4096 : i64} : !pypto.tile<16x40xf32, vec> -> !pypto.tile<16x40xf16, vec>
    pypto.store %h, %b[%c0, %c0] : !pypto.tile<16x40xf16, vec>, !pypto.tensor<16x40xf16>
    %s = pypto.add %acc, %x {pypto.addr = 0 : i64} : !pypto.tile<16x40xf32, vec>
    scf.yield %s : !pypto.tile<16x40xf32, vec>
  }
  pypto.store %r, %a[%c0, %c0] : !pypto.tile<16x40xf32, vec>, !pypto.tensor<16x40xf32>
  %y = pypto.load %a[%c0, %c0] {pypto.addr = 8192 : i64} : !pypto.tensor<16x40xf32> -> !pypto.tile<16x40xf32, vec>
  %z = pypto.add %y, %y {pypto.addr = 12288 : i64} : !pypto.tile<16x40xf32, vec>
  pypto.store %z, %a[%c0, %c0] : !pypto.tile<16x40xf32, vec>, !pypto.tensor<16x40xf32>
  return
}

// -----

// ptoas's tprelu wants its four tiles of one shape: the scratch joins the
// operands' padding group (the f32 values take 48 columns from the f16 cast
// of one of them; the scratch, created alone, would take 40).
// CHECK-LABEL: func.func @prelu_scratch_padding
// CHECK:       pto.tprelu ins(%{{.+}}, %{{.+}}, %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48{{[^>]*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48{{[^>]*}}>, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48{{[^>]*}}>) outs(%{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=48
func.func @prelu_scratch_padding(%a: !pypto.tensor<16x40xf32>, %b: !pypto.tensor<16x40xf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x40xf32> -> !pypto.tile<16x40xf32, vec>
  %h = pypto.cast %x round rint {pypto.addr = 8192 : i64} : !pypto.tile<16x40xf32, vec> -> !pypto.tile<16x40xf16, vec>
  pypto.store %h, %b[%c0, %c0] : !pypto.tile<16x40xf16, vec>, !pypto.tensor<16x40xf16>
  %t = pypto.create_tile {pypto.addr = 12288 : i64} : !pypto.tile<16x40xf32, vec>
  %p = pypto.prelu %x, %x tmp %t {pypto.addr = 16384 : i64} : !pypto.tile<16x40xf32, vec>, !pypto.tile<16x40xf32, vec>
  pypto.store %p, %a[%c0, %c0] : !pypto.tile<16x40xf32, vec>, !pypto.tensor<16x40xf32>
  return
}

// -----

// A branch's tile result shares one planned address with the values both
// branches yield: the branch stops yielding it, and the result is that
// buffer, declared before the `if`.
// CHECK-LABEL: func.func @branch_result
// CHECK:       %[[RESULT:.*]] = pto.alloc_tile addr = %c1024_i64 : !pto.tile_buf
// CHECK-NEXT:  scf.if %{{.*}} {
// CHECK:         pto.tmul
// CHECK-NOT:     scf.yield %
// CHECK:       } else {
// CHECK:         pto.tmov
// CHECK:       }
// CHECK:       pto.tadd ins(%[[RESULT]], %{{.*}} : {{.*}}) outs(
func.func @branch_result(%arg0: !pypto.tensor<16x16xf32>, %arg1: !pypto.tensor<16x16xf32>, %arg2: i1) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %0 = pypto.load %arg0[%c0, %c0] {pypto.addr = 0 : i64, pypto.live = array<i64: 2, 8>} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %1 = scf.if %arg2 -> (!pypto.tile<16x16xf32, vec>) {
    %3 = pypto.mul %0, %0 {pypto.addr = 1024 : i64, pypto.live = array<i64: 4, 9>} : !pypto.tile<16x16xf32, vec>
    scf.yield %3 : !pypto.tile<16x16xf32, vec>
  } else {
    %3 = pypto.move %0 {pypto.addr = 1024 : i64, pypto.live = array<i64: 6, 9>} : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, vec>
    scf.yield %3 : !pypto.tile<16x16xf32, vec>
  }
  %2 = pypto.add %1, %0 {pypto.addr = 1024 : i64, pypto.live = array<i64: 8, 9>} : !pypto.tile<16x16xf32, vec>
  pypto.store %2, %arg1[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
