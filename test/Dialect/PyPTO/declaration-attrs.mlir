// RUN: pypto-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// pypto argument attributes on function declarations (no body, so no block
// arguments) are verified like those on definitions.

// CHECK-LABEL: func.func private @extern_kernel
// CHECK-SAME: !pypto.tensor<4x8xf32> {pypto.dir = "in"}
// CHECK-SAME: f32 {pypto.value = 1.000000e+00 : f32}
func.func private @extern_kernel(%a: !pypto.tensor<4x8xf32> {pypto.dir = "in"},
                                 %s: f32 {pypto.value = 1.0 : f32})

// -----

// expected-error @+1 {{'pypto.dir' is only valid on tensor arguments}}
func.func private @scalar_dir(%a: f32 {pypto.dir = "in"})
