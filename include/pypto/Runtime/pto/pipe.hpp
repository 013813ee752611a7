//===- pto/pipe.hpp - Cross-core pipes: TPIPE_INIT, TPUSH, TPOP, TFREE -----===//
//
// The AIC part and the AIV part(s) of one MixedKernels task (one block of it)
// exchange tiles through pipes: rings of `slot_num` slots of `slot_size` bytes.
// The producer waits for a free slot, copies its tile's valid region into it
// and marks it ready; the consumer waits for a ready slot and copies it into
// its destination tile; TFREE releases the consumer's oldest popped slot.
// The direction of TPUSH / TPOP / TFREE follows from the core the kernel runs
// on: an AIC kernel pushes to the AIV lanes and pops from them, an AIV kernel
// the reverse. Waiting happens in the runtime (condition variables); the data
// is copied here, so any tile layout works on either side.
//
// With two AIV lanes, the split mode of a pipe says who gets what:
//   AIC -> AIV   0 none: both lanes receive the whole tile;
//                1 up-down: lane 0 rows [0, h), lane 1 rows [h, R), h = (R + 1) / 2;
//                2 left-right: the same on columns.
//   AIV -> AIC   0 none: both lanes push, the AIC receives lane 0's tile;
//                1 up-down: the AIC receives lane 0's tile on top of lane 1's;
//                2 left-right: lane 0's tile left of lane 1's.
// Both lanes take part in every TPUSH / TPOP / TFREE of the pipe.
//
// Exact contract: docs/design/runtime-abi.md, "Cross-core pipes".
//
//===----------------------------------------------------------------------===//
#ifndef PTO_PIPE_HPP
#define PTO_PIPE_HPP

#include "pto/common.hpp"
#include "pto/dtypes.hpp"
#include "pto/sim/core.hpp"
#include "pto/tile.hpp"

#include <cstdint>
#include <cstring>
#include <type_traits>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

