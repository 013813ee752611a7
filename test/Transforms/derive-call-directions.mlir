// RUN: pypto-opt %s -split-input-file --pypto-derive-call-directions | FileCheck %s

func.func @write(%t: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %s: f32) attributes {pypto.kind = "incore"} {
  return
}
func.func @read(%t: !pypto.tensor<16x16xf32> {pypto.dir = "in"}) attributes {pypto.kind = "incore"} {
  return
}

// The first writer of a tensor keeps `out`; a later writer of the same
// tensor is ordered after it (`inout`); reads stay `in`; scalars are marked.

// CHECK-LABEL: func.func @orch
// CHECK: pypto.call @write(%{{.+}}, %{{.+}}) {arg_directions = ["out", "scalar"]}
// CHECK: pypto.call @read(%{{.+}}) {arg_directions = ["in"]}
// CHECK: pypto.call @write(%{{.+}}, %{{.+}}) {arg_directions = ["inout", "scalar"]}
func.func @orch(%y: !pypto.tensor<32x16xf32> {pypto.dir = "out"}, %s: f32) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %a = pypto.slice %y[%c0, %c0] [16, 16] : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
  pypto.call @write(%a, %s) : (!pypto.tensor<16x16xf32>, f32) -> ()
  pypto.call @read(%a) : (!pypto.tensor<16x16xf32>) -> ()
  %b = pypto.slice %y[%c16, %c0] [16, 16] : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
  pypto.call @write(%b, %s) : (!pypto.tensor<16x16xf32>, f32) -> ()
  return
}

// -----

func.func @write(%t: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  return
}

// In a sequential loop a window that does not change with the loop is
// written by every iteration: `inout`. A window of a parallel loop, or one
// that moves with the loop, stays `out`.

// CHECK-LABEL: func.func @loops
// CHECK: scf.for
// CHECK:   pypto.call @write(%{{.+}}) {arg_directions = ["inout"]}
// CHECK: } {pypto.loop = "range"}
// CHECK: scf.for
// CHECK:   pypto.call @write(%{{.+}}) {arg_directions = ["out"]}
// CHECK: } {pypto.loop = "range"}
func.func @loops(%y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}, %z: !pypto.tensor<64x16xf32> {pypto.dir = "out"}) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c4 step %c1 {
    pypto.call @write(%y) : (!pypto.tensor<16x16xf32>) -> ()
  } {pypto.loop = "range"}
  scf.for %i = %c0 to %c64 step %c16 {
    %w = pypto.slice %z[%i, %c0] [16, 16] : !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
    pypto.call @write(%w) : (!pypto.tensor<16x16xf32>) -> ()
  } {pypto.loop = "range"}
  return
}

// -----

func.func @write(%t: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  return
}

// A program `inout` parameter is read before it is written.

// CHECK-LABEL: func.func @program_inout
// CHECK: pypto.call @write(%{{.+}}) {arg_directions = ["inout"]}
func.func @program_inout(%y: !pypto.tensor<16x16xf32> {pypto.dir = "inout"}) attributes {pypto.kind = "orchestration"} {
  pypto.call @write(%y) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// Kernels and other functions are left alone.

// CHECK-LABEL: func.func @kernel_only
// CHECK-NOT: arg_directions
func.func @kernel_only() attributes {pypto.kind = "incore"} {
  return
}

// -----

// A no_dep argument is `nodep`, whatever the kernel does with it.

func.func @rw(%a: !pypto.tensor<16x16xf32> {pypto.dir = "inout"}, %b: !pypto.tensor<16x16xf32> {pypto.dir = "in"}) attributes {pypto.kind = "incore"} {
  return
}

// CHECK-LABEL: func.func @no_dep_args
// CHECK: pypto.call @rw(%{{.+}}, %{{.+}}) {arg_directions = ["nodep", "in"], no_dep_args = array<i64: 0>}
// CHECK: pypto.call @rw(%{{.+}}, %{{.+}}) {arg_directions = ["inout", "nodep"], no_dep_args = array<i64: 1>}
func.func @no_dep_args(%x: !pypto.tensor<16x16xf32> {pypto.dir = "inout"}, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  pypto.call @rw(%x, %y) {no_dep_args = array<i64: 0>} : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  pypto.call @rw(%x, %y) {no_dep_args = array<i64: 1>} : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  return
}
