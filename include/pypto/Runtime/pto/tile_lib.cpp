//===- tile_lib.cpp - the tile library's compiled part ---------*- C++ -*-===//
//
// What every kernel would otherwise compile again: the runtime builds this
// file once per kernel cache (with the kernels' flags, keyed like them) and
// links the object into each kernel; host programs that use the tile library
// directly (its unit tests, pypto-bench) compile it in.
//
//===----------------------------------------------------------------------===//

#include "pto/expf.hpp"
#include "pto/gemm.hpp"

#include <cstdint>

namespace pto::detail {

__attribute__((visibility("hidden"))) void
gemm(const float *pa, const float *pb, float *pc, int M, int N, int K) {
  gemmF32(pa, pb, pc, M, N, K);
}

__attribute__((visibility("hidden"))) void
gemm(const int32_t *pa, const int32_t *pb, int32_t *pc, int M, int N, int K) {
  gemmDispatch(pa, pb, pc, M, N, K);
}

__attribute__((visibility("hidden"))) void expRun(const float *in, float *out,
                                                  int n) {
  expRunHost(in, out, n);
}

} // namespace pto::detail
