//===- pto_orchestration_api.h - PTO2 orchestration API ---------*- C++ -*-===//
//
// The API generated orchestration C++ is written against (simpler PTO2 names).
// The orchestration is compiled into its own shared object; it has no
// link-time dependency on the runtime: every call goes through the function
// table PTO2RuntimeOps, which the runtime hands over by calling the exported
// `framework_bind_runtime` before `aicpu_orchestration_entry`.
//
// The generated file defines, as extern "C":
//   PTO2OrchestrationConfig aicpu_orchestration_config(const ChipTaskArgs&);
//   void aicpu_orchestration_entry(const ChipTaskArgs&);
//
// Lifetime rules (as in simpler): tensors, TensorCreateInfo objects and
// dependency arrays handed to CoreTaskArgs are stored by address and must be
// alive at submit; TaskOutputTensors and the references get_ref returns are
// valid until the end of the enclosing PTO2_SCOPE.
//
// Self-contained, C++17 standard library only.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_PTO_ORCHESTRATION_API_H
#define PYPTO_RUNTIME_PTO_ORCHESTRATION_API_H

#include <algorithm>
#include <cmath>
#include <cstdarg>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

// Everything below is internal to the shared object that includes it, except
// framework_bind_runtime and what the generated code exports itself: an
// executable that exports the same inline symbols must not interpose them.
#pragma GCC visibility push(hidden)

#include "tensor.h"
#include "view_strides.h"

#define PTO2_RUNTIME_OPS_VERSION 1

//===----------------------------------------------------------------------===//
// Task ids
//===----------------------------------------------------------------------===//

/// Task identifier: (ring << 32) | local index; UINT64_MAX is invalid.
struct PTO2TaskId {
  uint64_t raw = UINT64_MAX;

  static constexpr PTO2TaskId invalid() { return PTO2TaskId{}; }
  static constexpr PTO2TaskId from_raw(uint64_t r) {
    PTO2TaskId id;
    id.raw = r;
    return id;
  }
  constexpr bool is_valid() const { return raw != UINT64_MAX; }
  constexpr uint32_t ring() const { return static_cast<uint32_t>(raw >> 32); }
  constexpr uint32_t local() const { return static_cast<uint32_t>(raw); }
  constexpr bool operator==(const PTO2TaskId &o) const { return raw == o.raw; }
  constexpr bool operator!=(const PTO2TaskId &o) const { return raw != o.raw; }
};

//===----------------------------------------------------------------------===//
// Orchestration arguments
//===----------------------------------------------------------------------===//

#define CHIP_MAX_TENSOR_ARGS 256
#define CHIP_MAX_SCALAR_ARGS 128

/// One external tensor of the orchestration; `.ref()` borrows the descriptor.
struct ChipTensorArg {
  ChipTensor tensor;
  const ChipTensor &ref() const { return tensor; }
  operator const ChipTensor &() const { return tensor; }
};

/// The orchestration's arguments: tensors (in order), then scalars (in order).
struct ChipTaskArgs {
  ChipTensorArg tensors_[CHIP_MAX_TENSOR_ARGS];
  uint64_t scalars_[CHIP_MAX_SCALAR_ARGS];
  int32_t tensor_count_ = 0;
  int32_t scalar_count_ = 0;

  const ChipTensorArg &tensor(int32_t i) const { return tensors_[i]; }
  template <typename T = uint64_t> T scalar(int32_t i) const {
    if constexpr (std::is_same<T, uint64_t>::value)
      return scalars_[i];
    else
      return from_u64<T>(scalars_[i]);
  }
  int32_t tensor_count() const { return tensor_count_; }
  int32_t scalar_count() const { return scalar_count_; }
  int32_t arg_count() const { return tensor_count_ + scalar_count_; }
};

/// Returned by aicpu_orchestration_config.
struct PTO2OrchestrationConfig {
  int expected_arg_count;
};

//===----------------------------------------------------------------------===//
// Runtime-allocated tensors
//===----------------------------------------------------------------------===//

