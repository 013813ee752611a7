// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-pto | FileCheck %s --check-prefixes=PTO,PTO-A2A3
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-pto | FileCheck %s --check-prefixes=PTO,PTO-A5
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-kernel-cpp | FileCheck %s --check-prefixes=CPP,CPP-A2A3
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-kernel-cpp | FileCheck %s --check-prefixes=CPP,CPP-A5
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-orchestration | FileCheck %s --check-prefixes=ORCH,ORCH-A2A3
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-orchestration | FileCheck %s --check-prefixes=ORCH,ORCH-A5
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-kernel-config | FileCheck %s --check-prefix=CONFIG

// y = exp(a @ b): the region becomes mm_exp_aic (matmul, push) and
// mm_exp_aiv (pop, exp, free, store), one MixedKernels task.

// The .pto uses ptoas 0.27's frontend pipe ops: the AIV (consumer) reserves
// the slot buffer (the hardware's 8 slots) at its planned base, the AIC
// imports it by name, so both parts are one unit, ptoas/mm_exp.pto. No
// slot_num: ptoas 0.27 has none.
// PTO-LABEL:   // ptoas/mm_exp.pto
// PTO-NEXT:    module attributes {pto.target_arch =
// PTO-NEXT:      func.func @mm_exp_aic(
// PTO-A2A3-SAME: %[[RING:arg[0-9]+]]: !pto.ptr<f32>)
// PTO-SAME:      attributes {pto.kernel_kind = #pto.kernel_kind<cube>}
// PTO:         %[[IMP:.+]] = pto.import_reserved_buffer {name = "mm_exp_c2v_slot_buffer", peer_func = @mm_exp_aiv} -> i32
// PTO-A2A3:    pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (gm_slot_buffer = %[[RING]] : !pto.ptr<f32>, c2v_consumer_buf = %[[IMP]] : i32, v2c_consumer_buf = %{{.+}} : i32)
// PTO-A5:      pto.aic_initialize_pipe {dir_mask = 1, slot_size = 1024} (c2v_consumer_buf = %[[IMP]] : i32, v2c_consumer_buf = %{{.+}} : i32)
// PTO:         pto.tmatmul
// PTO:         pto.tpush_to_aiv(%{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=col_major, slayout=row_major, fractal=1024, pad=0>) {split = 0}
// PTO:         return
// PTO-NEXT:    }
// PTO-NEXT:    func.func @mm_exp_aiv(
// PTO-SAME:      attributes {pto.kernel_kind = #pto.kernel_kind<vector>}
// PTO:         %[[RES:.+]] = pto.reserve_buffer {name = "mm_exp_c2v_slot_buffer", size = 8192, location = #pto.address_space<vec>, auto = false, base = 0} -> i32
// PTO:         pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 1024} ({{.*}}c2v_consumer_buf = %[[RES]] : i32
// PTO:         %[[POP:.+]] = pto.tpop_from_aic {split = 0} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16, blayout=row_major, slayout=none_box, fractal=512, pad=0>
// PTO-NEXT:    %[[E:.+]] = pto.alloc_tile addr = %{{.+}} : !pto.tile_buf<loc=vec
// PTO-NEXT:    pto.texp ins(%[[POP]] : {{.*}}) outs(%[[E]] : {{.*}})
// PTO-NEXT:    pto.tfree_from_aic {split = 0}
// PTO:         pto.tstore ins(%[[E]]

// The built-in lowering: TPIPE_INIT with the ring on a2a3, TPUSH; the pop
// places its tile in its slot of the reserved buffer.
// CPP-LABEL:   // kernels/aic/mm_exp_aic.cpp
// CPP:         static AICORE void mm_exp_aic(
// CPP:         uint32_t [[IMP:v[0-9]+]] = 0;
// CPP-A2A3:    TPIPE_INIT(0, 1, 1024, 8, 0, [[RING:v[0-9]+]]);
// CPP-A5:      TPIPE_INIT(0, 1, 1024, 8, 0, nullptr);
// CPP:         TMATMUL([[ACC:v[0-9]+]],
// CPP:         TPUSH(0, [[ACC]]);
// CPP-A2A3:    __gm__ float* a3 = {{.*}} + a3_tensor->start_offset + get_block_idx(args) * 2048;
// CPP-LABEL:   // kernels/aiv/mm_exp_aiv.cpp
// CPP:         uint32_t [[BUF:v[0-9]+]] = 0;
// CPP:         Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> [[POP:v[0-9]+]];
// CPP-NEXT:    TPOP(0, [[POP]], [[BUF]]);
// CPP:         TEXP({{v[0-9]+}}, [[POP]]);
// CPP-NEXT:    TFREE(0);

// The group is submitted as one task; on a2a3 it gets a private GM ring.
// ORCH:        // Task: mm_exp
// ORCH:        add_output(
// ORCH-A2A3-NEXT: uint32_t [[P:params_t0]]_ring_shapes[1] = {2048};
// ORCH-A2A3-NEXT: TensorCreateInfo [[P]]_ring([[P]]_ring_shapes, 1, DataType::FLOAT32);
// ORCH-A2A3-NEXT: [[P]].add_output([[P]]_ring);
// ORCH-A5-NOT: ring
// ORCH:        rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, params_t0);

// CONFIG: {"func_id": 0, "name": "mm_exp_aic", {{.*}} "core_type": "aic", "signature": [_D.IN, _D.IN, _D.OUT]},
// CONFIG: {"func_id": 1, "name": "mm_exp_aiv", {{.*}} "core_type": "aiv", "signature": [_D.IN, _D.IN, _D.OUT]},
module @mixed {
  func.func @mixed(%a: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                   %b: !pypto.tensor<16x16xf32> {pypto.init = "randn"},
                   %y: !pypto.tensor<16x16xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    pypto.at core_group "mm_exp" {
      %p = pypto.matmul %a, %b : !pypto.tensor<16x16xf32>, !pypto.tensor<16x16xf32> -> !pypto.tensor<16x16xf32>
      %e = pypto.exp %p : !pypto.tensor<16x16xf32>
      pypto.assemble %e into %y[%c0, %c0] : !pypto.tensor<16x16xf32> into !pypto.tensor<16x16xf32>
    }
    return
  }
}
