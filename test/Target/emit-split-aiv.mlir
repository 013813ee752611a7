// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-pto | FileCheck %s --check-prefix=PTO
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a5" | pypto-translate --emit-kernel-cpp | FileCheck %s --check-prefix=CPP
// RUN: pypto-opt %s --pypto-default-pipeline="arch=a2a3" | pypto-translate --emit-orchestration | FileCheck %s --check-prefix=ORCH

// A split kernel (up_down) and a vector kernel both AIV lanes run. The
// pipe ops carry the split (ptoas's code 1); each dual-lane vector kernel
// reads its lane (pto.get_subblock_idx), even where it does not use it, so
// ptoas's A5 code runs lane 1 too.

// PTO-LABEL:   // ptoas/mm_half.pto
// PTO:         func.func @mm_half_aic(
// PTO:         pto.tpush_to_aiv(%{{.+}} : !pto.tile_buf<loc=acc, dtype=f32, rows=32, cols=32, {{.+}}>) {split = 1}
// PTO:         func.func @mm_half_aiv(
// PTO:         pto.aiv_initialize_pipe {dir_mask = 1, slot_size = 4096}
// PTO:         %[[LANE:.+]] = pto.get_subblock_idx
// PTO:         pto.tpop_from_aic {split = 1} -> !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32,
// PTO:         pto.tfree_from_aic {split = 1}
// PTO-LABEL:   // ptoas/both_lanes.pto
// PTO:         func.func @both_lanes(
// PTO:         pto.get_subblock_idx

// CPP-LABEL:   // kernels/aic/mm_half_aic.cpp
// CPP:         TPIPE_INIT(0, 1, 4096, 8, 1, nullptr);
// CPP-LABEL:   // kernels/aiv/mm_half_aiv.cpp
// CPP:         TPIPE_INIT(0, 1, 4096, 8, 1, nullptr);
// CPP:         int64_t {{v[0-9]+}} = get_subblockid();
// CPP:         TPOP(0,
// CPP-LABEL:   // kernels/aiv/both_lanes.cpp
// CPP:         int64_t {{v[0-9]+}} = get_subblockid();

// ORCH:        rt_submit_task(MixedKernels{0, 1, 1}, params_t0);
// ORCH:        rt_submit_task(MixedKernels{INVALID_KERNEL_ID, 2, 2}, params_t1);
module @split {
  func.func @split(%a: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                   %b: !pypto.tensor<32x32xf32> {pypto.init = "randn"},
                   %y: !pypto.tensor<32x32xf32> {pypto.dir = "out"},
                   %z: !pypto.tensor<32x32xf32> {pypto.dir = "out"}) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    pypto.at core_group "mm_half" {
      %p = pypto.matmul %a, %b : !pypto.tensor<32x32xf32>, !pypto.tensor<32x32xf32> -> !pypto.tensor<32x32xf32>
      pypto.split_aiv up_down (%lane) {
        %h = pypto.aiv_shard %p : !pypto.tensor<32x32xf32> -> !pypto.tensor<16x32xf32>
        %r = arith.muli %lane, %c16 : index
        %e = pypto.exp %h : !pypto.tensor<16x32xf32>
        pypto.assemble %e into %y[%r, %c0] : !pypto.tensor<16x32xf32> into !pypto.tensor<32x32xf32>
      }
    }
    // Both lanes copy the whole tensor: the lane index goes unused.
    pypto.at core_group "both_lanes" {
      pypto.split_aiv none (%lane) {
        %t = pypto.exp %a : !pypto.tensor<32x32xf32>
        pypto.assemble %t into %z[%c0, %c0] : !pypto.tensor<32x32xf32> into !pypto.tensor<32x32xf32>
      }
    }
    return
  }
}
