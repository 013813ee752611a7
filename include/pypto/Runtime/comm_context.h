//===- comm_context.h - A chip's view of the communication windows ---------===//
//
// simpler's CommContext, byte for byte: kernels of a multi-card program take a
// pointer to it (a `!pto.ptr<i64>` parameter) and read it as int64 slots, as
// pypto's generated code does: slot 2 holds rankId (low half) and rankNum, slot
// 4 + r the base of rank r's window. A buffer of a window sits at the same
// offset in every rank's window, so its copy on `peer` is at
// `local + windowsIn[peer] - windowsIn[rankId]`.
//
//===----------------------------------------------------------------------===//
#ifndef PYPTO_RUNTIME_COMM_CONTEXT_H
#define PYPTO_RUNTIME_COMM_CONTEXT_H

#include <cstddef>
#include <cstdint>

inline constexpr uint32_t COMM_MAX_RANKS = 64;

struct CommContext {
  uint64_t workSpace;     // unused by the simulators
  uint64_t workSpaceSize; // unused by the simulators
  uint32_t rankId;
  uint32_t rankNum;
  uint64_t winSize;                   // bytes of each rank's window
  uint64_t windowsIn[COMM_MAX_RANKS]; // base of each rank's window
  uint64_t windowsOut[COMM_MAX_RANKS]; // the same bases (one window per rank here)
};

static_assert(offsetof(CommContext, rankId) == 16, "simpler's CommContext layout");
static_assert(offsetof(CommContext, rankNum) == 20, "simpler's CommContext layout");
static_assert(offsetof(CommContext, windowsIn) == 32, "simpler's CommContext layout");
static_assert(offsetof(CommContext, windowsOut) == 544, "simpler's CommContext layout");

#endif // PYPTO_RUNTIME_COMM_CONTEXT_H
