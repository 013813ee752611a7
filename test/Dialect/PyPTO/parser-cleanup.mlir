// MLIR 19's parser, cleaning up after an error in a region that defines a
// value used before it (here %v, used in the first loop), writes to freed
// memory (found by pypto-fuzz-frontend; valgrind shows it in mlir-opt too).
// The tools parse in a child process first and print its errors, so the
// bad clean-up never runs in the tool: one error, exit 1, and a process
// that parses many such inputs keeps a sound heap.
// RUN: not pypto-opt %s 2>&1 | FileCheck %s
// RUN: not pypto-translate --emit-pto %s 2>&1 | FileCheck %s
// RUN: not pypto-run %s -p a5sim --compile-only --output-dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,LOAD
// RUN: pypto-fuzz-frontend-replay %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s %s | FileCheck %s --check-prefix=REPLAY

// CHECK: parser-cleanup.mlir:[[@LINE+12]]:26: error: @ identifier expected to start with letter or '_'
// CHECK-NOT: error:
// LOAD: pypto-run: error: cannot load the program
// REPLAY: 20 inputs ran
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %u = arith.addi %v, %v : index
  }
  scf.for %j = %c0 to %n step %c1 {
    %v = arith.constant 0 : index
    %w = arith.addi %v, @@@
  }
  return
}