/// Describes a tensor the runtime allocates (zero-filled unless an initial
/// value is set). Row-major, contiguous.
struct TensorCreateInfo {
  uint32_t shapes[MAX_TENSOR_DIMS] = {0, 0, 0, 0, 0};
  uint32_t ndims = 0;
  DataType dtype = DataType::FLOAT32;
  uint8_t has_initial_value = 0;
  double initial_value = 0.0;

  TensorCreateInfo() = default;
  TensorCreateInfo(const uint32_t *s, uint32_t n, DataType dt = DataType::FLOAT32)
      : ndims(n), dtype(dt) {
    for (uint32_t i = 0; i < n && i < MAX_TENSOR_DIMS; ++i)
      shapes[i] = s[i];
  }
  template <typename T> void set_initial_value(T v) {
    has_initial_value = 1;
    initial_value = static_cast<double>(v);
  }
  uint64_t numel() const {
    uint64_t n = 1;
    for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i)
      n *= shapes[i];
    return n;
  }
};

/// The runtime-created output tensors of one submit (in add_output order),
/// plus the id of the task. Valid until the end of the enclosing scope.
class TaskOutputTensors {
public:
  TaskOutputTensors() = default;
  TaskOutputTensors(const ChipTensor *tensors, uint32_t count, PTO2TaskId id)
      : tensors_(tensors), count_(count), task_id_(id) {}

  bool empty() const { return count_ == 0; }
  uint32_t size() const { return count_; }
  PTO2TaskId task_id() const { return task_id_; }

  /// Borrow output k (lvalue only: the storage belongs to the scope).
  const ChipTensor &get_ref(uint32_t k) const & {
    if (k >= count_ || !tensors_)
      return out_of_range_tensor();
    return tensors_[k];
  }
  const ChipTensor &get_ref(uint32_t k) const && = delete;

private:
  static const ChipTensor &out_of_range_tensor();
  const ChipTensor *tensors_ = nullptr;
  uint32_t count_ = 0;
  PTO2TaskId task_id_;
};

//===----------------------------------------------------------------------===//
// Per-task arguments
//===----------------------------------------------------------------------===//

/// How a task uses a tensor argument.
enum class TensorArgType : uint8_t {
  INPUT = 0,           // read
  OUTPUT = 1,          // written; buffer allocated by the runtime (TensorCreateInfo)
  INOUT = 2,           // read and written
  OUTPUT_EXISTING = 3, // written; existing tensor
  NO_DEP = 4,          // passed through, takes no part in dependency tracking
};

/// SPMD launch parameters.
struct PTO2LaunchSpec {
  int32_t block_num = 1;
  uint8_t require_sync_start = 0;

  void set_block_num(int32_t n) { block_num = n; }
  void set_core_num(int32_t n) { block_num = n; } // a5 spelling
  void set_require_sync_start(bool v) { require_sync_start = v ? 1 : 0; }
  int32_t get_block_num() const { return block_num; }
};

#define PTO2_MAX_TENSOR_ARGS 32
#define PTO2_MAX_SCALAR_ARGS 16

/// Arguments of one task. Tensors are stored by address (they must be alive
/// at submit); all tensors come before any scalar. API misuse is recorded
/// and reported by the runtime at submit.
struct CoreTaskArgs {
  union Ref {
    const ChipTensor *tensor;
    const TensorCreateInfo *create_info;
  };

  Ref refs_[PTO2_MAX_TENSOR_ARGS];
  TensorArgType tags_[PTO2_MAX_TENSOR_ARGS];
  uint64_t scalars_[PTO2_MAX_SCALAR_ARGS];
  int32_t tensor_count_ = 0;
  int32_t scalar_count_ = 0;
  const PTO2TaskId *deps_ = nullptr;
  int32_t dep_count_ = 0;
  const char *error_msg_ = nullptr;
  uint8_t allow_early_resolve_ = 0;
  PTO2LaunchSpec launch_spec;

