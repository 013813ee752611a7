// RUN: pypto-opt %s -split-input-file | pypto-opt -split-input-file | FileCheck %s
// RUN: pypto-opt %s -split-input-file -mlir-print-op-generic | pypto-opt -split-input-file | FileCheck %s

// The cube/vector pipe ops print in ptoas's syntax, so the lines are checked
// whole. The printer puts a space after `{` (and `(`) when the optional
// `id = N,` (`gm_slot_buffer = ...,`) in front is absent; ptoas's lexer
// ignores it, so the checks accept both spellings.

// C2V on a2a3 (ptoas's own example): the AIV reserves its vec slot buffer,
// the AIC imports it by name; both set up the pipe with the GM ring; the AIC
// pushes an acc tile, the AIV pops it into vec and frees the slot.

// CHECK: module attributes {pto.target_arch = "a2a3"}
// CHECK-LABEL: func.func @f_aic
// CHECK-SAME: (%[[RING:[^:]+]]: !pto.ptr<f32>, %[[ACC:[^:]+]]: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[BUF:.+]] = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32{{$}}
// CHECK-NEXT: pto.aic_initialize_pipe {{[{] ?}}dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %[[RING]] : !pto.ptr<f32>, c2v_consumer_buf = %[[BUF]] : i32, v2c_consumer_buf = %[[C0]] : i32){{$}}
// CHECK-NEXT: pto.tpush_to_aiv(%[[ACC]] : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {{[{] ?}}split = 0}{{$}}
// CHECK-NEXT: return

// CHECK-LABEL: func.func @f_aiv
// CHECK-SAME: (%[[RING:[^:]+]]: !pto.ptr<f32>)
// CHECK-SAME: attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[BUF:.+]] = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32{{$}}
// CHECK-NEXT: pto.aiv_initialize_pipe {{[{] ?}}dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %[[RING]] : !pto.ptr<f32>, c2v_consumer_buf = %[[BUF]] : i32, v2c_consumer_buf = %[[C0]] : i32){{$}}
// CHECK-NEXT: %{{.+}} = pto.tpop_from_aic {{[{] ?}}split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tfree_from_aic {{[{] ?}}split = 0}{{$}}
// CHECK-NEXT: return
module attributes {pto.target_arch = "a2a3"} {
  func.func @f_aic(%arg7: !pto.ptr<f32>,
                   %11: !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>)
      attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i32 = arith.constant 0 : i32
    %p = pto.import_reserved_buffer {name = "f_c2v_slot_buffer", peer_func = @f_aiv} -> i32
    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %arg7 : !pto.ptr<f32>, c2v_consumer_buf = %p : i32, v2c_consumer_buf = %c0_i32 : i32)
    pto.tpush_to_aiv(%11 : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
    return
  }
  func.func @f_aiv(%arg7: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0_i32 = arith.constant 0 : i32
    %2 = pto.reserve_buffer {name = "f_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, slot_num = 2} (gm_slot_buffer = %arg7 : !pto.ptr<f32>, c2v_consumer_buf = %2 : i32, v2c_consumer_buf = %c0_i32 : i32)
    %6 = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<vec, 16x64xf32>
    pto.tfree_from_aic {split = 0}
    return
  }
}

// -----

// V2C with explicit pipe ids and split lanes: the AIC reserves an
// auto-allocated mat buffer (no base), the pipe has no slot_num (ptoas's
// default), the AIV pushes a vec tile and the AIC pops it into mat.

// CHECK-LABEL: func.func @v_aic
// CHECK-SAME: (%[[RING:[^:]+]]: !pto.ptr<f32>)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[BUF:.+]] = pto.reserve_buffer {name = "v_v2c_slot_buffer", size = 2048, location = #pto.address_space<mat>, auto = true} -> i32{{$}}
// CHECK-NEXT: pto.aic_initialize_pipe {id = 0, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %[[RING]] : !pto.ptr<f32>, c2v_consumer_buf = %[[C0]] : i32, v2c_consumer_buf = %[[BUF]] : i32){{$}}
// CHECK-NEXT: %{{.+}} = pto.tpop_from_aiv {id = 0, split = 2} -> !pto.tile_buf<loc=mat, dtype=f16, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tfree_from_aiv {id = 0, split = 2}{{$}}
// CHECK-NEXT: return

