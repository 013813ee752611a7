// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// Types: tensors of any rank, tiles with and without a memory space.

// CHECK-LABEL: func.func @types
// CHECK-SAME: !pypto.tensor<8xi8>
// CHECK-SAME: !pypto.tensor<2x3x4xbf16>
// CHECK-SAME: !pypto.tile<16x32xf16>
// CHECK-SAME: !pypto.tile<16x16xf32, vec>
// CHECK-SAME: !pypto.tile<16x16xf32, mat>
// CHECK-SAME: !pypto.tile<16x16xf32, left>
// CHECK-SAME: !pypto.tile<16x16xf32, right>
// CHECK-SAME: !pypto.tile<16x16xf32, acc>
// CHECK-SAME: !pypto.tile<1x16xf32, bias>
func.func @types(%a: !pypto.tensor<8xi8>, %b: !pypto.tensor<2x3x4xbf16>,
                 %c: !pypto.tile<16x32xf16>, %d: !pypto.tile<16x16xf32, vec>,
                 %e: !pypto.tile<16x16xf32, mat>, %f: !pypto.tile<16x16xf32, left>,
                 %g: !pypto.tile<16x16xf32, right>, %h: !pypto.tile<16x16xf32, acc>,
                 %i: !pypto.tile<1x16xf32, bias>) {
  return
}

// -----

// The program level: an at region with views, compute and assemble, in a
// marked loop, with the run specification on the module and the arguments.

// CHECK: module attributes {pypto.arch = "a2a3", pypto.atol = 1.000000e-05 : f64, pypto.golden = "g.py", pypto.rtol = 1.000000e-03 : f64, pypto.seed = 7 : i64}
// CHECK-LABEL: func.func @program
// CHECK-SAME: %[[X:.+]]: !pypto.tensor<64x64xf32> {pypto.init = "randn", pypto.name = "x"}
// CHECK-SAME: %[[K:.+]]: !pypto.tensor<64x64xf32> {pypto.init = 2.500000e+00 : f32}
// CHECK-SAME: %[[A:.+]]: f32 {pypto.value = 1.000000e+00 : f32}
// CHECK-SAME: %[[N:.+]]: i32 {pypto.value = 3 : i32}
// CHECK-SAME: %[[Y:.+]]: !pypto.tensor<64x64xf32> {pypto.dir = "out"}
// CHECK-SAME: attributes {pypto.kind = "opaque"}
// CHECK: scf.for %[[R:.+]] = {{.+}} {
// CHECK:   pypto.at core_group "add" {
// CHECK:     %[[T:.+]] = pypto.slice %[[X]][%[[R]], %{{.+}}] [16, 64] : !pypto.tensor<64x64xf32>
// CHECK:     %[[S:.+]] = pypto.adds %[[T]], %[[A]] : !pypto.tensor<16x64xf32>, f32
// CHECK:     %[[U:.+]] = pypto.add %[[S]], %[[T]] : !pypto.tensor<16x64xf32>
// CHECK:     pypto.assemble %[[U]] into %[[Y]][%[[R]], %{{.+}}] : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
// CHECK:   }
// CHECK:   pypto.at core_group {
// CHECK: } {pypto.loop = "parallel"}
module attributes {pypto.golden = "g.py", pypto.rtol = 1.0e-3 : f64,
                   pypto.atol = 1.0e-5 : f64, pypto.seed = 7 : i64,
                   pypto.arch = "a2a3"} {
  func.func @program(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn", pypto.name = "x"},
                     %k: !pypto.tensor<64x64xf32> {pypto.init = 2.5 : f32},
                     %a: f32 {pypto.value = 1.0 : f32},
                     %n: i32 {pypto.value = 3 : i32},
                     %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"})
      attributes {pypto.kind = "opaque"} {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %c16 {
      pypto.at core_group "add" {
        %t = pypto.slice %x[%r, %c0] [16, 64]
            : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
        %s = pypto.adds %t, %a : !pypto.tensor<16x64xf32>, f32
        %u = pypto.add %s, %t : !pypto.tensor<16x64xf32>
        pypto.assemble %u into %y[%r, %c0]
            : !pypto.tensor<16x64xf32> into !pypto.tensor<64x64xf32>
      }
      pypto.at core_group {
      }
    } {pypto.loop = "parallel"}
    return
  }
}

// -----

// Every loop kind and every function kind.

// CHECK-LABEL: func.func @loops
// CHECK: } {pypto.loop = "range"}
// CHECK: } {pypto.loop = "parallel"}
// CHECK: } {pypto.loop = "pipeline"}
// CHECK: } {pypto.loop = "unroll"}
func.func @loops(%n: index) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
  } {pypto.loop = "range"}
  scf.for %i = %c0 to %n step %c1 {
  } {pypto.loop = "parallel"}
  scf.for %i = %c0 to %n step %c1 {
  } {pypto.loop = "pipeline"}
  scf.for %i = %c0 to %n step %c1 {
  } {pypto.loop = "unroll"}
  return
}
// CHECK-LABEL: func.func @incore() attributes {pypto.kind = "incore"}
func.func @incore() attributes {pypto.kind = "incore"} { return }
// CHECK-LABEL: func.func @aic() attributes {pypto.kind = "aic"}
func.func @aic() attributes {pypto.kind = "aic"} { return }
// CHECK-LABEL: func.func @aiv() attributes {pypto.kind = "aiv"}
func.func @aiv() attributes {pypto.kind = "aiv"} { return }
// CHECK-LABEL: func.func @group() attributes {pypto.kind = "group"}
func.func @group() attributes {pypto.kind = "group"} { return }

// -----

// Kernels and calls: argument directions and strides, and a call that
// passes tensors and a scalar.

