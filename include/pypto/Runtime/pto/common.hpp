//===- pto/common.hpp - Qualifier macros, enums and sync no-ops -----------===//
#ifndef PTO_COMMON_HPP
#define PTO_COMMON_HPP

#include <cstdint>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

#ifndef __CPU_SIM
#define __CPU_SIM 1
#endif

// Address-space and function qualifiers of the device compiler: empty on the CPU.
#ifndef __gm__
#define __gm__
#endif
#ifndef __aicore__
#define __aicore__
#endif
#ifndef AICORE
#define AICORE
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __cbuf__
#define __cbuf__
#endif
#ifndef __ca__
#define __ca__
#endif
#ifndef __cb__
#define __cb__
#endif
#ifndef __cc__
#define __cc__
#endif
#ifndef __in__
#define __in__
#endif
#ifndef __out__
#define __out__
#endif

// Pipes and events (global, as the device compiler's builtins).
enum pipe_t : int {
  PIPE_S = 0,
  PIPE_V,
  PIPE_M,
  PIPE_MTE1,
  PIPE_MTE2,
  PIPE_MTE3,
  PIPE_ALL,
  PIPE_MTE4,
  PIPE_MTE5,
  PIPE_V2,
  PIPE_FIX,
};

enum event_t : int {
  EVENT_ID0 = 0,
  EVENT_ID1,
  EVENT_ID2,
  EVENT_ID3,
  EVENT_ID4,
  EVENT_ID5,
  EVENT_ID6,
  EVENT_ID7,
};

// The simulator executes instructions synchronously in program order, so
// synchronisation between pipes is a no-op.
inline void set_flag(int /*pipe*/, int /*tpipe*/, int /*event*/) {}
inline void wait_flag(int /*pipe*/, int /*tpipe*/, int /*event*/) {}
inline void pipe_barrier(int /*pipe*/) {}
inline void set_mask_norm() {}
inline void set_vector_mask(uint64_t /*hi*/, uint64_t /*lo*/) {}

namespace pto {

inline constexpr int DYNAMIC = -1;

enum class TileType : int { Vec, Mat, Left, Right, Acc, Bias, Scaling };
enum class BLayout : int { RowMajor, ColMajor };
enum class SLayout : int { NoneBox, RowMajor, ColMajor };
enum class PadValue : int { Null, Zero, Max, Min };
enum class CompactMode : int { Null, Normal };
enum class Layout : int { ND, DN, NZ };
enum class RoundMode : int { CAST_NONE, CAST_RINT, CAST_ROUND, CAST_FLOOR, CAST_CEIL, CAST_TRUNC, CAST_ODD };

struct TileConfig {
  static constexpr int alignedSize = 32;
  static constexpr int fixedRowSize = 16;
  static constexpr int fixedColSize = 16;
  static constexpr int fixedMxRowSize = 16;
  static constexpr int fixedMxColSize = 2;
  static constexpr int fractalABSize = 512;
  static constexpr int fractalCSize = 1024;
  static constexpr int fractalMxSize = 32;
};

constexpr const char* tileTypeName(TileType t) {
  switch (t) {
  case TileType::Vec: return "Vec";
  case TileType::Mat: return "Mat";
  case TileType::Left: return "Left";
  case TileType::Right: return "Right";
  case TileType::Acc: return "Acc";
  case TileType::Bias: return "Bias";
  case TileType::Scaling: return "Scaling";
  }
  return "?";
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_COMMON_HPP
