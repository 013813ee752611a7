// RUN: pypto-translate %s --emit-kernel-function -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -fsyntax-only -std=c++17 -I%tile_lib -D__CPU_SIM -D__DAV_VEC__ %t.cpp

// ptoas 0.27's pipe forms in the built-in lowering: a set-up without
// slot_num has the hardware's 8 slots (4 per direction with dir_mask 3),
// `nosplit` changes nothing, and a pop with (valid_row, valid_col) checks
// the popped tile's valid shape.

// CHECK-LABEL: void n_aiv(
// CHECK-SAME:  int64_t [[R:v[0-9]+]], int64_t [[C:v[0-9]+]])
// CHECK:       uint32_t [[BUF:v[0-9]+]] = 0;
// CHECK:       TPIPE_INIT(0, 1, 4096, 8, 0, nullptr);
// CHECK:       Tile<TileType::Vec, float, 16, 64, BLayout::RowMajor, DYNAMIC, DYNAMIC, {{.*}}> [[T:v[0-9]+]];
// CHECK-NEXT:  TPOP(0, [[T]], [[BUF]], [[R]], [[C]]);
// CHECK-NEXT:  TFREE(0);
// CHECK-LABEL: void b_aiv(
// CHECK:       TPIPE_INIT(0, 3, 4096, 4, 0, nullptr);
module attributes {pto.target_arch = "a5"} {
  func.func @n_aiv(%rows: index, %cols: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %buf = pto.reserve_buffer {name = "n_c2v_slot_buffer", size = 32768, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %c0_i32 = arith.constant 0 : i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, nosplit = true} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %c0_i32 : i32)
    %t = pto.tpop_from_aic(%rows, %cols) {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tfree_from_aic {split = 0}
    return
  }
  func.func @b_aiv() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c2v = pto.reserve_buffer {name = "b_c2v_slot_buffer", size = 16384, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %c0_i32 = arith.constant 0 : i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %c0_i32 : i32)
    return
  }
}