// CHECK-LABEL: func.func @kernel
// CHECK-SAME: {pypto.dir = "in", pypto.strides = array<i64: 512, 1>}
// CHECK-SAME: {pypto.dir = "inout"}
// CHECK-LABEL: func.func @caller
// CHECK-SAME: (%[[P:.+]]: !pypto.tensor<128x256xf32>, %[[Q:.+]]: !pypto.tensor<128x256xf32>, %[[S:.+]]: f32)
// CHECK: pypto.call @kernel(%[[P]], %[[Q]], %[[S]]) : (!pypto.tensor<128x256xf32>, !pypto.tensor<128x256xf32>, f32) -> ()
func.func @kernel(%x: !pypto.tensor<128x256xf32> {pypto.dir = "in", pypto.strides = array<i64: 512, 1>},
                  %y: !pypto.tensor<128x256xf32> {pypto.dir = "inout"}, %a: f32)
    attributes {pypto.kind = "incore"} {
  return
}
func.func @caller(%x: !pypto.tensor<128x256xf32>, %y: !pypto.tensor<128x256xf32>, %a: f32)
    attributes {pypto.kind = "orchestration"} {
  pypto.call @kernel(%x, %y, %a) : (!pypto.tensor<128x256xf32>, !pypto.tensor<128x256xf32>, f32) -> ()
  return
}

// -----

// Tile-level ops: load, move between spaces, matmul with f32, f16, bf16 and
// i8 operands, tile compute, store (acc may store into a narrower tensor) and
// assemble of a tile. pypto.addr is a planned address.

// CHECK-LABEL: func.func @tiles
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x32xf16>, %[[B:[^:]+]]: !pypto.tensor<32x16xf16>, %[[C:[^:]+]]: !pypto.tensor<16x16xf16>
// CHECK: %[[AM:.+]] = pypto.load %[[A]][%[[C0:.+]], %[[C0]]] {pypto.addr = 0 : i64} : !pypto.tensor<16x32xf16> -> !pypto.tile<16x32xf16, mat>
// CHECK: %[[AL:.+]] = pypto.move %[[AM]] : !pypto.tile<16x32xf16, mat> -> !pypto.tile<16x32xf16, left>
// CHECK: %[[BM:.+]] = pypto.load %[[B]]
// CHECK: %[[BR:.+]] = pypto.move %[[BM]] : !pypto.tile<32x16xf16, mat> -> !pypto.tile<32x16xf16, right>
// CHECK: %[[ACC:.+]] = pypto.matmul %[[AL]], %[[BR]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: pypto.store %[[ACC]], %[[C]][%[[C0]], %[[C0]]] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf16>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<16x32xbf16>, !pypto.tensor<32x16xbf16>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<16x32xi8>, !pypto.tensor<32x16xi8>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tile<16x32xf32>, !pypto.tile<32x16xf32>
// CHECK: %[[V:.+]] = pypto.load %[[D:.+]][%[[C0]], %[[C0]]] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
// CHECK: %[[W:.+]] = pypto.adds %[[V]], %{{.+}} : !pypto.tile<16x16xf32, vec>, f32
// CHECK: %[[Z:.+]] = pypto.add %[[W]], %[[V]] : !pypto.tile<16x16xf32, vec>
// CHECK: pypto.assemble %[[Z]] into %[[D]][%[[C0]], %[[C0]]] : !pypto.tile<16x16xf32, vec> into !pypto.tensor<16x16xf32>
func.func @tiles(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>,
                 %c: !pypto.tensor<16x16xf16>, %d: !pypto.tensor<16x16xf32>,
                 %e: !pypto.tensor<16x32xbf16>, %f: !pypto.tensor<32x16xbf16>,
                 %g: !pypto.tensor<16x32xi8>, %h: !pypto.tensor<32x16xi8>,
                 %l: !pypto.tile<16x32xf32>, %r: !pypto.tile<32x16xf32>,
                 %s: f32) {
  %c0 = arith.constant 0 : index
  %am = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64}
      : !pypto.tensor<16x32xf16> -> !pypto.tile<16x32xf16, mat>
  %al = pypto.move %am : !pypto.tile<16x32xf16, mat> -> !pypto.tile<16x32xf16, left>
  %bm = pypto.load %b[%c0, %c0] : !pypto.tensor<32x16xf16> -> !pypto.tile<32x16xf16, mat>
  %br = pypto.move %bm : !pypto.tile<32x16xf16, mat> -> !pypto.tile<32x16xf16, right>
  %acc = pypto.matmul %al, %br : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
      -> !pypto.tile<16x16xf32, acc>
  pypto.store %acc, %c[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf16>
  %m1 = pypto.matmul %e, %f : !pypto.tensor<16x32xbf16>, !pypto.tensor<32x16xbf16>
      -> !pypto.tensor<16x16xf32>
  %m2 = pypto.matmul %g, %h : !pypto.tensor<16x32xi8>, !pypto.tensor<32x16xi8>
      -> !pypto.tensor<16x16xi32>
  %m3 = pypto.matmul %l, %r : !pypto.tile<16x32xf32>, !pypto.tile<32x16xf32>
      -> !pypto.tile<16x16xf32>
  %v = pypto.load %d[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %w = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f32
  %z = pypto.add %w, %v : !pypto.tile<16x16xf32, vec>
  pypto.assemble %z into %d[%c0, %c0] : !pypto.tile<16x16xf32, vec> into !pypto.tensor<16x16xf32>
  return
}

// -----

// Slices at constant offsets that end exactly at the tensor's edge.

// CHECK-LABEL: func.func @edge
// CHECK: pypto.slice %{{.+}}[%[[C48:.+]], %[[C48]]] [16, 16] : !pypto.tensor<64x64xf32>
func.func @edge(%t: !pypto.tensor<64x64xf32>) {
  %c48 = arith.constant 48 : index
  %s = pypto.slice %t[%c48, %c48] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

// Elementwise binary, scalar and unary vector ops, on tensors and on vec
// tiles; the unary ops without a float restriction also take integers.

// CHECK-LABEL: func.func @elementwise_tensors
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[B:[^:]+]]: !pypto.tensor<16x64xf32>, %[[S:[^:]+]]: f32, %[[I:[^:]+]]: !pypto.tensor<16x64xi32>)
// CHECK: pypto.sub %[[A]], %[[B]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.mul %[[A]], %[[B]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.div %[[A]], %[[B]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.max %[[A]], %[[B]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.min %[[A]], %[[B]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.subs %[[A]], %[[S]] : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.muls %[[A]], %[[S]] : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.divs %[[A]], %[[S]] : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.maxs %[[A]], %[[S]] : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.mins %[[A]], %[[S]] : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.neg %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.abs %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.relu %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.exp %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.log %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.sqrt %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.rsqrt %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.sin %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.cos %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.recip %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.neg %[[I]] : !pypto.tensor<16x64xi32>
// CHECK: pypto.abs %[[I]] : !pypto.tensor<16x64xi32>
// CHECK: pypto.relu %[[I]] : !pypto.tensor<16x64xi32>
func.func @elementwise_tensors(%a: !pypto.tensor<16x64xf32>, %b: !pypto.tensor<16x64xf32>, %s: f32, %i: !pypto.tensor<16x64xi32>) {
  %sub = pypto.sub %a, %b : !pypto.tensor<16x64xf32>
  %mul = pypto.mul %a, %b : !pypto.tensor<16x64xf32>
  %div = pypto.div %a, %b : !pypto.tensor<16x64xf32>
  %max = pypto.max %a, %b : !pypto.tensor<16x64xf32>
  %min = pypto.min %a, %b : !pypto.tensor<16x64xf32>
  %subs = pypto.subs %a, %s : !pypto.tensor<16x64xf32>, f32
  %muls = pypto.muls %a, %s : !pypto.tensor<16x64xf32>, f32
  %divs = pypto.divs %a, %s : !pypto.tensor<16x64xf32>, f32
  %maxs = pypto.maxs %a, %s : !pypto.tensor<16x64xf32>, f32
  %mins = pypto.mins %a, %s : !pypto.tensor<16x64xf32>, f32
  %neg = pypto.neg %a : !pypto.tensor<16x64xf32>
  %abs = pypto.abs %a : !pypto.tensor<16x64xf32>
  %relu = pypto.relu %a : !pypto.tensor<16x64xf32>
  %exp = pypto.exp %a : !pypto.tensor<16x64xf32>
  %log = pypto.log %a : !pypto.tensor<16x64xf32>
  %sqrt = pypto.sqrt %a : !pypto.tensor<16x64xf32>
  %rsqrt = pypto.rsqrt %a : !pypto.tensor<16x64xf32>
  %sin = pypto.sin %a : !pypto.tensor<16x64xf32>
  %cos = pypto.cos %a : !pypto.tensor<16x64xf32>
  %recip = pypto.recip %a : !pypto.tensor<16x64xf32>
  %ineg = pypto.neg %i : !pypto.tensor<16x64xi32>
  %iabs = pypto.abs %i : !pypto.tensor<16x64xi32>
  %irelu = pypto.relu %i : !pypto.tensor<16x64xi32>
  return
}

