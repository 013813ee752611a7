// RUN: pypto-translate %s -split-input-file -verify-diagnostics --emit-orchestration

// What orchestration C++ cannot express yet is reported where it occurs.

module {
  // expected-error @+1 {{scalar type 'f16' is not supported in orchestration code yet}}
  func.func @main(%s: f16) attributes {pypto.kind = "orchestration"} {
    return
  }
}

// -----

module {
  func.func @main(%s: f32) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{scalar type 'bf16' is not supported in orchestration code yet}}
    %h = arith.constant 1.5 : bf16
    return
  }
}

// -----

// Float arithmetic into a half type: the orchestration has no C++ for it.
module {
  func.func @main(%s: f32) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{scalar type 'f16' is not supported in orchestration code yet}}
    %h = arith.truncf %s : f32 to f16
    return
  }
}


// -----

module {
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{'arith.index_castui' op is not supported in orchestration code yet}}
    %m = arith.index_castui %n : index to i32
    return
  }
}

// -----

module {
  func.func @main(%t: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{'pypto.adds' op is not supported in orchestration code yet}}
    %r = pypto.adds %t, %s : !pypto.tensor<16x16xf32>, f32
    return
  }
}

// -----

// An intermediate tensor of a type the runtime has no DataType for.
func.func @program(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  // expected-error @+1 {{element type 'f64' has no runtime data type}}
  %t = pypto.create_tensor : !pypto.tensor<16x16xf64>
  return
}

// -----

// Only the chips of a multi-card program have a CommContext to give a
// kernel that reads or signals a peer's window.
module {
  func.func @k(%p: !pto.ptr<f32>, %peer: index, %ctx: !pto.ptr<i64> {pypto.comm_ctx}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @main(%t: !pypto.tensor<16x16xf32>, %n: index) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{'pypto.call' op calls 'k', which reads or signals a peer's window, outside a 'pypto.ranks' region}}
    pypto.call @k(%t, %n) : (!pypto.tensor<16x16xf32>, index) -> ()
    return
  }
}

// -----

// A call after the ranks region is outside it too; the verifier says so.
module {
  func.func @k(%p: !pto.ptr<f32>, %peer: index, %ctx: !pto.ptr<i64> {pypto.comm_ctx}) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    return
  }
  func.func @main(%t: !pypto.tensor<16x16xf32>, %n: index) attributes {pypto.kind = "orchestration"} {
    pypto.ranks world(2) (%r) {
      pypto.call @k(%t, %r) : (!pypto.tensor<16x16xf32>, index) -> ()
    }
    // expected-error @+1 {{'pypto.call' op is outside 'pypto.ranks' in a multi-card program, so every rank would run it on the shared tensors; move it into the region}}
    pypto.call @k(%t, %n) : (!pypto.tensor<16x16xf32>, index) -> ()
    return
  }
}

// -----

// A loop with a constant step of 0 would never end.
module {
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'scf.for' op step must be positive, got 0}}
    scf.for %i = %c0 to %n step %c0 {
    }
    return
  }
}

// -----

// Nor would one with a negative constant step.
module {
  func.func @main(%n: index) attributes {pypto.kind = "orchestration"} {
    %c0 = arith.constant 0 : index
    %cm1 = arith.constant -1 : index
    // expected-error @+1 {{'scf.for' op step must be positive, got -1}}
    scf.for %i = %c0 to %n step %cm1 {
    }
    return
  }
}


// -----

// A branch's scalar type follows the orchestration's rules too.
module {
  func.func @main(%c: i1) attributes {pypto.kind = "orchestration"} {
    // expected-error @+1 {{scalar type 'f16' is not supported in orchestration code yet}}
    %t = scf.if %c -> (f16) {
      %x = arith.constant 1.0 : f16
      scf.yield %x : f16
    } else {
      %y = arith.constant 2.0 : f16
      scf.yield %y : f16
    }
    return
  }
}

// -----

module {
  func.func @main(%x: !pypto.tensor<?x32xf32>, %rows: index) attributes {pypto.kind = "orchestration"} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{'pypto.slice' op with a valid shape is read inside kernels only, not by the orchestration}}
    %s = pypto.slice %x[%c0, %c0] [16, 32] valid [%rows, %c32]
        : !pypto.tensor<?x32xf32> -> !pypto.tensor<16x32xf32>
    return
  }
}
