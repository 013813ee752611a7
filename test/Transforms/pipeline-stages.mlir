// Every stage of the default pipeline is a registered pass, so the printed
// pipeline runs from --pass-pipeline and gives the same module, and a
// reproducer replays: the core passes it uses (canonicalize, cse) and the
// ones users reach for around it (inline, symbol-dce) are registered too.
// RUN: rm -rf %t && mkdir -p %t
// RUN: pypto-opt %s --pypto-default-pipeline --dump-pass-pipeline -o %t/default.mlir 2>&1 | FileCheck %s --check-prefix=PIPE
// PIPE:      Pass Manager with 15 passes:
// PIPE-NEXT:  builtin.module(pypto-inline-helpers,pypto-fold-rank6,pypto-outline-incore,pypto-derive-call-directions,func.func(pypto-convert-tensor-to-tile),func.func(pypto-lower-composite-ops),func.func(pypto-peel-first-iteration),func.func(pypto-legalize-element-types{arch=a5}),func.func(pypto-infer-memory-space),func.func(pypto-tile-matmul{arch=a5}),pypto-expand-mixed-kernel{arch=a5},func.func(pypto-plan-memory{arch=a5}),pypto-lower-to-pto{arch=a5},canonicalize{{.*}},cse)
// RUN: pypto-opt %s --pass-pipeline="builtin.module(pypto-inline-helpers,pypto-fold-rank6,pypto-outline-incore,pypto-derive-call-directions,func.func(pypto-convert-tensor-to-tile),func.func(pypto-lower-composite-ops),func.func(pypto-peel-first-iteration),func.func(pypto-legalize-element-types{arch=a5}),func.func(pypto-infer-memory-space),func.func(pypto-tile-matmul{arch=a5}),pypto-expand-mixed-kernel{arch=a5},func.func(pypto-plan-memory{arch=a5}),pypto-lower-to-pto{arch=a5},canonicalize,cse)" -o %t/stages.mlir
// RUN: diff %t/default.mlir %t/stages.mlir

// RUN: pypto-opt %s --pass-pipeline="builtin.module(inline, symbol-dce, canonicalize, cse)" | FileCheck %s --check-prefix=CORE
// CORE-LABEL: func.func @program
// CORE:       pypto.at core_group "scale"

// A failing run writes a reproducer, and the reproducer replays to the same
// error: 256 KiB of f32 do not fit a2a3's 192 KiB of vec memory.
// RUN: not pypto-opt %s --pypto-default-pipeline="arch=a2a3" --mlir-pass-pipeline-crash-reproducer=%t/repro.mlir 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: not pypto-opt %t/repro.mlir --run-reproducer 2>&1 | FileCheck %s --check-prefix=FAIL
// FAIL: error: 'pypto.load' op does not fit in 'vec' memory: kernel 'scale' needs 262144 bytes

func.func @program(%x: !pypto.tensor<256x256xf32>, %y: !pypto.tensor<256x256xf32> {pypto.dir = "out"}, %a: f32) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "scale" {
    %s = pypto.adds %x, %a : !pypto.tensor<256x256xf32>, f32
    pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<256x256xf32> into !pypto.tensor<256x256xf32>
  }
  return
}