// CHECK-LABEL: func.func @elementwise_tiles
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[B:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[S:[^:]+]]: f32, %[[I:[^:]+]]: !pypto.tile<16x64xi32, vec>)
// CHECK: pypto.sub %[[A]], %[[B]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.mul %[[A]], %[[B]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.div %[[A]], %[[B]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.max %[[A]], %[[B]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.min %[[A]], %[[B]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.subs %[[A]], %[[S]] : !pypto.tile<16x64xf32, vec>, f32
// CHECK: pypto.muls %[[A]], %[[S]] : !pypto.tile<16x64xf32, vec>, f32
// CHECK: pypto.divs %[[A]], %[[S]] : !pypto.tile<16x64xf32, vec>, f32
// CHECK: pypto.maxs %[[A]], %[[S]] : !pypto.tile<16x64xf32, vec>, f32
// CHECK: pypto.mins %[[A]], %[[S]] : !pypto.tile<16x64xf32, vec>, f32
// CHECK: pypto.neg %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.abs %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.relu %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.exp %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.log %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.sqrt %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.rsqrt %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.recip %[[A]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.neg %[[I]] : !pypto.tile<16x64xi32, vec>
// CHECK: pypto.abs %[[I]] : !pypto.tile<16x64xi32, vec>
// CHECK: pypto.relu %[[I]] : !pypto.tile<16x64xi32, vec>
func.func @elementwise_tiles(%a: !pypto.tile<16x64xf32, vec>, %b: !pypto.tile<16x64xf32, vec>, %s: f32, %i: !pypto.tile<16x64xi32, vec>) {
  %sub = pypto.sub %a, %b : !pypto.tile<16x64xf32, vec>
  %mul = pypto.mul %a, %b : !pypto.tile<16x64xf32, vec>
  %div = pypto.div %a, %b : !pypto.tile<16x64xf32, vec>
  %max = pypto.max %a, %b : !pypto.tile<16x64xf32, vec>
  %min = pypto.min %a, %b : !pypto.tile<16x64xf32, vec>
  %subs = pypto.subs %a, %s : !pypto.tile<16x64xf32, vec>, f32
  %muls = pypto.muls %a, %s : !pypto.tile<16x64xf32, vec>, f32
  %divs = pypto.divs %a, %s : !pypto.tile<16x64xf32, vec>, f32
  %maxs = pypto.maxs %a, %s : !pypto.tile<16x64xf32, vec>, f32
  %mins = pypto.mins %a, %s : !pypto.tile<16x64xf32, vec>, f32
  %neg = pypto.neg %a : !pypto.tile<16x64xf32, vec>
  %abs = pypto.abs %a : !pypto.tile<16x64xf32, vec>
  %relu = pypto.relu %a : !pypto.tile<16x64xf32, vec>
  %exp = pypto.exp %a : !pypto.tile<16x64xf32, vec>
  %log = pypto.log %a : !pypto.tile<16x64xf32, vec>
  %sqrt = pypto.sqrt %a : !pypto.tile<16x64xf32, vec>
  %rsqrt = pypto.rsqrt %a : !pypto.tile<16x64xf32, vec>
  %recip = pypto.recip %a : !pypto.tile<16x64xf32, vec>
  %ineg = pypto.neg %i : !pypto.tile<16x64xi32, vec>
  %iabs = pypto.abs %i : !pypto.tile<16x64xi32, vec>
  %irelu = pypto.relu %i : !pypto.tile<16x64xi32, vec>
  return
}