namespace pto {

// Directions a pipe is initialised for (a bit mask; Both = C2V | V2C).
enum class PipeDir : int { C2V = 1, V2C = 2, Both = 3 };
// How the tile is divided between two AIV lanes.
enum class PipeSplit : int { None = 0, UpDown = 1, LeftRight = 2 };

namespace detail {

template <typename T>
constexpr sim::PipeElem pipeElemOf() {
  if constexpr (std::is_same_v<T, float>)
    return sim::PipeElem::F32;
  else if constexpr (std::is_same_v<T, half>)
    return sim::PipeElem::F16;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return sim::PipeElem::BF16;
  else if constexpr (std::is_same_v<T, int8_t>)
    return sim::PipeElem::I8;
  else if constexpr (std::is_same_v<T, uint8_t>)
    return sim::PipeElem::U8;
  else if constexpr (std::is_same_v<T, int16_t>)
    return sim::PipeElem::I16;
  else if constexpr (std::is_same_v<T, uint16_t>)
    return sim::PipeElem::U16;
  else if constexpr (std::is_same_v<T, int32_t>)
    return sim::PipeElem::I32;
  else if constexpr (std::is_same_v<T, uint32_t>)
    return sim::PipeElem::U32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return sim::PipeElem::I64;
  else if constexpr (std::is_same_v<T, uint64_t>)
    return sim::PipeElem::U64;
  else
    return sim::PipeElem::Other;
}

inline const char* pipeElemName(uint32_t e) {
  static const char* const names[] = {"other", "f32", "f16", "bf16", "i8", "u8",
                                      "i16",   "u16", "i32", "u32",  "i64", "u64"};
  return e < sizeof(names) / sizeof(names[0]) ? names[e] : "?";
}

// The current core, which must be a runtime core with pipe hooks.
inline sim::CoreContext* pipeCore(const char* op) {
  sim::CoreContext* ctx = sim::current();
  if (ctx->abi_version < 2 || ctx->pipe_init == nullptr)
    sim::fail(ctx,
              "%s: no cross-core pipe on this core (pipes connect the AIC and AIV parts of a "
              "MixedKernels task on the simulated device)",
              op);
  return ctx;
}

template <typename TileT>
inline void pipeRequireBound(sim::CoreContext* ctx, const char* op, int pipeId, const TileT& t) {
  if (t.data() == nullptr)
    sim::fail(ctx, "%s on pipe %d: tile used before TASSIGN", op, pipeId);
}

// Whether a slot element of type `from` may be delivered into a tile of T.
template <typename T>
inline bool pipeConvertible(uint32_t from, uint32_t fromBytes) {
  constexpr uint32_t to = static_cast<uint32_t>(pipeElemOf<T>());
  if (from == to)
    return to != static_cast<uint32_t>(sim::PipeElem::Other) || fromBytes == sizeof(T);
  // As TMOV from an Acc tile: f32 may be narrowed to f16 / bf16.
  return from == static_cast<uint32_t>(sim::PipeElem::F32) &&
         (std::is_same_v<T, half> || std::is_same_v<T, bfloat16_t>);
}

template <typename T>
inline T pipeRead(uint32_t from, const uint8_t* p) {
  if (from == static_cast<uint32_t>(pipeElemOf<T>())) {
    T v;
    std::memcpy(&v, p, sizeof(T));
    return v;
  }
  float f; // the only conversion: f32 -> f16 / bf16
  std::memcpy(&f, p, sizeof(f));
  return cvt<T>(f);
}

// Copy a rows x cols block of a dense slot part (row pitch `pitch` elements),
// starting at (sr, sc), into dst at (dr, dc).
template <typename TileT>
inline void pipeCopyOut(TileT& dst, int dr, int dc, const sim::PipeTileDesc& part,
                        const uint8_t* data, int sr, int sc, int rows, int cols) {
  using T = typename TileT::DType;
  const uint64_t eb = part.elem_bytes;
  const uint64_t pitch = static_cast<uint64_t>(part.cols);
  const bool same = part.elem_type == static_cast<uint32_t>(pipeElemOf<T>()) && eb == sizeof(T);
  for (int r = 0; r < rows; ++r) {
    const uint8_t* line = data + ((uint64_t(sr + r) * pitch) + uint64_t(sc)) * eb;
    if constexpr (!TileT::isBoxed && TileT::isRowMajor) {
      if (same) {
        std::memcpy(dst.data() + TileT::offsetOf(dr + r, dc), line, size_t(cols) * sizeof(T));
        continue;
      }
    }
    for (int c = 0; c < cols; ++c)
      dst.at(dr + r, dc + c) = pipeRead<T>(part.elem_type, line + uint64_t(c) * eb);
  }
}

// Give dst the valid shape rows x cols (dynamic dimensions) or check it (static ones).
template <typename TileT>
inline void pipeSetValid(sim::CoreContext* ctx, int pipeId, TileT& dst, int rows, int cols) {
  const bool fits = rows >= 0 && cols >= 0 && rows <= TileT::Rows && cols <= TileT::Cols;
  bool ok = fits;
  if constexpr (!TileT::isDynamicRow)
    ok = ok && rows == TileT::ValidRow;
  if constexpr (!TileT::isDynamicCol)
    ok = ok && cols == TileT::ValidCol;
  if (!ok)
    sim::fail(ctx,
              "TPOP on pipe %d: the slot delivers %dx%d elements but the destination tile's "
              "valid shape is %dx%d (tile %dx%d)",
              pipeId, rows, cols, dst.GetValidRow(), dst.GetValidCol(), TileT::Rows,
              TileT::Cols);
  if constexpr (TileT::isDynamicRow || TileT::isDynamicCol)
    dst.SetValidShape(rows, cols);
}

} // namespace detail

//===----------------------------------------------------------------------===//
// TPIPE_INIT
//===----------------------------------------------------------------------===//

// Declare pipe `pipeId` of this task for the directions in `dirMask` (1 AIC->AIV,
// 2 AIV->AIC, 3 both), with `slotNum` slots of `slotSize` bytes and a split mode
// (0 none, 1 up-down, 2 left-right). Every part of the task that uses the pipe
// calls it once, with the same values, before its first TPUSH / TPOP / TFREE.
// On a2a3 the rings live in GM: `gmRing` points into a tensor argument of the
// task (this block's share), holding slotNum * slotSize bytes per direction
// (C2V ring first). On a5 the ring is in the consumer's on-chip buffer and
// `gmRing` is ignored (pass nullptr).
inline void TPIPE_INIT(int pipeId, int dirMask, uint32_t slotSize, uint32_t slotNum,
                       int split = 0, __gm__ void* gmRing = nullptr) {
  sim::CoreContext* ctx = detail::pipeCore("TPIPE_INIT");
  ctx->pipe_init(ctx, pipeId, dirMask, slotSize, slotNum, split, gmRing);
}

inline void TPIPE_INIT(int pipeId, PipeDir dir, uint32_t slotSize, uint32_t slotNum,
                       PipeSplit split = PipeSplit::None, __gm__ void* gmRing = nullptr) {
  TPIPE_INIT(pipeId, static_cast<int>(dir), slotSize, slotNum, static_cast<int>(split), gmRing);
}

//===----------------------------------------------------------------------===//
// TPUSH / TPOP / TFREE
//===----------------------------------------------------------------------===//

// Push the valid region of `src` into the next slot of pipe `pipeId` (AIC: to the
// AIV lanes; AIV: to the AIC). Blocks while every slot is in use.
template <typename TileT>
inline void TPUSH(int pipeId, const TileT& src) {
  static_assert(is_tile_v<TileT>, "TPUSH expects a Tile");
  using T = typename TileT::DType;
  sim::CoreContext* ctx = detail::pipeCore("TPUSH");
  detail::pipeRequireBound(ctx, "TPUSH", pipeId, src);
  const int vr = src.GetValidRow(), vc = src.GetValidCol();
  uint64_t capacity = 0;
  uint8_t* slot = ctx->pipe_push_acquire(ctx, pipeId, &capacity);
  if (slot != nullptr) {
    const uint64_t bytes = uint64_t(vr) * uint64_t(vc) * sizeof(T);
    if (bytes > capacity)
      sim::fail(ctx,
                "TPUSH on pipe %d: a %dx%d %s tile (%llu bytes) does not fit the %llu bytes of "
                "a slot (per lane)",
                pipeId, vr, vc, detail::pipeElemName(uint32_t(detail::pipeElemOf<T>())),
                (unsigned long long)bytes, (unsigned long long)capacity);
    T* out = reinterpret_cast<T*>(slot);
    for (int r = 0; r < vr; ++r) {
      if constexpr (!TileT::isBoxed && TileT::isRowMajor) {
        std::memcpy(out + size_t(r) * vc, src.data() + TileT::offsetOf(r, 0),
                    size_t(vc) * sizeof(T));
      } else {
        for (int c = 0; c < vc; ++c)
          std::memcpy(out + size_t(r) * vc + c, &src.at(r, c), sizeof(T));
      }
    }
  }
  const sim::PipeTileDesc desc{vr, vc, static_cast<uint32_t>(detail::pipeElemOf<T>()),
                               static_cast<uint32_t>(sizeof(T))};
  ctx->pipe_push_commit(ctx, pipeId, &desc);
}

// Pop the next slot of pipe `pipeId` into `dst` (already TASSIGNed): AIV lanes pop what
// the AIC pushed (their share of it under a split), the AIC pops what the lanes pushed.
// A dynamic valid shape of dst is set from the slot; a static one must match it.
// The slot stays in use until TFREE.
namespace detail {
template <typename TileT>
inline void pipeDeliver(sim::CoreContext* ctx, int pipeId, TileT& dst, const sim::PipeSlotView& v);
} // namespace detail

template <typename TileT>
inline void TPOP(int pipeId, TileT& dst) {
  static_assert(is_tile_v<TileT>, "TPOP expects a Tile");
  sim::CoreContext* ctx = detail::pipeCore("TPOP");
  detail::pipeRequireBound(ctx, "TPOP", pipeId, dst);
  sim::PipeSlotView v{};
  ctx->pipe_pop(ctx, pipeId, &v);
  detail::pipeDeliver(ctx, pipeId, dst, v);
}

// ptoas's form: the popped tile lives in its slot of the consumer buffer that
// starts at byte `consumerBuf` of the tile's memory (pto.reserve_buffer), so
// dst is assigned to `consumerBuf + slot * slot_size` before the data lands.
template <typename TileT>
inline void TPOP(int pipeId, TileT& dst, uint32_t consumerBuf) {
  static_assert(is_tile_v<TileT>, "TPOP expects a Tile");
  sim::CoreContext* ctx = detail::pipeCore("TPOP");
  sim::PipeSlotView v{};
  ctx->pipe_pop(ctx, pipeId, &v);
  TASSIGN(dst, consumerBuf + v.slot * v.slot_size);
  detail::pipeDeliver(ctx, pipeId, dst, v);
}

// pypto's `tpop(valid_row, valid_col)`: the same, and the popped tile's valid
// shape must be validRows x validCols.
template <typename TileT>
inline void TPOP(int pipeId, TileT &dst, uint32_t consumerBuf,
                 int64_t validRows, int64_t validCols) {
  TPOP(pipeId, dst, consumerBuf);
  if (dst.GetValidRow() != validRows || dst.GetValidCol() != validCols)
    sim::fail(sim::current(),
              "TPOP on pipe %d: the slot delivers %dx%d elements but the pop "
              "expects a valid "
              "shape of %lldx%lld",
              pipeId, dst.GetValidRow(), dst.GetValidCol(),
              (long long)validRows, (long long)validCols);
}

namespace detail {
// Copies a popped slot into dst: the whole tile, this lane's band of it, or
// the two producer lanes' parts side by side.
template <typename TileT>
inline void pipeDeliver(sim::CoreContext* ctx, int pipeId, TileT& dst, const sim::PipeSlotView& v) {
  using T = typename TileT::DType;
  const int nparts = v.num_parts == 2 && v.split != 0 ? 2 : 1;
  for (int i = 0; i < nparts; ++i)
    if (!detail::pipeConvertible<T>(v.part[i].elem_type, v.part[i].elem_bytes))
      sim::fail(ctx, "TPOP on pipe %d: the slot carries %s elements, the destination tile %s",
                pipeId, detail::pipeElemName(v.part[i].elem_type),
                detail::pipeElemName(uint32_t(detail::pipeElemOf<T>())));
  const sim::PipeTileDesc& p0 = v.part[0];
  if (nparts == 1) {
    // One producer part: the whole tile, or this lane's band of it.
    int r0 = 0, c0 = 0, rows = p0.rows, cols = p0.cols;
    if (v.num_lanes == 2 && v.split == 1) {
      const int h = (p0.rows + 1) / 2;
      r0 = v.lane == 0 ? 0 : h;
      rows = v.lane == 0 ? h : p0.rows - h;
    } else if (v.num_lanes == 2 && v.split == 2) {
      const int h = (p0.cols + 1) / 2;
      c0 = v.lane == 0 ? 0 : h;
      cols = v.lane == 0 ? h : p0.cols - h;
    }
    detail::pipeSetValid(ctx, pipeId, dst, rows, cols);
    if (v.data[0] != nullptr)
      detail::pipeCopyOut(dst, 0, 0, p0, v.data[0], r0, c0, rows, cols);
    return;
  }
  // Two producer lanes, concatenated (an empty part takes no room).
  const sim::PipeTileDesc& p1 = v.part[1];
  const bool e0 = p0.rows == 0 || p0.cols == 0, e1 = p1.rows == 0 || p1.cols == 0;
  int rows, cols;
  if (v.split == 1) {
    if (!e0 && !e1 && p0.cols != p1.cols)
      sim::fail(ctx, "TPOP on pipe %d (up-down split): lane 0 pushed %d columns, lane 1 %d",
                pipeId, p0.cols, p1.cols);
    rows = (e0 ? 0 : p0.rows) + (e1 ? 0 : p1.rows);
    cols = e0 ? (e1 ? 0 : p1.cols) : p0.cols;
  } else {
    if (!e0 && !e1 && p0.rows != p1.rows)
      sim::fail(ctx, "TPOP on pipe %d (left-right split): lane 0 pushed %d rows, lane 1 %d",
                pipeId, p0.rows, p1.rows);
    rows = e0 ? (e1 ? 0 : p1.rows) : p0.rows;
    cols = (e0 ? 0 : p0.cols) + (e1 ? 0 : p1.cols);
  }
  detail::pipeSetValid(ctx, pipeId, dst, rows, cols);
  if (!e0 && v.data[0] != nullptr)
    detail::pipeCopyOut(dst, 0, 0, p0, v.data[0], 0, 0, p0.rows, p0.cols);
  if (!e1 && v.data[1] != nullptr) {
    const int dr = v.split == 1 && !e0 ? p0.rows : 0;
    const int dc = v.split == 2 && !e0 ? p0.cols : 0;
    detail::pipeCopyOut(dst, dr, dc, p1, v.data[1], 0, 0, p1.rows, p1.cols);
  }
}
} // namespace detail

// Release the oldest slot this core popped from pipe `pipeId` and has not freed yet.
inline void TFREE(int pipeId) {
  sim::CoreContext* ctx = detail::pipeCore("TFREE");
  ctx->pipe_free(ctx, pipeId);
}

// pypto's form: free the slot a tile was popped from (slots are freed in pop order).
template <typename TileT>
inline void TFREE(int pipeId, const TileT&) {
  static_assert(is_tile_v<TileT>, "TFREE expects a Tile");
  TFREE(pipeId);
}

//===----------------------------------------------------------------------===//
// pto-isa's typed pipe API (what ptoas 0.27 writes)
//
//   auto p = TPipe<FlagID, Direction::DIR_C2V, SlotSize, SlotNum, LocalSlotNum,
//                  IsNoSplit>(gmRing, c2vConsumerBuf, v2cConsumerBuf);
//   TPUSH<decltype(p), TileT, TileSplitAxis::TILE_NO_SPLIT>(p, tile);
//   TPOP<decltype(p), TileT, TileSplitAxis::TILE_NO_SPLIT>(p, tile);
//   TFREE<decltype(p), TileSplitAxis::TILE_NO_SPLIT>(p);
//
// The pipe is pipe FlagID of the task. It is declared to the runtime
// (TPIPE_INIT) by its first TPUSH / TPOP / TFREE on this core, because only
// they carry the split mode. A popped tile lands in its slot of this core's
// consumer buffer (c2v on an AIV, v2c on the AIC). LocalSlotNum (a2a3's local
// staging slots) and EN_UNIT_FLAG change nothing in the simulator.
//===----------------------------------------------------------------------===//

struct Direction {
  static constexpr uint8_t DIR_C2V = 1;
  static constexpr uint8_t DIR_V2C = 2;
  static constexpr uint8_t DIR_BOTH = 3;
};

enum class TileSplitAxis : int {
  TILE_NO_SPLIT = 0,
  TILE_UP_DOWN = 1,
  TILE_LEFT_RIGHT = 2
};

template <uint8_t FlagID, uint8_t DirType, uint32_t SlotSize, uint32_t SlotNum,
          uint32_t LocalSlotNum = 2, bool IsNoSplit = false,
          bool EN_UNIT_FLAG = false>
struct TPipe {
  static_assert(DirType >= 1 && DirType <= 3,
                "TPipe: DirType is DIR_C2V, DIR_V2C or DIR_BOTH");
  static_assert(SlotSize > 0 && SlotNum >= 1,
                "TPipe: a pipe has at least one non-empty slot");
  static constexpr int kId = FlagID;

