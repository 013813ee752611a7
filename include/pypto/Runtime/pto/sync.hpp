//===- pto/sync.hpp - The barrier of all cores of a task ------------------===//
//
// pto-isa's hard SYNCALL: every participant of the task waits until all have
// arrived. SyncCoreType says who takes part: the AIV parts (AIVOnly), the AIC
// parts (AICOnly) or every part of every block (Mix). On a device it is an
// FFTS barrier over every physical core of the type, so the task must fill
// the chip and start its blocks together; the runtime checks both and reports
// a barrier that can never complete (CoreContext::sync_all). It aligns
// arrival and is a full fence; it publishes nothing by itself.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_SYNC_HPP
#define PTO_SYNC_HPP

#include "pto/sim/core.hpp"

#include <atomic>
#include <cstdint>

#pragma GCC visibility push(hidden)

namespace pto {

enum class SyncCoreType : uint8_t { AIVOnly = 0, AICOnly = 1, Mix = 2 };

template <SyncCoreType Type = SyncCoreType::AIVOnly> inline void SYNCALL() {
  sim::CoreContext *ctx = sim::current();
  if (ctx->abi_version < 4 || ctx->sync_all == nullptr)
    sim::fail(ctx,
              "SYNCALL outside a runtime task: a barrier needs the blocks of a "
              "task launched together");
  std::atomic_thread_fence(std::memory_order_seq_cst);
  ctx->sync_all(ctx, static_cast<int32_t>(Type));
  std::atomic_thread_fence(std::memory_order_seq_cst);
}

} // namespace pto

#pragma GCC visibility pop

#endif // PTO_SYNC_HPP
