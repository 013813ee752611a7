// RUN: pypto-opt %s | FileCheck %s
// RUN: pypto-opt %s | pypto-opt | FileCheck %s
// RUN: pypto-opt %s -mlir-print-op-generic | pypto-opt | FileCheck %s

// The two AIV lanes: split_aiv regions in each mode, aiv_shard on tensors
// and tiles, the lane index, and the split on the pipe ops.

// CHECK-LABEL: func.func @regions
func.func @regions(%a: !pypto.tensor<32x64xf32>, %b: !pypto.tensor<64x128xf32>,
                   %y: !pypto.tensor<32x128xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  pypto.at core_group "k" {
    %p = pypto.matmul %a, %b : !pypto.tensor<32x64xf32>, !pypto.tensor<64x128xf32> -> !pypto.tensor<32x128xf32>
    // CHECK: pypto.split_aiv up_down (%[[LANE:.+]]) {
    // CHECK-NEXT: pypto.aiv_shard %{{.+}} : !pypto.tensor<32x128xf32> -> !pypto.tensor<16x128xf32>
    // CHECK: arith.muli %[[LANE]]
    pypto.split_aiv up_down (%lane) {
      %h = pypto.aiv_shard %p : !pypto.tensor<32x128xf32> -> !pypto.tensor<16x128xf32>
      %r = arith.muli %lane, %c16 : index
      pypto.assemble %h into %y[%r, %c0] : !pypto.tensor<16x128xf32> into !pypto.tensor<32x128xf32>
    }
    // CHECK: pypto.split_aiv left_right (%{{.+}}) {
    // CHECK-NEXT: pypto.aiv_shard %{{.+}} : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x64xf32>
    pypto.split_aiv left_right (%lane) {
      %h = pypto.aiv_shard %p : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x64xf32>
    }
    // CHECK: pypto.split_aiv none (%{{.+}}) {
    // CHECK-NEXT: pypto.aiv_shard %{{.+}} : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x128xf32>
    // CHECK: pypto.get_subblock_idx : index
    pypto.split_aiv none (%lane) {
      %h = pypto.aiv_shard %p : !pypto.tensor<32x128xf32> -> !pypto.tensor<32x128xf32>
      %l = pypto.get_subblock_idx : index
    }
  }
  return
}

// CHECK-LABEL: func.func @tiles
func.func @tiles(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "incore"} {
  // CHECK: pypto.aiv_shard %{{.+}} : !pypto.tile<32x128xf32, acc> -> !pypto.tile<16x128xf32, vec>
  pypto.split_aiv up_down (%lane) {
    %h = pypto.aiv_shard %t : !pypto.tile<32x128xf32, acc> -> !pypto.tile<16x128xf32, vec>
  }
  return
}

// CHECK-LABEL: func.func @pipes_aic
func.func @pipes_aic(%t: !pypto.tile<32x128xf32, acc>) attributes {pypto.kind = "aic"} {
  // CHECK: pypto.tpush_to_aiv %{{.+}} split up_down : !pypto.tile<32x128xf32, acc>
  // CHECK: pypto.tpush_to_aiv %{{.+}} : !pypto.tile<32x128xf32, acc>
  pypto.tpush_to_aiv %t split up_down : !pypto.tile<32x128xf32, acc>
  pypto.tpush_to_aiv %t split none : !pypto.tile<32x128xf32, acc>
  return
}

// CHECK-LABEL: func.func @pipes_aiv
// CHECK-SAME: pypto.aiv_lanes = 2
func.func @pipes_aiv() attributes {pypto.kind = "aiv", pypto.aiv_lanes = 2 : i64} {
  // CHECK: pypto.tpop_from_aic split left_right : !pypto.tile<32x64xf32, vec>
  // CHECK: pypto.tfree_to_aic %{{.+}} split left_right : !pypto.tile<32x64xf32, vec>
  %t = pypto.tpop_from_aic split left_right : !pypto.tile<32x64xf32, vec>
  pypto.tfree_to_aic %t split left_right : !pypto.tile<32x64xf32, vec>
  return
}