// -----

// Broadcasts and the fused broadcast ops: row forms take an Mx1 vector,
// column forms a 1xN one.

// CHECK-LABEL: func.func @broadcast_tensors
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[R:[^:]+]]: !pypto.tensor<16x1xf32>, %[[C:[^:]+]]: !pypto.tensor<1x64xf32>)
// CHECK: pypto.row_expand %[[R]] : !pypto.tensor<16x1xf32> -> !pypto.tensor<16x64xf32>
// CHECK: pypto.col_expand %[[C]] : !pypto.tensor<1x64xf32> -> !pypto.tensor<16x64xf32>
// CHECK: pypto.row_expand_add %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_sub %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_mul %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_div %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_max %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_min %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.row_expand_expdif %[[A]], %[[R]] : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
// CHECK: pypto.col_expand_add %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_sub %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_mul %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_div %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_max %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_min %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
// CHECK: pypto.col_expand_expdif %[[A]], %[[C]] : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
func.func @broadcast_tensors(%a: !pypto.tensor<16x64xf32>, %r: !pypto.tensor<16x1xf32>, %c: !pypto.tensor<1x64xf32>) {
  %re = pypto.row_expand %r : !pypto.tensor<16x1xf32> -> !pypto.tensor<16x64xf32>
  %ce = pypto.col_expand %c : !pypto.tensor<1x64xf32> -> !pypto.tensor<16x64xf32>
  %radd = pypto.row_expand_add %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rsub = pypto.row_expand_sub %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rmul = pypto.row_expand_mul %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rdiv = pypto.row_expand_div %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rmax = pypto.row_expand_max %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rmin = pypto.row_expand_min %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %rexpdif = pypto.row_expand_expdif %a, %r : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>
  %cadd = pypto.col_expand_add %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %csub = pypto.col_expand_sub %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %cmul = pypto.col_expand_mul %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %cdiv = pypto.col_expand_div %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %cmax = pypto.col_expand_max %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %cmin = pypto.col_expand_min %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  %cexpdif = pypto.col_expand_expdif %a, %c : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  return
}

// CHECK-LABEL: func.func @broadcast_tiles
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[R:[^:]+]]: !pypto.tile<16x1xf32, vec>, %[[C:[^:]+]]: !pypto.tile<1x64xf32, vec>)
// CHECK: pypto.row_expand %[[R]] : !pypto.tile<16x1xf32, vec> -> !pypto.tile<16x64xf32, vec>
// CHECK: pypto.col_expand %[[C]] : !pypto.tile<1x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_expand_add %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_sub %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_mul %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_div %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_max %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_min %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.row_expand_expdif %[[A]], %[[R]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
// CHECK: pypto.col_expand_add %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_sub %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_mul %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_div %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_max %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_min %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
// CHECK: pypto.col_expand_expdif %[[A]], %[[C]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
func.func @broadcast_tiles(%a: !pypto.tile<16x64xf32, vec>, %r: !pypto.tile<16x1xf32, vec>, %c: !pypto.tile<1x64xf32, vec>) {
  %re = pypto.row_expand %r : !pypto.tile<16x1xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %ce = pypto.col_expand %c : !pypto.tile<1x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %radd = pypto.row_expand_add %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rsub = pypto.row_expand_sub %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmul = pypto.row_expand_mul %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rdiv = pypto.row_expand_div %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmax = pypto.row_expand_max %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rmin = pypto.row_expand_min %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %rexpdif = pypto.row_expand_expdif %a, %r : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  %cadd = pypto.col_expand_add %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %csub = pypto.col_expand_sub %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmul = pypto.col_expand_mul %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cdiv = pypto.col_expand_div %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmax = pypto.col_expand_max %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cmin = pypto.col_expand_min %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  %cexpdif = pypto.col_expand_expdif %a, %c : !pypto.tile<16x64xf32, vec>, !pypto.tile<1x64xf32, vec>
  return
}

// -----

// Casts: the default rounding (rint) is not printed; every other mode is.
// Tiles keep their memory space.

