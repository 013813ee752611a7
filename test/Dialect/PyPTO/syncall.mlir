// RUN: pypto-opt %s | FileCheck %s
// RUN: pypto-opt %s | pypto-opt | FileCheck %s

// CHECK-LABEL: func.func @phases
// CHECK: %[[N:.*]] = pypto.available_cluster_count : index
// CHECK: pypto.spmd core_group "phases" blocks(%[[N]]) sync_start (%{{.*}}) {
// CHECK: pypto.syncall mix
// CHECK: pypto.syncall aiv_only
// CHECK: pypto.syncall aic_only
func.func @phases(%x: !pypto.tensor<64x16xf32>) {
  %n = pypto.available_cluster_count : index
  pypto.spmd core_group "phases" blocks(%n) sync_start (%b) {
    pypto.syncall mix
    pypto.syncall aiv_only
    pypto.syncall aic_only
  }
  return
}

// A vector kernel's barrier over every AIV core, one block per core.
// CHECK-LABEL: func.func @aiv_grid
// CHECK: %[[A:.*]] = pypto.available_aiv_count : index
// CHECK: pypto.spmd core_group "aiv_grid" blocks(%[[A]]) sync_start (%{{.*}}) {
func.func @aiv_grid() {
  %n = pypto.available_aiv_count : index
  pypto.spmd core_group "aiv_grid" blocks(%n) sync_start (%b) {
    pypto.syncall aiv_only
  }
  return
}

// CHECK-LABEL: func.func @hinted
// CHECK: pypto.spmd core_group "hinted" blocks(24) allow_early_resolve sync_start (%{{.*}}) {
func.func @hinted() {
  pypto.spmd core_group "hinted" blocks(24) allow_early_resolve sync_start (%b) {
    pypto.syncall mix
  }
  return
}

// An outlined kernel and its call.
// CHECK-LABEL: func.func @barrier_kernel
// CHECK: pypto.syncall mix
// CHECK-LABEL: func.func @orchestration
// CHECK: pypto.call @barrier_kernel() blocks(%{{.*}}) {sync_start} : () -> ()
func.func @barrier_kernel(%b: index {pypto.spmd = "block_idx"}) attributes {pypto.kind = "incore"} {
  pypto.syncall mix
  return
}
func.func @orchestration() attributes {pypto.kind = "orchestration"} {
  %n = pypto.available_cluster_count : index
  pypto.call @barrier_kernel() blocks(%n) {sync_start} : () -> ()
  return
}
