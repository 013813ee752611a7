//===- pto/comm.hpp - Signals between the chips of a multi-card run -------===//
//
// pto-isa's pto::comm signal instructions, for the simulated chips of one run:
//   TNOTIFY(signal, value, op)     op: NotifyOp::AtomicAdd or NotifyOp::Set, on the
//                                  int32 the signal tensor points at (usually in a
//                                  peer's window);
//   TWAIT(signal, expected, cmp)   block until `*signal <cmp> expected` holds;
//   TTEST(signal, expected, cmp)   the same test, without waiting.
// The runtime carries them out (CoreContext::comm_notify / comm_wait): a wait blocks
// without spinning, and ends with an error when the run, or a peer's, fails.
// Reading a peer's window needs no instruction of its own: the kernel forms the
// peer's address from the CommContext (windowsIn[peer] - windowsIn[rank]) and loads.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_COMM_HPP
#define PTO_COMM_HPP

#include "pto/sim/core.hpp"

#include <atomic>
#include <cstdint>

#pragma GCC visibility push(hidden)

namespace pto::comm {

enum class NotifyOp : uint8_t { AtomicAdd = 0, Set = 1 };
enum class WaitCmp : uint8_t { EQ = 0, NE = 1, GT = 2, GE = 3, LT = 4, LE = 5 };

namespace detail {

inline bool holds(int32_t value, WaitCmp cmp, int32_t expected) {
  switch (cmp) {
  case WaitCmp::EQ: return value == expected;
  case WaitCmp::NE: return value != expected;
  case WaitCmp::GT: return value > expected;
  case WaitCmp::GE: return value >= expected;
  case WaitCmp::LT: return value < expected;
  case WaitCmp::LE: return value <= expected;
  }
  return false;
}

template <typename SignalT> int32_t* signalAddress(const char* op, SignalT& signal) {
  static_assert(sizeof(typename SignalT::DType) == 4, "a signal is a 32-bit integer");
  int32_t* addr = reinterpret_cast<int32_t*>(signal.data());
  if (!addr || reinterpret_cast<uintptr_t>(addr) % alignof(int32_t) != 0)
    sim::fail(sim::current(), "%s: the signal address %p is not an aligned int32", op,
              static_cast<void*>(addr));
  return addr;
}

} // namespace detail

template <typename SignalT> inline void TNOTIFY(SignalT& signal, int32_t value, NotifyOp op) {
  int32_t* addr = detail::signalAddress("TNOTIFY", signal);
  sim::CoreContext* ctx = sim::current();
  if (ctx->abi_version >= 3 && ctx->comm_notify) {
    ctx->comm_notify(ctx, addr, value, static_cast<int32_t>(op));
    return;
  }
  if (op == NotifyOp::AtomicAdd)
    __atomic_fetch_add(addr, value, __ATOMIC_SEQ_CST);
  else
    __atomic_store_n(addr, value, __ATOMIC_SEQ_CST);
}

template <typename SignalT> inline bool TTEST(SignalT& signal, int32_t expected, WaitCmp cmp) {
  int32_t* addr = detail::signalAddress("TTEST", signal);
  return detail::holds(__atomic_load_n(addr, __ATOMIC_SEQ_CST), cmp, expected);
}

template <typename SignalT> inline void TWAIT(SignalT& signal, int32_t expected, WaitCmp cmp) {
  int32_t* addr = detail::signalAddress("TWAIT", signal);
  sim::CoreContext* ctx = sim::current();
  if (ctx->abi_version >= 3 && ctx->comm_wait) {
    ctx->comm_wait(ctx, addr, static_cast<int32_t>(cmp), expected);
    return;
  }
  // No runtime (a unit test on the default core): nobody else can change the signal.
  if (!detail::holds(__atomic_load_n(addr, __ATOMIC_SEQ_CST), cmp, expected))
    sim::fail(ctx, "TWAIT: the signal holds %d and no other chip can change it outside a "
                   "multi-card run",
              __atomic_load_n(addr, __ATOMIC_SEQ_CST));
}

} // namespace pto::comm

// The cache maintenance and fence ptoas emits around signals (data before
// signal). The simulated chips share coherent host memory, so dcci has
// nothing to invalidate and dsb is a full fence.
enum class cache_line_t : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE = 1 };
enum dsb_mode_t : uint8_t { DSB_DDR = 0 };

inline void dcci(const volatile void* /*addr*/, cache_line_t /*lines*/) {}
inline void dsb(dsb_mode_t /*mode*/) { std::atomic_thread_fence(std::memory_order_seq_cst); }

#pragma GCC visibility pop

#endif // PTO_COMM_HPP
