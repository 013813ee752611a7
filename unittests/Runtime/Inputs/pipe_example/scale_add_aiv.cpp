// kernels/aiv/scale_add_aiv.cpp: the AIV part of the mixed kernel scale_add
#include <pto/pto-inst.hpp>
#include "tensor.h"

using namespace pto;

// Same arguments as the AIC part (one MixedKernels task shares one argument list).
static AICORE void scale_add_aiv(__gm__ float* v0, __gm__ float* v1, __gm__ float* v2,
                                 __gm__ uint8_t* v3) {
  TPIPE_INIT(0, PipeDir::C2V, 1024, 2, PipeSplit::None, v3);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v4;
  TASSIGN(v4, 0);     // receives the popped tile
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v5;
  TASSIGN(v5, 1024);
  for (int32_t v6 = 0; v6 < 4; ++v6) {
    TPOP(0, v4);      // waits for the AIC's next tile
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> v7(v1 + v6 * 256);
    TLOAD(v5, v7);
    TMULS(v4, v4, 2.0f);
    TADD(v5, v5, v4);
    TFREE(0, v4);     // after the last use of the popped tile: the slot is free again
    GlobalTensor<float, pto::Shape<1, 1, 1, 16, 16>, pto::Stride<256, 256, 256, 16, 1>, pto::Layout::ND> v8(v2 + v6 * 256);
    TSTORE(v8, v5);
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
  scale_add_aiv(a0, a1, a2, a3);
}