  void set_error(const char *msg) {
    if (!error_msg_)
      error_msg_ = msg;
  }
  bool has_error() const { return error_msg_ != nullptr; }

  void add_input(const ChipTensor &t) { add_tensor_ref(&t, TensorArgType::INPUT); }
  void add_input(ChipTensor &&) = delete;
  /// Write an existing tensor (OUTPUT_EXISTING).
  void add_output(const ChipTensor &t) { add_tensor_ref(&t, TensorArgType::OUTPUT_EXISTING); }
  void add_output(ChipTensor &&) = delete;
  /// Let the runtime allocate the output; it is returned by the submit.
  void add_output(const TensorCreateInfo &ci) {
    if (!check_add_tensor())
      return;
    refs_[tensor_count_].create_info = &ci;
    tags_[tensor_count_++] = TensorArgType::OUTPUT;
  }
  void add_output(TensorCreateInfo &&) = delete;
  void add_inout(const ChipTensor &t) { add_tensor_ref(&t, TensorArgType::INOUT); }
  void add_inout(ChipTensor &&) = delete;
  void add_no_dep(const ChipTensor &t) { add_tensor_ref(&t, TensorArgType::NO_DEP); }
  void add_no_dep(ChipTensor &&) = delete;

  template <typename T = uint64_t> void add_scalar(T value) {
    if (scalar_count_ >= PTO2_MAX_SCALAR_ARGS) {
      set_error("too many scalar arguments (at most 16)");
      return;
    }
    scalars_[scalar_count_++] = to_u64(value);
  }
  void add_scalars(const uint64_t *values, int32_t count) {
    for (int32_t i = 0; i < count; ++i)
      add_scalar<uint64_t>(values[i]);
  }
  void add_scalars_i32(const int32_t *values, int32_t count) {
    for (int32_t i = 0; i < count; ++i)
      add_scalar<uint64_t>(static_cast<uint64_t>(static_cast<uint32_t>(values[i])));
  }

  /// Explicit dependencies (the array must be alive at submit).
  void set_dependencies(const PTO2TaskId *deps, int32_t count) {
    deps_ = deps;
    dep_count_ = count;
  }
  void set_allow_early_resolve(bool v) { allow_early_resolve_ = v ? 1 : 0; }

  int32_t tensor_count() const { return tensor_count_; }
  int32_t scalar_count() const { return scalar_count_; }
  TensorArgType tag(int32_t i) const { return tags_[i]; }

  void reset() {
    tensor_count_ = scalar_count_ = dep_count_ = 0;
    deps_ = nullptr;
    error_msg_ = nullptr;
    allow_early_resolve_ = 0;
    launch_spec = PTO2LaunchSpec{};
  }

private:
  bool check_add_tensor() {
    if (scalar_count_ != 0) {
      set_error("tensor argument added after a scalar: all tensors must come first");
      return false;
    }
    if (tensor_count_ >= PTO2_MAX_TENSOR_ARGS) {
      set_error("too many tensor arguments (at most 32)");
      return false;
    }
    return true;
  }
  void add_tensor_ref(const ChipTensor *t, TensorArgType tag) {
    if (!check_add_tensor())
      return;
    refs_[tensor_count_].tensor = t;
    tags_[tensor_count_++] = tag;
  }
};

/// CoreTaskArgs with inline storage for up to N explicit dependencies.
template <int N> struct CoreTaskArgsWithDeps : CoreTaskArgs {
  PTO2TaskId dep_storage_[N];
  int32_t dep_storage_count_ = 0;

  void add_dep(PTO2TaskId id) {
    if (dep_storage_count_ >= N) {
      set_error("too many explicit dependencies");
      return;
    }
    dep_storage_[dep_storage_count_++] = id;
    set_dependencies(dep_storage_, dep_storage_count_);
  }
  void add_dep_wait(PTO2TaskId id) { add_dep(id); }
};

//===----------------------------------------------------------------------===//
// Kernels and scopes
//===----------------------------------------------------------------------===//

constexpr int INVALID_KERNEL_ID = -1;

