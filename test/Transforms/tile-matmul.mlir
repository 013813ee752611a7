// RUN: pypto-opt %s -split-input-file --pypto-tile-matmul | FileCheck %s --check-prefixes=CHECK,A5
// RUN: pypto-opt %s -split-input-file --pypto-tile-matmul="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3

// A 64x1024 x 1024x64 f32 matmul needs 256 KiB of L0A and L0B: it becomes
// one 256-wide slice then a K-loop of accumulating steps.

// CHECK-LABEL: func.func @big_k
// CHECK-DAG:   %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG:   %[[C1024:.+]] = arith.constant 1024 : index
// CHECK:       %[[L0:.+]] = pypto.extract %[[A:.+]][%[[C0:.+]], %[[C0]]] : !pypto.tile<64x1024xf32, mat> -> !pypto.tile<64x256xf32, left>
// CHECK:       %[[R0:.+]] = pypto.extract %[[B:.+]][%[[C0]], %[[C0]]] : !pypto.tile<1024x64xf32, mat> -> !pypto.tile<256x64xf32, right>
// CHECK:       %[[FIRST:.+]] = pypto.matmul %[[L0]], %[[R0]]
// CHECK:       %[[LOOP:.+]] = scf.for %[[K:.+]] = %[[C256]] to %[[C1024]] step %[[C256]] iter_args(%[[ACC:.+]] = %[[FIRST]])
// CHECK:         %[[L:.+]] = pypto.extract %[[A]][%[[C0]], %[[K]]]
// CHECK:         %[[R:.+]] = pypto.extract %[[B]][%[[K]], %[[C0]]]
// CHECK:         %[[NEXT:.+]] = pypto.matmul_acc %[[ACC]], %[[L]], %[[R]]
// CHECK:         scf.yield %[[NEXT]]
// CHECK:       pypto.store %[[LOOP]]
// CHECK-NOT:   pypto.move
func.func @big_k(%a: !pypto.tensor<64x1024xf32>, %b: !pypto.tensor<1024x64xf32>,
                 %c: !pypto.tensor<64x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<64x1024xf32> -> !pypto.tile<64x1024xf32, mat>
  %la = pypto.move %ma : !pypto.tile<64x1024xf32, mat> -> !pypto.tile<64x1024xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<1024x64xf32> -> !pypto.tile<1024x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<1024x64xf32, mat> -> !pypto.tile<1024x64xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<64x1024xf32, left>, !pypto.tile<1024x64xf32, right> -> !pypto.tile<64x64xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<64x64xf32, acc>, !pypto.tensor<64x64xf32>
  return
}

// -----

// An accumulating matmul too big for L0B (a 512x256 i8 weight slice is 128
// KiB) gets the same K-loop onto the accumulator it is given: every step a
// matmul_acc, the first onto the loop-carried value.

