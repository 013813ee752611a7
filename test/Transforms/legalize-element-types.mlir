// RUN: pypto-opt %s -split-input-file --pypto-legalize-element-types="arch=a2a3" | FileCheck %s --check-prefixes=CHECK,A2A3
// RUN: pypto-opt %s -split-input-file --pypto-legalize-element-types="arch=a5" | FileCheck %s --check-prefixes=CHECK,A5

// bf16 arithmetic the arch lacks is computed in f32 and rounded once; A5
// adds bf16 natively, A2/A3 has no bf16 arithmetic at all.
// CHECK-LABEL: func.func @bf16_arithmetic
// A2A3:        %[[WA:.+]] = pypto.cast %[[A:.+]] : !pypto.tile<16x40xbf16> -> !pypto.tile<16x40xf32>
// A2A3-NEXT:   %[[WB:.+]] = pypto.cast %[[B:.+]] : !pypto.tile<16x40xbf16> -> !pypto.tile<16x40xf32>
// A2A3-NEXT:   %[[WS:.+]] = pypto.add %[[WA]], %[[WB]] : !pypto.tile<16x40xf32>
// A2A3-NEXT:   %[[S:.+]] = pypto.cast %[[WS]] : !pypto.tile<16x40xf32> -> !pypto.tile<16x40xbf16>
// A5:          %[[S:.+]] = pypto.add %{{.+}}, %{{.+}} : !pypto.tile<16x40xbf16>
// CHECK:       %[[WX:.+]] = pypto.cast %[[S]] : !pypto.tile<16x40xbf16> -> !pypto.tile<16x40xf32>
// CHECK-NEXT:  %[[WV:.+]] = arith.extf %{{.+}} : bf16 to f32
// CHECK-NEXT:  %[[WM:.+]] = pypto.maxs %[[WX]], %[[WV]] : !pypto.tile<16x40xf32>, f32
// CHECK-NEXT:  %[[M:.+]] = pypto.cast %[[WM]] : !pypto.tile<16x40xf32> -> !pypto.tile<16x40xbf16>
// The scratch tile of a reduction is created in f32, not widened.
// CHECK:       %[[WR:.+]] = pypto.cast %[[M]] : !pypto.tile<16x40xbf16> -> !pypto.tile<16x40xf32>
// CHECK-NEXT:  %[[T:.+]] = pypto.create_tile : !pypto.tile<16x40xf32>
// CHECK-NEXT:  %[[WSUM:.+]] = pypto.row_sum %[[WR]] tmp %[[T]] : !pypto.tile<16x40xf32>, !pypto.tile<16x40xf32>
// CHECK-NEXT:  pypto.cast %[[WSUM]] : !pypto.tile<16x1xf32> -> !pypto.tile<16x1xbf16>
// CHECK-NOT:   pypto.create_tile : !pypto.tile<16x40xbf16>
// A fill with a run-time bf16 value: texpands has no bf16.
// CHECK:       %[[WF:.+]] = pypto.full %{{.+}} : f32 -> !pypto.tile<16x40xf32>
// CHECK-NEXT:  pypto.cast %[[WF]] : !pypto.tile<16x40xf32> -> !pypto.tile<16x40xbf16>
// A constant one is left to pypto-lower-to-pto (its bit pattern as i16).
// CHECK:       pypto.full %{{.+}} : bf16 -> !pypto.tile<16x40xbf16>
func.func @bf16_arithmetic(%x: !pypto.tensor<16x40xbf16>, %v: f32) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %x[%c0, %c0] : !pypto.tensor<16x40xbf16> -> !pypto.tile<16x40xbf16>
  %b = pypto.load %x[%c0, %c0] : !pypto.tensor<16x40xbf16> -> !pypto.tile<16x40xbf16>
  %s = pypto.add %a, %b : !pypto.tile<16x40xbf16>
  %vb = arith.truncf %v : f32 to bf16
  %m = pypto.maxs %s, %vb : !pypto.tile<16x40xbf16>, bf16
  %tmp = pypto.create_tile : !pypto.tile<16x40xbf16>
  %r = pypto.row_sum %m tmp %tmp : !pypto.tile<16x40xbf16>, !pypto.tile<16x40xbf16> -> !pypto.tile<16x1xbf16>
  pypto.store %r, %x[%c0, %c0] : !pypto.tile<16x1xbf16>, !pypto.tensor<16x40xbf16>
  %f = pypto.full %vb : bf16 -> !pypto.tile<16x40xbf16>
  pypto.store %f, %x[%c0, %c0] : !pypto.tile<16x40xbf16>, !pypto.tensor<16x40xbf16>
  %one = arith.constant 1.0 : bf16
  %g = pypto.full %one : bf16 -> !pypto.tile<16x40xbf16>
  pypto.store %g, %x[%c0, %c0] : !pypto.tile<16x40xbf16>, !pypto.tensor<16x40xbf16>
  return
}

