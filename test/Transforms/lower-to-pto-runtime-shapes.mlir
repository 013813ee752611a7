// RUN: pypto-opt %s --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s --pypto-lower-to-pto | pypto-translate --emit-kernel-function | FileCheck %s --check-prefix=CPP

// Run-time sizes of tensor parameters come from the scalar parameters that
// pypto.dim_args / pypto.stride_args name: the tensor view takes them, and
// the built-in lowering gives run-time strides to the GlobalTensor.

// CHECK-LABEL: func.func @rows
// CHECK-SAME: (%[[X:[^:]+]]: !pto.ptr<f32>{{[^,]*}}, %[[N:[^:]+]]: index, %[[S:[^:]+]]: index)
// CHECK: pto.make_tensor_view %[[X]], shape = [%[[N]], %c16], strides = [%[[S]], %c1] : !pto.tensor_view<?x?xf32>
// CHECK-NOT: pypto.dim_args
// CHECK: %[[LAST:.+]] = arith.subi %[[N]], %c16{{.*}} : index
// CHECK: %[[ROW:.+]] = arith.muli %[[LAST]], %[[S]] : index
// CPP-LABEL: void rows(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 1, 8, 16>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::ND> {{v[0-9]+}}({{.+}}, pto::Shape<1, 1, 1, 8, 16>(), pto::Stride<-1, -1, -1, -1, -1>((8 * [[S:v[0-9]+]]), (8 * [[S]]), (8 * [[S]]), [[S]], 1));
module {
  func.func @rows(%x: !pypto.tensor<?x16xf32> {pypto.dir = "in", pypto.strides = array<i64: -9223372036854775808, 1>,
                                                  pypto.dim_args = array<i64: 1, -1>, pypto.stride_args = array<i64: 2, -1>},
                  %n: index, %s: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %t = pypto.load %x[%c0, %c0] {pypto.addr = 0 : i64} : !pypto.tensor<?x16xf32> -> !pypto.tile<8x16xf32, vec>
    %rows = pypto.dim %x, 0 : !pypto.tensor<?x16xf32>
    %cols = pypto.dim %x, 1 : !pypto.tensor<?x16xf32>
    %last = arith.subi %rows, %cols : index
    %e = pypto.read %x[%last, %c0] : !pypto.tensor<?x16xf32> -> f32
    return
  }
}

