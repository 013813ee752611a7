//===- SpillAllocator.h - large tensors in files -----------------*- C++
//-*-===//
//
// pypto-run's --spill-dir: libtorch's CPU allocations of a given size and
// more become shared mappings of files of their own in a directory, so a
// run's data may exceed the machine's memory (the kernel writes such pages
// back and drops them under memory pressure; anonymous memory, with no swap,
// it cannot). Part of the libtorch half, like Data.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_SPILLALLOCATOR_H
#define PYPTO_HARNESS_SPILLALLOCATOR_H

#include "pypto/Harness/Data.h"

#include <cstdint>
#include <string>

namespace pypto::harness {

/// From now on, for the whole process, every CPU allocation of `minBytes`
/// (at least 1) and more is a file in `dir`, created unlinked and given its
/// blocks at once, so a full disk is an allocation error and never a fault
/// on a later write. Returns why `dir` cannot hold them (it does not exist,
/// is not writable, is a tmpfs: memory again), or "". A second call only
/// changes the directory and the size.
std::string startSpilling(const std::string &dir, uint64_t minBytes);

/// What has been spilled so far (zeros when spilling never started).
SpillStats spillStats();

} // namespace pypto::harness

#endif // PYPTO_HARNESS_SPILLALLOCATOR_H
