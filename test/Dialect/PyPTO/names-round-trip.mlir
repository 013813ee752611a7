// RUN: pypto-opt %s | pypto-opt | FileCheck %s --strict-whitespace
// RUN: pypto-opt %s -mlir-print-op-generic | pypto-opt | FileCheck %s --strict-whitespace

// Named and unnamed 'at' and 'spmd' regions print with single spaces
// between their parts and parse back to the same form.

// CHECK-LABEL: func.func @names
// CHECK:      {{^}}    pypto.at core_group "x" {{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    pypto.at core_group {{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    pypto.spmd core_group "_b9" blocks(2) (%{{[a-z0-9]+}}) {{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
// CHECK-NEXT: {{^}}    pypto.spmd core_group blocks(3) (%{{[a-z0-9]+}}) {{{$}}
// CHECK-NEXT: {{^}}    }{{$}}
func.func @names() {
  pypto.at core_group "x" {
  }
  pypto.at core_group {
  }
  pypto.spmd core_group "_b9" blocks(2) (%b) {
  }
  pypto.spmd core_group blocks(3) (%b) {
  }
  return
}
