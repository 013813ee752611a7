// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-kernel-cpp

// What the built-in PTO->C++ lowering cannot express is reported at the
// kernel or operation concerned.

module {
  // expected-error @+1 {{type 'f128' has no C++ equivalent yet}}
  func.func @k(%s: f128) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @main(%s: f128) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%s) : (f128) -> ()
    return
  }
}

// -----

module {
  // expected-error @+1 {{type 'f128' has no C++ equivalent yet}}
  func.func @k(%p: !pto.ptr<f128>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @main(%t: !pypto.tensor<16x16xf128>) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%t) : (!pypto.tensor<16x16xf128>) -> ()
    return
  }
}

// -----

module {
  // expected-error @+1 {{type '!pto.tensor_view<?x?xf32>' has no C++ equivalent yet}}
  func.func @k(%v: !pto.tensor_view<?x?xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @main(%t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%t) : (!pypto.tensor<16x16xf32>) -> ()
    return
  }
}

// -----

module {
  func.func @k(%n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %arr = pto.declare_local_array -> !pto.local_array<4xi32>
    // expected-error @+1 {{'scf.for' op carries a '!pto.local_array<4xi32>', which the built-in lowering does not support}}
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %arr) -> (!pto.local_array<4xi32>) {
      scf.yield %a : !pto.local_array<4xi32>
    }
    return
  }
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%n) : (index) -> ()
    return
  }
}

// -----

module {
  func.func @k(%n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %i = arith.index_cast %n : index to i32
    // expected-error @+1 {{'arith.bitcast' op is not supported by the built-in PTO->C++ lowering yet}}
    %d = arith.bitcast %i : i32 to f32
    return
  }
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%n) : (index) -> ()
    return
  }
}

// -----

module {
  func.func @k(%p: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c2 = arith.constant 2 : index
    %v = pto.make_tensor_view %p, shape = [%c2, %c2, %c2, %c2, %c2, %c16], strides = [%c16, %c16, %c16, %c16, %c16, %c1] : !pto.tensor_view<?x?x?x?x?x?xf32>
    // GlobalTensor has five dimensions; a window of six, none of them 1,
    // does not fit.
    // expected-error @+1 {{'pto.partition_view' op has a rank-6 window with more than five dimensions of size other than 1; GlobalTensor has five}}
    %q = pto.partition_view %v, offsets = [%c0, %c0, %c0, %c0, %c0, %c0], sizes = [%c2, %c2, %c2, %c2, %c2, %c16] : !pto.tensor_view<?x?x?x?x?x?xf32> -> !pto.partition_tensor_view<2x2x2x2x2x16xf32>
    return
  }
  func.func @main(%t: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%t) : (!pypto.tensor<16x16xf32>) -> ()
    return
  }
}

// -----

// A tile without an address next to a reserved buffer at a planned base:
// the unplanned tile could land on the buffer.
module {
  func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %b = pto.reserve_buffer {name = "s", size = 2048, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    // expected-error @+1 {{'pto.alloc_tile' op has no address while other buffers of 'k' have one; give every tile an address or none}}
    %t = pto.alloc_tile : !pto.tile_buf<vec, 16x16xf32>
    return
  }
  func.func @main() attributes {pypto.kind = "orchestration"} {
    pypto.call @k() : () -> ()
    return
  }
}

// -----

module {
  func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    // expected-error @+1 {{'pto.reserve_buffer' op needs a base (plan memory first) in the built-in lowering}}
    %b = pto.reserve_buffer {name = "s", size = 2048, location = #pto.address_space<vec>, auto = true} -> i32
    return
  }
  func.func @main() attributes {pypto.kind = "orchestration"} {
    pypto.call @k() : () -> ()
    return
  }
}

// -----

module {
  func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    // expected-error @+1 {{'pto.import_reserved_buffer' op imports 's', which 'peer' does not reserve at a fixed base}}
    %b = pto.import_reserved_buffer {name = "s", peer_func = @peer} -> i32
    return
  }
  func.func @main() attributes {pypto.kind = "orchestration"} {
    pypto.call @k() : () -> ()
    return
  }
}

// -----

module {
  func.func @k() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    // expected-error @+1 {{'pto.tpop_from_aic' op comes before the pipe is initialised}}
    %t = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    return
  }
  func.func @main() attributes {pypto.kind = "orchestration"} {
    pypto.call @k() : () -> ()
    return
  }
}

// -----

// A kernel loop with a constant step of 0 would never end.
module {
  func.func @k(%n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'scf.for' op step must be positive, got 0}}
    scf.for %i = %c0 to %n step %c0 {
    }
    return
  }
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%n) : (index) -> ()
    return
  }
}

// -----

// Nor would one with a negative constant step.
module {
  func.func @k(%n: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0 = arith.constant 0 : index
    %cm16 = arith.constant -16 : index
    // expected-error @+1 {{'scf.for' op step must be positive, got -16}}
    scf.for %i = %c0 to %n step %cm16 {
    }
    return
  }
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    pypto.call @k(%n) : (index) -> ()
    return
  }
}
