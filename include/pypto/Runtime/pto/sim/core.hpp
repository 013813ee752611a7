//===- pto/sim/core.hpp - Core binding, default core and errors -----------===//
//
// Each kernel shared object keeps the core it runs on in a thread_local that is
// private to the object (hidden visibility); the runtime sets it through the
// exported hook pto_sim_bind_core. Without a bound core (unit tests), a
// thread-local default core with lazily allocated arenas is used.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_SIM_CORE_HPP
#define PTO_SIM_CORE_HPP

#include "pto/sim/core_context.hpp"

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

// Library internals stay private to each kernel shared object.
#pragma GCC visibility push(hidden)

#define PTO_SIM_HIDDEN __attribute__((visibility("hidden")))

namespace pto::sim {
namespace detail {

__attribute__((noreturn)) inline void defaultRaise(CoreContext*, const char* message) {
  throw std::runtime_error(message);
}

struct DefaultCore {
  CoreContext ctx{};
  Arch arch = Arch::A5;
  bool initialized = false;

  void setArch(Arch a) {
    arch = a;
    for (int i = 0; i < kNumSpaces; ++i)
      ctx.capacity[i] = capacityOf(a, static_cast<Space>(i));
  }
  ~DefaultCore() {
    for (int i = 0; i < kNumSpaces; ++i)
      std::free(ctx.base[i]);
  }
};

PTO_SIM_HIDDEN inline thread_local CoreContext* tlsBoundCore = nullptr;
PTO_SIM_HIDDEN inline thread_local DefaultCore tlsDefaultCore;

inline DefaultCore& defaultCoreState() {
  DefaultCore& d = tlsDefaultCore;
  if (!d.initialized) {
    d.initialized = true;
    d.ctx.kernel_name = "default";
    d.ctx.raise = &defaultRaise;
    d.ctx.runtime_data = nullptr;
    d.setArch(Arch::A5);
  }
  return d;
}

} // namespace detail

// The default core of the calling thread (a5 capacities unless a ScopedDefaultCore is active).
inline CoreContext* defaultCore() { return &detail::defaultCoreState().ctx; }

// The core bound by the runtime on this thread, or nullptr.
inline CoreContext* boundCore() { return detail::tlsBoundCore; }

// The core instructions run on: the bound one, else the default core.
inline CoreContext* current() {
  CoreContext* c = detail::tlsBoundCore;
  return c ? c : defaultCore();
}

// Base of the arena of `space` on `ctx` (allocated on first use for the default core;
// nullptr when the space is absent on a runtime core).
inline uint8_t* arenaBase(CoreContext* ctx, Space space) {
  const int s = static_cast<int>(space);
  if (ctx->base[s] == nullptr && ctx == &detail::tlsDefaultCore.ctx) {
    const uint64_t bytes = maxCapacityOf(space);
    void* p = std::aligned_alloc(64, bytes);
    if (p == nullptr)
      ctx->raise(ctx, "default core: out of host memory for an arena");
    std::memset(p, 0, bytes);
    ctx->base[s] = static_cast<uint8_t*>(p);
  }
  return ctx->base[s];
}

// Report an error on `ctx`: formats "kernel '<name>': <message>" and calls ctx->raise.
[[noreturn]] __attribute__((format(printf, 2, 3))) inline void fail(CoreContext* ctx,
                                                                    const char* fmt, ...) {
  char msg[768];
  int n = std::snprintf(msg, sizeof(msg), "kernel '%s': ",
                        ctx->kernel_name ? ctx->kernel_name : "?");
  if (n < 0 || n >= (int)sizeof(msg))
    n = 0;
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(msg + n, sizeof(msg) - n, fmt, ap);
  va_end(ap);
  ctx->raise(ctx, msg);
  std::abort(); // raise must not return
}

// Whether [p, p + bytes) lies inside one GM buffer of the task the core runs. Always true
// when the runtime gives no ranges (the default core, or an older runtime).
inline bool gmInRange(const CoreContext* ctx, const void* p, uint64_t bytes) {
  if (ctx->abi_version < 2 || ctx->gm_ranges == nullptr)
    return true;
  const uint64_t a = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(p));
  for (uint32_t i = 0; i < ctx->num_gm_ranges; ++i) {
    const GmRange& r = ctx->gm_ranges[i];
    if (a >= r.base && bytes <= r.bytes && a - r.base <= r.bytes - bytes)
      return true;
  }
  return false;
}

// Raises "<op>: GM access of <bytes> bytes at <p> is outside every tensor argument of
// the task" unless gmInRange. For instructions that touch GM (TLOAD, TSTORE, ...).
inline void checkGm(CoreContext* ctx, const char* op, const void* p, uint64_t bytes) {
  if (gmInRange(ctx, p, bytes))
    return;
  // Generated code turns a peer outside the world into an address this low.
  const bool peerHint = ctx->abi_version >= 3 && ctx->num_ranks > 1 &&
                        reinterpret_cast<uintptr_t>(p) < (uintptr_t(1) << 32);
  fail(ctx, "%s: GM access of %llu bytes at %p is outside every tensor argument of the task%s",
       op, (unsigned long long)bytes, p,
       peerHint ? " (is a peer rank outside 0..num_ranks-1?)" : "");
}

// Selects the default core (and its capacities) for the calling thread while alive.
// A core bound by the runtime is unbound for the lifetime of the guard.
class ScopedDefaultCore {
public:
  explicit ScopedDefaultCore(Arch arch, const char* kernelName = nullptr) {
    detail::DefaultCore& d = detail::defaultCoreState();
    prevArch_ = d.arch;
    prevName_ = d.ctx.kernel_name;
    prevBound_ = detail::tlsBoundCore;
    detail::tlsBoundCore = nullptr;
    d.setArch(arch);
    if (kernelName)
      d.ctx.kernel_name = kernelName;
  }
  ~ScopedDefaultCore() {
    detail::DefaultCore& d = detail::defaultCoreState();
    d.setArch(prevArch_);
    d.ctx.kernel_name = prevName_;
    detail::tlsBoundCore = prevBound_;
  }
  ScopedDefaultCore(const ScopedDefaultCore&) = delete;
  ScopedDefaultCore& operator=(const ScopedDefaultCore&) = delete;

private:
  Arch prevArch_;
  const char* prevName_;
  CoreContext* prevBound_;
};

} // namespace pto::sim

// Exported hook: the runtime binds the core before each kernel_entry (nullptr after).
extern "C" __attribute__((visibility("default"), used)) inline void
pto_sim_bind_core(pto::sim::CoreContext* ctx) {
  pto::sim::detail::tlsBoundCore = ctx;
}

#pragma GCC visibility pop

#endif // PTO_SIM_CORE_HPP
