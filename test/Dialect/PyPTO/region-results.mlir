// RUN: pypto-opt %s -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s

// A pypto.at region returns the values it yields, after its task id when
// that is bound.

// CHECK-LABEL: func.func @results
// CHECK: %[[G:.+]] = pypto.at core_group "gate" -> (!pypto.tensor<16x32xf32>) {
// CHECK:   pypto.yield %{{.+}} : !pypto.tensor<16x32xf32>
// CHECK: %[[T:[^,]+]], %[[V:[^:]+]]:2 = pypto.at core_group "two" deps(%{{.+}}) -> (!pypto.tensor<16x32xf32>, !pypto.tensor<16xf32>) {
// CHECK:   pypto.yield %{{.+}}, %{{.+}} : !pypto.tensor<16x32xf32>, !pypto.tensor<16xf32>
// CHECK: pypto.at core_group "use" deps(%[[T]]) {
// CHECK:   pypto.add %[[G]], %[[V]]#0 : !pypto.tensor<16x32xf32>
func.func @results(%x: !pypto.tensor<16x32xf32>, %v: !pypto.tensor<16xf32>,
                   %y: !pypto.tensor<16x32xf32>) {
  %c0 = arith.constant 0 : index
  %none = pypto.no_task
  %g = pypto.at core_group "gate" -> (!pypto.tensor<16x32xf32>) {
    %e = pypto.exp %x : !pypto.tensor<16x32xf32>
    pypto.yield %e : !pypto.tensor<16x32xf32>
  }
  %t, %a, %b = pypto.at core_group "two" deps(%none) -> (!pypto.tensor<16x32xf32>, !pypto.tensor<16xf32>) {
    %n = pypto.neg %x : !pypto.tensor<16x32xf32>
    pypto.yield %n, %v : !pypto.tensor<16x32xf32>, !pypto.tensor<16xf32>
  }
  pypto.at core_group "use" deps(%t) {
    %s = pypto.add %g, %a : !pypto.tensor<16x32xf32>
    pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  return
}
