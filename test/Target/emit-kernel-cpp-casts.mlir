// RUN: pypto-opt %s | pypto-opt | FileCheck %s --check-prefix=PYPTO
// RUN: pypto-opt %s --pypto-default-pipeline | pypto-translate --emit-pto | FileCheck %s --check-prefix=PTO
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-pto | FileCheck %s --check-prefix=PTO
// RUN: pypto-opt %s --pypto-default-pipeline | pypto-translate --emit-pto | pypto-opt -mlir-print-op-generic | FileCheck %s --check-prefix=READBACK
// RUN: pypto-opt %s --pypto-default-pipeline | pypto-translate --emit-kernel-cpp | FileCheck %s --check-prefix=CPP
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-kernel-cpp | FileCheck %s --check-prefix=CPP

// Every rounding mode of pypto.cast, through the compiler: one kernel per
// mode, each converting f32 -> i32, f32 -> f16, f32 -> bf16 and i32 -> f16
// with that mode (rint's first cast leaves the mode out, the default; the
// others name it). Each kernel's block checks the mode by its own name at
// every stage, so two swapped modes fail:
//   PYPTO     the parsed and printed pypto.cast (rint, the default, is not
//             printed);
//   PTO       the pto.tcvt of the emitted .pto: rmode = #pto<round_mode X>,
//             and none for rint (CAST_RINT, tcvt's default, as in ptoas);
//   READBACK  the .pto read back, where every rmode is explicit (rint is
//             CAST_RINT);
//   CPP       the kernel C++: TCVT(dst, src, RoundMode::CAST_X).
// Each block ends with a NOT check: a kernel converts four times, no more.
// The values these modes compute are checked by pypto-run/casts.test.

func.func @casts(%x: !pypto.tensor<1x64xf32>, %k: !pypto.tensor<1x64xi32>,
                 %i: !pypto.tensor<7x64xi32> {pypto.dir = "out"},
                 %h: !pypto.tensor<7x64xf16> {pypto.dir = "out"},
                 %b: !pypto.tensor<7x64xbf16> {pypto.dir = "out"},
                 %g: !pypto.tensor<7x64xf16> {pypto.dir = "out"}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index

// PYPTO-LABEL: pypto.at core_group "cast_rint"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_rint.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_rint"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CAST_RINT>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CAST_RINT>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CAST_RINT>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CAST_RINT>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_rint.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_RINT);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_RINT);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_RINT);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_RINT);
// CPP-NOT: TCVT
  pypto.at core_group "cast_rint" {
    %ri = pypto.cast %x : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c0, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round rint : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c0, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round rint : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c0, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_round"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_round.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode ROUND>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_round"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ROUND>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ROUND>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ROUND>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ROUND>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_round.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_ROUND);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_ROUND);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_ROUND);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_ROUND);
// CPP-NOT: TCVT
  pypto.at core_group "cast_round" {
    %ri = pypto.cast %x round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c1, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round round : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c1, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round round : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c1, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_floor"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_floor.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode FLOOR>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_floor"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode FLOOR>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode FLOOR>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode FLOOR>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode FLOOR>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_floor.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_FLOOR);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_FLOOR);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_FLOOR);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_FLOOR);
// CPP-NOT: TCVT
  pypto.at core_group "cast_floor" {
    %ri = pypto.cast %x round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c2, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round floor : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c2, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round floor : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c2, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_ceil"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_ceil.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode CEIL>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_ceil"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CEIL>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CEIL>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CEIL>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode CEIL>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_ceil.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_CEIL);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_CEIL);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_CEIL);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_CEIL);
// CPP-NOT: TCVT
  pypto.at core_group "cast_ceil" {
    %ri = pypto.cast %x round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c3, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round ceil : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c3, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round ceil : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c3, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_trunc"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_trunc.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode TRUNC>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_trunc"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode TRUNC>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode TRUNC>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode TRUNC>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode TRUNC>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_trunc.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_TRUNC);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_TRUNC);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_TRUNC);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_TRUNC);
