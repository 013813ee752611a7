// RUN: pypto-opt %s -split-input-file --pypto-default-pipeline | pypto-translate -split-input-file --emit-kernel-config | FileCheck %s

// kernel_config.py: the runtime, the orchestration entry with the
// directions of its tensor arguments (scalars are not listed; no direction
// means in), and one entry per kernel in func_id order.

// CHECK-LABEL: # Kernel and Orchestration Configuration
// CHECK: from simpler.task_interface import ArgDirection as _D
// CHECK: _ROOT_DIR = Path(__file__).parent
// CHECK: RUNTIME_CONFIG = {
// CHECK-NEXT: 	"runtime": "tensormap_and_ringbuffer",
// CHECK-NEXT: 	"aicpu_thread_num": 0,
// CHECK-NEXT: }
// CHECK: ORCHESTRATION = {
// CHECK-NEXT: 	"source": str(_ROOT_DIR / "orchestration" / "hello.cpp"),
// CHECK-NEXT: 	"function_name": "aicpu_orchestration_entry",
// CHECK-NEXT: 	"signature": [_D.IN, _D.OUT],
// CHECK-NEXT: }
// CHECK: KERNELS = [
// CHECK-NEXT: 	{"func_id": 0, "name": "add_scalar", "source": str(_ROOT_DIR / "kernels" / "aiv" / "add_scalar.cpp"), "core_type": "aiv", "signature": [_D.IN, _D.OUT]},
// CHECK-NEXT: ]
module @hello {
  func.func @hello(%x: !pypto.tensor<1024x512xf32> {pypto.init = "randn"},
                   %a: f32 {pypto.value = 1.0 : f32},
                   %y: !pypto.tensor<1024x512xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %c512 = arith.constant 512 : index
    %c1024 = arith.constant 1024 : index
    scf.for %r = %c0 to %c1024 step %c128 {
      scf.for %c = %c0 to %c512 step %c256 {
        pypto.at core_group "add_scalar" {
          %t = pypto.slice %x[%r, %c] [128, 256]
              : !pypto.tensor<1024x512xf32> -> !pypto.tensor<128x256xf32>
          %s = pypto.adds %t, %a : !pypto.tensor<128x256xf32>, f32
          pypto.assemble %s into %y[%r, %c]
              : !pypto.tensor<128x256xf32> into !pypto.tensor<1024x512xf32>
        }
      } {pypto.loop = "range"}
    } {pypto.loop = "parallel"}
    return
  }
}

// -----

// A cube kernel lives under aic; an inout tensor; func ids by first
// submission.

// CHECK-LABEL: # Kernel and Orchestration Configuration
// CHECK: "source": str(_ROOT_DIR / "orchestration" / "prog.cpp"),
// CHECK: "signature": [_D.IN, _D.IN, _D.INOUT],
// CHECK: KERNELS = [
// CHECK-NEXT: 	{"func_id": 0, "name": "mm", "source": str(_ROOT_DIR / "kernels" / "aic" / "mm.cpp"), "core_type": "aic", "signature": [_D.IN, _D.IN, _D.OUT]},
// CHECK-NEXT: 	{"func_id": 1, "name": "scale", "source": str(_ROOT_DIR / "kernels" / "aiv" / "scale.cpp"), "core_type": "aiv", "signature": [_D.INOUT]},
// CHECK-NEXT: ]
func.func @scale(%t: !pypto.tensor<16x32xf32> {pypto.dir = "inout"}, %s: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %q = pypto.adds %t, %s : !pypto.tensor<16x32xf32>, f32
  pypto.assemble %q into %t[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  return
}
func.func @prog(%a: !pypto.tensor<16x64xf16>, %b: !pypto.tensor<64x32xf16>,
                %s: f32, %c: !pypto.tensor<16x32xf32> {pypto.dir = "inout"}) {
  %c0 = arith.constant 0 : index
  pypto.at core_group "mm" {
    %p = pypto.matmul %a, %b : !pypto.tensor<16x64xf16>, !pypto.tensor<64x32xf16> -> !pypto.tensor<16x32xf32>
    pypto.assemble %p into %c[%c0, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<16x32xf32>
  }
  pypto.call @scale(%c, %s) : (!pypto.tensor<16x32xf32>, f32) -> ()
  return
}
