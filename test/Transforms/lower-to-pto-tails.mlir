// RUN: pypto-opt %s --pypto-lower-to-pto | FileCheck %s
// RUN: pypto-opt %s --pypto-lower-to-pto | pypto-translate --emit-kernel-function | FileCheck %s --check-prefix=CPP

// A tail load reads a partition of the valid extents into a second
// tile_buf at the tile's address with the run-time valid shape (partition
// shape = tile valid shape, as ptoas and pto-isa require); a tail store
// writes that view of the value's buffer. The built-in lowering gives the
// run-time extents to the GlobalTensor's shape.

// CHECK-LABEL: func.func @tail_rows
// CHECK-SAME: (%[[X:[^:]+]]: !pto.ptr<f32>{{[^,]*}}, %[[Y:[^:]+]]: !pto.ptr<f32>{{[^,]*}}, %[[N:[^:]+]]: index, %[[T0:[^:]+]]: index, %[[ROWS:[^:]+]]: index)
// CHECK: %[[XV:.+]] = pto.make_tensor_view %[[X]]
// CHECK: %[[YV:.+]] = pto.make_tensor_view %[[Y]]
// CHECK: %[[TILE:.+]] = pto.alloc_tile addr = %[[A0:[^ ]+]] : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32
// CHECK: %[[PV:.+]] = pto.partition_view %[[XV]], offsets = [%[[T0]], %{{.+}}], sizes = [%[[ROWS]], %c32{{[_0-9]*}}] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x32xf32>
// CHECK: %[[VIEW:.+]] = pto.alloc_tile addr = %[[A0]] valid_row = %[[ROWS]] valid_col = %c32{{[_0-9]*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=?, v_col=?
// CHECK: pto.tload ins(%[[PV]] : !pto.partition_tensor_view<?x32xf32>) outs(%[[VIEW]] :
// CHECK: %[[E:.+]] = pto.alloc_tile addr = %[[A1:[^ ]+]] :
// CHECK: pto.texp ins(%[[TILE]] :
// CHECK: %[[PY:.+]] = pto.partition_view %[[YV]], offsets = [%[[T0]], %{{.+}}], sizes = [%[[ROWS]], %c32{{[_0-9]*}}]
// CHECK: %[[EVIEW:.+]] = pto.alloc_tile addr = %[[A1]] valid_row = %[[ROWS]] valid_col = %c32{{[_0-9]*}} : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=?, v_col=?
// CHECK: pto.tstore ins(%[[EVIEW]] : {{.+}}) outs(%[[PY]] : !pto.partition_tensor_view<?x32xf32>)
// CPP-LABEL: void tail_rows(
// CPP: GlobalTensor<float, pto::Shape<1, 1, 1, -1, 32>, pto::Stride<-1, -1, -1, -1, -1>, pto::Layout::ND> {{v[0-9]+}}({{.+}}, pto::Shape<1, 1, 1, -1, 32>([[R:v[0-9]+]]), pto::Stride<-1, -1, -1, -1, -1>(([[R]] * 32), ([[R]] * 32), ([[R]] * 32), 32, 1));
// CPP: TLOAD(
// CPP: TEXP(
// CPP: TSTORE(
module {
  func.func @tail_rows(%x: !pypto.tensor<?x32xf32> {pypto.dir = "in", pypto.strides = array<i64: 32, 1>,
                                                     pypto.dim_args = array<i64: 2, -1>},
                       %y: !pypto.tensor<?x32xf32> {pypto.dir = "out", pypto.strides = array<i64: 32, 1>,
                                                     pypto.dim_args = array<i64: 2, -1>},
                       %n: index, %t0: index, %rows: index) attributes {pypto.kind = "incore"} {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %t = pypto.load %x[%t0, %c0] valid [%rows, %c32] {pypto.addr = 0 : i64} : !pypto.tensor<?x32xf32> -> !pypto.tile<16x32xf32, vec>
    %e = pypto.exp %t {pypto.addr = 2048 : i64} : !pypto.tile<16x32xf32, vec>
    pypto.store %e, %y[%t0, %c0] valid [%rows, %c32] : !pypto.tile<16x32xf32, vec>, !pypto.tensor<?x32xf32>
    return
  }
}
