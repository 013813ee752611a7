// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-lower-to-pto
// RUN: not pypto-opt %s --pypto-lower-to-pto="arch=ascend910" 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: error: unknown architecture 'ascend910', expected a2a3 or a5

module {
  func.func @unplanned(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'pypto.load' op has no planned address; run pypto-plan-memory first}}
    %x = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    return
  }
}

// -----

func.func @tensor_compute(%a: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.adds' op works on tensors; run pypto-convert-tensor-to-tile first}}
  %x = pypto.adds %a, %s : !pypto.tensor<16x16xf32>, f32
  return
}

// -----

func.func @load_from_cast(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<16x16xf32> to !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.load' op loads from a tensor that is not a kernel parameter}}
  %x = pypto.load %t[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  return
}

// -----

func.func @store_to_cast(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %t = builtin.unrealized_conversion_cast %a : !pypto.tensor<16x16xf32> to !pypto.tensor<16x16xf32>
  // expected-error @+1 {{'pypto.store' op stores to a tensor that is not a kernel parameter}}
  pypto.store %x, %t[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}

// -----

func.func @no_space(%a: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{without a memory space}}
  %x = pypto.load %a[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
  return
}
