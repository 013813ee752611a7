#include "runtime.h"

extern "C" {
__attribute__((visibility("default")))
PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs& orch_args) {
    (void)orch_args;
    return PTO2OrchestrationConfig{ .expected_arg_count = 3, };
}

__attribute__((visibility("default")))
void aicpu_orchestration_entry(const ChipTaskArgs& orch_args) {
    const ChipTensor& ext_x = orch_args.tensor(0).ref();
    const ChipTensor& ext_b = orch_args.tensor(1).ref();
    const ChipTensor& ext_y = orch_args.tensor(2).ref();
    PTO2_SCOPE() {
        // The GM ring of the task's pipes: slot_num * slot_size bytes per direction
        // (times the block count for an SPMD task).
        uint32_t pipe_buf_shapes[1] = {2 * 1024};
        TensorCreateInfo pipe_buf_ci(pipe_buf_shapes, 1, DataType::UINT8);
        CoreTaskArgs params_t0;
        params_t0.add_input(ext_x);
        params_t0.add_input(ext_b);
        params_t0.add_output(ext_y);
        params_t0.add_output(pipe_buf_ci);
        rt_submit_task(MixedKernels{0, 1, INVALID_KERNEL_ID}, params_t0);  // {aic, aiv0, aiv1}
    }
}
}  // extern "C"