/// Kernel ids of the parts of a (possibly mixed) task; -1 = slot unused.
struct MixedKernels {
  int aic = INVALID_KERNEL_ID;
  int aiv0 = INVALID_KERNEL_ID;
  int aiv1 = INVALID_KERNEL_ID;
};

/// AUTO: dependencies are derived from tensor arguments. MANUAL: only
/// explicit dependencies count for tasks submitted in the scope.
enum class PTO2ScopeMode : int { AUTO = 0, MANUAL = 1 };

enum PTO2LogLevel : int {
  PTO2_LOG_DEBUG = 0,
  PTO2_LOG_INFO = 1,
  PTO2_LOG_WARN = 2,
  PTO2_LOG_ERROR = 3,
};

/// The runtime's services, bound per run through framework_bind_runtime.
struct PTO2RuntimeOps {
  uint32_t version;     // PTO2_RUNTIME_OPS_VERSION
  uint32_t struct_size; // sizeof(PTO2RuntimeOps)
  void *runtime;        // first argument of every call
  void (*submit_task)(void *rt, const MixedKernels *kernels, const CoreTaskArgs *args,
                      TaskOutputTensors *out);
  void (*alloc_tensors)(void *rt, const TensorCreateInfo *const *infos, uint32_t count,
                        TaskOutputTensors *out);
  void (*scope_begin)(void *rt, PTO2ScopeMode mode);
  void (*scope_end)(void *rt);
  void (*log)(void *rt, int level, const char *message);
  void (*report_fatal)(void *rt, int32_t code, const char *message);
  int (*is_fatal)(void *rt);
  int (*available_cluster_count)(void *rt);
  int (*available_aiv_count)(void *rt);
  /// Block until no unfinished task conflicts with reading (write=0) or
  /// writing (write=1) the tensor.
  void (*wait_tensor)(void *rt, const ChipTensor *tensor, int write);
};

/// The bound runtime of this shared object (hidden: every .so has its own),
/// per thread: the ranks of a multi-card run execute one orchestration
/// concurrently, each on its own thread.
inline thread_local const PTO2RuntimeOps *g_pto2_runtime_ops = nullptr;

inline const PTO2RuntimeOps *framework_current_runtime() { return g_pto2_runtime_ops; }

#ifndef PTO2_HOST_RUNTIME
/// Called by the runtime before aicpu_orchestration_entry (nullptr after).
extern "C" __attribute__((used, visibility("default"))) inline void
framework_bind_runtime(const PTO2RuntimeOps *ops) {
  g_pto2_runtime_ops = ops;
}
#endif

inline const ChipTensor &TaskOutputTensors::out_of_range_tensor() {
  static const ChipTensor empty{};
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->report_fatal(ops->runtime, -1, "TaskOutputTensors::get_ref: index out of range");
  return empty;
}

inline void pto2_unbound(const char *what) {
  std::fprintf(stderr, "[pto2] %s called without a bound runtime\n", what);
}

//===----------------------------------------------------------------------===//
// Submit
//===----------------------------------------------------------------------===//

inline TaskOutputTensors rt_submit_task(const MixedKernels &kernels, const CoreTaskArgs &args) {
  TaskOutputTensors out;
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->submit_task(ops->runtime, &kernels, &args, &out);
  else
    pto2_unbound("rt_submit_task");
  return out;
}

inline TaskOutputTensors rt_submit_aic_task(int kernel_id, const CoreTaskArgs &args) {
  MixedKernels k;
  k.aic = kernel_id;
  return rt_submit_task(k, args);
}

inline TaskOutputTensors rt_submit_aiv_task(int kernel_id, const CoreTaskArgs &args) {
  MixedKernels k;
  k.aiv0 = kernel_id;
  return rt_submit_task(k, args);
}

/// A task without kernels: completes as soon as its dependencies have.
inline TaskOutputTensors rt_submit_dummy_task(const CoreTaskArgs &args) {
  return rt_submit_task(MixedKernels{}, args);
}

