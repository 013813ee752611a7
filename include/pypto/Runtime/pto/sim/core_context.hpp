//===- pto/sim/core_context.hpp - Simulated core context (runtime ABI) ----===//
//
// The plain struct through which the runtime hands a simulated core (its on-chip
// arenas, its error hook and the cross-core pipe hooks of its task) to a kernel
// shared object. Layout pinned by docs/design/runtime-abi.md (fields are only ever
// appended); included by the runtime and by pto/pto-inst.hpp.
//
//===----------------------------------------------------------------------===//
#ifndef PTO_SIM_CORE_CONTEXT_HPP
#define PTO_SIM_CORE_CONTEXT_HPP

#include <cstdint>

namespace pto::sim {

enum class Space : int { UB = 0, L1, L0A, L0B, L0C, BIAS, NumSpaces };

inline constexpr int kNumSpaces = static_cast<int>(Space::NumSpaces);

inline constexpr uint32_t kCoreContextAbiVersion = 4;

// Element types a pipe slot can carry (PipeTileDesc::elem_type).
enum class PipeElem : uint32_t {
  Other = 0, F32, F16, BF16, I8, U8, I16, U16, I32, U32, I64, U64,
};

// Pipe directions (bits of the dir_mask of pipe_init).
inline constexpr int32_t kPipeC2V = 1; // AIC pushes, AIV pops
inline constexpr int32_t kPipeV2C = 2; // AIV pushes, AIC pops

// The data one producer lane put into a slot: a dense row-major rows x cols matrix.
struct PipeTileDesc {
  int32_t rows;
  int32_t cols;
  uint32_t elem_type;  // PipeElem
  uint32_t elem_bytes;
};

// A popped slot as the consumer sees it.
struct PipeSlotView {
  int32_t num_parts;        // producer lanes with a part in the slot (1 or 2)
  int32_t split;            // split mode of the pipe (0 none, 1 up-down, 2 left-right)
  int32_t lane;             // consumer lane of the caller (AIV lane, 0 on AIC)
  int32_t num_lanes;        // consumer lanes of the pipe
  const uint8_t* data[2];   // part i (nullptr: not transferred)
  PipeTileDesc part[2];
  uint32_t slot;            // index of the slot in the ring
  uint32_t slot_size;       // bytes of one slot
};

// One GM buffer a task may access: [base, base + bytes).
struct GmRange {
  uint64_t base;
  uint64_t bytes;
};

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

  // ---- ABI v2 (appended; all zero on the default core) ----
  uint32_t abi_version;                  // kCoreContextAbiVersion when the fields below are set
  int32_t core_type;                     // 0 AIC, 1 AIV, -1 not a runtime core
  int32_t aiv_lane;                      // AIV lane in the task (0 or 1); 0 on AIC
  int32_t num_aiv_lanes;                 // AIV parts of the task (0, 1 or 2)
  int32_t has_aic;                       // 1 when the task has an AIC part
  int32_t reserved0;
  // Cross-core pipes of the task (pto/pipe.hpp); nullptr outside a runtime core.
  // Every hook raises through `raise` on misuse, and blocks (without spinning)
  // until it can proceed or the run is aborted.
  void (*pipe_init)(CoreContext*, int32_t pipe_id, int32_t dir_mask, uint32_t slot_size,
                    uint32_t slot_num, int32_t split, void* gm_ring);
  // Wait for a free slot of the pipe this core pushes into; returns where this lane writes
  // (nullptr: this lane's data is not transferred) and sets *capacity (bytes).
  uint8_t* (*pipe_push_acquire)(CoreContext*, int32_t pipe_id, uint64_t* capacity);
  // The slot part acquired last is written: `desc` tells its valid shape and element type.
  void (*pipe_push_commit)(CoreContext*, int32_t pipe_id, const PipeTileDesc* desc);
  // Wait for the next ready slot of the pipe this core pops from and describe it.
  void (*pipe_pop)(CoreContext*, int32_t pipe_id, PipeSlotView* out);
  // Release the oldest popped, not yet freed slot.
  void (*pipe_free)(CoreContext*, int32_t pipe_id);
  // GM the task may touch: the buffers of its tensor arguments (see pto::sim::checkGm).
  const GmRange* gm_ranges;
  uint32_t num_gm_ranges;
  int32_t arch;                          // Arch of the simulated device

  // ---- ABI v3 (appended): the chips of a multi-card run ----
  int32_t rank;                          // this chip's rank (0 when alone)
  int32_t num_ranks;                     // chips in the run (1 when alone)
  // Signals in the communication windows (pto/comm.hpp). notify applies `op` (0 atomic
  // add, 1 set) to the int32 at `addr`, in any rank's window, and wakes the waiters; wait
  // blocks until `*addr <cmp> expected` (0 eq, 1 ne, 2 gt, 3 ge, 4 lt, 5 le) holds for
  // the int32 at `addr` or the run is aborted. nullptr outside a runtime core.
  void (*comm_notify)(CoreContext*, int32_t* addr, int32_t value, int32_t op);
  void (*comm_wait)(CoreContext*, const int32_t* addr, int32_t cmp, int32_t expected);

  // ---- ABI v4 (appended): the barrier of all cores (pto/sync.hpp) ----
  // Blocks until every participant of the task's barrier of `core_type`
  // (0 AIV only, 1 AIC only, 2 mix) has arrived, or raises (a task not
  // launched together, a partial launch, a deadlock, an aborted run).
  // nullptr outside a runtime core.
  void (*sync_all)(CoreContext *, int32_t core_type);
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

// Clusters (one AIC and two AIV cores each) of the chip.
constexpr int clusterCountOf(Arch arch) { return arch == Arch::A2A3 ? 24 : 36; }

constexpr const char* archName(Arch arch) { return arch == Arch::A2A3 ? "a2a3" : "a5"; }

} // namespace pto::sim

#endif // PTO_SIM_CORE_CONTEXT_HPP
