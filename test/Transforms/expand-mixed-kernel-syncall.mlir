// RUN: pypto-opt %s -split-input-file --pypto-expand-mixed-kernel="arch=a2a3" | FileCheck %s

// A cube store that a vector load reads after a barrier of every part: the
// barrier orders them, so the kernel splits. Both parts wait in each
// pypto.syncall mix; the AIC keeps none of the vector work.

// CHECK-LABEL: func.func @phases_aic(
// CHECK:         pypto.matmul
// CHECK:         pypto.store
// CHECK-NEXT:    pypto.syncall mix
// CHECK-NOT:     pypto.load %t
// CHECK:         return
// CHECK-LABEL: func.func @phases_aiv(
// CHECK-NOT:     pypto.matmul
// CHECK:         pypto.syncall mix
// CHECK-NEXT:    %[[V:.+]] = pypto.load %{{.+}}[
// CHECK-NEXT:    %[[E:.+]] = pypto.exp %[[V]]
// CHECK-LABEL: func.func @orchestration(
// CHECK:         pypto.call @phases({{.+}}) blocks(%{{.+}}) {sync_start}
func.func @phases(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>,
                  %y: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
  %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
  %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
  pypto.store %p, %t[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
  pypto.syncall mix
  %v = pypto.load %t[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x16xf32, vec>
  pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
  return
}
func.func @orchestration(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>,
                         %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "orchestration"} {
  %n = pypto.available_cluster_count : index
  pypto.call @phases(%a, %t, %y) blocks(%n) {sync_start}
      : (!pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32>) -> ()
  return
}

// -----

// In a loop the next iteration's cube store must also wait for this
// iteration's vector load: a barrier on each side.

// CHECK-LABEL: func.func @loop_phases_aic(
// CHECK:         scf.for
// CHECK:           pypto.syncall mix
// CHECK:           pypto.syncall mix
// CHECK-LABEL: func.func @loop_phases_aiv(
func.func @loop_phases(%a: !pypto.tensor<16x16xf32>, %t: !pypto.tensor<16x16xf32>,
                       %y: !pypto.tensor<16x16xf32>, %b: index {pypto.spmd = "block_idx"})
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %i = %c0 to %c4 step %c1 {
    %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, mat>
    %la = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, left>
    %ra = pypto.move %ma : !pypto.tile<16x16xf32, mat> -> !pypto.tile<16x16xf32, right>
    %p = pypto.matmul %la, %ra : !pypto.tile<16x16xf32, left>, !pypto.tile<16x16xf32, right> -> !pypto.tile<16x16xf32, acc>
    pypto.store %p, %t[%c0, %c0] : !pypto.tile<16x16xf32, acc>, !pypto.tensor<16x16xf32>
    pypto.syncall mix
    %v = pypto.load %t[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32, vec>
    pypto.store %v, %y[%c0, %c0] : !pypto.tile<16x16xf32, vec>, !pypto.tensor<16x16xf32>
    pypto.syncall mix
  }
  return
}
