// RUN: pypto-opt %s -split-input-file --pypto-peel-first-iteration | FileCheck %s

// pypto-lib's K loop: the first product on the `k == 0` side, matmul_acc on
// the other. The first iteration runs before the loop (its loads at k = 0),
// the loop starts one step later with the matmul_acc side, and the initial
// value nothing reads any more is gone.

// CHECK-LABEL: func.func @k_zero_branch
// CHECK-NOT:   pypto.full
// CHECK:       %[[A0:.+]] = pypto.load %{{.+}}[%c0, %c0] : !pypto.tensor<16x512xbf16> -> !pypto.tile<16x128xbf16>
// CHECK:       %[[B0:.+]] = pypto.load %{{.+}}[%c0, %c0] : !pypto.tensor<512x64xbf16> -> !pypto.tile<128x64xbf16>
// CHECK-NEXT:  %[[FIRST:.+]] = pypto.matmul %[[A0]], %[[B0]]
// CHECK-NOT:   arith.cmpi
// CHECK:       %[[C128:.+]] = arith.constant 128 : index
// CHECK-NEXT:  %[[R:.+]] = scf.for %[[K:.+]] = %[[C128]] to %{{.+}} step %{{.+}} iter_args(%[[S:.+]] = %[[FIRST]])
// CHECK-NEXT:    %[[A:.+]] = pypto.load %{{.+}}[%c0, %[[K]]]
// CHECK-NEXT:    %[[B:.+]] = pypto.load %{{.+}}[%[[K]], %c0]
// CHECK-NOT:     scf.if
// CHECK-NEXT:    %[[N:.+]] = pypto.matmul_acc %[[S]], %[[A]], %[[B]]
// CHECK-NEXT:    scf.yield %[[N]]
// CHECK-NEXT:  } {pypto.loop = "pipeline"}
// CHECK-NEXT:  pypto.store %[[R]]
func.func @k_zero_branch(%x: !pypto.tensor<16x512xbf16>, %w: !pypto.tensor<512x64xbf16>,
                         %y: !pypto.tensor<16x64xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c512 = arith.constant 512 : index
  %zero = arith.constant 0.0 : f32
  %init = pypto.full %zero : f32 -> !pypto.tile<16x64xf32>
  %r = scf.for %k = %c0 to %c512 step %c128 iter_args(%s = %init) -> (!pypto.tile<16x64xf32>) {
    %a = pypto.load %x[%c0, %k] : !pypto.tensor<16x512xbf16> -> !pypto.tile<16x128xbf16>
    %b = pypto.load %w[%k, %c0] : !pypto.tensor<512x64xbf16> -> !pypto.tile<128x64xbf16>
    %first = arith.cmpi eq, %k, %c0 : index
    %n = scf.if %first -> (!pypto.tile<16x64xf32>) {
      %m = pypto.matmul %a, %b : !pypto.tile<16x128xbf16>, !pypto.tile<128x64xbf16>
      scf.yield %m : !pypto.tile<16x64xf32>
    } else {
      %m = pypto.matmul_acc %s, %a, %b : !pypto.tile<16x128xbf16>, !pypto.tile<128x64xbf16>
      scf.yield %m : !pypto.tile<16x64xf32>
    }
    scf.yield %n : !pypto.tile<16x64xf32>
  } {pypto.loop = "pipeline"}
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x64xf32>, !pypto.tensor<16x64xf32>
  return
}

// -----

// `k != lb` with the bound on the left, a lower bound other than 0, and an
// initial value the loop body also reads outside the branch (so it stays):
// the first iteration takes the else side.