/// Allocate tensors as a task that completes at once.
inline TaskOutputTensors alloc_tensors_array(const TensorCreateInfo *const *infos,
                                             uint32_t count) {
  TaskOutputTensors out;
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->alloc_tensors(ops->runtime, infos, count, &out);
  else
    pto2_unbound("alloc_tensors");
  return out;
}

template <typename... Infos> inline TaskOutputTensors alloc_tensors(const Infos &...infos) {
  static_assert(sizeof...(Infos) > 0, "alloc_tensors needs at least one TensorCreateInfo");
  static_assert((std::is_same<Infos, TensorCreateInfo>::value && ...),
                "alloc_tensors takes TensorCreateInfo arguments");
  const TensorCreateInfo *ptrs[] = {&infos...};
  return alloc_tensors_array(ptrs, static_cast<uint32_t>(sizeof...(Infos)));
}

//===----------------------------------------------------------------------===//
// Scopes
//===----------------------------------------------------------------------===//

inline void rt_scope_begin(PTO2ScopeMode mode = PTO2ScopeMode::AUTO) {
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->scope_begin(ops->runtime, mode);
}
inline void rt_scope_end() {
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->scope_end(ops->runtime);
}

/// RAII scope: begins in the constructor, ends in the destructor.
class PTO2ScopeGuard {
public:
  explicit PTO2ScopeGuard(PTO2ScopeMode mode = PTO2ScopeMode::AUTO) { rt_scope_begin(mode); }
  ~PTO2ScopeGuard() { rt_scope_end(); }
  PTO2ScopeGuard(const PTO2ScopeGuard &) = delete;
  PTO2ScopeGuard &operator=(const PTO2ScopeGuard &) = delete;
};

#define PTO2_SCOPE_CONCAT_IMPL(a, b) a##b
#define PTO2_SCOPE_CONCAT(a, b) PTO2_SCOPE_CONCAT_IMPL(a, b)
/// `PTO2_SCOPE() { ... }` or `PTO2_SCOPE(PTO2ScopeMode::MANUAL) { ... }`.
#define PTO2_SCOPE(...)                                                                            \
  if (PTO2ScopeGuard PTO2_SCOPE_CONCAT(pto2_scope_guard_, __COUNTER__){__VA_ARGS__}; true)

//===----------------------------------------------------------------------===//
// Geometry, logging, fatal errors
//===----------------------------------------------------------------------===//

inline int rt_available_cluster_count() {
  const PTO2RuntimeOps *ops = g_pto2_runtime_ops;
  return ops ? ops->available_cluster_count(ops->runtime) : 0;
}
inline int rt_available_aiv_count() {
  const PTO2RuntimeOps *ops = g_pto2_runtime_ops;
  return ops ? ops->available_aiv_count(ops->runtime) : 0;
}

__attribute__((format(printf, 2, 3))) inline void pto2_log_printf(int level, const char *fmt,
                                                                   ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->log(ops->runtime, level, buf);
  else if (level >= PTO2_LOG_WARN)
    std::fprintf(stderr, "%s\n", buf);
}

#define LOG_DEBUG(...) pto2_log_printf(PTO2_LOG_DEBUG, __VA_ARGS__)
#define LOG_INFO(...) pto2_log_printf(PTO2_LOG_INFO, __VA_ARGS__)
#define LOG_WARN(...) pto2_log_printf(PTO2_LOG_WARN, __VA_ARGS__)
#define LOG_ERROR(...) pto2_log_printf(PTO2_LOG_ERROR, __VA_ARGS__)

/// Fail the run with an error; later submits are ignored.
__attribute__((format(printf, 2, 3))) inline void rt_report_fatal(int32_t code, const char *fmt,
                                                                  ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->report_fatal(ops->runtime, code, buf);
  else
    std::fprintf(stderr, "fatal (%d): %s\n", code, buf);
}

inline bool rt_is_fatal() {
  const PTO2RuntimeOps *ops = g_pto2_runtime_ops;
  return ops ? ops->is_fatal(ops->runtime) != 0 : false;
}

