// RUN: pypto-opt %s -split-input-file --pypto-fold-rank6 | FileCheck %s

// A window taking one index of dimension 0 merges its first two offsets
// (o0*d1 + o1) and keeps dimension 1's extent; a bound shape follows the
// argument's type.

// CHECK-LABEL: func.func @one_index
// CHECK-SAME:  (%[[X:.+]]: !pypto.tensor<6x2x8x4x64xf32> {pypto.shape = array<i64: 6, 2, 8, 4, 64>},
// CHECK-SAME:   %[[Y:.+]]: !pypto.tensor<6x2x8x4x64xf32>, %[[R:.+]]: index)
// CHECK:       %[[C3:.+]] = arith.constant 3 : index
// CHECK:       %[[SCALED:.+]] = arith.muli %[[R]], %[[C3]] : index
// CHECK:       %[[MERGED:.+]] = arith.addi %[[SCALED]], %c1 : index
// CHECK:       pypto.slice %[[X]][%[[MERGED]], %c0, %c0, %c0, %c0] [2, 2, 8, 4, 64] : !pypto.tensor<6x2x8x4x64xf32>
// CHECK:       pypto.assemble %{{.+}} into %[[Y]][%{{.+}}, %c0, %c0, %c0, %c0] : !pypto.tensor<2x2x8x4x64xf32> into !pypto.tensor<6x2x8x4x64xf32>
func.func @one_index(%x: !pypto.tensor<2x3x2x8x4x64xf32> {pypto.shape = array<i64: 2, 3, 2, 8, 4, 64>},
                     %y: !pypto.tensor<2x3x2x8x4x64xf32>, %r: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pypto.at core_group "k" {
    %v = pypto.slice %x[%r, %c1, %c0, %c0, %c0, %c0] [1, 2, 2, 8, 4, 64] : !pypto.tensor<2x3x2x8x4x64xf32>
    %e = pypto.exp %v : !pypto.tensor<1x2x2x8x4x64xf32>
    pypto.assemble %e into %y[%r, %c1, %c0, %c0, %c0, %c0] : !pypto.tensor<1x2x2x8x4x64xf32> into !pypto.tensor<2x3x2x8x4x64xf32>
  }
  return
}

// -----

// A window over all of dimension 1 spans d1 merged rows per index of
// dimension 0; a tail keeps its last extents.

// CHECK-LABEL: func.func @whole_dim1
// CHECK:       pypto.at core_group
// CHECK-NEXT:  %[[ZERO:.+]] = arith.constant 0 : index
// CHECK:       pypto.slice %{{.+}}[%[[ZERO]], %c1, %c0, %c0, %c0] [6, 1, 8, 4, 64] : !pypto.tensor<6x2x8x4x64xf32>
// CHECK:       %[[FOUR:.+]] = arith.constant 4 : index
// CHECK:       pypto.slice %{{.+}}[%[[FOUR]], %c0, %c0, %c0, %c0] [1, 1, 1, 16, 64] valid [%c1, %c1, %c1, %{{.+}}, %c64] : !pypto.tensor<6x2x8x16x64xf32>
func.func @whole_dim1(%x: !pypto.tensor<2x3x2x8x4x64xf32>, %z: !pypto.tensor<2x3x2x8x16x64xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  pypto.at core_group "k" {
    %v = pypto.slice %x[%c0, %c0, %c1, %c0, %c0, %c0] [2, 3, 1, 8, 4, 64] : !pypto.tensor<2x3x2x8x4x64xf32>
    %t = pypto.slice %z[%c1, %c1, %c0, %c0, %c0, %c0] [1, 1, 1, 1, 16, 64] valid [%c1, %c1, %c1, %c1, %rows, %c64] : !pypto.tensor<2x3x2x8x16x64xf32>
  }
  return
}

// -----

// Element accesses merge their first two indices; a loop index with
// constant bounds is provably inside dimension 1, and so is a spmd block
// index of 3 blocks.

// CHECK-LABEL: func.func @elements
// CHECK:       scf.for %[[J:.+]] = %c0 to %c3 step %c1
// CHECK:         %[[ROW:.+]] = arith.addi %{{.+}}, %[[J]] : index
// CHECK:         pypto.read %{{.+}}[%[[ROW]], %c0, %c0, %c0, %c0] : !pypto.tensor<6x1x1x1x4xi32> -> i32
// CHECK:         %[[ROW2:.+]] = arith.addi %{{.+}}, %[[J]] : index
// CHECK:         pypto.write %{{.+}} into %{{.+}}[%[[ROW2]], %c0, %c0, %c0, %c1] : i32 into !pypto.tensor<6x1x1x1x4xi32>
// CHECK:       pypto.spmd core_group "blocks" blocks(3) (%[[B:.+]])
// CHECK:         arith.addi %{{.+}}, %[[B]] : index
// CHECK:         %[[E:.+]] = pypto.exp %{{.+}} : !pypto.tensor<1x1x1x4x8xf32>
// CHECK:         pypto.insert %{{.+}} into %[[E]][%{{.+}}, %c0{{[_0-9]*}}, %c0{{[_0-9]*}}, %c3{{[_0-9]*}}, %c1{{[_0-9]*}}] : f32 into !pypto.tensor<1x1x1x4x8xf32>
func.func @elements(%t: !pypto.tensor<2x3x1x1x1x4xi32>, %i: index) {
  %f = arith.constant 2.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  scf.for %j = %c0 to %c3 step %c1 {
    %v = pypto.read %t[%i, %j, %c0, %c0, %c0, %c0] : !pypto.tensor<2x3x1x1x1x4xi32> -> i32
    pypto.write %v into %t[%i, %j, %c0, %c0, %c0, %c1] : i32 into !pypto.tensor<2x3x1x1x1x4xi32>
  }
  pypto.spmd core_group "blocks" blocks(3) (%b) {
    %w = pypto.read %t[%i, %b, %c0, %c0, %c0, %c0] : !pypto.tensor<2x3x1x1x1x4xi32> -> i32
    pypto.write %w into %t[%i, %b, %c0, %c0, %c0, %c3] : i32 into !pypto.tensor<2x3x1x1x1x4xi32>
    %x = pypto.full %f : f32 -> !pypto.tensor<1x1x1x1x4x8xf32>
    %e = pypto.exp %x : !pypto.tensor<1x1x1x1x4x8xf32>
    %n = pypto.insert %f into %e[%c0, %c0, %c0, %c0, %c3, %c1] : f32 into !pypto.tensor<1x1x1x1x4x8xf32>
  }
  return
}

