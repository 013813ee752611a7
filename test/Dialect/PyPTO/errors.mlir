// RUN: pypto-opt %s -split-input-file -verify-diagnostics

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// expected-error @+1 {{expected at least one dimension}}
func.func @rank0(%a: !pypto.tensor<f32>) { return }

// -----

// expected-error @+1 {{tensors have 1 to 6 dimensions, got rank 7}}
func.func @rank7(%a: !pypto.tensor<2x1x2x1x8x32x4xf32>) { return }

// -----

// expected-error @+1 {{a rank-6 tensor's dimension 1 must be static: the compiler merges it into dimension 0 for the runtime's five dimensions}}
func.func @rank6_dynamic_dim1(%a: !pypto.tensor<2x?x2x1x8x32xf32>) { return }

// -----

// expected-error @+1 {{expected positive dimensions, got 0}}
func.func @zero_dim(%a: !pypto.tensor<0x4xf32>) { return }

// -----

// Tiles are static (tensors may have run-time dimensions).
// expected-error @+1 {{expected static shape}}
func.func @dynamic_dim(%a: !pypto.tile<?x4xf32>) { return }

// -----

// expected-error @+1 {{expected an integer or float element type, got 'index'}}
func.func @index_element(%a: !pypto.tensor<4x4xindex>) { return }

// -----

// expected-error @+1 {{expected an integer or float element type, got 'vector<4xf32>'}}
func.func @vector_element(%a: !pypto.tile<4x4xvector<4xf32>>) { return }

// -----

// expected-error @+1 {{expected positive dimensions, got 0}}
func.func @zero_tile(%a: !pypto.tile<16x0xf32, vec>) { return }

// -----

// expected-error @+1 {{unknown memory space 'ub', expected vec, mat, left, right, acc or bias}}
func.func @bad_space(%a: !pypto.tile<16x16xf32, ub>) { return }

// -----

// expected-error @+1 {{tiles are 2-D, got rank 3}}
func.func @tile_rank3(%a: !pypto.tile<2x16x16xf32, vec>) { return }

// -----

//===----------------------------------------------------------------------===//
// Operation attributes (module, function and loop)
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'pypto.kind' is only valid on functions}}
module attributes {pypto.kind = "incore"} {}

// -----

// expected-error @+1 {{'pypto.kind' must be one of 'opaque', 'orchestration', 'incore', 'aic', 'aiv', 'group', got "kernel"}}
func.func @bad_kind() attributes {pypto.kind = "kernel"} { return }

// -----

// expected-error @+1 {{'pypto.kind' must be one of 'opaque', 'orchestration', 'incore', 'aic', 'aiv', 'group', got 1 : i32}}
func.func @int_kind() attributes {pypto.kind = 1 : i32} { return }

// -----

// expected-error @+1 {{'pypto.loop' is only valid on scf.for}}
func.func @loop_on_func() attributes {pypto.loop = "range"} { return }

// -----

func.func @bad_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{'pypto.loop' must be one of 'range', 'parallel', 'pipeline', 'unroll', got "vectorize"}}
  scf.for %i = %c0 to %n step %c1 {
  } {pypto.loop = "vectorize"}
  return
}

// -----

// expected-error @+1 {{'pypto.golden' must be a file name string}}
module attributes {pypto.golden = 3 : i32} {}

// -----

// expected-error @+1 {{'pypto.rtol' must be a non-negative float}}
module attributes {pypto.rtol = -1.0e-3 : f64} {}

// -----

// expected-error @+1 {{'pypto.rtol' must be a non-negative float}}
module attributes {pypto.rtol = "tight"} {}

// -----

// expected-error @+1 {{'pypto.atol' must be a non-negative float}}
module attributes {pypto.atol = 1 : i32} {}

// -----

// expected-error @+1 {{'pypto.atol' must be a non-negative float}}
module attributes {pypto.atol = -2.0 : f32} {}

// -----

// expected-error @+1 {{'pypto.seed' must be an integer}}
module attributes {pypto.seed = "random"} {}

// -----

// expected-error @+1 {{'pypto.arch' must be one of 'a2a3', 'a5', got "a3"}}
module attributes {pypto.arch = "a3"} {}

// -----

