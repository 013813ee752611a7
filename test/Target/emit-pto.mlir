// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | pypto-translate -split-input-file --emit-pto | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline="arch=a2a3" | pypto-translate -split-input-file --emit-pto | FileCheck %s --check-prefixes=CHECK,A2A3
// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | pypto-translate -split-input-file --emit-pto | pypto-opt -split-input-file -o /dev/null

// One .pto module per kernel, with the target architecture and without any
// pypto attribute; the orchestration is not part of it.

// CHECK: // ptoas/add_scalar.pto
// A5-NEXT: module attributes {pto.target_arch = "a5"} {
// A2A3-NEXT: module attributes {pto.target_arch = "a2a3"} {
// CHECK-NEXT: func.func @add_scalar(%[[X:[^:]+]]: !pto.ptr<f32>, %[[Y:[^:]+]]: !pto.ptr<f32>, %[[A:[^:]+]]: f32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NOT: pypto
// CHECK: %[[XV:.+]] = pto.make_tensor_view %[[X]], shape = [%{{.+}}, %{{.+}}], strides = [%{{.+}}, %{{.+}}] : !pto.tensor_view<?x?xf32>
// CHECK: %[[T:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// CHECK: pto.tload ins(%{{.+}} : !pto.partition_tensor_view<128x256xf32>) outs(%[[T]] : !pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=256, v_row=128, v_col=256, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK: pto.tadds ins(%[[T]], %[[A]] :
// CHECK: pto.tstore ins(
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: func.func @hello
module @hello {
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

// Several kernels come out in the order of their first submission; a kernel
// called twice is emitted once. The cube kernel's left tile follows the
// target.

// CHECK: // ptoas/mm.pto
// CHECK-NEXT: module attributes {pto.target_arch =
// CHECK-NEXT: func.func @mm({{.+}}) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
// A5: pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=512, pad=0>
// A2A3: pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=left, dtype=f16, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=row_major, fractal=512, pad=0>
// CHECK: pto.tmatmul ins(
// CHECK: // ptoas/scale.pto
// CHECK-NEXT: module attributes {pto.target_arch =
// CHECK-NEXT: func.func @scale({{.+}}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
// CHECK-NOT: // ptoas/
func.func @scale(%t: !pypto.tensor<16x32xf32> {pypto.dir = "inout"}, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %q = pypto.adds %t, %s : !pypto.tensor<16x32xf32>, f32
  pypto.assemble %q into %t[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  return
}
func.func @prog(%a: !pypto.tensor<16x64xf16>, %b: !pypto.tensor<64x32xf16>,
                %c: !pypto.tensor<16x32xf32> {pypto.dir = "out"}, %s: f32) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "mm" {
    %p = pypto.matmul %a, %b : !pypto.tensor<16x64xf16>, !pypto.tensor<64x32xf16> -> !pypto.tensor<16x32xf32>
    pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  pypto.call @scale(%c, %s) : (!pypto.tensor<16x32xf32>, f32) -> ()
  pypto.call @scale(%c, %s) : (!pypto.tensor<16x32xf32>, f32) -> ()
  return
}

// -----

// ptoas 0.27 maps index and i32 to one C type, and a cast between them
// whose operand and result have other users (or of a load_scalar) stops its
// C++ emitter ("unsupported operation"). The .pto casts through i64.

// CHECK-LABEL: // ptoas/scan{{.*}}.pto
// CHECK-NOT: index to i32
// CHECK-NOT: i32 to index
// CHECK: %[[L:.+]] = pto.load_scalar
// CHECK-NEXT: %[[W:.+]] = arith.extsi %[[L]] : i32 to i64
// CHECK-NEXT: %[[B:.+]] = arith.index_cast %[[W]] : i64 to index
// CHECK: %[[AT:.+]] = arith.addi %[[B]], %{{.+}} : index
// CHECK-NEXT: %[[W2:.+]] = arith.index_cast %[[AT]] : index to i64
// CHECK-NEXT: %{{.+}} = arith.trunci %[[W2]] : i64 to i32
// CHECK-NOT: index to i32
// CHECK: return
module @scan {
  func.func @scan(%v: !pypto.tensor<4x64xf32> {pypto.init = "randn"},
                  %starts: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 0, 48>},
                  %out: !pypto.tensor<4xi32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %m1 = arith.constant -1 : i32
    %zero = arith.constant 0.0 : f32
    pypto.spmd core_group "scan" blocks(%c4) (%b) {
      %base_i = pypto.read %starts[%b] : !pypto.tensor<4xi32> -> i32
      %base = arith.index_cast %base_i : i32 to index
      %first = scf.for %j = %c0 to %c16 step %c1 iter_args(%best = %m1) -> (i32) {
        %at = arith.addi %base, %j : index
        %at_i = arith.index_cast %at : index to i32
        %x = pypto.read %v[%b, %at] : !pypto.tensor<4x64xf32> -> f32
        %pos = arith.cmpf ogt, %x, %zero : f32
        %lt = arith.cmpi slt, %at_i, %best : i32
        %take = arith.andi %pos, %lt : i1
        %next = arith.select %take, %at_i, %best : i32
        scf.yield %next : i32
      } {pypto.loop = "range"}
      pypto.write %first into %out[%b] : i32 into !pypto.tensor<4xi32>
    }
    return
  }
}

// -----

// ptoas 0.27 writes an index select of a signed i32 compare, in a branch
// yielding the index, as `(size_t) v >= 0`: the .pto selects the values as
// i64, cast from and back to index.

// CHECK-LABEL: // ptoas/pick{{.*}}.pto
// CHECK: %[[OK:.+]] = arith.cmpi sge, %{{.+}}, %{{.+}} : i32
// CHECK: %[[T:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT: %[[F:.+]] = arith.index_cast %{{.+}} : index to i64
// CHECK-NEXT: %[[S:.+]] = arith.select %[[OK]], %[[T]], %[[F]] : i64
// CHECK-NEXT: %{{.+}} = arith.index_cast %[[S]] : i64 to index
// CHECK-NOT: arith.select {{.+}} : index
module @pick {
  func.func @pick(%table: !pypto.tensor<8x64xf32> {pypto.init = "randn"},
                  %slots: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: -2, 8>},
                  %out: !pypto.tensor<4x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0 : i32
    pypto.spmd core_group "pick" blocks(4) (%b) {
      %s = pypto.read %slots[%b] : !pypto.tensor<4xi32> -> i32
      %ok = arith.cmpi sge, %s, %zero : i32
      %si = arith.index_cast %s : i32 to index
      %row = arith.select %ok, %si, %c0 : index
      %t = pypto.slice %table[%row, %c0] [1, 64] : !pypto.tensor<8x64xf32> -> !pypto.tensor<1x64xf32>
      pypto.assemble %t into %out[%b, %c0] : !pypto.tensor<1x64xf32> into !pypto.tensor<4x64xf32>
    }
    return
  }
}
