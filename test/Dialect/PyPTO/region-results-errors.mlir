// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @no_yield(%x: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{'pypto.at' op has 1 results: end its body with a 'pypto.yield' of them}}
  %g = pypto.at core_group "k" -> (!pypto.tensor<16x32xf32>) {
    %e = pypto.exp %x : !pypto.tensor<16x32xf32>
  }
  return
}

// -----

func.func @wrong_type(%x: !pypto.tensor<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %g = pypto.at core_group "k" -> (!pypto.tensor<16x32xf32>) {
    %s = pypto.slice %x[%c0, %c0] [16, 16] : !pypto.tensor<16x32xf32>
    // expected-error @+1 {{'pypto.yield' op yields 1 values of types ('!pypto.tensor<16x16xf32>'), the region returns ('!pypto.tensor<16x32xf32>')}}
    pypto.yield %s : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @runtime_shape(%x: !pypto.tensor<?x32xf32>) {
  // expected-error @+1 {{'pypto.at' op returns a tensor of run-time shape ('!pypto.tensor<?x32xf32>'); create the tensor before the region and assemble into it}}
  %g = pypto.at core_group "k" -> (!pypto.tensor<?x32xf32>) {
    pypto.yield %x : !pypto.tensor<?x32xf32>
  }
  return
}

// -----

func.func @result_count(%x: !pypto.tensor<16x32xf32>) {
  // expected-error @+1 {{expected 1 or 2 results (the region's values, after its task id), got 3}}
  %a, %b, %c = pypto.at core_group "k" -> (!pypto.tensor<16x32xf32>) {
    pypto.yield %x : !pypto.tensor<16x32xf32>
  }
  return
}

// -----

func.func @yield_in_spmd(%x: !pypto.tensor<16x32xf32>) {
  pypto.spmd core_group "k" blocks(2) (%b) {
    // expected-error @+1 {{'pypto.yield' op expects parent op 'pypto.at'}}
    pypto.yield %x : !pypto.tensor<16x32xf32>
  }
  return
}