//===----------------------------------------------------------------------===//
// Element access from the orchestration (waits for the producers)
//===----------------------------------------------------------------------===//

inline uint64_t pto2_element_offset(const ChipTensor &t, uint32_t ndims, const uint32_t *idx) {
  uint64_t off = t.start_offset;
  for (uint32_t i = 0; i < ndims && i < t.ndims; ++i)
    off += uint64_t(idx[i]) * t.strides[i];
  return off;
}

/// Read one element once every earlier writer of the tensor has finished.
template <typename T> inline T get_tensor_data(const ChipTensor &t, uint32_t ndims,
                                               const uint32_t *idx) {
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->wait_tensor(ops->runtime, &t, 0);
  T v{};
  if (t.buffer.addr)
    std::memcpy(&v,
                reinterpret_cast<const char *>(static_cast<uintptr_t>(t.buffer.addr)) +
                    pto2_element_offset(t, ndims, idx) * t.element_size(),
                sizeof(T));
  return v;
}

/// Write one element once every earlier reader and writer has finished.
template <typename T> inline void set_tensor_data(const ChipTensor &t, uint32_t ndims,
                                                  const uint32_t *idx, T value) {
  if (const PTO2RuntimeOps *ops = g_pto2_runtime_ops)
    ops->wait_tensor(ops->runtime, &t, 1);
  if (t.buffer.addr)
    std::memcpy(reinterpret_cast<char *>(static_cast<uintptr_t>(t.buffer.addr)) +
                    pto2_element_offset(t, ndims, idx) * t.element_size(),
                &value, sizeof(T));
}

//===----------------------------------------------------------------------===//
// Checked forms for generated orchestration code
//
// Offsets, sizes and indices arrive as int64 (what the program computed) and
// are checked against the tensor before anything is addressed: a window or
// element outside it fails the run with `where`, the program location, and
// no task touches memory (submits after a fatal error are ignored).
//===----------------------------------------------------------------------===//

/// `t` restricted to the window [offsets[i], offsets[i] + shapes[i]) of each
/// dimension; on a window outside `t`, a fatal error and `t` itself.
inline ChipTensor pto2_checked_view(const ChipTensor &t, uint32_t ndims, const int64_t *shapes,
                                    const int64_t *offsets, const char *where) {
  uint32_t shapes32[MAX_TENSOR_DIMS] = {}, offsets32[MAX_TENSOR_DIMS] = {};
  if (ndims != t.ndims || ndims > MAX_TENSOR_DIMS) {
    rt_report_fatal(-1, "%s: a slice of rank %u of a tensor of rank %u", where, ndims, t.ndims);
    return t;
  }
  for (uint32_t i = 0; i < ndims; ++i) {
    const int64_t extent = t.shapes[i];
    if (offsets[i] < 0 || shapes[i] < 0 || offsets[i] > extent ||
        shapes[i] > extent - offsets[i]) {
      rt_report_fatal(-1,
                      "%s: slice offset %lld with size %lld in dimension %u is outside the "
                      "tensor's %lld elements",
                      where, static_cast<long long>(offsets[i]),
                      static_cast<long long>(shapes[i]), i, static_cast<long long>(extent));
      return t;
    }
    shapes32[i] = static_cast<uint32_t>(shapes[i]);
    offsets32[i] = static_cast<uint32_t>(offsets[i]);
  }
  return t.view(shapes32, offsets32);
}

/// The run-time dimension of a reshape of `t` whose other dimensions hold
/// `otherCount` elements (torch's view(-1)); a fatal error, and 0, when
/// they do not divide the tensor's elements.
inline int64_t pto2_inferred_dim(const ChipTensor &t, int64_t otherCount,
                                 const char *where) {
  int64_t count = 1;
  for (uint32_t i = 0; i < t.ndims && i < MAX_TENSOR_DIMS; ++i)
    count *= t.shapes[i];
  if (otherCount <= 0 || count % otherCount != 0) {
    rt_report_fatal(-1,
                    "%s: the reshape's static dimensions (%lld elements) do "
                    "not divide the tensor's %lld elements",
                    where, static_cast<long long>(otherCount),
                    static_cast<long long>(count));
    return 0;
  }
  return count / otherCount;
}

