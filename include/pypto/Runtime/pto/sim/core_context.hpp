//===- pto/sim/core_context.hpp - Simulated core context (runtime ABI) ----===//
//
// The plain struct through which the runtime hands a simulated core (its on-chip
// arenas and its error hook) to a kernel shared object. Layout pinned by
// docs/design/runtime-abi.md; included by the runtime and by pto/pto-inst.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_SIM_CORE_CONTEXT_HPP
#define PTO_SIM_CORE_CONTEXT_HPP

#include <cstdint>

namespace pto::sim {

enum class Space : int { UB = 0, L1, L0A, L0B, L0C, BIAS, NumSpaces };

inline constexpr int kNumSpaces = static_cast<int>(Space::NumSpaces);

struct CoreContext {
  const char* kernel_name;               // for error messages
  uint8_t* base[(int)Space::NumSpaces];  // arena of each on-chip space (nullptr: absent on this core)
  uint64_t capacity[(int)Space::NumSpaces];
#if !defined(__clang__)
  [[noreturn]] void (*raise)(CoreContext*, const char* message);  // never returns (throws in the runtime)
#else // clang rejects [[noreturn]] on a pointer; same layout and meaning
  void (*raise)(CoreContext*, const char* message) __attribute__((noreturn));
#endif
  void* runtime_data;                    // opaque to kernels
};

// Simulated architectures.
enum class Arch : int { A2A3 = 0, A5 = 1 };

// Capacities in bytes, indexed by Space (UB, L1, L0A, L0B, L0C, BIAS).
inline constexpr uint64_t kCapacityA2A3[kNumSpaces] = {196608, 524288, 65536, 65536, 131072, 1024};
inline constexpr uint64_t kCapacityA5[kNumSpaces] = {262144, 524288, 65536, 65536, 262144, 4096};

constexpr uint64_t capacityOf(Arch arch, Space space) {
  return arch == Arch::A2A3 ? kCapacityA2A3[static_cast<int>(space)]
                            : kCapacityA5[static_cast<int>(space)];
}

// Largest capacity of a space over all architectures.
constexpr uint64_t maxCapacityOf(Space space) {
  return capacityOf(Arch::A2A3, space) > capacityOf(Arch::A5, space)
             ? capacityOf(Arch::A2A3, space)
             : capacityOf(Arch::A5, space);
}

constexpr const char* spaceName(Space space) {
  switch (space) {
  case Space::UB: return "UB";
  case Space::L1: return "L1";
  case Space::L0A: return "L0A";
  case Space::L0B: return "L0B";
  case Space::L0C: return "L0C";
  case Space::BIAS: return "BIAS";
  default: return "?";
  }
}

constexpr const char* archName(Arch arch) { return arch == Arch::A2A3 ? "a2a3" : "a5"; }

} // namespace pto::sim

#endif // PTO_SIM_CORE_CONTEXT_HPP