// CHECK-LABEL: func.func @v_aiv
// CHECK-SAME: (%[[RING:[^:]+]]: !pto.ptr<f32>, %[[T:[^:]+]]: !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[BUF:.+]] = pto.import_reserved_buffer {name = "v_v2c_slot_buffer", peer_func = @v_aic} -> i32{{$}}
// CHECK-NEXT: pto.aiv_initialize_pipe {id = 0, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %[[RING]] : !pto.ptr<f32>, c2v_consumer_buf = %[[C0]] : i32, v2c_consumer_buf = %[[BUF]] : i32){{$}}
// CHECK-NEXT: pto.tpush_to_aic(%[[T]] : !pto.tile_buf<loc=vec, dtype=f16, rows=8, cols=16, v_row=8, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {id = 0, split = 2}{{$}}
// CHECK-NEXT: return
module attributes {pto.target_arch = "a2a3"} {
  func.func @v_aic(%gm: !pto.ptr<f32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c0_i32 = arith.constant 0 : i32
    %buf = pto.reserve_buffer {name = "v_v2c_slot_buffer", size = 2048, location = #pto.address_space<mat>, auto = true} -> i32
    pto.aic_initialize_pipe {id = 0, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %buf : i32)
    %t = pto.tpop_from_aiv {id = 0, split = 2} -> !pto.tile_buf<mat, 16x16xf16, blayout=col_major, slayout=row_major>
    pto.tfree_from_aiv {id = 0, split = 2}
    return
  }
  func.func @v_aiv(%gm: !pto.ptr<f32>, %t: !pto.tile_buf<vec, 8x16xf16>)
      attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c0_i32 = arith.constant 0 : i32
    %buf = pto.import_reserved_buffer {name = "v_v2c_slot_buffer", peer_func = @v_aic} -> i32
    pto.aiv_initialize_pipe {id = 0, dir_mask = 2, slot_size = 512} (gm_slot_buffer = %gm : !pto.ptr<f32>, c2v_consumer_buf = %c0_i32 : i32, v2c_consumer_buf = %buf : i32)
    pto.tpush_to_aic(%t : !pto.tile_buf<vec, 8x16xf16>) {id = 0, split = 2}
    return
  }
}

// -----

// The a5 form: both directions, the slot buffers on chip and no GM ring
// operand. Each side reserves the buffer it consumes from and imports the
// other; a mat tile is pushed to the AIV.

// CHECK: module attributes {pto.target_arch = "a5"}
// CHECK-LABEL: func.func @b_aic
// CHECK-SAME: (%[[M:[^:]+]]: !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>)
// CHECK-NEXT: %[[C2V:.+]] = pto.import_reserved_buffer {name = "b_c2v_slot_buffer", peer_func = @b_aiv} -> i32{{$}}
// CHECK-NEXT: %[[V2C:.+]] = pto.reserve_buffer {name = "b_v2c_slot_buffer", size = 16384, location = #pto.address_space<mat>, auto = false, base = 65536} -> i32{{$}}
// CHECK-NEXT: pto.aic_initialize_pipe {{[{] ?}}dir_mask = 3, slot_size = 4096, slot_num = 4} ({{ ?}}c2v_consumer_buf = %[[C2V]] : i32, v2c_consumer_buf = %[[V2C]] : i32){{$}}
// CHECK-NEXT: pto.tpush_to_aiv(%[[M]] : !pto.tile_buf<loc=mat, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>) {{[{] ?}}split = 1}{{$}}
// CHECK-NEXT: return