// -----

// Neither arch has an integer abs nor a relu narrower than 32 bits, and
// ptoas lowers maxs/mins with float scalars only; f16 and f32 stay as they
// are.
// CHECK-LABEL: func.func @integer_abs_relu
// CHECK:       %[[MINUS:.+]] = arith.constant -1 : i32
// CHECK-NEXT:  %[[N:.+]] = pypto.muls %[[I:.+]], %[[MINUS]] : !pypto.tile<16x64xi32>, i32
// CHECK-NEXT:  pypto.max %[[I]], %[[N]] : !pypto.tile<16x64xi32>
// CHECK:       %[[ZERO:.+]] = arith.constant 0 : i16
// CHECK-NEXT:  %[[Z:.+]] = pypto.full %[[ZERO]] : i16 -> !pypto.tile<16x64xi16>
// CHECK-NEXT:  pypto.max %{{.+}}, %[[Z]] : !pypto.tile<16x64xi16>
// CHECK:       pypto.relu %{{.+}} : !pypto.tile<16x64xi32>
// CHECK:       %[[F:.+]] = pypto.full %[[S:.+]] : i32 -> !pypto.tile<16x64xi32>
// CHECK-NEXT:  pypto.min %{{.+}}, %[[F]] : !pypto.tile<16x64xi32>
// CHECK:       pypto.abs %{{.+}} : !pypto.tile<16x64xf16>
// CHECK:       pypto.maxs %{{.+}}, %{{.+}} : !pypto.tile<16x64xf16>, f16
// CHECK-NOT:   pypto.cast
func.func @integer_abs_relu(%i: !pypto.tensor<16x64xi32>, %j: !pypto.tensor<16x64xi16>, %h: !pypto.tensor<16x64xf16>) attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %a = pypto.load %i[%c0, %c0] : !pypto.tensor<16x64xi32> -> !pypto.tile<16x64xi32>
  %aa = pypto.abs %a : !pypto.tile<16x64xi32>
  pypto.store %aa, %i[%c0, %c0] : !pypto.tile<16x64xi32>, !pypto.tensor<16x64xi32>
  %b = pypto.load %j[%c0, %c0] : !pypto.tensor<16x64xi16> -> !pypto.tile<16x64xi16>
  %br = pypto.relu %b : !pypto.tile<16x64xi16>
  pypto.store %br, %j[%c0, %c0] : !pypto.tile<16x64xi16>, !pypto.tensor<16x64xi16>
  %ar = pypto.relu %a : !pypto.tile<16x64xi32>
  pypto.store %ar, %i[%c0, %c0] : !pypto.tile<16x64xi32>, !pypto.tensor<16x64xi32>
  %s = arith.constant 7 : i32
  %am = pypto.mins %a, %s : !pypto.tile<16x64xi32>, i32
  pypto.store %am, %i[%c0, %c0] : !pypto.tile<16x64xi32>, !pypto.tensor<16x64xi32>
  %c = pypto.load %h[%c0, %c0] : !pypto.tensor<16x64xf16> -> !pypto.tile<16x64xf16>
  %ca = pypto.abs %c : !pypto.tile<16x64xf16>
  %hs = arith.constant 0.5 : f16
  %cm = pypto.maxs %ca, %hs : !pypto.tile<16x64xf16>, f16
  pypto.store %cm, %h[%c0, %c0] : !pypto.tile<16x64xf16>, !pypto.tensor<16x64xf16>
  pypto.store %ca, %h[%c0, %c0] : !pypto.tile<16x64xf16>, !pypto.tensor<16x64xf16>
  return
}

// -----

// An arg reduction of bf16 (neither arch has a bf16 one): the source widened
// to f32 exactly, the scratch made in f32, the i32 indices kept.
// CHECK-LABEL: func.func @bf16_arg_reduction
// CHECK:       %[[W:.+]] = pypto.cast %{{.+}} : !pypto.tile<16x40xbf16> -> !pypto.tile<16x40xf32>
// CHECK-NEXT:  %[[T:.+]] = pypto.create_tile : !pypto.tile<16x40xf32>
// CHECK-NEXT:  %[[I:.+]] = pypto.row_argmax %[[W]] tmp %[[T]] : !pypto.tile<16x40xf32>, !pypto.tile<16x40xf32> -> !pypto.tile<16x1xi32>
// CHECK-NEXT:  return %[[I]]
func.func @bf16_arg_reduction(%x: !pypto.tile<16x40xbf16>) -> !pypto.tile<16x1xi32> attributes {pypto.kind = "incore"} {
  %t = pypto.create_tile : !pypto.tile<16x40xbf16>
  %i = pypto.row_argmax %x tmp %t : !pypto.tile<16x40xbf16>, !pypto.tile<16x40xbf16> -> !pypto.tile<16x1xi32>
  return %i : !pypto.tile<16x1xi32>
}
