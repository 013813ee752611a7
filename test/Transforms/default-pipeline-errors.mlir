// RUN: pypto-opt %s -split-input-file -verify-diagnostics --pypto-default-pipeline="arch=a2a3"
// RUN: not pypto-opt %s -split-input-file --pypto-default-pipeline="arch=a3" 2>&1 | FileCheck %s --check-prefix=ARCH

// ARCH: for the --arch option: unknown architecture 'a3', expected a2a3 or a5

// Options are typed: an unknown strategy is refused when the option is read,
// before any pass runs (it does not fall back to running no passes).
// RUN: not pypto-opt %s -split-input-file --pypto-default-pipeline="strategy=bogus" 2>&1 | FileCheck %s --check-prefix=STRATEGY
// STRATEGY: for the --strategy option: unknown strategy 'bogus', expected default or debug-tile

// Errors found late in the pipeline point at the user's operation: the
// 256 KiB tile loaded for this pypto.adds does not fit a2a3's UB.

func.func @program(%x: !pypto.tensor<256x256xf32>, %y: !pypto.tensor<256x256xf32> {pypto.dir = "out"}, %a: f32) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "big" {
    // expected-error @+1 {{'pypto.load' op does not fit in 'vec' memory: kernel 'big' needs 262144 bytes (262144 live at once), the a2a3 capacity is 196608 bytes}}
    %s = pypto.adds %x, %a : !pypto.tensor<256x256xf32>, f32
    pypto.assemble %s into %y[%c0, %c0] : !pypto.tensor<256x256xf32> into !pypto.tensor<256x256xf32>
  }
  return
}