// CHECK-LABEL: func.func @b_aiv
// CHECK-NEXT: %[[C2V:.+]] = pto.reserve_buffer {name = "b_c2v_slot_buffer", size = 16384, location = #pto.address_space<vec>, auto = false, base = 0} -> i32{{$}}
// CHECK-NEXT: %[[V2C:.+]] = pto.import_reserved_buffer {name = "b_v2c_slot_buffer", peer_func = @b_aic} -> i32{{$}}
// CHECK-NEXT: pto.aiv_initialize_pipe {{[{] ?}}dir_mask = 3, slot_size = 4096, slot_num = 4} ({{ ?}}c2v_consumer_buf = %[[C2V]] : i32, v2c_consumer_buf = %[[V2C]] : i32){{$}}
// CHECK-NEXT: %{{.+}} = pto.tpop_from_aic {{[{] ?}}split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tfree_from_aic {{[{] ?}}split = 1}{{$}}
// CHECK-NEXT: return
module attributes {pto.target_arch = "a5"} {
  func.func @b_aic(%m: !pto.tile_buf<mat, 16x64xf32>) attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {
    %c2v = pto.import_reserved_buffer {name = "b_c2v_slot_buffer", peer_func = @b_aiv} -> i32
    %v2c = pto.reserve_buffer {name = "b_v2c_slot_buffer", size = 16384, location = #pto.address_space<mat>, auto = false, base = 65536} -> i32
    pto.aic_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 4} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
    pto.tpush_to_aiv(%m : !pto.tile_buf<mat, 16x64xf32>) {split = 1}
    return
  }
  func.func @b_aiv() attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %c2v = pto.reserve_buffer {name = "b_c2v_slot_buffer", size = 16384, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
    %v2c = pto.import_reserved_buffer {name = "b_v2c_slot_buffer", peer_func = @b_aic} -> i32
    pto.aiv_initialize_pipe {dir_mask = 3, slot_size = 4096, slot_num = 4} (c2v_consumer_buf = %c2v : i32, v2c_consumer_buf = %v2c : i32)
    %t = pto.tpop_from_aic {split = 1} -> !pto.tile_buf<vec, 8x64xf32>
    pto.tfree_from_aic {split = 1}
    return
  }
}

// -----

// ptoas 0.27's own forms: `nosplit` on the pipe set-up (no slot_num: the
// hardware's 8 slots), and a pop whose result has a dynamic valid shape
// given by operands.

// CHECK-LABEL: func.func @n_aiv
// CHECK-SAME: (%[[R:[^:]+]]: index, %[[C:[^:]+]]: index)
// CHECK-NEXT: %[[BUF:.+]] = pto.reserve_buffer {name = "n_c2v_slot_buffer", size = 32768, location = #pto.address_space<vec>, auto = true} -> i32{{$}}
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : i32
// CHECK-NEXT: pto.aiv_initialize_pipe {{[{] ?}}dir_mask = 1, slot_size = 4096, nosplit = true} ({{ ?}}c2v_consumer_buf = %[[BUF]] : i32, v2c_consumer_buf = %[[C0]] : i32){{$}}
// CHECK-NEXT: %{{.+}} = pto.tpop_from_aic(%[[R]], %[[C]]) {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>{{$}}
// CHECK-NEXT: pto.tfree_from_aic {{[{] ?}}split = 0}{{$}}
module attributes {pto.target_arch = "a5"} {
  func.func @n_aiv(%rows: index, %cols: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
    %buf = pto.reserve_buffer {name = "n_c2v_slot_buffer", size = 32768, location = #pto.address_space<vec>, auto = true} -> i32
    %c0_i32 = arith.constant 0 : i32
    pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096, nosplit = true} (c2v_consumer_buf = %buf : i32, v2c_consumer_buf = %c0_i32 : i32)
    %t = pto.tpop_from_aic(%rows, %cols) {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, slayout=none_box, fractal=512, pad=0>
    pto.tfree_from_aic {split = 0}
    return
  }
}
