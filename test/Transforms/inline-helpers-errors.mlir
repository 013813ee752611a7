// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-inline-helpers

// A helper that calls itself.
// expected-note @+1 {{'loop_forever' is defined here}}
func.func private @loop_forever(%x: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'func.call' op makes a recursive call to 'loop_forever': helpers are inlined, so calls cannot form a cycle}}
  func.call @loop_forever(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}
func.func @self_recursion(%x: !pypto.tensor<16x16xf32>) {
  func.call @loop_forever(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// Two helpers that call each other: the call that closes the cycle.
// expected-note @+1 {{'even' is defined here}}
func.func private @even(%x: !pypto.tensor<16x16xf32>) {
  func.call @odd(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}
func.func private @odd(%x: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'func.call' op makes a recursive call to 'even'}}
  func.call @even(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}
func.func @mutual_recursion(%x: !pypto.tensor<16x16xf32>) {
  func.call @even(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// A declaration has no body to inline.
func.func private @elsewhere(%x: !pypto.tensor<16x16xf32>)
func.func @external_callee(%x: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'func.call' op calls 'elsewhere', which has no body: a helper is a function of the program}}
  func.call @elsewhere(%x) : (!pypto.tensor<16x16xf32>) -> ()
  return
}
