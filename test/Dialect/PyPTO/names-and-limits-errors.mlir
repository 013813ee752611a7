// RUN: pypto-opt %s -split-input-file -verify-diagnostics

// Kernel names, block counts, cast element types and call signatures the
// verifier rejects.

//===----------------------------------------------------------------------===//
// Kernel names: a name becomes a C function and file names, so it must be a
// C identifier.
//===----------------------------------------------------------------------===//

// A path in an 'at' name.
func.func @at_name_path() {
  // expected-error @+1 {{'pypto.at' op name '../x' is not a C identifier (letters, digits and '_', not starting with a digit): it names the kernel's function and files}}
  pypto.at core_group "../x" {
  }
  return
}

// -----

// A space in an 'spmd' name.
func.func @spmd_name_space() {
  // expected-error @+1 {{'pypto.spmd' op name 'a b' is not a C identifier (letters, digits and '_', not starting with a digit): it names the kernel's function and files}}
  pypto.spmd core_group "a b" blocks(2) (%b) {
  }
  return
}

// -----

// A name that is a type of the tile library: the kernel's C++ would not
// compile ('half' is ambiguous).
func.func @at_name_half() {
  // expected-error @+1 {{'pypto.at' op name 'half' is reserved in the kernel's C++ (a C++ keyword, or a type or function of the tile library): choose another kernel name}}
  pypto.at core_group "half" {
  }
  return
}

// -----

// A C++ keyword.
func.func @spmd_name_keyword() {
  // expected-error @+1 {{'pypto.spmd' op name 'class' is reserved in the kernel's C++ (a C++ keyword, or a type or function of the tile library): choose another kernel name}}
  pypto.spmd core_group "class" blocks(2) (%b) {
  }
  return
}

// -----

// The kernels' entry point.
func.func @at_name_entry() {
  // expected-error @+1 {{'pypto.at' op name 'kernel_entry' is reserved in the kernel's C++ (a C++ keyword, or a type or function of the tile library): choose another kernel name}}
  pypto.at core_group "kernel_entry" {
  }
  return
}

// -----

// An empty name (no name at all is fine).
func.func @at_name_empty() {
  // expected-error @+1 {{'pypto.at' op name '' is not a C identifier (letters, digits and '_', not starting with a digit): it names the kernel's function and files}}
  pypto.at core_group "" {
  }
  return
}

// -----

// A leading digit.
func.func @at_name_digit() {
  // expected-error @+1 {{'pypto.at' op name '9abc' is not a C identifier (letters, digits and '_', not starting with a digit): it names the kernel's function and files}}
  pypto.at core_group "9abc" {
  }
  return
}

// -----

//===----------------------------------------------------------------------===//
// Block counts: the launch counts blocks in an int32.
//===----------------------------------------------------------------------===//

// A negative count.
func.func @spmd_negative_blocks() {
  // expected-error @+1 {{'pypto.spmd' op needs 1..2147483647 blocks, got -1}}
  pypto.spmd core_group blocks(-1) (%b) {
  }
  return
}

// -----

// 2^32 blocks do not fit an int32.
func.func @spmd_too_many_blocks() {
  // expected-error @+1 {{'pypto.spmd' op needs 1..2147483647 blocks, got 4294967296}}
  pypto.spmd core_group blocks(4294967296) (%b) {
  }
  return
}

// -----

// The same limits on a call of an outlined SPMD kernel.
func.func @k(%t: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  return
}
func.func @call_negative_blocks(%t: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.call' op needs 1..2147483647 blocks, got -3}}
  pypto.call @k(%t) {blocks = -3 : i64} : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

func.func @k(%t: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  return
}
func.func @call_too_many_blocks(%t: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.call' op needs 1..2147483647 blocks, got 4294967296}}
  pypto.call @k(%t) {blocks = 4294967296 : i64} : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.cast: the element types TCVT converts between.
//===----------------------------------------------------------------------===//

// To i1.
func.func @cast_to_i1(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.cast' op converts f32, f16, bf16 and 8-, 16- and 32-bit integers, not 'i1'}}
  %x = pypto.cast %v : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xi1>
  return
}

// -----

// From i64.
func.func @cast_from_i64(%v: !pypto.tensor<16x16xi64>) {
  // expected-error @+1 {{'pypto.cast' op converts f32, f16, bf16 and 8-, 16- and 32-bit integers, not 'i64'}}
  %x = pypto.cast %v : !pypto.tensor<16x16xi64> -> !pypto.tensor<16x16xf32>
  return
}

// -----

// To i64, with a rounding mode.
func.func @cast_to_i64(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.cast' op converts f32, f16, bf16 and 8-, 16- and 32-bit integers, not 'i64'}}
  %x = pypto.cast %v round round : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xi64>
  return
}

// -----

// From f64, on tiles.
func.func @cast_from_f64(%v: !pypto.tile<16x16xf64, vec>) {
  // expected-error @+1 {{'pypto.cast' op converts f32, f16, bf16 and 8-, 16- and 32-bit integers, not 'f64'}}
  %x = pypto.cast %v : !pypto.tile<16x16xf64, vec> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

// To f64.
func.func @cast_to_f64(%v: !pypto.tensor<16x16xf16>) {
  // expected-error @+1 {{'pypto.cast' op converts f32, f16, bf16 and 8-, 16- and 32-bit integers, not 'f64'}}
  %x = pypto.cast %v : !pypto.tensor<16x16xf16> -> !pypto.tensor<16x16xf64>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.call: every argument has the type of the callee's parameter.
//===----------------------------------------------------------------------===//

// A tensor of another shape.
func.func @k(%t: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  return
}
func.func @call_tensor_mismatch(%t: !pypto.tensor<8x64xf32>) {
  // expected-error @+1 {{'pypto.call' op argument 0 has type '!pypto.tensor<8x64xf32>', but 'k' takes '!pypto.tensor<16x64xf32>'}}
  pypto.call @k(%t) : (!pypto.tensor<8x64xf32>) -> ()
  return
}

// -----

// A scalar of another type.
func.func @k(%t: !pypto.tensor<16x64xf32>, %n: i32) attributes {pypto.kind = "incore"} {
  return
}
func.func @call_scalar_mismatch(%t: !pypto.tensor<16x64xf32>, %n: index) {
  // expected-error @+1 {{'pypto.call' op argument 1 has type 'index', but 'k' takes 'i32'}}
  pypto.call @k(%t, %n) : (!pypto.tensor<16x64xf32>, index) -> ()
  return
}

// -----

// pypto.window marks a window buffer's tensor parameter (set by outlining).
// expected-error @+1 {{'pypto.window' is a unit attribute on a tensor parameter}}
func.func @window_on_scalar(%n: index {pypto.window}) {
  return
}
