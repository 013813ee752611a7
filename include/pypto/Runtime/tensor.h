//===- tensor.h - ChipTensor, DataType and scalar bit casts -----*- C++ -*-===//
//
// The tensor descriptor shared by generated kernels, generated orchestration
// code and the simulated device. Its layout is the kernel ABI (see
// docs/design/runtime-abi.md): kernels read `buffer.addr`, `start_offset`,
// `shapes[]` and `strides[]` through a `ChipTensor*` taken from `args[i]`.
//
// Self-contained, C++17 standard library only, and light: every kernel and
// orchestration compile pays for it.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_TENSOR_H
#define PYPTO_RUNTIME_TENSOR_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#ifndef MAX_TENSOR_DIMS
#define MAX_TENSOR_DIMS 5
#endif

/// Element type of a tensor (uint8 on the wire, order fixed by the ABI).
enum class DataType : uint8_t {
  FLOAT32 = 0,
  FLOAT16,
  INT32,
  INT16,
  INT8,
  UINT8,
  BFLOAT16,
  INT64,
  UINT64,
  UINT16,
  UINT32,
  BOOL,
  FP8E4M3FN,
  FP8E8M0,
};

/// Size in bytes of one element of `dt` (0 for an unknown value).
inline constexpr uint32_t get_element_size(DataType dt) {
  switch (dt) {
  case DataType::FLOAT32:
  case DataType::INT32:
  case DataType::UINT32:
    return 4;
  case DataType::FLOAT16:
  case DataType::INT16:
  case DataType::BFLOAT16:
  case DataType::UINT16:
    return 2;
  case DataType::INT8:
  case DataType::UINT8:
  case DataType::BOOL:
  case DataType::FP8E4M3FN:
  case DataType::FP8E8M0:
    return 1;
  case DataType::INT64:
  case DataType::UINT64:
    return 8;
  }
  return 0;
}

inline const char *get_dtype_name(DataType dt) {
  switch (dt) {
  case DataType::FLOAT32: return "FLOAT32";
  case DataType::FLOAT16: return "FLOAT16";
  case DataType::INT32: return "INT32";
  case DataType::INT16: return "INT16";
  case DataType::INT8: return "INT8";
  case DataType::UINT8: return "UINT8";
  case DataType::BFLOAT16: return "BFLOAT16";
  case DataType::INT64: return "INT64";
  case DataType::UINT64: return "UINT64";
  case DataType::UINT16: return "UINT16";
  case DataType::UINT32: return "UINT32";
  case DataType::BOOL: return "BOOL";
  case DataType::FP8E4M3FN: return "FP8E4M3FN";
  case DataType::FP8E8M0: return "FP8E8M0";
  }
  return "UNKNOWN";
}

/// Bit pattern of a scalar in a 64-bit slot (zero-extended, little endian).
template <typename T> inline uint64_t to_u64(T value) {
  static_assert(std::is_arithmetic<T>::value || std::is_enum<T>::value ||
                    std::is_pointer<T>::value,
                "to_u64: arithmetic, enum or pointer type expected");
  static_assert(sizeof(T) <= sizeof(uint64_t), "to_u64: type wider than 64 bits");
  uint64_t bits = 0;
  std::memcpy(&bits, &value, sizeof(T));
  return bits;
}

/// Inverse of to_u64: reinterpret the low sizeof(T) bytes of a slot as T.
template <typename T> inline T from_u64(uint64_t bits) {
  static_assert(sizeof(T) <= sizeof(uint64_t), "from_u64: type wider than 64 bits");
  T value;
  std::memcpy(&value, &bits, sizeof(T));
  return value;
}

/// The memory a tensor lives in: `size` bytes at host address `addr`.
struct PTOBufferHandle {
  uint64_t addr;
  uint64_t size;
};

/// Tensor descriptor: 128 bytes, two cache lines, trivially copyable.
/// Element (i0..in-1) is at `(T*)buffer.addr + start_offset + sum(ik*strides[k])`.
struct alignas(64) ChipTensor {
  PTOBufferHandle buffer;         // @0
  uint64_t owner_task_id;         // @16  task that created the buffer (UINT64_MAX: none)
  uint64_t start_offset;          // @24  in elements
  int32_t version;                // @32
  uint32_t ndims;                 // @36
  DataType dtype;                 // @40
  uint8_t manual_dep;             // @41
  uint8_t is_contiguous;          // @42
  uint8_t address_space;          // @43
  uint32_t shapes[MAX_TENSOR_DIMS];  // @44
  uint64_t extent_elem_cache;     // @64  1 + sum((shape-1)*stride), 0 when empty
  uint32_t strides[MAX_TENSOR_DIMS]; // @72 in elements

  uint32_t element_size() const { return get_element_size(dtype); }

