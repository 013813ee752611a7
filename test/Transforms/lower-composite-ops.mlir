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

// -----

// set_validshape goes into its readers: a fillpad keeps the smaller of
// both regions, an elementwise op computes on the source and is narrowed in
// turn, and a store writes the narrowed region only.
// CHECK-LABEL: func.func @set_validshape
// CHECK-SAME:  (%[[X:[^:]+]]: !pypto.tile<16x64xf32, vec>, %[[R:[^:]+]]: index, %[[C:[^:]+]]: index, %[[T:[^:]+]]: !pypto.tensor<16x64xf32>)
// CHECK-NOT:   pypto.set_validshape
// CHECK:       %[[PR:.+]] = arith.minsi %{{.+}}, %[[R]] : index
// CHECK-NEXT:  %[[PC:.+]] = arith.minsi %{{.+}}, %[[C]] : index
// CHECK-NEXT:  %[[P:.+]] = pypto.fillpad %[[X]] valid [%[[PR]], %[[PC]]] pad min
// CHECK:       %[[E:.+]] = pypto.exp %[[X]] : !pypto.tile<16x64xf32, vec>
// CHECK:       pypto.store %[[E]], %[[T]][%{{.+}}, %{{.+}}] valid [%[[R]], %[[C]]]
func.func @set_validshape(%x: !pypto.tile<16x64xf32, vec>, %r: index, %c: index,
                          %t: !pypto.tensor<16x64xf32>) -> !pypto.tile<16x64xf32, vec>
    attributes {pypto.kind = "incore"} {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pypto.set_validshape %x valid [%r, %c] : !pypto.tile<16x64xf32, vec>
  %p = pypto.fillpad %v valid [%c16, %c64] pad min : !pypto.tile<16x64xf32, vec>
  %e = pypto.exp %v : !pypto.tile<16x64xf32, vec>
  pypto.store %e, %t[%c0, %c0] : !pypto.tile<16x64xf32, vec>, !pypto.tensor<16x64xf32>
  return %p : !pypto.tile<16x64xf32, vec>
}

// -----

// A narrowing to the whole value is dropped.
// CHECK-LABEL: func.func @whole
// CHECK-NEXT:  %{{.+}} = arith.constant
// CHECK-NEXT:  %{{.+}} = arith.constant
// CHECK-NEXT:  return %arg0
func.func @whole(%x: !pypto.tile<16x64xf32, acc>) -> !pypto.tile<16x64xf32, acc>
    attributes {pypto.kind = "incore"} {
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %v = pypto.set_validshape %x valid [%c16, %c64] : !pypto.tile<16x64xf32, acc>
  return %v : !pypto.tile<16x64xf32, acc>
}
