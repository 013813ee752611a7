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
// CHECK:     %[[T:.+]] = pypto.slice %[[X]][%[[R]], %{{.+}}] [16, 64] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x64xf32>
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
// CHECK: %[[ACC:.+]] = pypto.matmul %[[AL]], %[[BR]] : !pypto.tile<16x32xf16, left>, !pypto.tile<32x16xf16, right> -> !pypto.tile<16x16xf32, acc>
// CHECK: pypto.store %[[ACC]], %[[C]][%[[C0]], %[[C0]]] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf16>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<16x32xbf16>, !pypto.tensor<32x16xbf16> -> !pypto.tensor<16x16xf32>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tensor<16x32xi8>, !pypto.tensor<32x16xi8> -> !pypto.tensor<16x16xi32>
// CHECK: pypto.matmul %{{.+}}, %{{.+}} : !pypto.tile<16x32xf32>, !pypto.tile<32x16xf32> -> !pypto.tile<16x16xf32>
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
// CHECK: pypto.slice %{{.+}}[%[[C48:.+]], %[[C48]]] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
func.func @edge(%t: !pypto.tensor<64x64xf32>) {
  %c48 = arith.constant 48 : index
  %s = pypto.slice %t[%c48, %c48] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  return
}