  /// Number of elements of the view.
  uint64_t numel() const {
    uint64_t n = 1;
    for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i)
      n *= shapes[i];
    return n;
  }

  /// Distance in elements from the first to one past the last element.
  uint64_t compute_extent() const {
    uint64_t last = 0;
    for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i) {
      if (shapes[i] == 0)
        return 0;
      last += uint64_t(shapes[i] - 1) * strides[i];
    }
    return last + 1;
  }

  /// Whether the view is dense row-major (dims of extent 1 are ignored).
  bool compute_is_contiguous() const {
    uint64_t expected = 1;
    for (uint32_t k = ndims; k-- > 0;) {
      if (k >= MAX_TENSOR_DIMS)
        return false;
      if (shapes[k] != 1 && strides[k] != expected)
        return false;
      expected *= shapes[k];
    }
    return true;
  }

  /// Recompute `is_contiguous` and `extent_elem_cache` after shapes/strides changed.
  void refresh() {
    is_contiguous = compute_is_contiguous() ? 1 : 0;
    extent_elem_cache = compute_extent();
  }

  /// Row-major strides for the current shapes.
  void set_row_major_strides() {
    uint64_t s = 1;
    for (uint32_t k = ndims; k-- > 0;) {
      strides[k] = static_cast<uint32_t>(s);
      s *= shapes[k];
    }
  }

  /// Sub-view with the same rank and strides: new `shapes`, origin moved by `offsets`.
  ChipTensor view(const uint32_t *new_shapes, const uint32_t *offsets) const {
    ChipTensor r = *this;
    uint64_t delta = 0;
    for (uint32_t i = 0; i < ndims && i < MAX_TENSOR_DIMS; ++i) {
      delta += uint64_t(offsets ? offsets[i] : 0) * strides[i];
      r.shapes[i] = new_shapes[i];
    }
    r.start_offset = start_offset + delta;
    r.refresh();
    return r;
  }

  /// Same elements with a new row-major shape (the view must be contiguous).
  ChipTensor reshape(const uint32_t *new_shapes, uint32_t new_ndims) const {
    ChipTensor r = *this;
    r.ndims = new_ndims;
    for (uint32_t i = 0; i < MAX_TENSOR_DIMS; ++i)
      r.shapes[i] = i < new_ndims ? new_shapes[i] : 0;
    for (uint32_t i = new_ndims; i < MAX_TENSOR_DIMS; ++i)
      r.strides[i] = 0;
    r.set_row_major_strides();
    r.refresh();
    return r;
  }

  /// Swap two dimensions (shapes and strides).
  ChipTensor transpose(uint32_t a, uint32_t b) const {
    ChipTensor r = *this;
    uint32_t s = r.shapes[a];
    r.shapes[a] = r.shapes[b];
    r.shapes[b] = s;
    uint32_t t = r.strides[a];
    r.strides[a] = r.strides[b];
    r.strides[b] = t;
    r.refresh();
    return r;
  }

  /// Element pointer of the view origin.
  template <typename T> T *data() const {
    return reinterpret_cast<T *>(static_cast<uintptr_t>(buffer.addr)) + start_offset;
  }
};

static_assert(sizeof(ChipTensor) == 128, "ChipTensor must be 128 bytes");
static_assert(alignof(ChipTensor) == 64, "ChipTensor must be 64-byte aligned");
static_assert(std::is_trivially_copyable<ChipTensor>::value,
              "ChipTensor must be trivially copyable");
static_assert(offsetof(ChipTensor, buffer) == 0, "ChipTensor::buffer");
static_assert(offsetof(ChipTensor, owner_task_id) == 16, "ChipTensor::owner_task_id");
static_assert(offsetof(ChipTensor, start_offset) == 24, "ChipTensor::start_offset");
static_assert(offsetof(ChipTensor, version) == 32, "ChipTensor::version");
static_assert(offsetof(ChipTensor, ndims) == 36, "ChipTensor::ndims");
static_assert(offsetof(ChipTensor, dtype) == 40, "ChipTensor::dtype");
static_assert(offsetof(ChipTensor, manual_dep) == 41, "ChipTensor::manual_dep");
static_assert(offsetof(ChipTensor, is_contiguous) == 42, "ChipTensor::is_contiguous");
static_assert(offsetof(ChipTensor, address_space) == 43, "ChipTensor::address_space");
static_assert(offsetof(ChipTensor, shapes) == 44, "ChipTensor::shapes");
static_assert(offsetof(ChipTensor, extent_elem_cache) == 64, "ChipTensor::extent_elem_cache");
static_assert(offsetof(ChipTensor, strides) == 72, "ChipTensor::strides");
static_assert(sizeof(DataType) == 1, "DataType is one byte");

#endif // PYPTO_RUNTIME_TENSOR_H