// CHECK-LABEL: func.func @big_k_acc
// CHECK:       scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[S:.+]] = %{{.+}})
// CHECK:         %[[L0:.+]] = pypto.extract %[[A:.+]][%[[C0:.+]], %[[C0]]] : !pypto.tile<16x512xi8, mat> -> !pypto.tile<16x256xi8, left>
// CHECK:         %[[R0:.+]] = pypto.extract %[[B:.+]][%[[C0]], %[[C0]]] : !pypto.tile<512x256xi8, mat> -> !pypto.tile<256x256xi8, right>
// CHECK:         %[[FIRST:.+]] = pypto.matmul_acc %[[S]], %[[L0]], %[[R0]] :
// CHECK:         %[[INNER:.+]] = scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:.+]] = %[[FIRST]])
// CHECK:           %[[L:.+]] = pypto.extract %[[A]][%[[C0]], %[[K]]]
// CHECK:           %[[R:.+]] = pypto.extract %[[B]][%[[K]], %[[C0]]]
// CHECK:           pypto.matmul_acc %[[ACC]], %[[L]], %[[R]]
// CHECK:         scf.yield %[[INNER]]
// CHECK-NOT:   pypto.move {{.*}}right>
func.func @big_k_acc(%a: !pypto.tensor<16x2048xi8>, %b: !pypto.tensor<2048x256xi8>,
                     %c: !pypto.tensor<16x256xi32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %c2048 = arith.constant 2048 : index
  %ma0 = pypto.load %a[%c0, %c0] : !pypto.tensor<16x2048xi8> -> !pypto.tile<16x512xi8, mat>
  %la0 = pypto.move %ma0 : !pypto.tile<16x512xi8, mat> -> !pypto.tile<16x512xi8, left>
  %mb0 = pypto.load %b[%c0, %c0] : !pypto.tensor<2048x256xi8> -> !pypto.tile<512x256xi8, mat>
  %rb0 = pypto.move %mb0 : !pypto.tile<512x256xi8, mat> -> !pypto.tile<512x256xi8, right>
  %p0 = pypto.matmul %la0, %rb0 : !pypto.tile<16x512xi8, left>, !pypto.tile<512x256xi8, right> -> !pypto.tile<16x256xi32, acc>
  %r = scf.for %k = %c512 to %c2048 step %c512 iter_args(%s = %p0) -> (!pypto.tile<16x256xi32, acc>) {
    %ma = pypto.load %a[%c0, %k] : !pypto.tensor<16x2048xi8> -> !pypto.tile<16x512xi8, mat>
    %la = pypto.move %ma : !pypto.tile<16x512xi8, mat> -> !pypto.tile<16x512xi8, left>
    %mb = pypto.load %b[%k, %c0] : !pypto.tensor<2048x256xi8> -> !pypto.tile<512x256xi8, mat>
    %rb = pypto.move %mb : !pypto.tile<512x256xi8, mat> -> !pypto.tile<512x256xi8, right>
    %n = pypto.matmul_acc %s, %la, %rb : !pypto.tile<16x512xi8, left>, !pypto.tile<512x256xi8, right> -> !pypto.tile<16x256xi32, acc>
    scf.yield %n : !pypto.tile<16x256xi32, acc>
  }
  pypto.store %r, %c[%c0, %c0] : !pypto.tile<16x256xi32, acc>, !pypto.tensor<16x256xi32>
  return
}

// -----

// Operands that fit L0 are left alone.

// CHECK-LABEL: func.func @fits
// CHECK:       pypto.move
// CHECK:       pypto.matmul
// CHECK-NOT:   scf.for
func.func @fits(%a: !pypto.tensor<64x256xf32>, %b: !pypto.tensor<256x64xf32>,
                %c: !pypto.tensor<64x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<64x256xf32> -> !pypto.tile<64x256xf32, mat>
  %la = pypto.move %ma : !pypto.tile<64x256xf32, mat> -> !pypto.tile<64x256xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<256x64xf32> -> !pypto.tile<256x64xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<256x64xf32, mat> -> !pypto.tile<256x64xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<64x256xf32, left>, !pypto.tile<256x64xf32, right> -> !pypto.tile<64x64xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<64x64xf32, acc>, !pypto.tensor<64x64xf32>
  return
}

// -----

// A product larger than L0C (256x256 f32 = 256 KiB; a2a3 has 128 KiB) that
// is stored straight to memory is computed one output tile at a time: the
// widest tiles that fit, two of 128 rows, each stored at its offset. a5's
// 256 KiB L0C holds it whole.

// A2A3-LABEL: func.func @big_output
// A2A3:       %[[MA:.+]] = pypto.load {{.*}} -> !pypto.tile<256x32xf32, mat>
// A2A3:       %[[MB:.+]] = pypto.load {{.*}} -> !pypto.tile<32x256xf32, mat>
// A2A3:       scf.for %[[M0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:         scf.for %[[N0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:           %[[L:.+]] = pypto.extract %[[MA]][%[[M0]], %{{.+}}] : !pypto.tile<256x32xf32, mat> -> !pypto.tile<128x32xf32, left>
// A2A3:           %[[R:.+]] = pypto.extract %[[MB]][%{{.+}}, %[[N0]]] : !pypto.tile<32x256xf32, mat> -> !pypto.tile<32x256xf32, right>
// A2A3:           %[[P:.+]] = pypto.matmul %[[L]], %[[R]] : {{.*}}
// A2A3:           %[[ROW:.+]] = arith.addi %{{.+}}, %[[M0]] : index
// A2A3:           %[[COL:.+]] = arith.addi %{{.+}}, %[[N0]] : index
// A2A3:           pypto.store %[[P]], %{{.+}}[%[[ROW]], %[[COL]]] : !pypto.tile<128x256xf32, acc>, !pypto.tensor<256x256xf32>
// A5-LABEL:   func.func @big_output
// A5:         pypto.matmul {{.*}}
// A5-NOT:     scf.for
func.func @big_output(%a: !pypto.tensor<256x32xf32>, %b: !pypto.tensor<32x256xf32>,
                      %c: !pypto.tensor<256x256xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<256x32xf32> -> !pypto.tile<256x32xf32, mat>
  %la = pypto.move %ma : !pypto.tile<256x32xf32, mat> -> !pypto.tile<256x32xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<32x256xf32> -> !pypto.tile<32x256xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<32x256xf32, mat> -> !pypto.tile<32x256xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<256x32xf32, left>, !pypto.tile<32x256xf32, right> -> !pypto.tile<256x256xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<256x256xf32, acc>, !pypto.tensor<256x256xf32>
  return
}

