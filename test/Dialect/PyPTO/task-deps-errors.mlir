// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @no_dep_unused(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'pypto.at' op 'no_dep' names a tensor the region does not use}}
  pypto.at core_group "k" no_dep(%y : !pypto.tensor<16x16xf32>) {
    %t = pypto.add %x, %x : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @no_dep_twice(%x: !pypto.tensor<16x16xf32>) {
  // expected-error @+1 {{'pypto.spmd' op names a tensor in 'no_dep' twice}}
  pypto.spmd core_group "k" blocks(2) no_dep(%x : !pypto.tensor<16x16xf32>, %x : !pypto.tensor<16x16xf32>) (%i) {
    %t = pypto.add %x, %x : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @deps_not_task(%x: !pypto.tensor<16x16xf32>, %n: index) {
  // expected-error @+1 {{use of value '%n' expects different type than prior uses: '!pypto.task' vs 'index'}}
  pypto.at core_group "k" deps(%n) {
    %t = pypto.add %x, %x : !pypto.tensor<16x16xf32>
  }
  return
}

// -----

func.func @dummy_in_kernel(%x: !pypto.tensor<16x16xf32>) {
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.task_dummy' op belongs to the orchestration, not inside a kernel}}
    %d = pypto.task_dummy
  }
  return
}

// -----

func.func @scope_in_kernel() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.scope' op belongs to the orchestration, not inside a kernel}}
  pypto.scope manual {
  }
  return
}

// -----

func.func @scope_yield_types() {
  %n = arith.constant 1 : index
  // expected-error @+1 {{'pypto.scope' op yields 1 values whose types differ from its results'}}
  %t = "pypto.scope"() ({
    "pypto.scope_yield"(%n) : (index) -> ()
  }) : () -> !pypto.task
  return
}

// -----

func.func @k(%a: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  return
}

func.func @no_dep_scalar(%x: !pypto.tensor<16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pypto.call' op 'no_dep_args' entry 1 is not the index of a tensor argument}}
  pypto.call @k(%x, %s) {no_dep_args = array<i64: 1>} : (!pypto.tensor<16x16xf32>, f32) -> ()
  return
}

// -----

func.func @k(%a: !pypto.tensor<16x16xf32>, %s: f32) attributes {pypto.kind = "incore"} {
  return
}

func.func @nodep_scalar(%x: !pypto.tensor<16x16xf32>, %s: f32) {
  // expected-error @+1 {{'pypto.call' op direction 'nodep' does not fit an argument of type 'f32'}}
  pypto.call @k(%x, %s) {arg_directions = ["nodep", "nodep"]} : (!pypto.tensor<16x16xf32>, f32) -> ()
  return
}

// -----

// expected-error @+1 {{arrays have 1 to 65536 elements, got 0}}
func.func @empty_array(%a: !pypto.array<0, i32>) { return }

// -----

// expected-error @+1 {{array elements are integers (i8 to i64, index) or '!pypto.task', got 'f32'}}
func.func @float_array(%a: !pypto.array<4, f32>) { return }

// -----

func.func @array_constant_index() {
  %c4 = arith.constant 4 : index
  %a = pypto.array_create : !pypto.array<4, i32>
  // expected-error @+1 {{'pypto.array_get' op index 4 is outside the 4-element array}}
  %v = pypto.array_get %a[%c4] : !pypto.array<4, i32>
  return
}

// -----

func.func @array_set_negative(%v: i32) {
  %m1 = arith.constant -1 : index
  %a = pypto.array_create : !pypto.array<4, i32>
  // expected-error @+1 {{'pypto.array_set' op index -1 is outside the 4-element array}}
  pypto.array_set %v into %a[%m1] : !pypto.array<4, i32>
  return
}

// -----

// A kernel's arrays hold integers: task ids belong to the orchestration.
func.func @task_array_in_kernel() {
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.array_create' op holds task ids, which belong to the orchestration; a kernel's arrays hold integers}}
    %a = pypto.array_create : !pypto.array<4, !pypto.task>
  }
  return
}

// -----

// A kernel uses the arrays it creates, not the orchestration's.
func.func @array_access_in_kernel(%v: i32) {
  %c0 = arith.constant 0 : index
  %a = pypto.array_create : !pypto.array<4, i32>
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.array_set' op uses an array of the orchestration; a kernel uses the arrays it creates}}
    pypto.array_set %v into %a[%c0] : !pypto.array<4, i32>
  }
  return
}

// -----

// A constant index outside a kernel's array.
func.func @kernel_array_index(%v: i32) {
  %c4 = arith.constant 4 : index
  pypto.spmd core_group "k" blocks(2) (%b) {
    %a = pypto.array_create : !pypto.array<4, i32>
    // expected-error @+1 {{'pypto.array_get' op index 4 is outside the 4-element array}}
    %x = pypto.array_get %a[%c4] : !pypto.array<4, i32>
  }
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @array_wrong_value(%v: i64) {
  %c0 = arith.constant 0 : index
  %a = pypto.array_create : !pypto.array<4, i32>
  // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'i32' vs 'i64'}}
  pypto.array_set %v into %a[%c0] : !pypto.array<4, i32>
  return
}
