// MLIR 19's parser crashes (SIGSEGV) on a value used in a loop's header but
// defined in its body. The tools parse under a fault guard first and report
// the use instead of dying; exit 1, no crash.
// RUN: not pypto-opt %s 2>&1 | FileCheck %s
// RUN: not pypto-translate --emit-pto %s 2>&1 | FileCheck %s
// RUN: not pypto-run %s -p a5sim --compile-only --output-dir %t 2>&1 | FileCheck %s --check-prefixes=CHECK,LOAD
// RUN: sh -c 'pypto-opt %s > /dev/null 2>&1; echo "exit $?"' | FileCheck %s --check-prefix=EXIT

// CHECK: parser-crash.mlir:[[@LINE+9]]:35: error: '%s' is used before its definition; the MLIR 19 parser crashed on this input with SIGSEGV (a known upstream bug; a value used in an operation's header but defined inside its region is one cause)
// CHECK-NOT: Stack dump
// LOAD: pypto-run: error: cannot load the program
// EXIT: exit 1
module @parser_crash {
  func.func @parser_crash(%x: !pypto.tensor<64x64xf32> {pypto.init = "randn"},
                          %y: !pypto.tensor<64x64xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    scf.for %r = %c0 to %c64 step %s {
      %s = arith.constant 16 : index
    }
    return
  }
}