// CPP-NOT: TCVT
  pypto.at core_group "cast_trunc" {
    %ri = pypto.cast %x round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c4, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round trunc : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c4, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round trunc : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c4, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_odd"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_odd.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode ODD>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_odd"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ODD>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ODD>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ODD>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode ODD>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_odd.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_ODD);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_ODD);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_ODD);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_ODD);
// CPP-NOT: TCVT
  pypto.at core_group "cast_odd" {
    %ri = pypto.cast %x round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c5, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round odd : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c5, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round odd : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c5, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }

// PYPTO-LABEL: pypto.at core_group "cast_none"
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: %{{[0-9]+}} = pypto.cast %arg{{[0-9]}} round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
// PYPTO-NEXT: pypto.assemble
// PYPTO-NEXT: }
// PTO-LABEL: // ptoas/cast_none.pto
// PTO: %[[X:[0-9]+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec, dtype=f32,
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%[[X]] {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>)
// PTO: pto.tcvt ins(%{{[0-9]+}} {rmode = #pto<round_mode NONE>} : !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) outs(%{{[0-9]+}} : !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>)
// PTO-NOT: pto.tcvt
// READBACK-LABEL: sym_name = "cast_none"
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode NONE>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode NONE>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode NONE>}> : (!pto.tile_buf<loc=vec, dtype=f32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=bf16, {{[^>]+}}>) -> ()
// READBACK: "pto.tcvt"(%{{[0-9]+}}, %{{[0-9]+}}) <{rmode = #pto<round_mode NONE>}> : (!pto.tile_buf<loc=vec, dtype=i32, {{[^>]+}}>, !pto.tile_buf<loc=vec, dtype=f16, {{[^>]+}}>) -> ()
// READBACK-NOT: "pto.tcvt"
// CPP-LABEL: // kernels/aiv/cast_none.cpp
// CPP: Tile<TileType::Vec, float, 1, 64, {{.+}}> [[X:v[0-9]+]];
// CPP: Tile<TileType::Vec, int32_t, 1, 64, {{.+}}> [[I:v[0-9]+]];
// CPP-NEXT: TASSIGN([[I]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[I]], [[X]], RoundMode::CAST_NONE);
// CPP: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[H:v[0-9]+]];
// CPP-NEXT: TASSIGN([[H]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[H]], [[X]], RoundMode::CAST_NONE);
// CPP: Tile<TileType::Vec, bfloat16_t, 1, 64, {{.+}}> [[B:v[0-9]+]];
// CPP-NEXT: TASSIGN([[B]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[B]], [[X]], RoundMode::CAST_NONE);
// CPP: TLOAD([[K:v[0-9]+]], {{v[0-9]+}});
// CPP-NEXT: Tile<TileType::Vec, half, 1, 64, {{.+}}> [[G:v[0-9]+]];
// CPP-NEXT: TASSIGN([[G]], {{v[0-9]+}});
// CPP-NEXT: TCVT([[G]], [[K]], RoundMode::CAST_NONE);
// CPP-NOT: TCVT
  pypto.at core_group "cast_none" {
    %ri = pypto.cast %x round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xi32>
    pypto.assemble %ri into %i[%c6, %c0] : !pypto.tensor<1x64xi32> into !pypto.tensor<7x64xi32>
    %rh = pypto.cast %x round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rh into %h[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
    %rb = pypto.cast %x round none : !pypto.tensor<1x64xf32> -> !pypto.tensor<1x64xbf16>
    pypto.assemble %rb into %b[%c6, %c0] : !pypto.tensor<1x64xbf16> into !pypto.tensor<7x64xbf16>
    %rg = pypto.cast %k round none : !pypto.tensor<1x64xi32> -> !pypto.tensor<1x64xf16>
    pypto.assemble %rg into %g[%c6, %c0] : !pypto.tensor<1x64xf16> into !pypto.tensor<7x64xf16>
  }
  return
}