// -----

// N = 40 has no 16-multiple divisor: the whole 40 columns are kept and M is
// split instead (704x40 f32 exceeds a2a3's L0C; 352-row tiles fit).

// A2A3-LABEL: func.func @split_m
// A2A3:       scf.for %[[M0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:         scf.for %[[N0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:           pypto.extract %{{.+}}[%[[M0]], %{{.+}}] : !pypto.tile<704x16xf32, mat> -> !pypto.tile<352x16xf32, left>
// A2A3:           pypto.extract %{{.+}}[%{{.+}}, %[[N0]]] : !pypto.tile<16x40xf32, mat> -> !pypto.tile<16x40xf32, right>
// A2A3:           pypto.store {{.*}} : !pypto.tile<352x40xf32, acc>, !pypto.tensor<704x40xf32>
func.func @split_m(%a: !pypto.tensor<704x16xf32>, %b: !pypto.tensor<16x40xf32>,
                   %c: !pypto.tensor<704x40xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<704x16xf32> -> !pypto.tile<704x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<704x16xf32, mat> -> !pypto.tile<704x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x40xf32> -> !pypto.tile<16x40xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x40xf32, mat> -> !pypto.tile<16x40xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<704x16xf32, left>, !pypto.tile<16x40xf32, right> -> !pypto.tile<704x40xf32, acc>
  pypto.store %p, %c[%c0, %c0] : !pypto.tile<704x40xf32, acc>, !pypto.tensor<704x40xf32>
  return
}

// -----

// Split into output tiles, a product stored into a window of an N-D tensor
// is stored tile by tile into sub-windows: the last two offsets move, the
// leading window dimensions (1) stay.

// A2A3-LABEL: func.func @split_into_3d
// A2A3:       scf.for %[[M0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:         scf.for %[[N0:.+]] = %{{.+}} to %{{.+}} step %{{.+}} {
// A2A3:           %[[R:.+]] = arith.addi %{{.+}}, %[[M0]] : index
// A2A3:           %[[C:.+]] = arith.addi %{{.+}}, %[[N0]] : index
// A2A3:           pypto.store %{{.+}}, %{{.+}}[%{{.+}}, %[[R]], %[[C]]] window [1, 352, 40] : !pypto.tile<352x40xf32, acc>, !pypto.tensor<2x704x40xf32>
func.func @split_into_3d(%a: !pypto.tensor<704x16xf32>, %b: !pypto.tensor<16x40xf32>,
                         %c: !pypto.tensor<2x704x40xf32>, %i: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %ma = pypto.load %a[%c0, %c0] : !pypto.tensor<704x16xf32> -> !pypto.tile<704x16xf32, mat>
  %la = pypto.move %ma : !pypto.tile<704x16xf32, mat> -> !pypto.tile<704x16xf32, left>
  %mb = pypto.load %b[%c0, %c0] : !pypto.tensor<16x40xf32> -> !pypto.tile<16x40xf32, mat>
  %rb = pypto.move %mb : !pypto.tile<16x40xf32, mat> -> !pypto.tile<16x40xf32, right>
  %p = pypto.matmul %la, %rb : !pypto.tile<704x16xf32, left>, !pypto.tile<16x40xf32, right> -> !pypto.tile<704x40xf32, acc>
  pypto.store %p, %c[%i, %c0, %c0] window [1, 704, 40] : !pypto.tile<704x40xf32, acc>, !pypto.tensor<2x704x40xf32>
  return
}