// CHECK-LABEL: func.func @casts
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[V:[^:]+]]: !pypto.tile<16x64xf32, vec>)
// CHECK: pypto.cast %[[A]] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xbf16>
// CHECK: pypto.cast %[[A]] : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
// CHECK: pypto.cast %[[A]] round round : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
// CHECK: pypto.cast %[[A]] round floor : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
// CHECK: pypto.cast %[[A]] round ceil : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
// CHECK: pypto.cast %[[A]] round trunc : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
// CHECK: pypto.cast %[[A]] round odd : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
// CHECK: pypto.cast %[[A]] round none : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
// CHECK: %[[H:.+]] = pypto.cast %[[V]] round trunc : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
// CHECK: pypto.cast %[[H]] : !pypto.tile<16x64xf16, vec> -> !pypto.tile<16x64xf32, vec>
func.func @casts(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tile<16x64xf32, vec>) {
  %rint = pypto.cast %a round rint : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xbf16>
  %default = pypto.cast %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
  %round = pypto.cast %a round round : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
  %floor = pypto.cast %a round floor : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
  %ceil = pypto.cast %a round ceil : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
  %trunc = pypto.cast %a round trunc : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xi32>
  %odd = pypto.cast %a round odd : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
  %none = pypto.cast %a round none : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf16>
  %h = pypto.cast %v round trunc : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
  %f = pypto.cast %h : !pypto.tile<16x64xf16, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

// Reductions: row forms give Mx1, column forms 1xN. On tiles a row
// reduction may name its scratch tile, a create_tile of the source's type.

// CHECK-LABEL: func.func @reductions
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[V:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[I:[^:]+]]: !pypto.tile<16x64xi32, vec>)
// CHECK: pypto.row_sum %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.row_max %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.row_min %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.col_sum %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.col_max %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: pypto.col_min %[[A]] : !pypto.tensor<16x64xf32>
// CHECK: %[[TMP:.+]] = pypto.create_tile : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_sum %[[V]] tmp %[[TMP]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_max %[[V]] tmp %[[TMP]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_min %[[V]] tmp %[[TMP]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK: pypto.row_sum %[[V]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.col_sum %[[V]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.col_max %[[V]] : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.col_min %[[I]] : !pypto.tile<16x64xi32, vec>
func.func @reductions(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tile<16x64xf32, vec>, %i: !pypto.tile<16x64xi32, vec>) {
  %rs = pypto.row_sum %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  %rx = pypto.row_max %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  %rn = pypto.row_min %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  %cs = pypto.col_sum %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xf32>
  %cx = pypto.col_max %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xf32>
  %cn = pypto.col_min %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xf32>
  %tmp = pypto.create_tile : !pypto.tile<16x64xf32, vec>
  %trs = pypto.row_sum %v tmp %tmp : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %trx = pypto.row_max %v tmp %tmp : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %trn = pypto.row_min %v tmp %tmp : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %tr = pypto.row_sum %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  %tcs = pypto.col_sum %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  %tcx = pypto.col_max %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  %tcn = pypto.col_min %i : !pypto.tile<16x64xi32, vec> -> !pypto.tile<1x64xi32, vec>
  return
}

// -----

// full, transpose (with and without a scratch tile) and create_tile, with
// and without a memory space.

// CHECK-LABEL: func.func @fill_transpose
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[V:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[S:[^:]+]]: f32, %[[N:[^:]+]]: i8)
// CHECK: pypto.full %[[S]] : f32 -> !pypto.tensor<16x1xf32>
// CHECK: pypto.full %[[S]] : f32 -> !pypto.tile<16x64xf32, vec>
// CHECK: pypto.full %[[N]] : i8 -> !pypto.tile<32x32xi8, vec>
// CHECK: pypto.transpose %[[A]] : !pypto.tensor<16x64xf32>{{$}}
// CHECK: %[[TMP:.+]] = pypto.create_tile : !pypto.tile<16x64xf32, vec>
// CHECK: pypto.transpose %[[V]] tmp %[[TMP]] : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>{{$}}
// CHECK: pypto.transpose %[[V]] : !pypto.tile<16x64xf32, vec>{{$}}
// CHECK: pypto.create_tile : !pypto.tile<16x16xf16>
// CHECK: pypto.create_tile {pypto.addr = 64 : i64} : !pypto.tile<16x16xf32, acc>
func.func @fill_transpose(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tile<16x64xf32, vec>, %s: f32, %n: i8) {
  %f0 = pypto.full %s : f32 -> !pypto.tensor<16x1xf32>
  %f1 = pypto.full %s : f32 -> !pypto.tile<16x64xf32, vec>
  %f2 = pypto.full %n : i8 -> !pypto.tile<32x32xi8, vec>
  %t0 = pypto.transpose %a : !pypto.tensor<16x64xf32> -> !pypto.tensor<64x16xf32>
  %tmp = pypto.create_tile : !pypto.tile<16x64xf32, vec>
  %t1 = pypto.transpose %v tmp %tmp : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<64x16xf32, vec>
  %t2 = pypto.transpose %v : !pypto.tile<16x64xf32, vec>
  %c0 = pypto.create_tile : !pypto.tile<16x16xf16>
  %c1 = pypto.create_tile {pypto.addr = 64 : i64} : !pypto.tile<16x16xf32, acc>
  return
}

// -----

// matmul_acc on tensors and on tiles: the accumulator has the result's type.