func.func @addr_unaligned(%t: !pypto.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.addr' must be a non-negative multiple of 32}}
  %x = pypto.load %t[%c0, %c0] {pypto.addr = 16 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @addr_negative(%t: !pypto.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.addr' must be a non-negative multiple of 32}}
  %x = pypto.load %t[%c0, %c0] {pypto.addr = -32 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

// expected-error @+1 {{'pypto.addr' must be a non-negative multiple of 32}}
func.func @addr_string() attributes {pypto.addr = "0"} { return }

// -----

// expected-error @+1 {{unknown pypto attribute 'pypto.foo'}}
module attributes {pypto.foo = 1 : i32} {}

// -----

//===----------------------------------------------------------------------===//
// Argument attributes
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'pypto.dir' is only valid on tensor arguments}}
func.func @dir_on_scalar(%a: f32 {pypto.dir = "in"}) { return }

// -----

// expected-error @+1 {{'pypto.dir' is only valid on tensor arguments}}
func.func @dir_on_index(%a: index {pypto.dir = "out"}) { return }

// -----

// expected-error @+1 {{'pypto.dir' must be one of 'in', 'out', 'inout', got "both"}}
func.func @bad_dir(%a: !pypto.tensor<4x8xf32> {pypto.dir = "both"}) { return }

// -----

// expected-error @+1 {{'pypto.init' is only valid on tensor arguments}}
func.func @init_on_scalar(%a: f32 {pypto.init = "zeros"}) { return }

// -----

// expected-error @+1 {{'pypto.init' must be one of 'zeros', 'ones', 'randn', 'rand', 'randint', 'arange', got "gaussian"}}
func.func @bad_init(%a: !pypto.tensor<4x8xf32> {pypto.init = "gaussian"}) { return }

// -----

// expected-error @+1 {{'pypto.init' lists 3 values; the tensor has 4 elements}}
func.func @init_values_count(%a: !pypto.tensor<2x2xf32> {pypto.init = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>}) { return }

// -----

// expected-error @+1 {{'pypto.init' lists values that are not numbers}}
func.func @init_values_complex(%a: !pypto.tensor<2xf32> {pypto.init = dense<[(1.0, 0.0), (2.0, 0.0)]> : tensor<2xcomplex<f32>>}) { return }

// -----

// expected-error @+1 {{'pypto.init_scale' is a float factor on a tensor argument}}
func.func @init_scale_on_scalar(%a: f32 {pypto.init_scale = 0.5 : f64}) { return }

// -----

// expected-error @+1 {{'pypto.init_scale' is a float factor on a tensor argument}}
func.func @init_scale_integer(%a: !pypto.tensor<4x8xf32> {pypto.init = "randn", pypto.init_scale = 2 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.init_scale' is a float factor on a tensor argument}}
func.func @init_scale_on_tile(%a: !pypto.tile<16x16xf32, vec> {pypto.init_scale = 0.5 : f64}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_empty(%a: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 5, 5>}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_reversed(%a: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 8, -8>}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_size(%a: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i64: 1, 2, 3>}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_not_array(%a: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = [1, 65]}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_i32(%a: !pypto.tensor<4xi32> {pypto.init = "randint", pypto.init_range = array<i32: 1, 65>}) { return }

// -----

// expected-error @+1 {{'pypto.init_range' must be array<i64: low, high> with low < high, on a tensor argument}}
func.func @init_range_on_scalar(%a: i32 {pypto.init_range = array<i64: 1, 65>}) { return }

// -----

// expected-error @+1 {{'pypto.value' is only valid on scalar arguments}}
func.func @value_on_tensor(%a: !pypto.tensor<4x8xf32> {pypto.value = 1.0 : f32}) { return }

// -----

// expected-error @+1 {{'pypto.value' must be a constant of type 'f32'}}
func.func @value_wrong_type(%a: f32 {pypto.value = 1 : i32}) { return }

// -----

// expected-error @+1 {{'pypto.value' must be a constant of type 'i32'}}
func.func @value_wrong_width(%a: i32 {pypto.value = 1 : i64}) { return }

// -----

// expected-error @+1 {{'pypto.value' must be a constant of type 'f32'}}
func.func @value_string(%a: f32 {pypto.value = "one"}) { return }

// -----

// expected-error @+1 {{'pypto.name' must be a string}}
func.func @bad_name(%a: f32 {pypto.name = 1 : i32}) { return }

// -----

// expected-error @+1 {{'pypto.strides' must list one stride per tensor dimension}}
func.func @strides_rank(%a: !pypto.tensor<4x8xf32> {pypto.strides = array<i64: 8>}) { return }

// -----

// expected-error @+1 {{'pypto.strides' must list one stride per tensor dimension}}
func.func @strides_on_scalar(%a: f32 {pypto.strides = array<i64: 8>}) { return }

// -----

// expected-error @+1 {{'pypto.strides' must list one stride per tensor dimension}}
func.func @strides_not_array(%a: !pypto.tensor<4x8xf32> {pypto.strides = [8, 1]}) { return }

// -----

// expected-error @+1 {{unknown pypto argument attribute 'pypto.bogus'}}
func.func @unknown_arg_attr(%a: f32 {pypto.bogus = 1 : i32}) { return }

// -----

//===----------------------------------------------------------------------===//
// pypto.at and pypto.call
//===----------------------------------------------------------------------===//

func.func @nested_at() {
  pypto.at core_group "outer" {
    // expected-error @+1 {{'pypto.at' op cannot be nested in another 'pypto.at' region}}
    pypto.at core_group "inner" {
    }
  }
  return
}

// -----

func.func @nested_at_in_loop(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  pypto.at core_group {
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{'pypto.at' op cannot be nested in another 'pypto.at' region}}
      pypto.at core_group {
      }
    }
  }
  return
}

// -----

func.func @call_missing(%a: f32) {
  // expected-error @+1 {{'pypto.call' op 'missing' does not name a function}}
  pypto.call @missing(%a) : (f32) -> ()
  return
}

// -----

module {
  module @not_a_function {}
  func.func @call_module(%a: f32) {
    // expected-error @+1 {{'pypto.call' op 'not_a_function' does not name a function}}
    pypto.call @not_a_function(%a) : (f32) -> ()
    return
  }
}

// -----

func.func @two_args(%a: f32, %b: f32) { return }
func.func @call_arity(%a: f32) {
  // expected-error @+1 {{'pypto.call' op 'two_args' takes 2 arguments, got 1}}
  pypto.call @two_args(%a) : (f32) -> ()
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.slice
//===----------------------------------------------------------------------===//

func.func @slice_offsets(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.slice' op expected 2 offsets, one per dimension of the source tensor, got 1}}
  %s = pypto.slice %t[%i] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @slice_rank(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.slice' op expected a rank-2 window, got rank 1}}
  %s = pypto.slice %t[%i, %i] [16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16xf32>
  return
}

// -----

func.func @slice_too_big(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.slice' op window dimension 1 (128) exceeds the source tensor (64)}}
  %s = pypto.slice %t[%i, %i] [16, 128] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x128xf32>
  return
}

// -----

func.func @slice_out_of_bounds(%t: !pypto.tensor<64x64xf32>) {
  %c56 = arith.constant 56 : index
  // expected-error @+1 {{'pypto.slice' op window [56, 72) of dimension 0 is out of bounds of the source tensor (64)}}
  %s = pypto.slice %t[%c56, %c56] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @slice_negative(%t: !pypto.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{'pypto.slice' op window [-1, 15) of dimension 1 is out of bounds of the source tensor (64)}}
  %s = pypto.slice %t[%c0, %m1] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @slice_shape(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.slice' op result shape must equal the sizes}}
  %s = pypto.slice %t[%i, %i] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @slice_element(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.slice' op result element type 'f16' differs from the source's 'f32'}}
  %s = pypto.slice %t[%i, %i] [16, 16] : !pypto.tensor<64x64xf32> -> !pypto.tensor<16x16xf16>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.assemble
//===----------------------------------------------------------------------===//

func.func @assemble_element(%v: !pypto.tensor<16x16xf16>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.assemble' op value element type 'f16' differs from the destination's 'f32'}}
  pypto.assemble %v into %t[%i, %i] : !pypto.tensor<16x16xf16> into !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @assemble_offsets(%v: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.assemble' op expected 2 offsets, one per dimension of the destination tensor, got 3}}
  pypto.assemble %v into %t[%i, %i, %i] : !pypto.tensor<16x16xf32> into !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @assemble_rank(%v: !pypto.tensor<16xf32>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.assemble' op expected a rank-2 window, got rank 1}}
  pypto.assemble %v into %t[%i, %i] : !pypto.tensor<16xf32> into !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @assemble_too_big(%v: !pypto.tensor<128x16xf32>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.assemble' op window dimension 0 (128) exceeds the destination tensor (64)}}
  pypto.assemble %v into %t[%i, %i] : !pypto.tensor<128x16xf32> into !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @assemble_out_of_bounds(%v: !pypto.tile<16x16xf32, vec>, %t: !pypto.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c60 = arith.constant 60 : index
  // expected-error @+1 {{'pypto.assemble' op window [60, 76) of dimension 1 is out of bounds of the destination tensor (64)}}
  pypto.assemble %v into %t[%c0, %c60] : !pypto.tile<16x16xf32, vec> into !pypto.tensor<64x64xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.load, pypto.store, pypto.move
//===----------------------------------------------------------------------===//

func.func @load_rank3(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op needs `window [...]`: the shape of the window of the rank-3 tensor}}
  %x = pypto.load %t[%i, %i, %i] : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_window_form(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op tile 16x16 is not the 2-D form 32x16 of the window}}
  %x = pypto.load %t[%i, %i, %i] window [2, 16, 16] : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_window_negative(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op window sizes must not be negative}}
  %x = pypto.load %t[%i, %i, %i] window [-1, 16, 16] : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_window_transposed(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op reads a window transposed, which needs its dimensions before the last two to be 1}}
  %x = pypto.load %t[%i, %i, %i] window [2, 8, 16] {transpose} : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, mat>
  return
}

// -----

func.func @load_window_valid(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op has a valid shape, which needs the window's dimensions before the last two to be 1}}
  %x = pypto.load %t[%i, %i, %i] window [2, 8, 16] valid [%i, %i] : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_window_bounds(%t: !pypto.tensor<4x64x64xf32>, %i: index) {
  %c3 = arith.constant 3 : index
  // expected-error @+1 {{'pypto.load' op window [3, 5) of dimension 0 is out of bounds of the source tensor (4)}}
  %x = pypto.load %t[%c3, %i, %i] window [2, 8, 16] : !pypto.tensor<4x64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_element(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op tile element type 'f16' differs from the tensor's 'f32'}}
  %x = pypto.load %t[%i, %i] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x16xf16, vec>
  return
}

// -----

func.func @load_offsets(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op expected 2 offsets, one per dimension of the source tensor, got 1}}
  %x = pypto.load %t[%i] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @load_too_big(%t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.load' op window dimension 0 (128) exceeds the source tensor (64)}}
  %x = pypto.load %t[%i, %i] : !pypto.tensor<64x64xf32> -> !pypto.tile<128x16xf32, vec>
  return
}

// -----

func.func @load_out_of_bounds(%t: !pypto.tensor<64x64xf32>) {
  %c0 = arith.constant 0 : index
  %c50 = arith.constant 50 : index
  // expected-error @+1 {{'pypto.load' op window [50, 66) of dimension 0 is out of bounds of the source tensor (64)}}
  %x = pypto.load %t[%c50, %c0] : !pypto.tensor<64x64xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @store_rank3(%v: !pypto.tile<16x16xf32, vec>, %t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.store' op needs `window [...]`: the shape of the window of the rank-3 tensor}}
  pypto.store %v, %t[%i, %i, %i] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<4x64x64xf32>
  return
}

// -----

func.func @store_window_form(%v: !pypto.tile<16x16xf32, vec>, %t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.store' op tile 16x16 is not the 2-D form 16x32 of the window}}
  pypto.store %v, %t[%i, %i, %i] window [1, 16, 32] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<4x64x64xf32>
  return
}

// -----

func.func @store_window_valid_count(%v: !pypto.tile<16x16xf32, vec>, %t: !pypto.tensor<4x64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.store' op expected 2 valid extents (rows, columns), got 3}}
  pypto.store %v, %t[%i, %i, %i] window [1, 16, 16] valid [%i, %i, %i] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<4x64x64xf32>
  return
}

// -----

func.func @store_element(%v: !pypto.tile<16x16xf16, vec>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.store' op tile element type 'f16' differs from the tensor's 'f32'}}
  pypto.store %v, %t[%i, %i] : !pypto.tile<16x16xf16, vec>, !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @store_too_big(%v: !pypto.tile<128x16xf32, vec>, %t: !pypto.tensor<64x64xf32>, %i: index) {
  // expected-error @+1 {{'pypto.store' op window dimension 0 (128) exceeds the destination tensor (64)}}
  pypto.store %v, %t[%i, %i] : !pypto.tile<128x16xf32, vec>, !pypto.tensor<64x64xf32>
  return
}

// -----

func.func @store_out_of_bounds(%v: !pypto.tile<16x16xf32, acc>, %t: !pypto.tensor<64x64xf16>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pypto.store' op window [64, 80) of dimension 1 is out of bounds of the destination tensor (64)}}
  pypto.store %v, %t[%c0, %c64] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<64x64xf16>
  return
}

// -----

func.func @move_shape(%v: !pypto.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'pypto.move' op cannot change the tile shape}}
  %x = pypto.move %v : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x32xf32, left>
  return
}

// -----

// The accumulator is the cube unit's output, not a move's.
func.func @move_into_acc(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.move' op cannot move into acc: only pypto.matmul and pypto.matmul_acc write the accumulator}}
  %x = pypto.move %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @move_element(%v: !pypto.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'pypto.move' op cannot change the element type}}
  %x = pypto.move %v : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf16, left>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Compute
//===----------------------------------------------------------------------===//

func.func @adds_scalar(%v: !pypto.tile<16x16xf32, vec>, %s: f16) {
  // expected-error @+1 {{'pypto.adds' op scalar type 'f16' differs from the element type 'f32'}}
  %x = pypto.adds %v, %s : !pypto.tile<16x16xf32, vec>, f16
  return
}

// -----

func.func @adds_tensor_scalar(%v: !pypto.tensor<16x16xi32>, %s: i8) {
  // expected-error @+1 {{'pypto.adds' op scalar type 'i8' differs from the element type 'i32'}}
  %x = pypto.adds %v, %s : !pypto.tensor<16x16xi32>, i8
  return
}

// -----

func.func @add_mixed(%v: !pypto.tile<16x16xf32, vec>, %w: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.add' op failed to verify that all of {lhs, rhs, result} have same type}}
  %x = "pypto.add"(%v, %w) : (!pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>) -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @add_spaces(%v: !pypto.tile<16x16xf32, vec>, %w: !pypto.tile<16x16xf32, mat>) {
  // expected-error @+1 {{'pypto.add' op failed to verify that all of {lhs, rhs, result} have same type}}
  %x = "pypto.add"(%v, %w) : (!pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, mat>) -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @matmul_mixed(%a: !pypto.tile<16x32xf32, left>, %b: !pypto.tensor<32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op operands and result must all be tensors or all tiles}}
  %c = pypto.matmul %a, %b : !pypto.tile<16x32xf32, left>, !pypto.tensor<32x16xf32> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

// A batched matmul's operands have one rank.
func.func @matmul_rank(%a: !pypto.tensor<2x16x32xf32>, %b: !pypto.tensor<32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op batched operands must have one rank and batch dimensions that are equal or 1, got '!pypto.tensor<2x16x32xf32>' and '!pypto.tensor<32x16xf32>'}}
  %c = pypto.matmul %a, %b : !pypto.tensor<2x16x32xf32>, !pypto.tensor<32x16xf32> -> !pypto.tensor<2x16x16xf32>
  return
}

// -----

func.func @matmul_batch_mismatch(%a: !pypto.tensor<3x16x32xf32>, %b: !pypto.tensor<4x32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op batched operands must have one rank and batch dimensions that are equal or 1}}
  %c = pypto.matmul %a, %b : !pypto.tensor<3x16x32xf32>, !pypto.tensor<4x32x16xf32> -> !pypto.tensor<4x16x16xf32>
  return
}

// -----

func.func @matmul_batch_result(%a: !pypto.tensor<4x16x32xf32>, %b: !pypto.tensor<1x32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op result must have the batch dimensions [4], got '!pypto.tensor<1x16x16xf32>'}}
  %c = pypto.matmul %a, %b : !pypto.tensor<4x16x32xf32>, !pypto.tensor<1x32x16xf32> -> !pypto.tensor<1x16x16xf32>
  return
}