/// The elements of `t` under the shape `shapes` (row-major order), as a view
/// of the same memory; when no strides make that a view (dimensions merged
/// across a gap), a fatal error and `t` itself.
/// `t`'s bytes as `ndims` dimensions `shapes` of `dtype` (pypto's
/// reinterpret_view): `t` must be contiguous, its first element's byte
/// offset a whole element of `dtype`, and the byte counts equal; otherwise
/// a fatal error (at `where`) and `t` itself.
inline ChipTensor pto2_checked_reinterpret(const ChipTensor &t, DataType dtype,
                                           uint32_t ndims,
                                           const int64_t *shapes,
                                           const char *where) {
  const uint64_t from = get_element_size(t.dtype), to = get_element_size(dtype);
  uint64_t count = 1;
  for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i)
    count *= static_cast<uint64_t>(shapes[i]);
  if (!t.compute_is_contiguous()) {
    rt_report_fatal(-1, "%s: reinterprets a tensor that is not contiguous",
                    where);
    return t;
  }
  if (ndims == 0 || ndims > MAX_TENSOR_DIMS || count * to != t.numel() * from ||
      (t.start_offset * from) % to != 0) {
    rt_report_fatal(-1,
                    "%s: the view has %llu bytes at byte offset %llu, the "
                    "tensor %llu bytes",
                    where, static_cast<unsigned long long>(count * to),
                    static_cast<unsigned long long>(t.start_offset * from),
                    static_cast<unsigned long long>(t.numel() * from));
    return t;
  }
  ChipTensor r = t;
  r.dtype = dtype;
  r.start_offset = t.start_offset * from / to;
  r.ndims = ndims;
  for (uint32_t i = 0; i < MAX_TENSOR_DIMS; ++i)
    r.shapes[i] = i < ndims ? static_cast<uint32_t>(shapes[i]) : 0;
  r.set_row_major_strides();
  for (uint32_t i = ndims; i < MAX_TENSOR_DIMS; ++i)
    r.strides[i] = 0;
  r.refresh();
  return r;
}

inline ChipTensor pto2_checked_reshape(const ChipTensor &t, uint32_t ndims,
                                       const int64_t *shapes,
                                       const char *where) {
  int64_t oldShape[MAX_TENSOR_DIMS] = {}, oldStrides[MAX_TENSOR_DIMS] = {};
  int64_t newStrides[MAX_TENSOR_DIMS] = {};
  for (uint32_t i = 0; i < t.ndims && i < MAX_TENSOR_DIMS; ++i) {
    oldShape[i] = t.shapes[i];
    oldStrides[i] = t.strides[i];
  }
  int64_t oldCount = 1, newCount = 1;
  for (uint32_t i = 0; i < t.ndims && i < MAX_TENSOR_DIMS; ++i)
    oldCount *= oldShape[i];
  for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i)
    newCount *= shapes[i];
  if (ndims != 0 && ndims <= MAX_TENSOR_DIMS && oldCount != newCount) {
    // Sizes bound per run that do not fit the reshape's static shape.
    rt_report_fatal(-1, "%s: the reshape has %lld elements, the tensor %lld",
                    where, static_cast<long long>(newCount),
                    static_cast<long long>(oldCount));
    return t;
  }
  if (ndims == 0 || ndims > MAX_TENSOR_DIMS ||
      !pto2_view_strides(oldShape, oldStrides, static_cast<int>(t.ndims),
                         shapes, static_cast<int>(ndims), newStrides)) {
    rt_report_fatal(
        -1,
        "%s: the reshape is not a view of the tensor (its elements are not "
        "evenly strided where dimensions merge)",
        where);
    return t;
  }
  ChipTensor r = t;
  r.ndims = ndims;
  for (uint32_t i = 0; i < MAX_TENSOR_DIMS; ++i) {
    r.shapes[i] = i < ndims ? static_cast<uint32_t>(shapes[i]) : 0;
    r.strides[i] = i < ndims ? static_cast<uint32_t>(newStrides[i]) : 0;
  }
  r.refresh();
  return r;
}