// CHECK-LABEL: func.func @matmul_acc
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x32xf16>, %[[B:[^:]+]]: !pypto.tensor<32x16xf16>, %[[C:[^:]+]]: !pypto.tensor<16x16xf32>, %[[L:[^:]+]]: !pypto.tile<16x32xf16, left>, %[[R:[^:]+]]: !pypto.tile<32x16xf16, right>,
// CHECK: pypto.matmul_acc %[[C]], %[[A]], %[[B]] : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16>
// CHECK: %[[P:.+]] = pypto.matmul %[[L]], %[[R]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: %[[Q:.+]] = pypto.matmul_acc %[[P]], %[[L]], %[[R]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: pypto.matmul_acc %[[Q]], %[[L]], %[[R]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: pypto.matmul_acc %{{.+}}, %{{.+}}, %{{.+}} : !pypto.tensor<16x32xi8>, !pypto.tensor<32x16xi8>
// CHECK: pypto.matmul_acc %[[C]], %[[A]], %[[A]] init %[[F:.+]] {b_trans} : !pypto.tensor<16x32xf16>, !pypto.tensor<16x32xf16>
// CHECK: pypto.matmul_acc %[[Q]], %[[L]], %[[R]] init %[[F]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
// CHECK: pypto.matmul_bias %[[A]], %[[B]], %{{.+}} : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16>, !pypto.tensor<1x16xf32> -> !pypto.tensor<16x16xf32>
func.func @matmul_acc(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>, %c: !pypto.tensor<16x16xf32>,
                      %l: !pypto.tile<16x32xf16, left>, %r: !pypto.tile<32x16xf16, right>,
                      %g: !pypto.tensor<16x32xi8>, %h: !pypto.tensor<32x16xi8>, %k: !pypto.tensor<16x16xi32>) {
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  %p = pypto.matmul %l, %r : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
  %q = pypto.matmul_acc %p, %l, %r : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
  %u = pypto.matmul_acc %q, %l, %r : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
  %i = pypto.matmul_acc %k, %g, %h : !pypto.tensor<16x32xi8>, !pypto.tensor<32x16xi8> -> !pypto.tensor<16x16xi32>
  %first = arith.constant true
  %c0_idx = arith.constant 0 : index
  %j = pypto.matmul_acc %c, %a, %a init %first {b_trans} : !pypto.tensor<16x32xf16>, !pypto.tensor<16x32xf16>
  %w = pypto.matmul_acc %q, %l, %r init %first : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right>
  %bias = pypto.slice %c[%c0_idx, %c0_idx] [1, 16] : !pypto.tensor<16x16xf32> -> !pypto.tensor<1x16xf32>
  %mb = pypto.matmul_bias %a, %b, %bias : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16>, !pypto.tensor<1x16xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

// CHECK-LABEL: func.func @spmd_region
// CHECK:       pypto.spmd core_group "blocks" blocks(4) (%[[B:.+]]) {
// CHECK-NEXT:    arith.addi %[[B]], %[[B]] : index
// CHECK-NEXT:  }
func.func @spmd_region() {
  pypto.spmd core_group "blocks" blocks(4) (%b) {
    %s = arith.addi %b, %b : index
  }
  return
}

// -----

// CHECK-LABEL: func.func @reshapes
// CHECK: pypto.reshape %{{.+}} : !pypto.tensor<64x1xf32> -> !pypto.tensor<1x64xf32>
// CHECK: pypto.reshape %{{.+}} : !pypto.tile<1x64xf32, vec> -> !pypto.tile<64x1xf32, vec>
func.func @reshapes(%t: !pypto.tensor<64x1xf32>, %v: !pypto.tile<1x64xf32, vec>) {
  %a = pypto.reshape %t : !pypto.tensor<64x1xf32> -> !pypto.tensor<1x64xf32>
  %b = pypto.reshape %v : !pypto.tile<1x64xf32, vec> -> !pypto.tile<64x1xf32, vec>
  return
}

// -----

// read: one element of a tensor, with one index per dimension, as a scalar
// of the element type.

// CHECK-LABEL: func.func @reads
// CHECK-SAME: (%[[L:[^:]+]]: !pypto.tensor<4xi32>, %[[M:[^:]+]]: !pypto.tensor<8x16xf16>, %[[B:[^:]+]]: index)
// CHECK: %[[C7:.+]] = arith.constant 7 : index
// CHECK: %[[C15:.+]] = arith.constant 15 : index
// CHECK: %{{.+}} = pypto.read %[[L]][%[[B]]] : !pypto.tensor<4xi32> -> i32
// CHECK: %{{.+}} = pypto.read %[[M]][%[[C7]], %[[C15]]] : !pypto.tensor<8x16xf16> -> f16
// CHECK: %{{.+}} = pypto.read %[[M]][%[[B]], %[[B]]] : !pypto.tensor<8x16xf16> -> f16
func.func @reads(%lens: !pypto.tensor<4xi32>, %m: !pypto.tensor<8x16xf16>, %b: index) {
  %c7 = arith.constant 7 : index
  %c15 = arith.constant 15 : index
  %len = pypto.read %lens[%b] : !pypto.tensor<4xi32> -> i32
  %last = pypto.read %m[%c7, %c15] : !pypto.tensor<8x16xf16> -> f16
  %any = pypto.read %m[%b, %b] : !pypto.tensor<8x16xf16> -> f16
  return
}

// -----

// CHECK-LABEL: func.func @writes_and_tile_reads
// CHECK: pypto.write %{{.+}} into %{{.+}}[%{{.+}}] : i32 into !pypto.tensor<4xi32>
// CHECK: pypto.write %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] : f16 into !pypto.tensor<8x16xf16>
// CHECK: %{{.+}} = pypto.read %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tile<16x1xf32, vec> -> f32
func.func @writes_and_tile_reads(%lens: !pypto.tensor<4xi32>, %m: !pypto.tensor<8x16xf16>,
                                 %t: !pypto.tile<16x1xf32, vec>, %b: index) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 7 : i32
  %h = arith.constant 0.5 : f16
  pypto.write %n into %lens[%b] : i32 into !pypto.tensor<4xi32>
  pypto.write %h into %m[%b, %c0] : f16 into !pypto.tensor<8x16xf16>
  %v = pypto.read %t[%b, %c0] : !pypto.tile<16x1xf32, vec> -> f32
  return
}

