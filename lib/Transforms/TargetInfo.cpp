//===- TargetInfo.cpp - per-architecture facts for the passes --*- C++ -*-===//
//
// On-chip capacities come from the simulator's table, so the planner and the
// simulated device can never disagree about what fits.
//
//===----------------------------------------------------------------------===//

#include "pypto/Transforms/Passes.h"

#include "pypto/Dialect/PyPTO/PyPTODialect.h"
#include "pypto/Runtime/pto/sim/core_context.hpp"

#include "pypto/Transforms/TargetEnums.cpp.inc"

int64_t mlir::pypto::getSpaceCapacity(Arch arch, MemorySpace space) {
  using ::pto::sim::Space;
  // Indexed by MemorySpace: vec, mat, left, right, acc, bias.
  static constexpr Space kSimulatorSpace[] = {
      Space::UB, Space::L1, Space::L0A, Space::L0B, Space::L0C, Space::BIAS};
  static_assert(std::size(kSimulatorSpace) ==
                static_cast<size_t>(getMaxEnumValForMemorySpace()) + 1);
  ::pto::sim::Arch target =
      arch == Arch::a2a3 ? ::pto::sim::Arch::A2A3 : ::pto::sim::Arch::A5;
  return static_cast<int64_t>(::pto::sim::capacityOf(
      target, kSimulatorSpace[static_cast<uint32_t>(space)]));
}

int64_t mlir::pypto::getClusterCount(Arch arch) {
  return ::pto::sim::clusterCountOf(arch == Arch::a2a3 ? ::pto::sim::Arch::A2A3
                                                       : ::pto::sim::Arch::A5);
}