// -----

// pypto.dim of dimension 0 divides the merged size by d1, of dimension 1
// is d1, of the others the dimension one lower; a created tensor's
// run-time dimension 0 is multiplied by d1.

// CHECK-LABEL: func.func @dims
// CHECK-SAME:  (%[[X:.+]]: !pypto.tensor<?x8x4x2x64xf32>)
// CHECK:       %[[MERGED:.+]] = pypto.dim %[[X]], 0 : !pypto.tensor<?x8x4x2x64xf32>
// CHECK:       %[[C3:.+]] = arith.constant 3 : index
// CHECK:       %[[N:.+]] = arith.divui %[[MERGED]], %[[C3]] : index
// CHECK:       %[[C3B:.+]] = arith.constant 3 : index
// CHECK:       %[[FOUR:.+]] = pypto.dim %[[X]], 2 : !pypto.tensor<?x8x4x2x64xf32>
// CHECK:       %[[SIZE:.+]] = arith.muli %[[N]], %{{.+}} : index
// CHECK:       pypto.create_tensor(%[[SIZE]]) : !pypto.tensor<?x8x4x2x64xf32>
// CHECK:       return %[[N]], %[[C3B]], %[[FOUR]]
func.func @dims(%x: !pypto.tensor<?x3x8x4x2x64xf32>) -> (index, index, index) {
  %n = pypto.dim %x, 0 : !pypto.tensor<?x3x8x4x2x64xf32>
  %three = pypto.dim %x, 1 : !pypto.tensor<?x3x8x4x2x64xf32>
  %four = pypto.dim %x, 3 : !pypto.tensor<?x3x8x4x2x64xf32>
  %t = pypto.create_tensor(%n) : !pypto.tensor<?x3x8x4x2x64xf32>
  return %n, %three, %four : index, index, index
}

// -----

// Every value of a rank-6 type is folded: loop-carried tensors, kernel
// values and reshapes; tensors of lower rank are left alone.

// CHECK-LABEL: func.func @types
// CHECK:       scf.for {{.+}} iter_args(%{{.+}} = %{{.+}}) -> (!pypto.tensor<4x5x1x8x16xf32>)
// CHECK:       pypto.reshape %{{.+}} : !pypto.tensor<1x1x1x8x16xf32> -> !pypto.tensor<8x16xf32>
func.func @types(%a: !pypto.tensor<2x2x5x1x8x16xf32>, %b: !pypto.tensor<2x2x5x1x8x16xf32>, %o: !pypto.tensor<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%cur = %a) -> (!pypto.tensor<2x2x5x1x8x16xf32>) {
    scf.yield %b : !pypto.tensor<2x2x5x1x8x16xf32>
  }
  pypto.at core_group "k" {
    %v = pypto.slice %r[%c1, %c1, %c0, %c0, %c0, %c0] [1, 1, 1, 1, 8, 16] : !pypto.tensor<2x2x5x1x8x16xf32>
    %w = pypto.reshape %v : !pypto.tensor<1x1x1x1x8x16xf32> -> !pypto.tensor<8x16xf32>
    pypto.assemble %w into %o[%c0, %c0] : !pypto.tensor<8x16xf32> into !pypto.tensor<8x16xf32>
  }
  return
}

// -----

// Tile loads and stores (kernels written with tiles) fold their windows.

// CHECK-LABEL: func.func @tile_windows
// CHECK:       pypto.load %{{.+}}[%{{.+}}, %c0, %c0, %c0, %c0] window [1, 1, 2, 16, 64] : !pypto.tensor<6x1x2x16x64xf32> -> !pypto.tile<32x64xf32>
// CHECK:       pypto.store %{{.+}}, %{{.+}}[%{{.+}}, %c0, %c0, %c0, %c0] window [3, 1, 2, 16, 64] : !pypto.tile<96x64xf32>, !pypto.tensor<6x1x2x16x64xf32>
func.func @tile_windows(%x: !pypto.tensor<2x3x1x2x16x64xf32>, %y: !pypto.tensor<2x3x1x2x16x64xf32>, %big: !pypto.tile<96x64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %t = pypto.load %x[%c1, %c2, %c0, %c0, %c0, %c0] window [1, 1, 1, 2, 16, 64] : !pypto.tensor<2x3x1x2x16x64xf32> -> !pypto.tile<32x64xf32>
  pypto.store %big, %y[%c1, %c0, %c0, %c0, %c0, %c0] window [1, 3, 1, 2, 16, 64] : !pypto.tile<96x64xf32>, !pypto.tensor<2x3x1x2x16x64xf32>
  return
}
