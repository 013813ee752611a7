//===- TargetInfo.cpp - per-architecture facts for the passes --*- C++ -*-===//
//
// On-chip capacities come from the simulator's table, so the planner and the
// simulated device can never disagree about what fits.
//
//===----------------------------------------------------------------------===//

#include "pypto/Transforms/Passes.h"

#include "pypto/Runtime/pto/sim/core_context.hpp"
#include "llvm/ADT/StringSwitch.h"

std::optional<int64_t> mlir::pypto::getSpaceCapacity(llvm::StringRef arch,
                                                     llvm::StringRef space) {
  std::optional<::pto::sim::Arch> target =
      llvm::StringSwitch<std::optional<::pto::sim::Arch>>(arch)
          .Case("a2a3", ::pto::sim::Arch::A2A3)
          .Case("a5", ::pto::sim::Arch::A5)
          .Default(std::nullopt);
  std::optional<::pto::sim::Space> buffer =
      llvm::StringSwitch<std::optional<::pto::sim::Space>>(space)
          .Case("vec", ::pto::sim::Space::UB)
          .Case("mat", ::pto::sim::Space::L1)
          .Case("left", ::pto::sim::Space::L0A)
          .Case("right", ::pto::sim::Space::L0B)
          .Case("acc", ::pto::sim::Space::L0C)
          .Case("bias", ::pto::sim::Space::BIAS)
          .Default(std::nullopt);
  if (!target || !buffer)
    return std::nullopt;
  return static_cast<int64_t>(::pto::sim::capacityOf(*target, *buffer));
}

mlir::LogicalResult mlir::pypto::verifyArch(Operation *op,
                                            llvm::StringRef arch) {
  if (arch == "a2a3" || arch == "a5")
    return success();
  return op->emitError("unknown architecture '")
         << arch << "', expected a2a3 or a5";
}
