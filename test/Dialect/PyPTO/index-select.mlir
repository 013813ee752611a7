// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// arange, gather by index, compares and selects on tensors and on tiles
// (with the scratch tiles tile conversion gives them).

// CHECK-LABEL: func.func @tensors
// CHECK: pypto.arange %{{.+}} : i32 -> !pypto.tensor<1x64xi32>
// CHECK: pypto.arange %{{.+}} descending : i16 -> !pypto.tensor<1x1x32xi16>
// CHECK: pypto.gather %[[X:.+]][%[[I:.+]]] : !pypto.tensor<4x32xf32>, !pypto.tensor<2x64xi32> -> !pypto.tensor<2x64xf32>
// CHECK: %[[M:.+]] = pypto.cmp gt %[[X]], %[[Y:.+]] : !pypto.tensor<4x32xf32>
// CHECK: %[[N:.+]] = pypto.cmps le %[[X]], %[[S:.+]] : !pypto.tensor<4x32xf32>, f32
// CHECK: pypto.sel %[[M]], %[[X]], %[[Y]] : !pypto.tensor<4x32xf32>
// CHECK: pypto.sels %[[N]], %[[Y]], %[[S]] : !pypto.tensor<4x32xf32>, f32
func.func @tensors(%x: !pypto.tensor<4x32xf32>, %y: !pypto.tensor<4x32xf32>,
                   %i: !pypto.tensor<2x64xi32>, %s: f32, %k: i32, %h: i16) {
  %r = pypto.arange %k : i32 -> !pypto.tensor<1x64xi32>
  %d = pypto.arange %h descending : i16 -> !pypto.tensor<1x1x32xi16>
  %g = pypto.gather %x[%i] : !pypto.tensor<4x32xf32>, !pypto.tensor<2x64xi32> -> !pypto.tensor<2x64xf32>
  %m = pypto.cmp gt %x, %y : !pypto.tensor<4x32xf32>
  %n = pypto.cmps le %x, %s : !pypto.tensor<4x32xf32>, f32
  %a = pypto.sel %m, %x, %y : !pypto.tensor<4x32xf32>
  %b = pypto.sels %n, %y, %s : !pypto.tensor<4x32xf32>, f32
  return
}

// -----

// CHECK-LABEL: func.func @tiles
// CHECK: pypto.gather %{{.+}}[%{{.+}}] tmp %{{.+}} : !pypto.tile<4x32xf32, vec>, !pypto.tile<4x8xi32, vec>, !pypto.tile<4x8xi32, vec> -> !pypto.tile<4x8xf32, vec>
// CHECK: pypto.cmp eq %{{.+}}, %{{.+}} tmp %{{.+}} : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
// CHECK: pypto.cmps ne %{{.+}}, %{{.+}} tmp %{{.+}} : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec>
// CHECK: pypto.sel %{{.+}}, %{{.+}}, %{{.+}} tmp %{{.+}} : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
// CHECK: pypto.sels %{{.+}}, %{{.+}}, %{{.+}} tmp %{{.+}} : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec>
func.func @tiles(%x: !pypto.tile<4x32xf32, vec>, %i: !pypto.tile<4x8xi32, vec>,
                 %a: !pypto.tile<4x32xi32, vec>, %k: i32) {
  %t = pypto.create_tile : !pypto.tile<4x8xi32, vec>
  %g = pypto.gather %x[%i] tmp %t : !pypto.tile<4x32xf32, vec>, !pypto.tile<4x8xi32, vec>, !pypto.tile<4x8xi32, vec> -> !pypto.tile<4x8xf32, vec>
  %m = pypto.create_tile : !pypto.tile<5x32xi8, vec>
  %e = pypto.cmp eq %a, %a tmp %m : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
  %n = pypto.cmps ne %a, %k tmp %m : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec>
  %s = pypto.sel %e, %a, %n tmp %m : !pypto.tile<4x32xi32, vec>, !pypto.tile<5x32xi8, vec>
  %z = pypto.sels %e, %a, %k tmp %m : !pypto.tile<4x32xi32, vec>, i32, !pypto.tile<5x32xi8, vec>
  return
}

// -----

// CHECK-LABEL: func.func @concats
// CHECK: pypto.concat %{{.+}}, %{{.+}} : !pypto.tensor<16x448xbf16>, !pypto.tensor<16x64xbf16> -> !pypto.tensor<16x512xbf16>
// CHECK: pypto.concat %{{.+}}, %{{.+}} : !pypto.tile<8x36xf32, vec>, !pypto.tile<8x20xf32, vec> -> !pypto.tile<8x56xf32, vec>
// CHECK: pypto.concat %{{.+}}, %{{.+}} : !pypto.tensor<2x4x8xi32>, !pypto.tensor<2x4x8xi32> -> !pypto.tensor<2x4x16xi32>
func.func @concats(%a: !pypto.tensor<16x448xbf16>, %b: !pypto.tensor<16x64xbf16>,
                   %x: !pypto.tile<8x36xf32, vec>, %y: !pypto.tile<8x20xf32, vec>,
                   %n: !pypto.tensor<2x4x8xi32>) {
  %c = pypto.concat %a, %b : !pypto.tensor<16x448xbf16>, !pypto.tensor<16x64xbf16> -> !pypto.tensor<16x512xbf16>
  %t = pypto.concat %x, %y : !pypto.tile<8x36xf32, vec>, !pypto.tile<8x20xf32, vec> -> !pypto.tile<8x56xf32, vec>
  %m = pypto.concat %n, %n : !pypto.tensor<2x4x8xi32>, !pypto.tensor<2x4x8xi32> -> !pypto.tensor<2x4x16xi32>
  return
}
