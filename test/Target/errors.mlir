// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-pto
// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-orchestration
// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-kernel-config
// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-kernel-cpp

// Emitting from a program that did not go through the pipeline gives a
// located error, for every emitter.
// RUN: not pypto-translate %examples/beginner/hello_world.mlir --emit-orchestration 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not pypto-translate %examples/beginner/hello_world.mlir --emit-kernel-cpp 2>&1 | FileCheck %s --check-prefix=SOURCE
// SOURCE: hello_world.mlir:5:1: error: no orchestration function: run the default pipeline (pypto-default-pipeline) first

// A program that was only outlined: its kernels are not lowered.
// RUN: pypto-opt %examples/beginner/hello_world.mlir --pypto-outline-incore | not pypto-translate --emit-pto 2>&1 | FileCheck %s --check-prefix=OUTLINED
// RUN: pypto-opt %examples/beginner/hello_world.mlir --pypto-outline-incore | not pypto-translate --emit-kernel-config 2>&1 | FileCheck %s --check-prefix=OUTLINED
// OUTLINED: <stdin>:{{[0-9]+}}:{{[0-9]+}}: error: 'pypto.call' op calls 'add_scalar', which is not a kernel lowered to pto (run pypto-lower-to-pto first)

// A program that was converted and planned, but not lowered.
// RUN: pypto-opt %examples/beginner/matmul.mlir --pypto-outline-incore --pypto-convert-tensor-to-tile --pypto-infer-memory-space --pypto-plan-memory | not pypto-translate --emit-orchestration 2>&1 | FileCheck %s --check-prefix=PLANNED
// PLANNED: error: 'pypto.call' op calls 'matmul_tile', which is not a kernel lowered to pto (run pypto-lower-to-pto first)

// expected-error @+1 {{the program has no kernel to run: put its work in a 'pypto.at' or 'pypto.spmd' region}}
module {
  func.func @f() attributes {pypto.kind = "opaque"} {
    return
  }
}

// -----

module {
  func.func @a() attributes {pypto.kind = "orchestration"} {
    return
  }
  // expected-error @+1 {{a build has one orchestration function; 'a' is one already}}
  func.func @b() attributes {pypto.kind = "orchestration"} {
    return
  }
}

// -----

module {
  func.func @k(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
    return
  }
  func.func @main(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{'pypto.call' op calls 'k', which is not a kernel lowered to pto (run pypto-lower-to-pto first)}}
    pypto.call @k(%x) : (!pypto.tensor<16x16xf32>) -> ()
    pypto.call @k(%x) : (!pypto.tensor<16x16xf32>) -> ()
    return
  }
}

// -----

module {
  func.func @lowered(%p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @not_lowered(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
    return
  }
  func.func @main(%x: !pypto.tensor<16x16xf32>, %n: index) attributes {pypto.kind = "orchestration"} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      pypto.call @lowered(%x) : (!pypto.tensor<16x16xf32>) -> ()
      // expected-error @+1 {{'pypto.call' op calls 'not_lowered', which is not a kernel lowered to pto (run pypto-lower-to-pto first)}}
      pypto.call @not_lowered(%x) : (!pypto.tensor<16x16xf32>) -> ()
    }
    return
  }
}

// Two emitters at once would feed the first one's output to the second.
// RUN: pypto-opt %examples/beginner/hello_world.mlir --pypto-default-pipeline -o %t.mlir
// RUN: not pypto-translate %t.mlir --emit-kernel-cpp --emit-pto 2>&1 | FileCheck %s --check-prefix=TWO
// TWO: pypto-translate: error: --emit-kernel-cpp and --emit-pto given; run pypto-translate once per output
