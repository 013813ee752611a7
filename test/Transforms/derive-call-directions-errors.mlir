// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-derive-call-directions

func.func @write(%t: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  return
}

// A kernel that writes a tensor the program declares (by default) as an
// input: its result would never be validated.
func.func @orch(%y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  // expected-error @+1 {{'pypto.call' op writes parameter 0 of 'orch', which is an input; declare it {pypto.dir = "out"} or {pypto.dir = "inout"}}}
  pypto.call @write(%y) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

func.func @write(%t: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) attributes {pypto.kind = "incore"} {
  return
}

func.func @orch(%y: !pypto.tensor<32x16xf32> {pypto.dir = "in"}) attributes {pypto.kind = "orchestration"} {
  %c0 = arith.constant 0 : index
  %v = pypto.slice %y[%c0, %c0] [16, 16] : !pypto.tensor<32x16xf32> -> !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.call' op writes parameter 0 of 'orch', which is an input}}
  pypto.call @write(%v) : (!pypto.tensor<16x16xf32>) -> ()
  return
}
