// RUN: pypto-opt %s --pypto-outline-incore | FileCheck %s --check-prefix=OUTLINE
// RUN: pypto-opt %s --pypto-outline-incore --pypto-convert-tensor-to-tile | FileCheck %s --check-prefix=CONV
// RUN: pypto-opt %s --pypto-default-pipeline | FileCheck %s --check-prefix=PTO

// An atomic assemble reads what it adds to: the kernel's parameter is
// `inout`. It becomes an atomic store, from the accumulator here, and a
// tstore with ptoas's atomicType.

// OUTLINE-LABEL: func.func @k(
// OUTLINE-SAME: %{{[^:]+}}: !pypto.tensor<16x128xf32> {pypto.dir = "inout"
// OUTLINE: pypto.assemble %{{.+}} into %{{.+}}[%{{.+}}, %{{.+}}] atomic_add

// CONV-LABEL: func.func @k(
// CONV: %[[P:.+]] = pypto.matmul
// CONV: pypto.store %[[P]], %{{.+}}[%{{.+}}, %{{.+}}] atomic_add : !pypto.tile<16x128xf32>, !pypto.tensor<16x128xf32>

// PTO-LABEL: func.func @k(
// PTO: pto.tstore ins(%{{.+}} : !pto.tile_buf<loc=acc, dtype=f32{{.*}}>) outs(%{{.+}} : !pto.partition_tensor_view<16x128xf32>) {atomicType = #pto<atomic_type atomic_add>}
func.func @split_k(%x: !pypto.tensor<16x320xbf16>, %w: !pypto.tensor<320x128xbf16>,
                   %q: !pypto.tensor<16x128xf32> {pypto.dir = "inout"}) {
  %c0 = arith.constant 0 : index
  pypto.spmd core_group "k" blocks(5) (%b) {
    %c64 = arith.constant 64 : index
    %k = arith.muli %b, %c64 : index
    %xs = pypto.slice %x[%c0, %k] [16, 64] : !pypto.tensor<16x320xbf16> -> !pypto.tensor<16x64xbf16>
    %ws = pypto.slice %w[%k, %c0] [64, 128] : !pypto.tensor<320x128xbf16> -> !pypto.tensor<64x128xbf16>
    %p = pypto.matmul %xs, %ws : !pypto.tensor<16x64xbf16>, !pypto.tensor<64x128xbf16>
    pypto.assemble %p into %q[%c0, %c0] atomic_add : !pypto.tensor<16x128xf32> into !pypto.tensor<16x128xf32>
  }
  return
}