  TPipe(__gm__ void *gmRing, uint32_t c2vConsumerBuf, uint32_t v2cConsumerBuf)
      : gmRing(gmRing), c2vConsumerBuf(c2vConsumerBuf),
        v2cConsumerBuf(v2cConsumerBuf) {}

  // Declares the pipe on this core before its first use.
  void bind(TileSplitAxis split) {
    if (bound)
      return;
    TPIPE_INIT(kId, DirType, SlotSize, SlotNum,
               IsNoSplit ? 0 : static_cast<int>(split), gmRing);
    bound = true;
  }
  // Where this core's popped tiles live.
  uint32_t consumerBuf() const {
    return sim::current()->core_type == 0 ? v2cConsumerBuf : c2vConsumerBuf;
  }

  __gm__ void *gmRing;
  uint32_t c2vConsumerBuf, v2cConsumerBuf;
  bool bound = false;
};

template <typename Pipe, typename TileT, TileSplitAxis Split>
inline void TPUSH(Pipe &pipe, TileT &tile) {
  pipe.bind(Split);
  TPUSH(Pipe::kId, tile);
}

template <typename Pipe, typename TileT, TileSplitAxis Split>
inline void TPOP(Pipe &pipe, TileT &tile) {
  pipe.bind(Split);
  TPOP(Pipe::kId, tile, pipe.consumerBuf());
}

template <typename Pipe, TileSplitAxis Split> inline void TFREE(Pipe &pipe) {
  pipe.bind(Split);
  TFREE(Pipe::kId);
}

} // namespace pto

// The AIV lane this vector core runs (0 or 1; 0 on the AIC and outside a task).
inline int32_t get_subblockid() {
  const pto::sim::CoreContext *ctx = pto::sim::current();
  return ctx->abi_version >= 2 ? ctx->aiv_lane : 0;
}

#pragma GCC visibility pop

#endif // PTO_PIPE_HPP
