// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile | FileCheck %s
// RUN: pypto-opt %s -split-input-file --pypto-convert-tensor-to-tile --pypto-infer-memory-space | FileCheck %s --check-prefix=SPACE

// Scalar reads and writes of a parameter's window stay GM accesses of the
// parameter itself, at the window's origin plus the index; a read of a
// tensor the kernel computed reads its tile.

// CHECK-LABEL: func.func @gm_elements
// CHECK-SAME: (%[[IDS:[^:]+]]: !pypto.tensor<4x8xi32>, %[[OUT:[^:]+]]: !pypto.tensor<4x8xi32>, %[[R:[^:]+]]: index)
// CHECK: %[[ORIGIN:.+]] = arith.addi %{{.+}}, %[[R]] : index
// CHECK: %[[ROW:.+]] = arith.addi %[[ORIGIN]], %{{.+}} : index
// CHECK: %[[COL:.+]] = arith.addi %{{.+}}, %c3 : index
// CHECK: %[[V:.+]] = pypto.read %[[IDS]][%[[ROW]], %[[COL]]] : !pypto.tensor<4x8xi32> -> i32
// CHECK: pypto.write %{{.+}} into %[[OUT]][%{{.+}}, %{{.+}}] : i32 into !pypto.tensor<4x8xi32>
// CHECK-NOT: pypto.slice
func.func @gm_elements(%ids: !pypto.tensor<4x8xi32>, %out: !pypto.tensor<4x8xi32>,
                       %r: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %one = arith.constant 1 : i32
  %row = pypto.slice %ids[%r, %c0] [1, 8] : !pypto.tensor<4x8xi32> -> !pypto.tensor<1x8xi32>
  %v = pypto.read %row[%c0, %c3] : !pypto.tensor<1x8xi32> -> i32
  %n = arith.addi %v, %one : i32
  pypto.write %n into %out[%r, %c3] : i32 into !pypto.tensor<4x8xi32>
  return
}

// -----

// CHECK-LABEL: func.func @tile_element
// CHECK: %[[X:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
// CHECK: %[[M:.+]] = pypto.row_max %[[X]] tmp %{{.+}}
// CHECK: %[[V:.+]] = pypto.read %[[M]][%{{.+}}, %{{.+}}] : !pypto.tile<16x1xf32> -> f32
// CHECK: pypto.adds %[[X]], %[[V]]
// SPACE-LABEL: func.func @tile_element
// SPACE: pypto.read %{{.+}}[%{{.+}}, %{{.+}}] : !pypto.tile<16x1xf32, vec> -> f32
func.func @tile_element(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m = pypto.row_max %x : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xf32>
  %v = pypto.read %m[%c5, %c0] : !pypto.tensor<16x1xf32> -> f32
  %s = pypto.adds %x, %v : !pypto.tensor<16x16xf32>, f32
  pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// A write into a parameter makes later reads of the window load again.

// CHECK-LABEL: func.func @write_then_load
// CHECK: %[[A:.+]] = pypto.load %[[Y:arg[0-9]+]]
// CHECK: pypto.write
// CHECK: %[[B:.+]] = pypto.load %[[Y]]
// CHECK: pypto.add %{{.+}}, %[[B]]
func.func @write_then_load(%y: !pypto.tensor<16x16xf32>, %z: !pypto.tensor<16x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 2.0 : f32
  %a = pypto.exp %y : !pypto.tensor<16x16xf32>
  pypto.write %v into %y[%c0, %c0] : f32 into !pypto.tensor<16x16xf32>
  %s = pypto.add %a, %y : !pypto.tensor<16x16xf32>
  pypto.assemble %s into %z[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
  return
}

// -----

// An element of a matmul product is read from vec: the product moves there.

// SPACE-LABEL: func.func @product_element
// SPACE: %[[P:.+]] = pypto.matmul {{.+}}
// SPACE: %[[V:.+]] = pypto.move %[[P]] : !pypto.tile<16x16xf32, acc> -> !pypto.tile<16x16xf32, vec>
// SPACE: pypto.read %[[V]][%{{.+}}, %{{.+}}] : !pypto.tile<16x16xf32, vec> -> f32
func.func @product_element(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf32>,
                           %out: !pypto.tensor<1xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %p = pypto.matmul %a, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
  %v = pypto.read %p[%c2, %c2] : !pypto.tensor<16x16xf32> -> f32
  pypto.write %v into %out[%c0] : f32 into !pypto.tensor<1xf32>
  return
}