// -----

func.func @matmul_acc_batched(%c: !pypto.tensor<2x16x16xf32>, %a: !pypto.tensor<2x16x32xf32>, %b: !pypto.tensor<2x32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul_acc' op has operands or a result with leading dimensions other than 1; only pypto.matmul on tensors is batched}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<2x16x32xf32>, !pypto.tensor<2x32x16xf32>
  return
}

// -----

func.func @insert_tile_type(%v: !pypto.tile<8x8xf16, vec>, %t: !pypto.tile<16x16xf32, vec>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.insert_tile' op cannot change the element type}}
  %r = pypto.insert_tile %v into %t[%c0, %c0] : !pypto.tile<8x8xf16, vec> into !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @insert_tile_window(%v: !pypto.tile<8x8xf32, vec>, %t: !pypto.tile<16x16xf32, vec>) {
  %c12 = arith.constant 12 : index
  // expected-error @+1 {{'pypto.insert_tile' op}}
  %r = pypto.insert_tile %v into %t[%c12, %c12] : !pypto.tile<8x8xf32, vec> into !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @matmul_contraction(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<64x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op contraction mismatch: lhs is 16x32, rhs is 64x16}}
  %c = pypto.matmul %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @matmul_result(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<32x16xf32>) {
  // expected-error @+1 {{'pypto.matmul' op result must be 16x16, got 16x32}}
  %c = pypto.matmul %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<32x16xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @matmul_operand_types(%a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<32x16xf16>) {
  // expected-error @+1 {{'pypto.matmul' op operand element types differ: 'f32' and 'f16'}}
  %c = pypto.matmul %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @matmul_f16_result(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x16xf16>) {
  // expected-error @+1 {{'pypto.matmul' op unsupported element types 'f16' x 'f16' -> 'f16'; expected f32/f16/bf16 -> f32 or i8 -> i32}}
  %c = pypto.matmul %a, %b : !pypto.tensor<16x32xf16>, !pypto.tensor<32x16xf16> -> !pypto.tensor<16x16xf16>
  return
}

// -----

func.func @matmul_i32(%a: !pypto.tensor<16x32xi32>, %b: !pypto.tensor<32x16xi32>) {
  // expected-error @+1 {{'pypto.matmul' op unsupported element types 'i32' x 'i32' -> 'i32'; expected f32/f16/bf16 -> f32 or i8 -> i32}}
  %c = pypto.matmul %a, %b : !pypto.tensor<16x32xi32>, !pypto.tensor<32x16xi32> -> !pypto.tensor<16x16xi32>
  return
}

// -----

func.func @matmul_lhs_space(%a: !pypto.tile<16x32xf32, mat>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul' op tile operands must be in left and right, the result in acc}}
  %c = pypto.matmul %a, %b : !pypto.tile<16x32xf32, mat>, !pypto.tile<32x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @matmul_rhs_space(%a: !pypto.tile<16x32xf32, left>, %b: !pypto.tile<32x16xf32, left>) {
  // expected-error @+1 {{'pypto.matmul' op tile operands must be in left and right, the result in acc}}
  %c = pypto.matmul %a, %b : !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, left> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @matmul_result_space(%a: !pypto.tile<16x32xf32, left>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul' op tile operands must be in left and right, the result in acc}}
  %c = pypto.matmul %a, %b : !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, right> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Vector ops: binary, scalar, unary
//===----------------------------------------------------------------------===//

func.func @sub_element(%a: !pypto.tensor<16x16xf32>, %b: !pypto.tensor<16x16xf16>) {
  // expected-error @+1 {{'pypto.sub' op failed to verify that all of {lhs, rhs, result} have same type}}
  %x = "pypto.sub"(%a, %b) : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf16>) -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @max_mixed(%v: !pypto.tile<16x16xf32, vec>, %w: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.max' op failed to verify that all of {lhs, rhs, result} have same type}}
  %x = "pypto.max"(%v, %w) : (!pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>) -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @subs_scalar(%v: !pypto.tensor<16x16xf32>, %s: f16) {
  // expected-error @+1 {{'pypto.subs' op scalar type 'f16' differs from the element type 'f32'}}
  %x = pypto.subs %v, %s : !pypto.tensor<16x16xf32>, f16
  return
}

// -----

func.func @muls_scalar(%v: !pypto.tile<16x16xi32, vec>, %s: f32) {
  // expected-error @+1 {{'pypto.muls' op scalar type 'f32' differs from the element type 'i32'}}
  %x = pypto.muls %v, %s : !pypto.tile<16x16xi32, vec>, f32
  return
}

// -----

func.func @divs_scalar(%v: !pypto.tensor<16x16xbf16>, %s: f16) {
  // expected-error @+1 {{'pypto.divs' op scalar type 'f16' differs from the element type 'bf16'}}
  %x = pypto.divs %v, %s : !pypto.tensor<16x16xbf16>, f16
  return
}

// -----

func.func @maxs_scalar(%v: !pypto.tile<16x16xi16, vec>, %s: i32) {
  // expected-error @+1 {{'pypto.maxs' op scalar type 'i32' differs from the element type 'i16'}}
  %x = pypto.maxs %v, %s : !pypto.tile<16x16xi16, vec>, i32
  return
}

// -----

func.func @mins_scalar(%v: !pypto.tensor<16x16xi8>, %s: f32) {
  // expected-error @+1 {{'pypto.mins' op scalar type 'f32' differs from the element type 'i8'}}
  %x = pypto.mins %v, %s : !pypto.tensor<16x16xi8>, f32
  return
}

// -----

func.func @exp_int(%v: !pypto.tensor<16x16xi32>) {
  // expected-error @+1 {{'pypto.exp' op needs a float element type, got 'i32'}}
  %x = pypto.exp %v : !pypto.tensor<16x16xi32>
  return
}

// -----

func.func @log_int(%v: !pypto.tile<16x16xi32, vec>) {
  // expected-error @+1 {{'pypto.log' op needs a float element type, got 'i32'}}
  %x = pypto.log %v : !pypto.tile<16x16xi32, vec>
  return
}

// -----

func.func @sqrt_int(%v: !pypto.tensor<16x16xi16>) {
  // expected-error @+1 {{'pypto.sqrt' op needs a float element type, got 'i16'}}
  %x = pypto.sqrt %v : !pypto.tensor<16x16xi16>
  return
}

// -----

func.func @rsqrt_int(%v: !pypto.tile<16x32xi8, vec>) {
  // expected-error @+1 {{'pypto.rsqrt' op needs a float element type, got 'i8'}}
  %x = pypto.rsqrt %v : !pypto.tile<16x32xi8, vec>
  return
}

// -----

func.func @sin_int(%v: !pypto.tensor<16x16xi32>) {
  // expected-error @+1 {{'pypto.sin' op needs a float element type, got 'i32'}}
  %x = pypto.sin %v : !pypto.tensor<16x16xi32>
  return
}

// -----

func.func @cos_int(%v: !pypto.tile<16x32xi16, vec>) {
  // expected-error @+1 {{'pypto.cos' op needs a float element type, got 'i16'}}
  %x = pypto.cos %v : !pypto.tile<16x32xi16, vec>
  return
}

// -----

func.func @recip_int(%v: !pypto.tensor<16x16xi32>) {
  // expected-error @+1 {{'pypto.recip' op needs a float element type, got 'i32'}}
  %x = pypto.recip %v : !pypto.tensor<16x16xi32>
  return
}

// -----

func.func @neg_mixed(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.neg' op failed to verify that all of {source, result} have same type}}
  %x = "pypto.neg"(%v) : (!pypto.tile<16x16xf32, vec>) -> !pypto.tensor<16x16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.cast
//===----------------------------------------------------------------------===//

func.func @cast_shape(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.cast' op cannot change the shape}}
  %x = pypto.cast %v : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x32xf16>
  return
}

// -----

func.func @cast_tile_shape(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.cast' op cannot change the shape}}
  %x = pypto.cast %v round floor : !pypto.tile<16x16xf32, vec> -> !pypto.tile<32x16xi32, vec>
  return
}

// -----

func.func @cast_space(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.cast' op cannot change the memory space}}
  %x = pypto.cast %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf16, mat>
  return
}

// -----

func.func @cast_drop_space(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.cast' op cannot change the memory space}}
  %x = pypto.cast %v : !pypto.tile<16x16xf32, vec> -> !pypto.tile<16x16xf16>
  return
}

// -----

func.func @cast_mixed(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.cast' op operands and results must all be tensors or all tiles}}
  %x = pypto.cast %v : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf16, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

func.func @row_sum_shape(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.row_sum' op result must be 16x1, got 1x64}}
  %x = pypto.row_sum %v : !pypto.tensor<16x64xf32> -> !pypto.tensor<1x64xf32>
  return
}

// -----

func.func @row_max_shape(%v: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.row_max' op result must be 16x1, got 16x2}}
  %x = pypto.row_max %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x2xf32, vec>
  return
}

// -----

func.func @col_sum_shape(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.col_sum' op result must be 1x64, got 16x1}}
  %x = pypto.col_sum %v : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf32>
  return
}

// -----

func.func @col_min_shape(%v: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.col_min' op result must be 1x64, got 1x32}}
  %x = pypto.col_min %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x32xf32, vec>
  return
}

// -----

// An N-D tensor reduces as its 2-D form (64x64 here).
func.func @reduction_rank(%v: !pypto.tensor<4x16x64xf32>) {
  // expected-error @+1 {{'pypto.row_max' op result must be 64x1, got 4x64 (the 2-D form of 4x1x64)}}
  %x = pypto.row_max %v : !pypto.tensor<4x16x64xf32> -> !pypto.tensor<4x1x64xf32>
  return
}

// -----

func.func @row_min_element(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.row_min' op result element type differs from the source's}}
  %x = pypto.row_min %v : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x1xf16>
  return
}

// -----

func.func @reduction_mixed(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.row_sum' op operands and results must all be tensors or all tiles}}
  %x = pypto.row_sum %v : !pypto.tensor<16x64xf32> -> !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @scratch_type(%v: !pypto.tile<16x64xf32, vec>, %t: !pypto.tile<16x64xf16, vec>) {
  // expected-error @+1 {{'pypto.row_max' op scratch tile must have the source tile's type}}
  %x = pypto.row_max %v tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf16, vec> -> !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @scratch_shape(%v: !pypto.tile<16x64xf32, vec>, %t: !pypto.tile<16x1xf32, vec>) {
  // expected-error @+1 {{'pypto.row_sum' op scratch tile must have the source tile's type}}
  %x = pypto.row_sum %v tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec> -> !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @scratch_space(%v: !pypto.tile<16x64xf32, vec>, %t: !pypto.tile<16x64xf32, mat>) {
  // expected-error @+1 {{'pypto.row_min' op scratch tile must have the source tile's type}}
  %x = pypto.row_min %v tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, mat> -> !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @scratch_on_tensor(%v: !pypto.tensor<16x64xf32>, %t: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.row_sum' op scratch tile must have the source tile's type}}
  %x = pypto.row_sum %v tmp %t : !pypto.tensor<16x64xf32>, !pypto.tile<16x64xf32, vec> -> !pypto.tensor<16x1xf32>
  return
}

// -----

// Column reductions take no scratch tile (pto.tcolsum has none).
func.func @col_scratch(%v: !pypto.tile<16x64xf32, vec>, %t: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.col_sum' op}}
  %x = pypto.col_sum %v tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x64xf32, vec> -> !pypto.tile<1x64xf32, vec>
  return
}

// -----

//===----------------------------------------------------------------------===//
// Broadcasts and fused broadcast ops
//===----------------------------------------------------------------------===//

func.func @row_expand_shape(%v: !pypto.tensor<16x2xf32>) {
  // expected-error @+1 {{'pypto.row_expand' op broadcast operand must be 16x1, got 16x2}}
  %x = pypto.row_expand %v : !pypto.tensor<16x2xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @row_expand_rows(%v: !pypto.tile<8x1xf32, vec>) {
  // expected-error @+1 {{'pypto.row_expand' op broadcast operand must be 16x1, got 8x1}}
  %x = pypto.row_expand %v : !pypto.tile<8x1xf32, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

func.func @col_expand_shape(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.col_expand' op broadcast operand must be 1x64, got 16x64}}
  %x = pypto.col_expand %v : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @col_expand_element(%v: !pypto.tile<1x64xf16, vec>) {
  // expected-error @+1 {{'pypto.col_expand' op element types differ: 'f16' and 'f32'}}
  %x = pypto.col_expand %v : !pypto.tile<1x64xf16, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

func.func @row_expand_mixed(%v: !pypto.tensor<16x1xf32>) {
  // expected-error @+1 {{'pypto.row_expand' op operands and results must all be tensors or all tiles}}
  %x = pypto.row_expand %v : !pypto.tensor<16x1xf32> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

func.func @broadcast_rank(%v: !pypto.tensor<16x1x1xf32>) {
  // expected-error @+1 {{'pypto.row_expand' op broadcast operand must be 64x1, got 16x1 (the 2-D form of 16x1x1)}}
  %x = pypto.row_expand %v : !pypto.tensor<16x1x1xf32> -> !pypto.tensor<4x16x64xf32>
  return
}

// -----

func.func @row_expand_add_shape(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tensor<1x64xf32>) {
  // expected-error @+1 {{'pypto.row_expand_add' op broadcast operand must be 16x1, got 1x64}}
  %x = pypto.row_expand_add %a, %v : !pypto.tensor<16x64xf32>, !pypto.tensor<1x64xf32>
  return
}

// -----

func.func @col_expand_mul_shape(%a: !pypto.tile<16x64xf32, vec>, %v: !pypto.tile<16x1xf32, vec>) {
  // expected-error @+1 {{'pypto.col_expand_mul' op broadcast operand must be 1x64, got 16x1}}
  %x = pypto.col_expand_mul %a, %v : !pypto.tile<16x64xf32, vec>, !pypto.tile<16x1xf32, vec>
  return
}

// -----

func.func @row_expand_expdif_element(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tensor<16x1xf16>) {
  // expected-error @+1 {{'pypto.row_expand_expdif' op element types differ: 'f16' and 'f32'}}
  %x = pypto.row_expand_expdif %a, %v : !pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf16>
  return
}

// -----

func.func @col_expand_sub_mixed(%a: !pypto.tile<16x64xf32, vec>, %v: !pypto.tensor<1x64xf32>) {
  // expected-error @+1 {{'pypto.col_expand_sub' op operands and results must all be tensors or all tiles}}
  %x = pypto.col_expand_sub %a, %v : !pypto.tile<16x64xf32, vec>, !pypto.tensor<1x64xf32>
  return
}

// -----

func.func @row_expand_div_result(%a: !pypto.tensor<16x64xf32>, %v: !pypto.tensor<16x1xf32>) {
  // expected-error @+1 {{'pypto.row_expand_div' op failed to verify that all of {lhs, result} have same type}}
  %x = "pypto.row_expand_div"(%a, %v) : (!pypto.tensor<16x64xf32>, !pypto.tensor<16x1xf32>) -> !pypto.tensor<16x1xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.full and pypto.transpose
//===----------------------------------------------------------------------===//

func.func @full_value(%s: f16) {
  // expected-error @+1 {{'pypto.full' op value type 'f16' differs from the element type 'f32'}}
  %x = pypto.full %s : f16 -> !pypto.tensor<16x1xf32>
  return
}

// -----

func.func @full_int_value(%s: i32) {
  // expected-error @+1 {{'pypto.full' op value type 'i32' differs from the element type 'i8'}}
  %x = pypto.full %s : i32 -> !pypto.tile<32x32xi8, vec>
  return
}

// -----

func.func @full_index(%s: index) {
  // expected-error @+1 {{'pypto.full' op operand #0 must be floating-point or signless integer, but got 'index'}}
  %x = pypto.full %s : index -> !pypto.tile<32x32xi8, vec>
  return
}

// -----

func.func @transpose_shape(%v: !pypto.tensor<16x64xf32>) {
  // expected-error @+1 {{'pypto.transpose' op result must be the transposed shape}}
  %x = pypto.transpose %v : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @transpose_rank(%v: !pypto.tensor<4x16x64xf32>) {
  // expected-error @+1 {{'pypto.transpose' op result must be the transposed shape}}
  %x = pypto.transpose %v : !pypto.tensor<4x16x64xf32> -> !pypto.tensor<64x16xf32>
  return
}

// -----

func.func @transpose_element(%v: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.transpose' op cannot change the element type}}
  %x = pypto.transpose %v : !pypto.tile<16x64xf32, vec> -> !pypto.tile<64x16xf16, vec>
  return
}

// -----

func.func @transpose_scratch(%v: !pypto.tile<16x64xf32, vec>, %t: !pypto.tile<64x16xf32, vec>) {
  // expected-error @+1 {{'pypto.transpose' op scratch tile must have the source tile's type}}
  %x = pypto.transpose %v tmp %t : !pypto.tile<16x64xf32, vec>, !pypto.tile<64x16xf32, vec> -> !pypto.tile<64x16xf32, vec>
  return
}

// -----

func.func @transpose_mixed(%v: !pypto.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'pypto.transpose' op operands and results must all be tensors or all tiles}}
  %x = pypto.transpose %v : !pypto.tile<16x64xf32, vec> -> !pypto.tensor<64x16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.matmul_acc
//===----------------------------------------------------------------------===//

func.func @matmul_acc_space(%c: !pypto.tile<16x16xf32, vec>, %a: !pypto.tile<16x32xf32, left>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul_acc' op accumulator tile must be in acc}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, right> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @matmul_acc_result(%c: !pypto.tile<16x16xf32, acc>, %a: !pypto.tile<16x32xf32, left>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul_acc' op failed to verify that all of {acc, result} have same type}}
  %d = "pypto.matmul_acc"(%c, %a, %b) : (!pypto.tile<16x16xf32, acc>, !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, right>) -> !pypto.tile<16x16xf32>
  return
}

// -----

func.func @matmul_acc_mixed(%c: !pypto.tensor<16x16xf32>, %a: !pypto.tile<16x32xf32, left>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul_acc' op operands and result must all be tensors or all tiles}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tile<16x32xf32, left>, !pypto.tile<32x16xf32, right> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @matmul_acc_contraction(%c: !pypto.tensor<16x16xf32>, %a: !pypto.tensor<16x32xf32>, %b: !pypto.tensor<64x16xf32>) {
  // expected-error @+1 {{'pypto.matmul_acc' op contraction mismatch: lhs is 16x32, rhs is 64x16}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tensor<16x32xf32>, !pypto.tensor<64x16xf32> -> !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @matmul_acc_operand_space(%c: !pypto.tile<16x16xf32, acc>, %a: !pypto.tile<16x32xf32, mat>, %b: !pypto.tile<32x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul_acc' op tile operands must be in left and right, the result in acc}}
  %d = pypto.matmul_acc %c, %a, %b : !pypto.tile<16x32xf32, mat>, !pypto.tile<32x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @k(%t: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  return
}
func.func @directions_count(%t: !pypto.tensor<16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pypto.call' op has 1 argument directions for 2 arguments}}
  pypto.call @k(%t, %s) {arg_directions = ["in"]} : (!pypto.tensor<16x16xf32>, f32) -> ()
  return
}

// -----

func.func @k(%t: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  return
}
func.func @directions_kind(%t: !pypto.tensor<16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pypto.call' op direction 'out' does not fit an argument of type 'f32'}}
  pypto.call @k(%t, %s) {arg_directions = ["in", "out"]} : (!pypto.tensor<16x16xf32>, f32) -> ()
  return
}

// -----

func.func @spmd_no_blocks() {
  // expected-error @+1 {{'pypto.spmd' op needs 1..2147483647 blocks, got 0}}
  pypto.spmd core_group blocks(0) (%b) {
  }
  return
}

// -----

func.func @spmd_nested() {
  pypto.spmd core_group blocks(2) (%b) {
    // expected-error @+1 {{'pypto.at' op cannot be nested in a 'pypto.spmd' region}}
    pypto.at core_group {
    }
  }
  return
}

// -----

func.func @k(%t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  return
}
func.func @blocks_on_plain_kernel(%t: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.call' op has 'blocks' but 'k' is not an SPMD kernel}}
  pypto.call @k(%t) {blocks = 4 : i64} : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

func.func @k(%t: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  return
}
func.func @spmd_without_blocks(%t: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.call' op calls an SPMD kernel without 'blocks'}}
  pypto.call @k(%t) : (!pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// expected-error @+1 {{'pypto.spmd' marks an index argument}}
func.func @spmd_attr_on_f32(%b: f32 {pypto.spmd = "block_idx"}) {
  return
}

// -----

func.func @reshape_count(%t: !pypto.tensor<64x1xf32>) {
  // expected-error @+1 {{'pypto.reshape' op cannot change the number of elements: 64 to 32}}
  %r = pypto.reshape %t : !pypto.tensor<64x1xf32> -> !pypto.tensor<1x32xf32>
  return
}

// -----

func.func @reshape_padded_tile(%t: !pypto.tile<4x4xf32, vec>) {
  // expected-error @+1 {{'pypto.reshape' op on tiles keeps the buffer, so both shapes must lay the elements out alike (vectors, or rows of whole 32-byte blocks)}}
  %r = pypto.reshape %t : !pypto.tile<4x4xf32, vec> -> !pypto.tile<2x8xf32, vec>
  return
}

// -----

func.func @trans_on_tiles(%l: !pypto.tile<16x16xf32, left>, %r: !pypto.tile<16x16xf32, right>) {
  // expected-error @+1 {{'pypto.matmul' op a_trans and b_trans apply to tensor operands; tile operands are already in place}}
  %p = pypto.matmul %l, %r {a_trans} : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @trans_contraction(%q: !pypto.tensor<16x64xf32>, %k: !pypto.tensor<64x32xf32>) {
  // expected-error @+1 {{'pypto.matmul' op contraction mismatch: lhs is 16x64, rhs is 32x64}}
  %p = pypto.matmul %q, %k {b_trans} : !pypto.tensor<16x64xf32>, !pypto.tensor<64x32xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @transposed_window(%k: !pypto.tensor<32x64xf32>) {
  %c40 = arith.constant 40 : index
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.load' op window [40, 56) of dimension 0 is out of bounds of the source tensor (32)}}
  %t = pypto.load %k[%c40, %c0] {transpose} : !pypto.tensor<32x64xf32> -> !pypto.tile<64x16xf32, mat>
  return
}

// -----

func.func @create_in_kernel() {
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.create_tensor' op belongs in the orchestration: a kernel cannot allocate global memory}}
    %t = pypto.create_tensor : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @create_in_incore() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.create_tensor' op belongs in the orchestration: a kernel cannot allocate global memory}}
  %t = pypto.create_tensor : !pypto.tensor<16x16xf32>
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.read
//===----------------------------------------------------------------------===//

func.func @read_rank(%t: !pypto.tensor<4x8xi32>, %i: index) {
  // expected-error @+1 {{'pypto.read' op needs 2 indices for a rank-2 tensor, got 1}}
  %v = pypto.read %t[%i] : !pypto.tensor<4x8xi32> -> i32
  return
}

// -----

func.func @read_too_many(%t: !pypto.tensor<4xi32>, %i: index) {
  // expected-error @+1 {{'pypto.read' op needs 1 indices for a rank-1 tensor, got 2}}
  %v = pypto.read %t[%i, %i] : !pypto.tensor<4xi32> -> i32
  return
}

// -----

func.func @read_type(%t: !pypto.tensor<4xi32>, %i: index) {
  // expected-error @+1 {{'pypto.read' op result type 'i64' differs from the element type 'i32'}}
  %v = pypto.read %t[%i] : !pypto.tensor<4xi32> -> i64
  return
}

// -----

func.func @read_float_type(%t: !pypto.tensor<4x4xf16>, %i: index) {
  // expected-error @+1 {{'pypto.read' op result type 'f32' differs from the element type 'f16'}}
  %v = pypto.read %t[%i, %i] : !pypto.tensor<4x4xf16> -> f32
  return
}

// -----

func.func @read_index_result(%t: !pypto.tensor<4xi32>, %i: index) {
  // expected-error @+1 {{'pypto.read' op result #0 must be}}
  %v = pypto.read %t[%i] : !pypto.tensor<4xi32> -> index
  return
}

// -----

func.func @read_past_end(%t: !pypto.tensor<4x8xi32>, %i: index) {
  %c8 = arith.constant 8 : index
  // expected-error @+1 {{'pypto.read' op index 8 is outside dimension 1 of size 8}}
  %v = pypto.read %t[%i, %c8] : !pypto.tensor<4x8xi32> -> i32
  return
}

// -----

func.func @read_negative(%t: !pypto.tensor<4x8xi32>, %i: index) {
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{'pypto.read' op index -1 is outside dimension 0 of size 4}}
  %v = pypto.read %t[%m1, %i] : !pypto.tensor<4x8xi32> -> i32
  return
}

// -----

// pypto.write

func.func @write_rank(%t: !pypto.tensor<4x8xi32>, %i: index, %v: i32) {
  // expected-error @+1 {{'pypto.write' op needs 2 indices for a rank-2 tensor, got 1}}
  pypto.write %v into %t[%i] : i32 into !pypto.tensor<4x8xi32>
  return
}

// -----

func.func @write_type(%t: !pypto.tensor<4xf32>, %i: index, %v: f16) {
  // expected-error @+1 {{'pypto.write' op value type 'f16' differs from the element type 'f32'}}
  pypto.write %v into %t[%i] : f16 into !pypto.tensor<4xf32>
  return
}

// -----

func.func @write_past_end(%t: !pypto.tensor<4xi32>, %v: i32) {
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'pypto.write' op index 4 is outside dimension 0 of size 4}}
  pypto.write %v into %t[%c4] : i32 into !pypto.tensor<4xi32>
  return
}

// -----

func.func @write_tile(%t: !pypto.tile<16x16xf32, vec>, %i: index, %v: f32) {
  // expected-error @+1 {{'pypto.write' op operand #1 must be}}
  pypto.write %v into %t[%i, %i] : f32 into !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @read_tile_rank(%t: !pypto.tile<16x16xf32, vec>, %i: index) {
  // expected-error @+1 {{'pypto.read' op needs 2 indices for a rank-2 tensor, got 1}}
  %v = pypto.read %t[%i] : !pypto.tile<16x16xf32, vec> -> f32
  return
}

// -----

//===----------------------------------------------------------------------===//
// pypto.fillpad
//===----------------------------------------------------------------------===//

func.func @fillpad_mixed(%v: !pypto.tile<16x64xf32, vec>, %n: index) {
  // expected-error @+1 {{'pypto.fillpad' op operands and results must all be tensors or all tiles}}
  %x = pypto.fillpad %v valid [%n, %n] pad min : !pypto.tile<16x64xf32, vec> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @fillpad_shape(%a: !pypto.tensor<16x64xf32>, %n: index) {
  // expected-error @+1 {{'pypto.fillpad' op result must have the source's shape and element type}}
  %x = pypto.fillpad %a valid [%n, %n] pad min : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @fillpad_element(%v: !pypto.tile<16x64xf32, vec>, %n: index) {
  // expected-error @+1 {{'pypto.fillpad' op result must have the source's shape and element type}}
  %x = pypto.fillpad %v valid [%n, %n] pad max : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf16, vec>
  return
}

// -----

// An N-D source is padded as its 2-D form: 32 rows here.
func.func @fillpad_rank(%a: !pypto.tensor<2x16x64xf32>, %n: index) {
  %c33 = arith.constant 33 : index
  // expected-error @+1 {{'pypto.fillpad' op valid rows 33 are outside [0, 32]}}
  %x = pypto.fillpad %a valid [%c33, %n] pad zero : !pypto.tensor<2x16x64xf32> -> !pypto.tensor<2x16x64xf32>
  return
}

// -----

func.func @fillpad_space(%v: !pypto.tile<16x64xf32, vec>, %n: index) {
  // expected-error @+1 {{'pypto.fillpad' op cannot change the memory space}}
  %x = pypto.fillpad %v valid [%n, %n] pad min : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, mat>
  return
}

// -----

func.func @fillpad_rows(%a: !pypto.tensor<16x64xf32>, %n: index) {
  %c17 = arith.constant 17 : index
  // expected-error @+1 {{'pypto.fillpad' op valid rows 17 are outside [0, 16]}}
  %x = pypto.fillpad %a valid [%c17, %n] pad min : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @fillpad_negative_rows(%v: !pypto.tile<16x64xf32, vec>, %n: index) {
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{'pypto.fillpad' op valid rows -1 are outside [0, 16]}}
  %x = pypto.fillpad %v valid [%m1, %n] pad min : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

func.func @fillpad_cols(%a: !pypto.tensor<16x64xf32>, %n: index) {
  %c65 = arith.constant 65 : index
  // expected-error @+1 {{'pypto.fillpad' op valid columns 65 are outside [0, 64]}}
  %x = pypto.fillpad %a valid [%n, %c65] pad max : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @fillpad_negative_cols(%v: !pypto.tile<16x64xf32, vec>) {
  %c16 = arith.constant 16 : index
  %m4 = arith.constant -4 : index
  // expected-error @+1 {{'pypto.fillpad' op valid columns -4 are outside [0, 64]}}
  %x = pypto.fillpad %v valid [%c16, %m4] pad zero : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xf32, vec>
  return
}

// -----

func.func @fillpad_bad_pad(%a: !pypto.tensor<16x64xf32>, %n: index) {
  // expected-error @+2 {{custom op 'pypto.fillpad' expected ::mlir::pypto::PadValue to be one of: zero, max, min}}
  // expected-error @+1 {{failed to parse PyPTO_PadValueAttr parameter 'value' which is to be a `::mlir::pypto::PadValue`}}
  %x = pypto.fillpad %a valid [%n, %n] pad nan : !pypto.tensor<16x64xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

// Run-time dimensions

func.func @dim_out_of_rank(%x: !pypto.tensor<?x64xf32>) {
  // expected-error @+1 {{'pypto.dim' op dimension 2 is outside the rank-2 tensor}}
  %n = pypto.dim %x, 2 : !pypto.tensor<?x64xf32>
  return
}

// -----

func.func @create_dynamic() {
  // expected-error @+1 {{'pypto.create_tensor' op expected 1 size operands, one per '?' dimension of '!pypto.tensor<?x64xf32>', got 0}}
  %t = pypto.create_tensor : !pypto.tensor<?x64xf32>
  return
}

// -----

// expected-error @+1 {{'pypto.shape' must list one entry per tensor dimension}}
func.func @shape_rank(%x: !pypto.tensor<?x64xf32> {pypto.shape = array<i64: 48>}) {
  return
}

// -----

func.func @k(%b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  return
}
func.func @both_counts(%n: index) {
  // expected-error @+1 {{'pypto.call' op has both a constant and a run-time block count}}
  pypto.call @k() blocks(%n) {blocks = 4 : i64} : () -> ()
  return
}

// -----

func.func @valid_count(%x: !pypto.tensor<?x32xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.slice' op expected 2 valid extents, one per dimension of the window, got 1}}
  %s = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @valid_too_big(%x: !pypto.tensor<?x32xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c40 = arith.constant 40 : index
  // expected-error @+1 {{'pypto.slice' op valid extent 40 of dimension 1 is outside the window's [0, 32]}}
  %s = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows, %c40]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @valid_past_end(%x: !pypto.tensor<20x32xf32>) {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c32 = arith.constant 32 : index
  // expected-error @+1 {{'pypto.slice' op window [16, 21) of dimension 0 is out of bounds of the source tensor (20)}}
  %s = pypto.slice %x[%c16, %c0] [16, 32] valid [%c5, %c32]
      : !pypto.tensor<20x32xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @into_tail(%x: !pypto.tensor<?x32xf32>, %v: !pypto.tensor<16x32xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %s = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows, %c32]
      : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
  // expected-error @+1 {{'pypto.assemble' op writes into a slice with a valid shape, which is read-only; give the valid shape on the assemble}}
  pypto.assemble %v into %s[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  return
}

// -----

// A transposed load's valid extents are the window's (16x32 here), not the
// tile's (32x16).
func.func @transposed_tail_load(%x: !pypto.tensor<?x32xf32>, %rows: index) {
  %c0 = arith.constant 0 : index
  %c24 = arith.constant 24 : index
  // expected-error @+1 {{'pypto.load' op valid extent 24 of dimension 0 is outside the window's [0, 16]}}
  %t = pypto.load %x[%c0, %c0] valid [%c24, %rows] {transpose} : !pypto.tensor<?x32xf32> -> !pypto.tile<32x16xf32>
  return
}

// -----

func.func @create_sizes(%n: index) {
  // expected-error @+1 {{'pypto.create_tensor' op expected 2 size operands, one per '?' dimension of '!pypto.tensor<?x?xf32>', got 1}}
  %t = pypto.create_tensor(%n) : !pypto.tensor<?x?xf32>
  return
}

// -----

func.func @create_negative() {
  %m = arith.constant -3 : index
  // expected-error @+1 {{'pypto.create_tensor' op size operand 0 is -3, outside the runtime's 0..4294967295}}
  %t = pypto.create_tensor(%m) : !pypto.tensor<?x8xf32>
  return
}

// -----

func.func @create_init_fraction() {
  // expected-error @+1 {{'pypto.create_tensor' op initial value 2.5 is not a value of 'i32'}}
  %t = pypto.create_tensor init 2.5 : !pypto.tensor<4xi32>
  return
}

// -----

func.func @create_init_range() {
  // expected-error @+1 {{'pypto.create_tensor' op initial value 200 is not a value of 'i8'}}
  %t = pypto.create_tensor init 200.0 : !pypto.tensor<4xi8>
  return
}

// -----

func.func @matmul_not_inferable(%a: !pypto.tensor<2x8x16xf32>, %b: !pypto.tensor<16x4xf32>) {
  // expected-error @+1 {{cannot infer the result type of '!pypto.tensor<2x8x16xf32>' x '!pypto.tensor<16x4xf32>': write it as `-> T`}}
  %m = pypto.matmul %a, %b : !pypto.tensor<2x8x16xf32>, !pypto.tensor<16x4xf32>
  return
}

// -----

func.func @reduction_not_inferable(%x: f32) {
  // expected-error @+1 {{cannot infer the result type of a reduction of 'f32': write it as `-> T`}}
  %m = pypto.row_max %x : f32
  return
}

// -----

func.func @slice_written_wrong(%x: !pypto.tensor<32x64xf32>) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.slice' op result shape must equal the sizes}}
  %s = pypto.slice %x[%c0, %c0] [16, 64] : !pypto.tensor<32x64xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

// In the orchestration a reshape is a view: four rows of each of four
// 8-row blocks are not evenly strided, so they cannot be 16 rows.
func.func @reshape_not_a_view(%x: !pypto.tensor<4x8x32xf32>) {
  %c0 = arith.constant 0 : index
  %s = pypto.slice %x[%c0, %c0, %c0] [4, 4, 32] : !pypto.tensor<4x8x32xf32>
  // expected-error @+1 {{'pypto.reshape' op in the orchestration is a view of the same memory, and no strides view its source's elements as '!pypto.tensor<16x32xf32>' (dimensions merge across a gap); reshape a contiguous tensor, or reshape in a kernel}}
  %r = pypto.reshape %s : !pypto.tensor<4x4x32xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

// A run-time result dimension is the element count over the others: one.
func.func @reshape_two_runtime_dims(%x: !pypto.tensor<?x32xf32>) {
  // expected-error @+1 {{'pypto.reshape' op has 2 run-time dimensions in its result; one at most, which the element count gives (as torch's view(-1))}}
  %r = pypto.reshape %x : !pypto.tensor<?x32xf32> -> !pypto.tensor<?x?x4xf32>
  return
}

// -----

// A static tensor seen with a `?` dimension: the static ones must divide
// its element count (512 is not a multiple of 3 x 4).
func.func @reshape_static_to_runtime(%x: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{'pypto.reshape' op cannot view 512 elements as '!pypto.tensor<?x3x4xf32>': the static dimensions do not divide the element count}}
  %r = pypto.reshape %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<?x3x4xf32>
  return
}

// -----

// With run-time sizes only a contiguous source stays a view.
func.func @reshape_runtime_strided(%x: !pypto.tensor<?x64xf32> {pypto.strides = array<i64: 128, 1>}) {
  // expected-error @+1 {{'pypto.reshape' op in the orchestration is a view of the same memory, and no strides view its source's elements as '!pypto.tensor<?x32xf32>' (with run-time sizes the source must be contiguous); reshape a contiguous tensor}}
  %r = pypto.reshape %x : !pypto.tensor<?x64xf32> -> !pypto.tensor<?x32xf32>
  return
}

// -----

func.func @reshape_runtime_in_kernel(%x: !pypto.tensor<?x32xf32>) {
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.reshape' op in a kernel needs static shapes (reshape the tensor in the orchestration)}}
    %r = pypto.reshape %x : !pypto.tensor<?x32xf32> -> !pypto.tensor<?x8x4xf32>
  }
  return
}

// -----

// The valid extents of a load from a 1-D window are a row and the columns:
// the columns bound the window's one dimension.
func.func @load_1d_valid(%t: !pypto.tensor<64xf32>, %i: index) {
  %c1 = arith.constant 1 : index
  %c17 = arith.constant 17 : index
  // expected-error @+1 {{'pypto.load' op valid extent 17 of dimension 0 is outside the window's [0, 16]}}
  %x = pypto.load %t[%i] window [16] valid [%c1, %c17] : !pypto.tensor<64xf32> -> !pypto.tile<1x16xf32, vec>
  return
}

// -----

func.func @transpose_not_inferred(%x: !pypto.tensor<2x16x64xf32>) {
  // expected-error @+1 {{cannot infer the result type of a transpose of '!pypto.tensor<2x16x64xf32>': write it as `-> T`}}
  %t = pypto.transpose %x : !pypto.tensor<2x16x64xf32>
  return
}

// -----

func.func @and_float(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.and' op needs an integer element type, got 'f32'}}
  %r = pypto.and %v, %v : !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @shls_float(%v: !pypto.tensor<16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pypto.shls' op needs an integer element type, got 'f32'}}
  %r = pypto.shls %v, %s : !pypto.tensor<16x16xf32>, f32
  return
}

// -----

func.func @not_float(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.not' op needs an integer element type, got 'f32'}}
  %r = pypto.not %v : !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @prelu_int(%v: !pypto.tensor<16x16xi32>) {
  // expected-error @+1 {{'pypto.prelu' op needs a float element type, got 'i32'}}
  %r = pypto.prelu %v, %v : !pypto.tensor<16x16xi32>
  return
}

// -----

func.func @fmod_scratch(%v: !pypto.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'pypto.fmod' op takes no scratch tile}}
  %r = pypto.fmod %v, %v tmp %v : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @rem_scratch_type(%v: !pypto.tile<16x16xf32, vec>, %t: !pypto.tile<16x16xi32, vec>) {
  // expected-error @+1 {{'pypto.rem' op scratch tile must be '!pypto.tile<16x16xf32, vec>', got '!pypto.tile<16x16xi32, vec>'}}
  %r = pypto.rem %v, %v tmp %t : !pypto.tile<16x16xf32, vec>, !pypto.tile<16x16xi32, vec>
  return
}

// -----

func.func @xors_scalar_type(%v: !pypto.tensor<16x16xi32>, %s: i16) {
  // expected-error @+1 {{'pypto.xors' op scalar type 'i16' differs from the element type 'i32'}}
  %r = pypto.xors %v, %s : !pypto.tensor<16x16xi32>, i16
  return
}

// -----

func.func @addsc_scalar_type(%v: !pypto.tensor<16x16xf32>, %s: f16) {
  // expected-error @+1 {{'pypto.addsc' op scalar type 'f16' differs from the element type 'f32'}}
  %r = pypto.addsc %v, %s, %v : !pypto.tensor<16x16xf32>, f16
  return
}

// -----

func.func @argmax_values(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.row_argmax' op result must hold i32 indices, not 'f32'}}
  %r = pypto.row_argmax %v : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xf32>
  return
}

// -----

func.func @argmax_shape(%v: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.col_argmin' op result}}
  %r = pypto.col_argmin %v : !pypto.tensor<16x16xf32> -> !pypto.tensor<16x1xi32>
  return
}

// -----

func.func @argmax_i8(%v: !pypto.tensor<16x32xi8>) {
  // expected-error @+1 {{'pypto.row_argmin' op compares f32, f16, bf16, i32 or i16 elements, not 'i8'}}
  %r = pypto.row_argmin %v : !pypto.tensor<16x32xi8> -> !pypto.tensor<16x1xi32>
  return
}

// -----

func.func @insert_type(%row: !pypto.tensor<1x128xi32>, %j: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'pypto.insert' op value type 'f32' differs from the element type 'i32'}}
  %r = pypto.insert %f into %row[%c0, %j] : f32 into !pypto.tensor<1x128xi32>
  return
}

// -----

func.func @insert_rank(%row: !pypto.tensor<1x128xi32>, %j: index) attributes {pypto.kind = "incore"} {
  %n = arith.constant 1 : i32
  // expected-error @+1 {{'pypto.insert' op needs 2 indices for a rank-2 tensor, got 1}}
  %r = pypto.insert %n into %row[%j] : i32 into !pypto.tensor<1x128xi32>
  return
}

// -----

func.func @insert_outside(%row: !pypto.tensor<1x128xi32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %n = arith.constant 1 : i32
  // expected-error @+1 {{'pypto.insert' op index 128 is outside dimension 1 of size 128}}
  %r = pypto.insert %n into %row[%c0, %c128] : i32 into !pypto.tensor<1x128xi32>
  return
}

// -----

func.func @insert_orchestration(%row: !pypto.tensor<1x128xi32>, %j: index) {
  %c0 = arith.constant 0 : index
  %n = arith.constant 1 : i32
  // expected-error @+1 {{'pypto.insert' op replaces an element outside a kernel; in the orchestration pypto.write writes the tensor in place}}
  %r = pypto.insert %n into %row[%c0, %j] : i32 into !pypto.tensor<1x128xi32>
  return
}

// -----

func.func @insert_acc(%t: !pypto.tile<16x16xf32, acc>, %j: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  // expected-error @+1 {{'pypto.insert' op replaces an element of a tile in acc; the scalar unit writes vec tiles only}}
  %r = pypto.insert %f into %t[%c0, %j] : f32 into !pypto.tile<16x16xf32, acc>
  return
}

// -----

func.func @tri_type(%d: i32) {
  // expected-error @+1 {{'pypto.tri' op makes f32, f16, i32 or i16 elements, not 'bf16'}}
  %m = pypto.tri %d : i32 -> !pypto.tensor<16x16xbf16>
  return
}

// -----

func.func @tri_batch(%d: i32) {
  // expected-error @+1 {{'pypto.tri' op makes a matrix (dimensions before the last two of size 1), got 2x16x16}}
  %m = pypto.tri %d : i32 -> !pypto.tensor<2x16x16xf32>
  return
}

// -----

func.func @tri_dynamic(%d: i32) {
  // expected-error @+1 {{'pypto.tri' op needs a static shape, got ?x16}}
  %m = pypto.tri %d : i32 -> !pypto.tensor<?x16xf32>
  return
}

// -----

func.func @matmul_bias_shape(%a: !pypto.tensor<16x32xf16>, %b: !pypto.tensor<32x64xf16>, %c: !pypto.tensor<1x32xf32>) {
  // expected-error @+1 {{'pypto.matmul_bias' op bias must be 1x64, got '!pypto.tensor<1x32xf32>'}}
  %r = pypto.matmul_bias %a, %b, %c : !pypto.tensor<16x32xf16>, !pypto.tensor<32x64xf16>, !pypto.tensor<1x32xf32> -> !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @matmul_bias_type(%a: !pypto.tensor<16x32xi8>, %b: !pypto.tensor<32x64xi8>, %c: !pypto.tensor<1x64xf32>) {
  // expected-error @+1 {{'pypto.matmul_bias' op bias element type 'f32' differs from the result's 'i32'}}
  %r = pypto.matmul_bias %a, %b, %c : !pypto.tensor<16x32xi8>, !pypto.tensor<32x64xi8>, !pypto.tensor<1x64xf32> -> !pypto.tensor<16x64xi32>
  return
}

// -----

func.func @matmul_bias_space(%a: !pypto.tile<16x32xf16, left>, %b: !pypto.tile<32x64xf16, right>, %c: !pypto.tile<1x64xf32, vec>) {
  // expected-error @+1 {{'pypto.matmul_bias' op bias tile must be in bias, not vec}}
  %r = pypto.matmul_bias %a, %b, %c : !pypto.tile<16x32xf16, left>, !pypto.tile<32x64xf16, right>, !pypto.tile<1x64xf32, vec> -> !pypto.tile<16x64xf32, acc>
  return
}

// -----

func.func @part_no_cover(%a: !pypto.tensor<8x32xf32>, %b: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.part_add' op one operand must cover the result: 8x32 and 16x16 give 16x32}}
  %r = pypto.part_add %a, %b : !pypto.tensor<8x32xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @part_result(%a: !pypto.tensor<8x32xf32>, %b: !pypto.tensor<8x16xf32>) {
  // expected-error @+1 {{'pypto.part_max' op result must be 8x32, got 8x16}}
  %r = pypto.part_max %a, %b : !pypto.tensor<8x32xf32>, !pypto.tensor<8x16xf32> -> !pypto.tensor<8x16xf32>
  return
}

// -----

func.func @part_bf16(%a: !pypto.tensor<8x32xbf16>, %b: !pypto.tensor<8x16xbf16>) {
  // expected-error @+1 {{'pypto.part_min' op takes f32, f16, i32 or i16 elements, got 'bf16'}}
  %r = pypto.part_min %a, %b : !pypto.tensor<8x32xbf16>, !pypto.tensor<8x16xbf16> -> !pypto.tensor<8x32xbf16>
  return
}

// -----

func.func @scatter_mask_width(%s: !pypto.tensor<16x32xf32>, %d: !pypto.tensor<16x60xf32>) {
  // expected-error @+1 {{'pypto.scatter_mask' op destination has 60 columns; twice the source's 32 is 64}}
  %r = pypto.scatter_mask %s into %d even : !pypto.tensor<16x32xf32> into !pypto.tensor<16x60xf32>
  return
}

// -----

func.func @scatter_mask_bf16(%s: !pypto.tensor<16x32xbf16>, %d: !pypto.tensor<16x64xbf16>) {
  // expected-error @+1 {{'pypto.scatter_mask' op takes f32, f16, i32 or i16 elements (a gather's), got 'bf16'}}
  %r = pypto.scatter_mask %s into %d odd : !pypto.tensor<16x32xbf16> into !pypto.tensor<16x64xbf16>
  return
}

// -----

func.func @set_validshape_outside(%x: !pypto.tensor<16x64xf32>, %r: index) {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pypto.set_validshape' op is outside a kernel; a valid shape is a kernel value's (slice a tail with `valid [...]` instead)}}
  %v = pypto.set_validshape %x valid [%r, %c64] : !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @set_validshape_rank3(%x: !pypto.tensor<2x16x64xf32>, %r: index) attributes {pypto.kind = "incore"} {
  %c64 = arith.constant 64 : index
  // expected-error @+1 {{'pypto.set_validshape' op takes a 2-D value (reshape it first)}}
  %v = pypto.set_validshape %x valid [%r, %c64] : !pypto.tensor<2x16x64xf32>
  return
}

// -----

func.func @set_validshape_too_wide(%x: !pypto.tensor<16x64xf32>, %r: index) attributes {pypto.kind = "incore"} {
  %c65 = arith.constant 65 : index
  // expected-error @+1 {{'pypto.set_validshape' op valid columns 65 are outside [0, 64]}}
  %v = pypto.set_validshape %x valid [%r, %c65] : !pypto.tensor<16x64xf32>
  return
}

// -----

func.func @mgather_outside(%t: !pypto.tensor<16x32xf32>, %i: !pypto.tensor<1x4xi32>) {
  // expected-error @+1 {{'pypto.mgather' op is outside a kernel}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<16x32xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @mgather_index_shape(%t: !pypto.tensor<16x32xf32>, %i: !pypto.tensor<4x1xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mgather' op index must be a 1 x R row of i32, got '!pypto.tensor<4x1xi32>'}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<16x32xf32>, !pypto.tensor<4x1xi32> -> !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @mgather_rows(%t: !pypto.tensor<16x32xf32>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mgather' op result must be 4x32 (a row per index, the table's columns), got '!pypto.tensor<4x16xf32>'}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<16x32xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x16xf32>
  return
}

// -----

func.func @mgather_type(%t: !pypto.tensor<16x32xf32>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mgather' op result element type 'f16' differs from the table's 'f32'}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<16x32xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x32xf16>
  return
}

// -----

func.func @mgather_table_rank(%t: !pypto.tensor<2x16x32xf32>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mgather' op table must be 2-D, got rank 3}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<2x16x32xf32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<4x32xf32>
  return
}

// -----

func.func @mscatter_i8_add(%v: !pypto.tensor<4x32xi8>, %t: !pypto.tensor<16x32xi8>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mscatter' op atomic_add does not add i8 rows}}
  pypto.mscatter %v, %t[%i] atomic_add : !pypto.tensor<4x32xi8>, !pypto.tensor<1x4xi32> into !pypto.tensor<16x32xi8>
  return
}

// -----

func.func @mscatter_value(%v: !pypto.tensor<4x16xf32>, %t: !pypto.tensor<16x32xf32>, %i: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mscatter' op value must be 4x32 (a row per index, the table's columns), got '!pypto.tensor<4x16xf32>'}}
  pypto.mscatter %v, %t[%i] : !pypto.tensor<4x16xf32>, !pypto.tensor<1x4xi32> into !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @mgather_acc_result(%t: !pypto.tensor<16x32xf32>, %i: !pypto.tile<1x4xi32, vec>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.mgather' op result must be a vec tile}}
  %r = pypto.mgather %t[%i] : !pypto.tensor<16x32xf32>, !pypto.tile<1x4xi32, vec> -> !pypto.tile<4x32xf32, acc>
  return
}

// -----

func.func @scatter_update_rows(%kv: !pypto.tensor<6x32xf32>, %slots: !pypto.tensor<2x4xi32>, %cache: !pypto.tensor<16x32xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.scatter_update' op src must be 8x32 (a row per index, the table's columns), got '!pypto.tensor<6x32xf32>'}}
  pypto.scatter_update %kv, %cache[%slots] : !pypto.tensor<6x32xf32>, !pypto.tensor<2x4xi32> into !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @scatter_update_index(%kv: !pypto.tensor<8x32xf32>, %slots: !pypto.tensor<2x4xi16>, %cache: !pypto.tensor<16x32xf32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.scatter_update' op index must be a static b x s matrix of i32, got '!pypto.tensor<2x4xi16>'}}
  pypto.scatter_update %kv, %cache[%slots] : !pypto.tensor<8x32xf32>, !pypto.tensor<2x4xi16> into !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @scatter_update_outside(%kv: !pypto.tensor<8x32xf32>, %slots: !pypto.tensor<2x4xi32>, %cache: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{'pypto.scatter_update' op is outside a kernel}}
  pypto.scatter_update %kv, %cache[%slots] : !pypto.tensor<8x32xf32>, !pypto.tensor<2x4xi32> into !pypto.tensor<16x32xf32>
  return
}

// -----

func.func @paged_columns(%pool: !pypto.tensor<64x48xf32>, %idx: !pypto.tensor<1x8xi32>, %table: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.paged_gather' op columns [24, 56) are outside the pool's 48}}
  %r = pypto.paged_gather %pool[%idx] pages %table block 16 cols 24 : !pypto.tensor<64x48xf32>, !pypto.tensor<1x8xi32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<8x32xf32>
  return
}

// -----

func.func @paged_rows(%pool: !pypto.tensor<64x48xf32>, %idx: !pypto.tensor<1x8xi32>, %table: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.paged_gather' op result must have 8 rows (one per index), got '!pypto.tensor<16x48xf32>'}}
  %r = pypto.paged_gather %pool[%idx] pages %table block 16 : !pypto.tensor<64x48xf32>, !pypto.tensor<1x8xi32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<16x48xf32>
  return
}

// -----

func.func @paged_table(%pool: !pypto.tensor<64x48xf32>, %idx: !pypto.tensor<1x8xi32>, %table: !pypto.tensor<4x1xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.paged_gather' op block table must be a 1 x B row of i32, got '!pypto.tensor<4x1xi32>'}}
  %r = pypto.paged_gather %pool[%idx] pages %table block 16 : !pypto.tensor<64x48xf32>, !pypto.tensor<1x8xi32>, !pypto.tensor<4x1xi32> -> !pypto.tensor<8x48xf32>
  return
}

// -----

func.func @paged_block(%pool: !pypto.tensor<64x48xf32>, %idx: !pypto.tensor<1x8xi32>, %table: !pypto.tensor<1x4xi32>) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.paged_gather' op block size must be positive, got 0}}
  %r = pypto.paged_gather %pool[%idx] pages %table block 0 : !pypto.tensor<64x48xf32>, !pypto.tensor<1x8xi32>, !pypto.tensor<1x4xi32> -> !pypto.tensor<8x48xf32>
  return
}

// -----

func.func @reinterpret_bytes(%x: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{'pypto.reinterpret_view' op views 2048 bytes as 1024; the bytes must be the same}}
  %v = pypto.reinterpret_view %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<16x32xbf16>
  return
}

// -----

func.func @reinterpret_same(%x: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{'pypto.reinterpret_view' op keeps the element type 'f32'; a reshape is pypto.reshape}}
  %v = pypto.reinterpret_view %x : !pypto.tensor<16x32xf32> -> !pypto.tensor<32x16xf32>
  return
}

// -----

func.func @reinterpret_dynamic(%x: !pypto.tensor<?x32xf32>) {
  // expected-error @+1 {{'pypto.reinterpret_view' op with run-time sizes keeps every dimension but the last, whose bytes must be the same}}
  %v = pypto.reinterpret_view %x : !pypto.tensor<?x32xf32> -> !pypto.tensor<?x32xi16>
  return
}

// -----

func.func @scatter_index_shape(%s: !pypto.tensor<4x8xf32>, %i: !pypto.tensor<4x6xi32>, %d: !pypto.tensor<4x20xf32>) {
  // expected-error @+1 {{'pypto.scatter' op index 4x6 must have the source's shape 4x8}}
  %r = pypto.scatter %s, %i into %d : !pypto.tensor<4x8xf32>, !pypto.tensor<4x6xi32> into !pypto.tensor<4x20xf32>
  return
}

// -----

func.func @scatter_rows(%s: !pypto.tensor<4x8xf32>, %i: !pypto.tensor<4x8xi32>, %d: !pypto.tensor<2x20xf32>) {
  // expected-error @+1 {{'pypto.scatter' op rows differ: 4 into 2}}
  %r = pypto.scatter %s, %i into %d : !pypto.tensor<4x8xf32>, !pypto.tensor<4x8xi32> into !pypto.tensor<2x20xf32>
  return
}

// -----

func.func @scatter_index_type(%s: !pypto.tensor<4x8xf32>, %i: !pypto.tensor<4x8xi16>, %d: !pypto.tensor<4x20xf32>) {
  // expected-error @+1 {{'pypto.scatter' op index must be i32, got 'i16'}}
  %r = pypto.scatter %s, %i into %d : !pypto.tensor<4x8xf32>, !pypto.tensor<4x8xi16> into !pypto.tensor<4x20xf32>
  return
}
