// kernels/aic/scale_add_aic.cpp: the AIC part of the mixed kernel scale_add
#include <pto/pto-inst.hpp>
#include "tensor.h"

using namespace pto;

// v0: x [64x16] f32 (in), v1: b [64x16] f32 (in), v2: y [64x16] f32 (out),
// v3: the GM ring buffer of the task's pipes (2 slots x 1024 bytes).
static AICORE void scale_add_aic(__gm__ float* v0, __gm__ float* v1, __gm__ float* v2,
                                 __gm__ uint8_t* v3) {
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, v3);
  Tile<TileType::Mat, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v4;
  TASSIGN(v4, 0);
  for (int32_t v5 = 0; v5 < 4; ++v5) {
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> v6(v0 + v5 * 256);
    TLOAD(v4, v6);
    TPUSH(0, v4);  // waits while both slots are in use
  }
}

extern "C" __attribute__((visibility("default"))) void kernel_entry(__gm__ int64_t* args) {
  __gm__ ChipTensor* a0_tensor = reinterpret_cast<__gm__ ChipTensor*>(args[0]);
  __gm__ float* a0 = reinterpret_cast<__gm__ float*>(a0_tensor->buffer.addr) + a0_tensor->start_offset;
  __gm__ ChipTensor* a1_tensor = reinterpret_cast<__gm__ ChipTensor*>(args[1]);
  __gm__ float* a1 = reinterpret_cast<__gm__ float*>(a1_tensor->buffer.addr) + a1_tensor->start_offset;
  __gm__ ChipTensor* a2_tensor = reinterpret_cast<__gm__ ChipTensor*>(args[2]);
  __gm__ float* a2 = reinterpret_cast<__gm__ float*>(a2_tensor->buffer.addr) + a2_tensor->start_offset;
  __gm__ ChipTensor* a3_tensor = reinterpret_cast<__gm__ ChipTensor*>(args[3]);
  __gm__ uint8_t* a3 = reinterpret_cast<__gm__ uint8_t*>(a3_tensor->buffer.addr) + a3_tensor->start_offset;
  scale_add_aic(a0, a1, a2, a3);
}
