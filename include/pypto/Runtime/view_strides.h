//===- view_strides.h - strides of a reshaped view --------------*- C++ -*-===//
//
// Shared by the compiler (which checks a reshape of a global tensor at
// compile time) and the orchestration API (which builds the view at run
// time), so both accept exactly the same reshapes. Plain C++, no
// dependencies.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_RUNTIME_VIEW_STRIDES_H
#define PYPTO_RUNTIME_VIEW_STRIDES_H

#include <cstdint>

/// The strides (in elements) under which the elements of a tensor of shape
/// `oldShape` and strides `oldStrides`, taken in row-major order, have the
/// shape `newShape` without moving: the rule of torch's `view`. Dimensions
/// split or merge only within runs of dimensions that are contiguous with
/// each other. Returns false (and leaves `newStrides` undefined) when no
/// such strides exist or the element counts differ.
inline bool pto2_view_strides(const int64_t *oldShape,
                              const int64_t *oldStrides, int oldRank,
                              const int64_t *newShape, int newRank,
                              int64_t *newStrides) {
  int64_t oldCount = 1, newCount = 1;
  for (int d = 0; d < oldRank; ++d)
    oldCount *= oldShape[d];
  for (int d = 0; d < newRank; ++d)
    newCount *= newShape[d];
  if (oldCount != newCount)
    return false;
  if (oldCount == 0 || oldRank == 0) {
    int64_t stride = 1;
    for (int d = newRank; d-- > 0;) {
      newStrides[d] = stride;
      stride *= newShape[d] > 0 ? newShape[d] : 1;
    }
    return true;
  }
  int viewD = newRank - 1;
  int64_t chunkBaseStride = oldStrides[oldRank - 1];
  int64_t tensorCount = 1, viewCount = 1;
  for (int tensorD = oldRank - 1; tensorD >= 0; --tensorD) {
    tensorCount *= oldShape[tensorD];
    // The end of a run of dimensions contiguous with each other.
    if (tensorD == 0 ||
        (oldShape[tensorD - 1] != 1 &&
         oldStrides[tensorD - 1] != tensorCount * chunkBaseStride)) {
      while (viewD >= 0 && (viewCount < tensorCount || newShape[viewD] == 1)) {
        newStrides[viewD] = viewCount * chunkBaseStride;
        viewCount *= newShape[viewD];
        --viewD;
      }
      if (viewCount != tensorCount)
        return false;
      if (tensorD > 0) {
        chunkBaseStride = oldStrides[tensorD - 1];
        tensorCount = 1;
        viewCount = 1;
      }
    }
  }
  return viewD == -1;
}

#endif // PYPTO_RUNTIME_VIEW_STRIDES_H
