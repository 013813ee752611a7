// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-kernel-function

// .pto input to the built-in lowering (what ptoas would read) that it cannot
// lower, reported at the operation concerned.

// Level-3 code gives every tile an address, level-2 code none: not a mix.
func.func @mixed_levels(%p: !pto.ptr<f32>) {
  %c0_i64 = arith.constant 0 : i64
  %a = pto.alloc_tile addr = %c0_i64 : !pto.tile_buf<vec, 16x16xf32>
  // expected-error @+1 {{'pto.alloc_tile' op has no address while other buffers of 'mixed_levels' have one; give every tile an address or none}}
  %b = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
  return
}

// -----

// A view result of scf.if must be one view, whichever branch runs.
func.func @two_views(%p: !pto.ptr<f32>, %q: !pto.ptr<f32>, %c: i1) {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %a = pto.make_tensor_view %p, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  %b = pto.make_tensor_view %q, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
  // expected-error @+1 {{'scf.if' op result #0 must be the same pto.make_tensor_view of this kernel in both branches in the built-in lowering}}
  %v = scf.if %c -> (!pto.tensor_view<?x?xf32>) {
    scf.yield %a : !pto.tensor_view<?x?xf32>
  } else {
    scf.yield %b : !pto.tensor_view<?x?xf32>
  }
  return
}

// -----

// expected-error @+1 {{no pto kernel (a function with a body) to emit}}
module {
  func.func private @declared(%p: !pto.ptr<f32>)
}

// -----

// A pipe initialised in one branch would be out of scope after the `if`.
func.func @pipe_in_branch(%c: i1) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  scf.if %c {
    %b = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %z = arith.constant 0 : i32
    // expected-error @+1 {{'pto.aiv_initialize_pipe' op inside scf.if is not supported by the built-in lowering; initialise the pipe before the branch}}
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8} (c2v_consumer_buf = %b : i32, v2c_consumer_buf = %z : i32)
  }
  return
}

// -----

// Float conversions round to nearest even in C++ only.
func.func @away_from_zero(%v: f32, %p: !pto.ptr<bf16>) {
  // expected-error @+1 {{'arith.truncf' op rounds other than to nearest even, which the built-in PTO->C++ lowering does not support}}
  %b = arith.truncf %v to_nearest_away : f32 to bf16
  return
}
