// RUN: pypto-opt %s -split-input-file --pypto-lower-composite-ops | FileCheck %s

// The sine of an f32 tile: k = round(x / pi) through i32, t = x - k * pi in
// four parts, sign = floor(k / 2) * 4 - 2k + 1, then sign * t * P(t^2).
// CHECK-LABEL: func.func @sin_tile
// CHECK-SAME:  (%[[X:.+]]: !pypto.tile<16x64xf32, vec>)
// CHECK:       %[[SCALED:.+]] = pypto.muls %[[X]], %{{.+}} : !pypto.tile<16x64xf32, vec>, f32
// CHECK-NEXT:  %[[KI:.+]] = pypto.cast %[[SCALED]] round round : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
// CHECK-NEXT:  %[[K:.+]] = pypto.cast %[[KI]] round none : !pypto.tile<16x64xi32, vec> -> !pypto.tile<16x64xf32, vec>
// CHECK:       %[[P0:.+]] = pypto.muls %[[K]], %{{.+}} : !pypto.tile<16x64xf32, vec>, f32
// CHECK-NEXT:  %[[T0:.+]] = pypto.sub %[[X]], %[[P0]]
// CHECK-COUNT-4: pypto.sub
// CHECK:       %[[HALF:.+]] = pypto.muls %[[K]], %{{.+}}
// CHECK-NEXT:  %[[FI:.+]] = pypto.cast %[[HALF]] round floor : !pypto.tile<16x64xf32, vec> -> !pypto.tile<16x64xi32, vec>
// CHECK:       %[[T2:.+]] = pypto.mul %[[T:.+]], %[[T]] : !pypto.tile<16x64xf32, vec>
// CHECK-COUNT-4: pypto.adds
// CHECK-NEXT:  %[[TP:.+]] = pypto.mul %[[T]], %{{.+}} : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT:  %[[R:.+]] = pypto.mul %[[SIGN:.+]], %[[TP]] : !pypto.tile<16x64xf32, vec>
// CHECK-NEXT:  return %[[R]]
// CHECK-NOT:   pypto.sin
func.func @sin_tile(%x: !pypto.tile<16x64xf32, vec>) -> !pypto.tile<16x64xf32, vec> {
  %s = pypto.sin %x : !pypto.tile<16x64xf32, vec>
  return %s : !pypto.tile<16x64xf32, vec>
}

// -----

// The cosine of a bf16 tensor: widened to f32, k = rint(x / pi + 1/2),
// pi/2 added in two parts, the result rounded back once.
// CHECK-LABEL: func.func @cos_bf16
// CHECK-SAME:  (%[[X:.+]]: !pypto.tensor<8x32xbf16>)
// CHECK:       %[[W:.+]] = pypto.cast %[[X]] : !pypto.tensor<8x32xbf16> -> !pypto.tensor<8x32xf32>
// CHECK:       %[[SCALED:.+]] = pypto.muls %[[W]], %{{.+}} : !pypto.tensor<8x32xf32>, f32
// CHECK:       %[[SHIFTED:.+]] = pypto.adds %[[SCALED]], %{{.+}} : !pypto.tensor<8x32xf32>, f32
// CHECK-NEXT:  pypto.cast %[[SHIFTED]] : !pypto.tensor<8x32xf32> -> !pypto.tensor<8x32xi32>
// CHECK:       arith.constant 1.57079637 : f32
// CHECK:       arith.constant -4.37113883E-8 : f32
// CHECK:       %[[N:.+]] = pypto.cast %{{.+}} : !pypto.tensor<8x32xf32> -> !pypto.tensor<8x32xbf16>
// CHECK-NEXT:  return %[[N]]
func.func @cos_bf16(%x: !pypto.tensor<8x32xbf16>) -> !pypto.tensor<8x32xbf16> {
  %s = pypto.cos %x : !pypto.tensor<8x32xbf16>
  return %s : !pypto.tensor<8x32xbf16>
}

// -----

// A mask scatter is a gather of the destination and the source side by
// side: index j takes column 64 + j / 2 on the odd columns, j elsewhere.
// CHECK-LABEL: func.func @scatter_odd
// CHECK:       %[[J:.+]] = pypto.arange %{{.+}} : i32 -> !pypto.tile<1x64xi32>
// CHECK:       %[[CAT:.+]] = pypto.concat %{{.+}}, %{{.+}} : !pypto.tile<16x64xf32>, !pypto.tile<16x32xf32> -> !pypto.tile<16x96xf32>
// CHECK:       pypto.gather %[[CAT]][%{{.+}}] tmp %{{.+}} : !pypto.tile<16x96xf32>, !pypto.tile<16x64xi32>, !pypto.tile<16x64xi32> -> !pypto.tile<16x64xf32>
// CHECK-NOT:   pypto.scatter_mask
func.func @scatter_odd(%s: !pypto.tile<16x32xf32>, %d: !pypto.tile<16x64xf32>) -> !pypto.tile<16x64xf32> {
  %r = pypto.scatter_mask %s into %d odd : !pypto.tile<16x32xf32> into !pypto.tile<16x64xf32>
  return %r : !pypto.tile<16x64xf32>
}