// -----

// CHECK-LABEL: func.func @inserts
// CHECK: %{{.+}} = pypto.insert %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] : i32 into !pypto.tensor<1x128xi32>
// CHECK: %{{.+}} = pypto.insert %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}, %{{.+}}] : f16 into !pypto.tensor<2x4x8xf16>
// CHECK: %{{.+}} = pypto.insert %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] : f32 into !pypto.tile<16x16xf32, vec>
func.func @inserts(%row: !pypto.tensor<1x128xi32>, %x: !pypto.tensor<2x4x8xf16>,
                   %t: !pypto.tile<16x16xf32, vec>, %j: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %n = arith.constant 7 : i32
  %h = arith.constant 0.5 : f16
  %f = arith.constant 2.0 : f32
  %r = pypto.insert %n into %row[%c0, %j] : i32 into !pypto.tensor<1x128xi32>
  %y = pypto.insert %h into %x[%c0, %c3, %j] : f16 into !pypto.tensor<2x4x8xf16>
  %u = pypto.insert %f into %t[%j, %c3] : f32 into !pypto.tile<16x16xf32, vec>
  return
}

// -----

// CHECK-LABEL: func.func @tris
// CHECK: pypto.tri %{{.+}} : i32 -> !pypto.tensor<16x16xf32>
// CHECK: pypto.tri %{{.+}} upper : i32 -> !pypto.tensor<1x16x64xi16>
// CHECK: pypto.tri %{{.+}} : i32 -> !pypto.tile<16x16xf16, vec>
func.func @tris(%d: i32) {
  %a = pypto.tri %d : i32 -> !pypto.tensor<16x16xf32>
  %b = pypto.tri %d upper : i32 -> !pypto.tensor<1x16x64xi16>
  %c = pypto.tri %d : i32 -> !pypto.tile<16x16xf16, vec>
  return
}

// -----

// fillpad on tensors and tiles, with every pad value; the valid extents
// may be run-time values, and constants anywhere in [0, dim].

// CHECK-LABEL: func.func @fillpads
// CHECK-SAME: (%[[A:[^:]+]]: !pypto.tensor<16x64xf32>, %[[V:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[W:[^:]+]]: !pypto.tile<16x64xi32>, %[[N:[^:]+]]: index)
// CHECK: %[[C0:.+]] = arith.constant 0 : index
// CHECK: %[[C16:.+]] = arith.constant 16 : index
// CHECK: %[[C64:.+]] = arith.constant 64 : index
// CHECK: pypto.fillpad %[[A]] valid [%[[C16]], %[[N]]] pad min : !pypto.tensor<16x64xf32>{{$}}
// CHECK: pypto.fillpad %[[A]] valid [%[[N]], %[[C64]]] pad max : !pypto.tensor<16x64xf32>{{$}}
// CHECK: pypto.fillpad %[[A]] valid [%[[C0]], %[[C0]]] pad zero : !pypto.tensor<16x64xf32>{{$}}
// CHECK: pypto.fillpad %[[V]] valid [%[[C16]], %[[N]]] pad min : !pypto.tile<16x64xf32, vec>{{$}}
// CHECK: pypto.fillpad %[[W]] valid [%[[N]], %[[N]]] pad zero {pypto.addr = 64 : i64} : !pypto.tile<16x64xi32>{{$}}
func.func @fillpads(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tile<16x64xf32, vec>,
                    %w: !pypto.tile<16x64xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %f0 = pypto.fillpad %a valid [%c16, %n] pad min : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  %f1 = pypto.fillpad %a valid [%n, %c64] pad max : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  %f2 = pypto.fillpad %a valid [%c0, %c0] pad zero : !pypto.tensor<16x64xf32>
  %f3 = pypto.fillpad %v valid [%c16, %n] pad min : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  %f4 = pypto.fillpad %w valid [%n, %n] pad zero {pypto.addr = 64 : i64} : !pypto.tile<16x64xi32>
  return
}

// -----

// Input initialisation knobs: a scale for randn/rand, a range for randint.

// CHECK-LABEL: func.func @init_knobs
// CHECK-SAME: !pypto.tensor<16x16xf32> {pypto.init = "randn", pypto.init_scale = 2.000000e-02 : f64}
// CHECK-SAME: !pypto.tensor<16x16xf32> {pypto.init = "rand", pypto.init_scale = 4.000000e+00 : f32}
// CHECK-SAME: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1, 65>}
// CHECK-SAME: !pypto.tensor<4xi64> {pypto.init = "randint", pypto.init_range = array<i64: -100, -99>}
func.func @init_knobs(%w: !pypto.tensor<16x16xf32> {pypto.init = "randn", pypto.init_scale = 0.02 : f64},
                      %u: !pypto.tensor<16x16xf32> {pypto.init = "rand", pypto.init_scale = 4.0 : f32},
                      %lens: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1, 65>},
                      %neg: !pypto.tensor<4xi64> {pypto.init = "randint", pypto.init_range = array<i64: -100, -99>}) {
  return
}

// -----

