//===- intrinsic.h - Kernel-side accessors for the args[] slots -*- C++ -*-===//
//
// The launch context a kernel receives in args[48] and args[49] (see
// docs/design/runtime-abi.md, "Kernel entry"), and the accessors pypto's
// kernel wrappers call. C++17 standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_INTRINSIC_H
#define PYPTO_RUNTIME_INTRINSIC_H

#include <cstdint>

/// Number of args[] slots the runtime passes to kernel_entry.
#define PTO2_KERNEL_ARG_SLOTS 50
/// Slot of the LocalContext pointer.
#define PTO2_LOCAL_CONTEXT_SLOT 48
/// Slot of the GlobalContext pointer.
#define PTO2_GLOBAL_CONTEXT_SLOT 49

/// Per-block launch context (args[48]).
struct LocalContext {
  int32_t block_idx;
  int32_t block_num;
};

/// Per-core launch context (args[49]); sub_block_id is the AIV lane (0 or 1)
/// of a mixed task, 0 otherwise.
struct GlobalContext {
  int32_t sub_block_id;
};

inline int32_t get_block_idx(int64_t *args) {
  return reinterpret_cast<const LocalContext *>(args[PTO2_LOCAL_CONTEXT_SLOT])->block_idx;
}
inline int32_t get_block_num(int64_t *args) {
  return reinterpret_cast<const LocalContext *>(args[PTO2_LOCAL_CONTEXT_SLOT])->block_num;
}
inline int32_t get_sub_block_id(int64_t *args) {
  return reinterpret_cast<const GlobalContext *>(args[PTO2_GLOBAL_CONTEXT_SLOT])->sub_block_id;
}

#endif // PYPTO_RUNTIME_INTRINSIC_H
