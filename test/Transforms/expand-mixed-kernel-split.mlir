// RUN: pypto-opt %s -split-input-file --pypto-expand-mixed-kernel="arch=a5" | FileCheck %s

// up_down: the AIC pushes the whole accumulator once, split up_down, where
// the region was, and runs none of the region; the AIV part (on both lanes,
// pypto.aiv_lanes = 2) reads its lane, pops its 16-row half, frees it after
// its last use and stores it at its lane's rows. The slot holds the whole
// 32x64 f32 tile (8192 bytes).

// CHECK-LABEL: func.func @mm_split_aic(
// CHECK:         pypto.aic_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 8192 : i64}
// CHECK:         %[[P:.+]] = pypto.matmul
// CHECK-NEXT:    pypto.tpush_to_aiv %[[P]] split up_down : !pypto.tile<32x64xf32, acc>
// CHECK-NOT:     pypto.get_subblock_idx
// CHECK-NOT:     pypto.store
// CHECK:         return

// CHECK-LABEL: func.func @mm_split_aiv(
// CHECK-SAME:    pypto.aiv_lanes = 2 : i64, pypto.kind = "aiv"
// CHECK:         pypto.aiv_initialize_pipe {dir_mask = 1 : i64, slot_num = 8 : i64, slot_size = 8192 : i64}
// CHECK-NOT:     pypto.matmul
// CHECK:         %[[LANE:.+]] = pypto.get_subblock_idx : index
// CHECK-NEXT:    %[[H:.+]] = pypto.tpop_from_aic split up_down : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT:    %[[R:.+]] = arith.muli %[[LANE]]
// CHECK-NEXT:    %[[E:.+]] = pypto.exp %[[H]]
// CHECK-NEXT:    pypto.tfree_to_aic %[[H]] split up_down
// CHECK-NEXT:    pypto.store %[[E]], %{{.+}}[%[[R]], %{{.+}}]
func.func @mm_split(%a: !pypto.tensor<32x16xf32>, %b: !pypto.tensor<16x64xf32>,
                    %y: !pypto.tensor<32x64xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<32x16xf32> -> !pypto.tile<32x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<32x16xf32, mat> -> !pypto.tile<32x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x64xf32> -> !pypto.tile<16x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x64xf32, mat> -> !pypto.tile<16x64xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<32x16xf32, left>, !pypto.tile<16x64xf32, right> -> !pypto.tile<32x64xf32, acc>
  pypto.split_aiv up_down (%lane) {
    %h = pypto.aiv_shard %p : !pypto.tile<32x64xf32, acc> -> !pypto.tile<16x64xf32, vec>
    %r = arith.muli %lane, %c16 : index
    %e = pypto.exp %h : !pypto.tile<16x64xf32, vec>
    pypto.store %e, %y[%r, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<32x64xf32>
  }
  return
}

// -----

// none, without a crossing (pypto-lib's hc_pre shape): the cube stores its
// product, the lanes split other work by their index. No pipe; the AIV part
// runs on both lanes.

// CHECK-LABEL: func.func @cube_and_lanes_aic(
// CHECK-NOT:     pypto.aic_initialize_pipe
// CHECK:         pypto.matmul
// CHECK-NOT:     pypto.exp
// CHECK:         return
// CHECK-LABEL: func.func @cube_and_lanes_aiv(
// CHECK-SAME:    pypto.aiv_lanes = 2 : i64
// CHECK-NOT:     pypto.aiv_initialize_pipe
// CHECK:         %[[LANE:.+]] = pypto.get_subblock_idx : index
// CHECK:         arith.muli %[[LANE]]
// CHECK:         pypto.exp
func.func @cube_and_lanes(%a: !pypto.tensor<16x16xf32>, %x: !pypto.tensor<32x16xf32>,
                          %p: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<32x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %rb = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %m = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %m, %p[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.split_aiv none (%lane) {
    %r = arith.muli %lane, %c16 : index
    %t = pypto.load %x[%r, %c0] : !pypto.tensor<32x16xf32> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.exp %t : !pypto.tile<16x16xf32, vec>
    pypto.store %e, %y[%r, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<32x16xf32>
  }
  return
}

// -----

// Vector work only: the kernel is not split; both lanes run it.

// CHECK-LABEL: func.func @lanes_only(
// CHECK-SAME:    pypto.aiv_lanes = 2 : i64, pypto.kind = "incore"
// CHECK-NEXT:    %{{.+}} = arith.constant 0 : index
// CHECK:         %[[LANE:.+]] = pypto.get_subblock_idx : index
// CHECK-NOT:     pypto.split_aiv
// CHECK:         pypto.exp
func.func @lanes_only(%x: !pypto.tensor<32x16xf32>, %y: !pypto.tensor<32x16xf32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  pypto.split_aiv none (%lane) {
    %r = arith.muli %lane, %c16 : index
    %t = pypto.load %x[%r, %c0] : !pypto.tensor<32x16xf32> -> !pypto.tile<16x16xf32, vec>
    %e = pypto.exp %t : !pypto.tile<16x16xf32, vec>
    pypto.store %e, %y[%r, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<32x16xf32>
  }
  return
}

// -----

// A notify in a region is the lanes' alone (it leaves the AIC with the
// region), so a mixed kernel may signal from one.

// CHECK-LABEL: func.func @notify_in_region_aic(
// CHECK-NOT:     pypto.notify
// CHECK:         return
// CHECK-LABEL: func.func @notify_in_region_aiv(
// CHECK:         pypto.get_subblock_idx
// CHECK:         pypto.notify
func.func @notify_in_region(%a: !pypto.tensor<16x16xf32>, %p: !pypto.tensor<16x16xf32>,
                            %sig: !pypto.tensor<2x1xi32>)
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %rb = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %m = pypto.matmul %la, %rb : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %m, %p[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.split_aiv none (%lane) {
    pypto.notify %sig[%lane, %c0] peer %c0 add %one : !pypto.tensor<2x1xi32>
  }
  return
}
