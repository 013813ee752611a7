// RUN: pypto-opt %s -split-input-file -verify-diagnostics

// A constant loop step <= 0 never ends: the verifier rejects it at the loop
// in any function of a pypto program, before a pass or emitter runs.

func.func @orchestration_zero_step(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'scf.for' op step must be positive, got 0}}
  scf.for %r = %c0 to %c64 step %c0 {
  }
  return
}

// -----

// Nested, in a kernel (pypto.kind, no argument attributes).
func.func @kernel_negative_step(%x: !pypto.tensor<64x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %cm16 = arith.constant -16 : index
  scf.for %r = %c0 to %c64 step %c1 {
    // expected-error @+1 {{'scf.for' op step must be positive, got -16}}
    scf.for %c = %c0 to %c64 step %cm16 {
    }
  }
  return
}

// -----

// Several attributed arguments: reported once.
func.func @reported_once(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                         %y: !pypto.tensor<64x64xf32> {pypto.dir = "out", pypto.name = "y"}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'scf.for' op step must be positive, got 0}}
  scf.for %r = %c0 to %c64 step %c0 {
  }
  return
}

// -----

// Steps computed at run time are checked where the loop runs; positive
// constants are fine.
func.func @fine(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"}, %s: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  scf.for %r = %c0 to %c64 step %s {
  }
  scf.for %r = %c0 to %c64 step %c16 {
  }
  return
}