/// Whether `idx` names an element of `t`; otherwise a fatal error.
inline bool pto2_check_index(const ChipTensor &t, uint32_t ndims, const int64_t *idx,
                             const char *where) {
  if (ndims != t.ndims) {
    rt_report_fatal(-1, "%s: %u indices for a tensor of rank %u", where, ndims, t.ndims);
    return false;
  }
  for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i)
    if (idx[i] < 0 || idx[i] >= static_cast<int64_t>(t.shapes[i])) {
      rt_report_fatal(-1, "%s: index %lld in dimension %u is outside the tensor's %u elements",
                      where, static_cast<long long>(idx[i]), i, t.shapes[i]);
      return false;
    }
  return true;
}

/// get_tensor_data at a checked index; T{} after a fatal error.
template <typename T>
inline T pto2_checked_read(const ChipTensor &t, uint32_t ndims, const int64_t *idx,
                           const char *where) {
  uint32_t idx32[MAX_TENSOR_DIMS] = {};
  if (!pto2_check_index(t, ndims, idx, where))
    return T{};
  for (uint32_t i = 0; i < ndims; ++i)
    idx32[i] = static_cast<uint32_t>(idx[i]);
  return get_tensor_data<T>(t, ndims, idx32);
}

/// set_tensor_data at a checked index; nothing is written after a fatal
/// error.
template <typename T>
inline void pto2_checked_write(const ChipTensor &t, uint32_t ndims,
                               const int64_t *idx, T value, const char *where) {
  uint32_t idx32[MAX_TENSOR_DIMS] = {};
  if (!pto2_check_index(t, ndims, idx, where))
    return;
  for (uint32_t i = 0; i < ndims; ++i)
    idx32[i] = static_cast<uint32_t>(idx[i]);
  set_tensor_data<T>(t, ndims, idx32, value);
}

/// An SPMD block count computed at run time must be 1..INT32_MAX.
inline bool pto2_check_block_count(int64_t count, const char *where) {
  if (count >= 1 && count <= INT32_MAX)
    return true;
  rt_report_fatal(-1, "%s: block count %lld is not in 1..%d", where,
                  static_cast<long long>(count), INT32_MAX);
  return false;
}

/// An integer division's divisor must not be zero.
inline bool pto2_check_divisor(int64_t divisor, const char *where) {
  if (divisor != 0)
    return true;
  rt_report_fatal(-1, "%s: integer division by zero", where);
  return false;
}

/// An element of an orchestration array (pypto.array_get/_set) must be in
/// it; otherwise a fatal error and the access is skipped.
inline bool pto2_check_array_index(int64_t index, int64_t size,
                                   const char *where) {
  if (index >= 0 && index < size)
    return true;
  rt_report_fatal(-1, "%s: index %lld is outside the %lld-element array", where,
                  static_cast<long long>(index), static_cast<long long>(size));
  return false;
}

/// A created tensor's run-time dimension must fit the runtime's uint32_t.
inline bool pto2_check_dim(int64_t size, const char *where) {
  if (size >= 0 && size <= static_cast<int64_t>(UINT32_MAX))
    return true;
  rt_report_fatal(-1, "%s: tensor dimension %lld is not in 0..%u", where,
                  static_cast<long long>(size), UINT32_MAX);
  return false;
}

/// A loop step computed at run time must be positive, or the loop never ends.
inline bool pto2_check_step(int64_t step, const char *where) {
  if (step > 0)
    return true;
  rt_report_fatal(-1, "%s: loop step %lld is not positive", where,
                  static_cast<long long>(step));
  return false;
}

#pragma GCC visibility pop

#endif // PYPTO_RUNTIME_PTO_ORCHESTRATION_API_H
