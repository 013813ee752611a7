// RUN: pypto-opt %s | pypto-opt | FileCheck %s

// Tail windows: slice, assemble, load and store with a valid shape, printed
// as they are written. A window may run past a static tensor's end when its
// valid part does not.

// CHECK-LABEL: func.func @tails
// CHECK: %[[S:.+]] = pypto.slice %{{.+}}[%{{.+}}, %{{.+}}] [16, 32] valid [%{{.+}}, %c32] : !pypto.tensor<?x32xf32>
// CHECK: pypto.assemble %[[S]] into %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %c32] : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
// CHECK: pypto.slice %{{.+}}[%c16, %c0] [16, 32] valid [%c4, %c32] : !pypto.tensor<20x32xf32>
// CHECK: %[[T:.+]] = pypto.load %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %c32] : !pypto.tensor<?x32xf32> -> !pypto.tile<16x32xf32>
// CHECK: pypto.load %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %c32] {transpose} : !pypto.tensor<?x32xf32> -> !pypto.tile<32x16xf32>
// CHECK: pypto.store %[[T]], %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %c32] : !pypto.tile<16x32xf32>, !pypto.tensor<?x32xf32>
func.func @tails(%x: !pypto.tensor<?x32xf32>, %y: !pypto.tensor<?x32xf32>,
                 %z: !pypto.tensor<20x32xf32>, %t0: index, %rows: index) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  pypto.at core_group "k" {
    %s = pypto.slice %x[%t0, %c0] [16, 32] valid [%rows, %c32]
        : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
    pypto.assemble %s into %y[%t0, %c0] valid [%rows, %c32]
        : !pypto.tensor<16x32xf32> into !pypto.tensor<?x32xf32>
    %l = pypto.slice %z[%c16, %c0] [16, 32] valid [%c4, %c32]
        : !pypto.tensor<20x32xf32> -> !pypto.tensor<16x32xf32>
  }
  %t = pypto.load %x[%t0, %c0] valid [%rows, %c32] : !pypto.tensor<?x32xf32> -> !pypto.tile<16x32xf32>
  // Transposed: the extents are still the window's (16x32), the tile 32x16.
  %tt = pypto.load %x[%t0, %c0] valid [%rows, %c32] {transpose} : !pypto.tensor<?x32xf32> -> !pypto.tile<32x16xf32>
  pypto.store %t, %y[%t0, %c0] valid [%rows, %c32] : !pypto.tile<16x32xf32>, !pypto.tensor<?x32xf32>
  return
}
