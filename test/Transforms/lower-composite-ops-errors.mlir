// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-lower-composite-ops

// A reader that does not carry a valid region.
func.func @row_sum_of_narrowed(%x: !pypto.tile<16x64xf32, vec>, %r: index)
    -> !pypto.tile<16x1xf32, vec> attributes {pypto.kind = "incore"} {
  %c64 = arith.constant 64 : index
  // expected-note @+1 {{narrowed here}}
  %v = pypto.set_validshape %x valid [%r, %c64] : !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.row_sum' op reads a value whose valid region pypto.set_validshape narrowed; only pypto.fillpad, assemble and elementwise ops of one operand carry a valid region: fillpad the value first}}
  %s = pypto.row_sum %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x1xf32, vec>
  return %s : !pypto.tile<16x1xf32, vec>
}

// -----

// Through an elementwise op, to a binary one.
func.func @add_of_narrowed(%x: !pypto.tile<16x64xf32, vec>, %r: index)
    -> !pypto.tile<16x64xf32, vec> attributes {pypto.kind = "incore"} {
  %c64 = arith.constant 64 : index
  // expected-note @+1 {{narrowed here}}
  %v = pypto.set_validshape %x valid [%r, %c64] : !pypto.tile<16x64xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x64xf32, vec>
  // expected-error @+1 {{'pypto.add' op reads a value whose valid region pypto.set_validshape narrowed}}
  %s = pypto.add %e, %x : !pypto.tile<16x64xf32, vec>
  return %s : !pypto.tile<16x64xf32, vec>
}
