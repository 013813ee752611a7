// RUN: pypto-opt %s -split-input-file -verify-diagnostics

func.func @outside_kernel() {
  // expected-error @+1 {{'pypto.syncall' op is outside a kernel; it is a barrier of a kernel's blocks}}
  pypto.syncall mix
  return
}

// -----

func.func @one_block() {
  pypto.at core_group "k" {
    // expected-error @+1 {{'pypto.syncall' op is in a 'pypto.at' kernel, which runs one block; a barrier of all cores needs 'pypto.spmd ... sync_start'}}
    pypto.syncall mix
  }
  return
}

// -----

func.func @not_started_together() {
  pypto.spmd core_group "k" blocks(24) (%b) {
    // expected-error @+1 {{'pypto.syncall' op waits for every block of its task, so its 'pypto.spmd' must start them together: add sync_start}}
    pypto.syncall mix
  }
  return
}

// -----

func.func @in_region() {
  pypto.spmd core_group "k" blocks(24) sync_start (%b) {
    pypto.split_aiv none (%lane) {
      // expected-error @+1 {{'pypto.syncall' op is in a 'pypto.split_aiv' region; a barrier is the whole kernel's (the AIC takes part too): put it between regions}}
      pypto.syncall mix
    }
  }
  return
}

// -----

func.func @bad_core_type() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'core_type' [aiv_only, aic_only, mix]}}
  pypto.syncall vector
  return
}

// -----

func.func @count_in_kernel() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.available_cluster_count' op is in a kernel; the launch shape is the orchestration's}}
  %n = pypto.available_cluster_count : index
  return
}

// -----

func.func @aiv_count_in_kernel() attributes {pypto.kind = "incore"} {
  // expected-error @+1 {{'pypto.available_aiv_count' op is in a kernel; the launch shape is the orchestration's}}
  %n = pypto.available_aiv_count : index
  return
}

// -----

func.func @barrier_kernel(%b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  pypto.syncall mix
  return
}
func.func @orchestration() attributes {pypto.kind = "orchestration"} {
  // expected-error @+1 {{'pypto.call' op calls 'barrier_kernel', whose pypto.syncall waits for every block of the task: the call needs a block count and sync_start}}
  pypto.call @barrier_kernel() {blocks = 24 : i64} : () -> ()
  return
}
