// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline | pypto-translate --emit-kernel-cpp | FileCheck %s
// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-kernel-cpp | FileCheck %s
// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline | pypto-translate --emit-kernel-cpp | grep -E '^ +T[A-Z_]+\(' | grep -v TASSIGN | FileCheck %s --check-prefix=SEQ
// RUN: pypto-opt %examples/intermediate/softmax.mlir --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-kernel-cpp | grep -E '^ +T[A-Z_]+\(' | grep -v TASSIGN | FileCheck %s --check-prefix=SEQ

// The softmax example through the default pipeline, on both architectures:
// one vector kernel that loads its 64x256 rows once, reduces and broadcasts
// on the loaded tile, and stores the result.

// Exactly these instructions, in this order (TASSIGN aside).
// SEQ-NOT: T{{[A-Z_]+}}(
// SEQ: TLOAD(
// SEQ-NEXT: TROWMAX(
// SEQ-NEXT: TROWEXPANDEXPDIF(
// SEQ-NEXT: TROWSUM(
// SEQ-NEXT: TROWEXPANDDIV(
// SEQ-NEXT: TSTORE(
// SEQ-NOT: T{{[A-Z_]+}}(

// CHECK-LABEL: // kernels/aiv/softmax_rows.cpp
// CHECK: static AICORE void softmax_rows(__gm__ float* [[X:v[0-9]+]], __gm__ float* [[Y:v[0-9]+]]) {
// CHECK: Tile<TileType::Vec, float, 64, 256, BLayout::RowMajor, 64, 256, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> [[T:v[0-9]+]];
// CHECK: GlobalTensor<float, pto::Shape<1, 1, 1, 64, 256>, pto::Stride<16384, 16384, 16384, 256, 1>, pto::Layout::ND> [[G:v[0-9]+]]([[X]] + ({{.+}}));
// CHECK-NEXT: TLOAD([[T]], [[G]]);
// CHECK-NOT: TLOAD
// CHECK: Tile<TileType::Vec, float, 64, 256, {{.+}}> [[TMP1:v[0-9]+]];
// CHECK: Tile<TileType::Vec, float, 64, 1, BLayout::ColMajor, 64, 1, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> [[M:v[0-9]+]];
// CHECK: TROWMAX([[M]], [[T]], [[TMP1]]);
// CHECK: Tile<TileType::Vec, float, 64, 256, {{.+}}> [[E:v[0-9]+]];
// CHECK: TROWEXPANDEXPDIF([[E]], [[T]], [[M]]);
// CHECK: Tile<TileType::Vec, float, 64, 256, {{.+}}> [[TMP2:v[0-9]+]];
// CHECK: Tile<TileType::Vec, float, 64, 1, {{.+}}> [[S:v[0-9]+]];
// CHECK: TROWSUM([[S]], [[E]], [[TMP2]]);
// CHECK: Tile<TileType::Vec, float, 64, 256, {{.+}}> [[O:v[0-9]+]];
// CHECK: TROWEXPANDDIV([[O]], [[E]], [[S]]);
// CHECK-NEXT: GlobalTensor<float, pto::Shape<1, 1, 1, 64, 256>, {{.+}}> [[H:v[0-9]+]]([[Y]] + ({{.+}}));
// CHECK-NEXT: TSTORE([[H]], [[O]]);
// CHECK-NEXT: return;
// CHECK: softmax_rows(a0, a1);
