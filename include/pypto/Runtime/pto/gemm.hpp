//===- gemm.hpp - the cube's product on the host ----------------*- C++ -*-===//
//
// The blocked, vectorised product behind TMATMUL and its forms. Included only
// by pto/tile_lib.cpp, which the runtime compiles once per kernel cache and
// links into every kernel, and by the tile library's unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_GEMM_HPP
#define PTO_GEMM_HPP

#include <cstddef>
#include <cstring>

// Private to each kernel's object, as the rest of the tile library.
#pragma GCC visibility push(hidden)

namespace pto::detail {

// One block of Rows rows of the product below, all its columns.
template <typename A, int W, int Rows>
__attribute__((always_inline)) inline void
gemmRows(const A *pa, const A *pb, A *pc, int i, int N, int K) {
  typedef A V __attribute__((vector_size(sizeof(A) * W)));
  constexpr int kVecs = 2, kCols = kVecs * W;
  int j = 0;
  for (; j + kCols <= N; j += kCols) {
    V c[Rows][kVecs];
    for (int r = 0; r < Rows; ++r)
      for (int v = 0; v < kVecs; ++v)
        std::memcpy(&c[r][v], pc + (size_t)(i + r) * N + j + v * W, sizeof(V));
    for (int k = 0; k < K; ++k) {
      V b[kVecs];
      for (int v = 0; v < kVecs; ++v)
        std::memcpy(&b[v], pb + (size_t)k * N + j + v * W, sizeof(V));
      for (int r = 0; r < Rows; ++r) {
        // The broadcast keeps -0 (x - 0 is x for every x).
        const V a = pa[(size_t)(i + r) * K + k] - V{};
        for (int v = 0; v < kVecs; ++v) {
          V product = a * b[v];
          // The product is rounded before the sum, even where the target
          // has fused multiply-add (AVX-512): the compiler may not fuse
          // across this.
          __asm__("" : "+v"(product));
          c[r][v] = c[r][v] + product;
        }
      }
    }
    for (int r = 0; r < Rows; ++r)
      for (int v = 0; v < kVecs; ++v)
        std::memcpy(pc + (size_t)(i + r) * N + j + v * W, &c[r][v], sizeof(V));
  }
  for (; j < N; ++j)
    for (int r = 0; r < Rows; ++r) {
      A sum = pc[(size_t)(i + r) * N + j];
      for (int k = 0; k < K; ++k) {
        A product = pa[(size_t)(i + r) * K + k] * pb[(size_t)k * N + j];
        __asm__("" : "+v"(product));
        sum = sum + product;
      }
      pc[(size_t)(i + r) * N + j] = sum;
    }
}

// pc (M x N) += pa (M x K) x pb (K x N), all row-major. Every element is
// summed in k order, each step a rounded product then a rounded sum (no
// fused multiply-add): the order that defines the simulated cube's results,
// whatever the blocking. Blocks of up to 6 rows by two vectors of columns
// keep their sums in registers over the whole k loop; W is the vector width
// in elements. The column tail takes the same steps one element at a time.
template <typename A, int W>
__attribute__((always_inline)) inline void
gemmBlocked(const A *pa, const A *pb, A *pc, int M, int N, int K) {
  int i = 0;
  for (; i + 6 <= M; i += 6)
    gemmRows<A, W, 6>(pa, pb, pc, i, N, K);
  if (M - i >= 4) {
    gemmRows<A, W, 4>(pa, pb, pc, i, N, K);
    i += 4;
  }
  if (M - i >= 2) {
    gemmRows<A, W, 2>(pa, pb, pc, i, N, K);
    i += 2;
  }
  if (M - i == 1)
    gemmRows<A, W, 1>(pa, pb, pc, i, N, K);
}

// With AVX2 (8 lanes of 32 bits), chosen when the host has it: the same
// steps, so the same bits, as the 4-lane form.
template <typename A>
__attribute__((target("avx2"))) inline void
gemmAvx2(const A *pa, const A *pb, A *pc, int M, int N, int K) {
  gemmBlocked<A, 8>(pa, pb, pc, M, N, K);
}

// With AVX-512 (16 lanes): the same steps again.
template <typename A>
__attribute__((target("avx512f"))) inline void
gemmAvx512(const A *pa, const A *pb, A *pc, int M, int N, int K) {
  gemmBlocked<A, 16>(pa, pb, pc, M, N, K);
}

// The widest form the host has; all give the same bits.
template <typename A>
inline void gemmDispatch(const A *pa, const A *pb, A *pc, int M, int N, int K) {
  static const int lanes = __builtin_cpu_supports("avx512f") ? 16
                           : __builtin_cpu_supports("avx2")  ? 8
                                                             : 4;
  if (lanes == 16)
    gemmAvx512(pa, pb, pc, M, N, K);
  else if (lanes == 8)
    gemmAvx2(pa, pb, pc, M, N, K);
  else
    gemmBlocked<A, 4>(pa, pb, pc, M, N, K);
}

} // namespace pto::detail

#pragma GCC visibility pop

#endif // PTO_GEMM_HPP