// Remainders, bitwise ops, shifts, the relu family, three-operand ops,
// products and arg reductions (issue 16); tile forms with their scratch.
// CHECK-LABEL: func.func @elementwise_ext
// CHECK: pypto.rem %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.fmod %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.and %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.or %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.xor %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.shl %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.shr %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.not %{{.*}} : !pypto.tensor<16x64xi32>
// CHECK: pypto.prelu %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.rems %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.fmods %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.ands %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.ors %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.xors %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.shls %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.shrs %{{.*}}, %{{.*}} : !pypto.tensor<16x64xi32>, i32
// CHECK: pypto.lrelu %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.addc %{{.*}}, %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.subc %{{.*}}, %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.addsc %{{.*}}, %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.subsc %{{.*}}, %{{.*}}, %{{.*}} : !pypto.tensor<16x64xf32>, f32
// CHECK: pypto.row_prod %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.col_prod %{{.*}} : !pypto.tensor<16x64xf32>
// CHECK: pypto.row_argmax %{{.*}} : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xi32>
// CHECK: pypto.row_argmin %{{.*}} : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xi32>
// CHECK: pypto.col_argmax %{{.*}} : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xi32>
// CHECK: pypto.col_argmin %{{.*}} : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xi32>
// CHECK: pypto.rem %{{.*}}, %{{.*}} tmp %{{.*}} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
// CHECK: pypto.xors %{{.*}}, %{{.*}} tmp %{{.*}} : !pypto.tile<16x64xi32, vec>, i32, !pypto.tile<16x64xi32, vec>
// CHECK: pypto.row_argmax %{{.*}} tmp %{{.*}} : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xi32, vec>
func.func @elementwise_ext(%x: !pypto.tensor<16x64xf32>, %y: !pypto.tensor<16x64xf32>,
                           %a: !pypto.tensor<16x64xi32>, %b: !pypto.tensor<16x64xi32>,
                           %s: f32, %k: i32, %t: !pypto.tile<16x64xf32, vec>,
                           %ti: !pypto.tile<16x64xi32, vec>) {
  %0 = pypto.rem %x, %y : !pypto.tensor<16x64xf32>
  %1 = pypto.fmod %x, %y : !pypto.tensor<16x64xf32>
  %2 = pypto.and %a, %b : !pypto.tensor<16x64xi32>
  %3 = pypto.or %a, %b : !pypto.tensor<16x64xi32>
  %4 = pypto.xor %a, %b : !pypto.tensor<16x64xi32>
  %5 = pypto.shl %a, %b : !pypto.tensor<16x64xi32>
  %6 = pypto.shr %a, %b : !pypto.tensor<16x64xi32>
  %7 = pypto.not %a : !pypto.tensor<16x64xi32>
  %8 = pypto.prelu %x, %y : !pypto.tensor<16x64xf32>
  %9 = pypto.rems %a, %k : !pypto.tensor<16x64xi32>, i32
  %10 = pypto.fmods %x, %s : !pypto.tensor<16x64xf32>, f32
  %11 = pypto.ands %a, %k : !pypto.tensor<16x64xi32>, i32
  %12 = pypto.ors %a, %k : !pypto.tensor<16x64xi32>, i32
  %13 = pypto.xors %a, %k : !pypto.tensor<16x64xi32>, i32
  %14 = pypto.shls %a, %k : !pypto.tensor<16x64xi32>, i32
  %15 = pypto.shrs %a, %k : !pypto.tensor<16x64xi32>, i32
  %16 = pypto.lrelu %x, %s : !pypto.tensor<16x64xf32>, f32
  %17 = pypto.addc %x, %y, %x : !pypto.tensor<16x64xf32>
  %18 = pypto.subc %x, %y, %x : !pypto.tensor<16x64xf32>
  %19 = pypto.addsc %x, %s, %y : !pypto.tensor<16x64xf32>, f32
  %20 = pypto.subsc %x, %s, %y : !pypto.tensor<16x64xf32>, f32
  %21 = pypto.row_prod %x : !pypto.tensor<16x64xf32>
  %22 = pypto.col_prod %x : !pypto.tensor<16x64xf32>
  %23 = pypto.row_argmax %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xi32>
  %24 = pypto.row_argmin %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xi32>
  %25 = pypto.col_argmax %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xi32>
  %26 = pypto.col_argmin %x : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xi32>
  %27 = pypto.rem %t, %t tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec>
  %28 = pypto.xors %ti, %k tmp %ti : !pypto.tile<16x64xi32, vec>, i32, !pypto.tile<16x64xi32, vec>
  %29 = pypto.row_argmax %t tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xi32, vec>
  return
}

// -----

// A biased product of N-D operands (leading dimensions of 1): the bias too.
// CHECK-LABEL: func.func @matmul_bias_nd
// CHECK: pypto.matmul_bias %{{.+}}, %{{.+}}, %{{.+}} : !pypto.tensor<1x1x8xf32>, !pypto.tensor<1x8x64xf32>, !pypto.tensor<1x1x64xf32> -> !pypto.tensor<1x1x64xf32>
func.func @matmul_bias_nd(%a: !pypto.tensor<1x1x8xf32>, %b: !pypto.tensor<1x8x64xf32>, %c: !pypto.tensor<1x1x64xf32>) {
  %r = pypto.matmul_bias %a, %b, %c : !pypto.tensor<1x1x8xf32>, !pypto.tensor<1x8x64xf32>, !pypto.tensor<1x1x64xf32> -> !pypto.tensor<1x1x64xf32>
  return
}

// CHECK-LABEL: func.func @reinterpret
// CHECK: pypto.reinterpret_view %{{.+}} : !pypto.tensor<?x32xf32> -> !pypto.tensor<?x64xbf16>
// CHECK: pypto.reinterpret_view %{{.+}} : !pypto.tensor<4x8xi32> -> !pypto.tensor<32xf32>
func.func @reinterpret(%x: !pypto.tensor<?x32xf32>, %y: !pypto.tensor<4x8xi32>) {
  %a = pypto.reinterpret_view %x : !pypto.tensor<?x32xf32> -> !pypto.tensor<?x64xbf16>
  %b = pypto.reinterpret_view %y : !pypto.tensor<4x8xi32> -> !pypto.tensor<32xf32>
  return
}
