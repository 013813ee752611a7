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

// -----

// pypto-lib's first product on an `if k == 0` branch needs a loop whose first
// iteration is known to run (constant bounds) to be peeled; with a run-time
// bound the accumulator enters the loop as the vector value it starts with.

func.func @k_zero_runtime_bound(%x: !pypto.tensor<16x512xbf16>, %w: !pypto.tensor<512x64xbf16>,
                                %y: !pypto.tensor<16x64xf32> {pypto.dir = "out"}, %n: index) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  pypto.at core_group "kloop" {
    %zero = arith.constant 0.0 : f32
    %init = pypto.full %zero : f32 -> !pypto.tensor<16x64xf32>
    %acc = scf.for %k = %c0 to %n step %c128 iter_args(%s = %init) -> (!pypto.tensor<16x64xf32>) {
      %a = pypto.slice %x[%c0, %k] [16, 128] : !pypto.tensor<16x512xbf16>
      %b = pypto.slice %w[%k, %c0] [128, 64] : !pypto.tensor<512x64xbf16>
      %first = arith.cmpi eq, %k, %c0 : index
      %next = scf.if %first -> (!pypto.tensor<16x64xf32>) {
        %m = pypto.matmul %a, %b : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x64xbf16>
        scf.yield %m : !pypto.tensor<16x64xf32>
      } else {
        // expected-error @+1 {{'pypto.matmul_acc' op accumulates into a tile in 'vec'; the accumulator must be the result of a matmul (this loop carries it in from the value it starts with: start it from a matmul, or make the first product on an `iv == lb` branch of a loop with constant bounds)}}
        %m = pypto.matmul_acc %s, %a, %b : !pypto.tensor<16x128xbf16>, !pypto.tensor<128x64xbf16>
        scf.yield %m : !pypto.tensor<16x64xf32>
      }
      scf.yield %next : !pypto.tensor<16x64xf32>
    } {pypto.loop = "range"}
    pypto.assemble %acc into %y[%c0, %c0] : !pypto.tensor<16x64xf32> into !pypto.tensor<16x64xf32>
  }
  return
}
