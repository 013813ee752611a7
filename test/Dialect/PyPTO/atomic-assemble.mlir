// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// An atomic assemble in a kernel, with and without a valid shape, and the
// store it becomes.

// CHECK-LABEL: func.func @atomic
// CHECK: pypto.assemble %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x512xf32>
// CHECK: pypto.assemble %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] valid [%{{.+}}, %{{.+}}] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x512xf32>
// CHECK: pypto.store %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] atomic_add : !pypto.tile<16x128xf32, vec>, !pypto.tensor<16x512xf32>
func.func @atomic(%x: !pypto.tensor<16x128xf32>, %q: !pypto.tensor<16x512xf32>,
                  %t: !pypto.tile<16x128xf32, vec>, %n: index) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "k" {
    pypto.assemble %x into %q[%c0, %c0] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x512xf32>
    pypto.assemble %x into %q[%c0, %c0] valid [%n, %n] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x512xf32>
  }
  pypto.store %t, %q[%c0, %c0] atomic_add : !pypto.tile<16x128xf32, vec>, !pypto.tensor<16x512xf32>
  return
}
