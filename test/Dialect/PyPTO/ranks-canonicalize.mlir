// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | FileCheck %s

// pypto-opt has no standalone -canonicalize; the default pipeline ends with
// the canonicalizer and CSE. A 'pypto.ranks' region is the per-chip
// orchestration: folding must not erase it (or the windows it shares), even
// when it is empty or only holds dead code.

// CHECK-LABEL: func.func @empty_ranks
// CHECK-NEXT: pypto.ranks world(2) (%{{.+}}) {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @empty_ranks() {
  pypto.ranks world(2) (%rank) {
  }
  return
}

// -----

// The dead constant goes; the region and the window stay.
// CHECK-LABEL: func.func @dead_code_in_ranks
// CHECK-NEXT: pypto.alloc_window : !pypto.tensor<1x64xf32>
// CHECK-NEXT: pypto.ranks world(2) (%{{.+}}) {
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @dead_code_in_ranks(%x: !pypto.tensor<16x64xf32>) {
  %data = pypto.alloc_window : !pypto.tensor<1x64xf32>
  pypto.ranks world(2) (%rank) {
    %c0 = arith.constant 0 : index
  }
  return
}