// CHECK-LABEL: func.func @not_first_branch
// CHECK:       %[[INIT:.+]] = pypto.full
// CHECK:       %[[E0:.+]] = pypto.exp %[[INIT]]
// CHECK-NEXT:  %[[M0:.+]] = pypto.mul %[[E0]], %[[E0]]
// CHECK:       %[[C96:.+]] = arith.constant 96 : index
// CHECK-NEXT:  scf.for %{{.+}} = %[[C96]] to %{{.+}} step %{{.+}} iter_args(%[[S:.+]] = %[[M0]])
// CHECK-NEXT:    %[[E:.+]] = pypto.exp %[[S]]
// CHECK-NEXT:    %[[ADD:.+]] = pypto.add %[[S]], %[[E]]
// CHECK-NEXT:    scf.yield %[[ADD]]
func.func @not_first_branch(%y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c200 = arith.constant 200 : index
  %one = arith.constant 1.0 : f32
  %init = pypto.full %one : f32 -> !pypto.tile<16x16xf32>
  %r = scf.for %k = %c64 to %c200 step %c32 iter_args(%s = %init) -> (!pypto.tile<16x16xf32>) {
    %e = pypto.exp %s : !pypto.tile<16x16xf32>
    %later = arith.cmpi ne, %c64, %k : index
    %n = scf.if %later -> (!pypto.tile<16x16xf32>) {
      %a = pypto.add %s, %e : !pypto.tile<16x16xf32>
      scf.yield %a : !pypto.tile<16x16xf32>
    } else {
      %m = pypto.mul %e, %e : !pypto.tile<16x16xf32>
      scf.yield %m : !pypto.tile<16x16xf32>
    }
    scf.yield %n : !pypto.tile<16x16xf32>
  } {pypto.loop = "range"}
  pypto.store %r, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
  return
}

// -----

// A loop of one iteration is replaced by that iteration; a branch without
// results and without an else is kept on the first iteration only.

// CHECK-LABEL: func.func @one_iteration
// CHECK-NOT:   scf.for
// CHECK-NOT:   scf.if
// CHECK:       %[[E:.+]] = pypto.exp
// CHECK-NEXT:  pypto.store %[[E]]
// CHECK-NEXT:  return
func.func @one_iteration(%x: !pypto.tensor<16x16xf32>, %y: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  scf.for %k = %c0 to %c16 step %c16 {
    %first = arith.cmpi eq, %k, %c0 : index
    scf.if %first {
      %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
      %e = pypto.exp %a : !pypto.tile<16x16xf32>
      pypto.store %e, %y[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
    }
  } {pypto.loop = "range"}
  return
}

// -----

// Left alone: run-time bounds (the first iteration may not run), a branch
// on another value than the first iteration, and the orchestration (no
// accumulator lives there).

// CHECK-LABEL: func.func @runtime_bound
// CHECK:       scf.for %[[K:.+]] = %c0 to %{{.+}} step
// CHECK:       arith.cmpi eq, %[[K]], %c0
// CHECK-NEXT:  scf.if
func.func @runtime_bound(%x: !pypto.tensor<16x16xf32>, %n: index) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %first = arith.cmpi eq, %k, %c0 : index
    scf.if %first {
      %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
      pypto.store %a, %x[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
    }
  } {pypto.loop = "range"}
  return
}

// CHECK-LABEL: func.func @other_condition
// CHECK:       scf.for %[[K:.+]] = %c0 to
// CHECK:       arith.cmpi eq, %[[K]], %c1
// CHECK-NEXT:  scf.if
func.func @other_condition(%x: !pypto.tensor<16x16xf32>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %second = arith.cmpi eq, %k, %c1 : index
    scf.if %second {
      %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x16xf32> -> !pypto.tile<16x16xf32>
      pypto.store %a, %x[%c0, %c0] : !pypto.tile<16x16xf32>, !pypto.tensor<16x16xf32>
    }
  } {pypto.loop = "range"}
  return
}

// CHECK-LABEL: func.func @orchestration
// CHECK:       scf.for %[[K:.+]] = %c0 to
// CHECK:       arith.cmpi eq, %[[K]], %c0
// CHECK-NEXT:  scf.if
func.func @orchestration(%x: !pypto.tensor<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %k = %c0 to %c4 step %c1 {
    %first = arith.cmpi eq, %k, %c0 : index
    scf.if %first {
      pypto.at core_group "k" {
        %t = pypto.slice %x[%c0, %c0] [16, 16] : !pypto.tensor<16x16xf32>
        %e = pypto.exp %t : !pypto.tensor<16x16xf32>
        pypto.assemble %e into %x[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
      }
    }
  } {pypto.loop = "range"}
  return
}
