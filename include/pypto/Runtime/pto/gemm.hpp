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
#include <cstdint>
#include <cstring>

#include "pto/simd.hpp"

// Private to each kernel's object, as the rest of the tile library.
#pragma GCC visibility push(hidden)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi" // as in pto/simd.hpp

namespace pto::detail {

// One block of Rows rows of the product below, all its columns. Fused: the
// caller has checked that every product is exact (shortOperands), so a fused
// multiply-add rounds once where the plain step rounds a product that needs
// no rounding and then the sum: the same bits, in half the instructions.
template <typename A, int W, int Rows, bool Fused>
__attribute__((always_inline)) inline void
gemmRows(const A *pa, const A *pb, A *pc, int i, int N, int K) {
  typedef A V __attribute__((vector_size(sizeof(A) * W)));
  constexpr int kVecs = 2, kCols = kVecs * W;
  int j = 0;
  for (; j + kCols <= N; j += kCols) {
    V c[Rows][kVecs];
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 2
      for (int v = 0; v < kVecs; ++v)
        std::memcpy(&c[r][v], pc + (size_t)(i + r) * N + j + v * W, sizeof(V));
    for (int k = 0; k < K; ++k) {
      V b[kVecs];
#pragma GCC unroll 2
      for (int v = 0; v < kVecs; ++v)
        std::memcpy(&b[v], pb + (size_t)k * N + j + v * W, sizeof(V));
#pragma GCC unroll 8
      for (int r = 0; r < Rows; ++r) {
        // The broadcast keeps -0 (x - 0 is x for every x).
        const V a = pa[(size_t)(i + r) * K + k] - V{};
#pragma GCC unroll 2
        for (int v = 0; v < kVecs; ++v) {
          if constexpr (Fused) {
            c[r][v] = fusedMulAdd(a, b[v], c[r][v]);
          } else {
            V product = a * b[v];
            // The product is rounded before the sum, even where the target
            // has fused multiply-add (AVX-512): the compiler may not fuse
            // across this.
            __asm__("" : "+v"(product));
            c[r][v] = c[r][v] + product;
          }
        }
      }
    }
#pragma GCC unroll 8
    for (int r = 0; r < Rows; ++r)
#pragma GCC unroll 2
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
// summed in k order, each step a rounded product then a rounded sum: the
// order that defines the simulated cube's results, whatever the blocking
// (the Fused form takes one fused step instead, only where the product needs
// no rounding, so the same bits). Blocks of up to 6 rows by two vectors of
// columns keep their sums in registers over the whole k loop; W is the vector
// width in elements. The column tail takes the plain steps one element at a
// time.
template <typename A, int W, bool Fused = false>
__attribute__((always_inline)) inline void
gemmBlocked(const A *pa, const A *pb, A *pc, int M, int N, int K) {
  int i = 0;
  for (; i + 6 <= M; i += 6)
    gemmRows<A, W, 6, Fused>(pa, pb, pc, i, N, K);
  if (M - i >= 4) {
    gemmRows<A, W, 4, Fused>(pa, pb, pc, i, N, K);
    i += 4;
  }
  if (M - i >= 2) {
    gemmRows<A, W, 2, Fused>(pa, pb, pc, i, N, K);
    i += 2;
  }
  if (M - i == 1)
    gemmRows<A, W, 1, Fused>(pa, pb, pc, i, N, K);
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

// The fused forms, for operands whose products are all exact.
__attribute__((target("avx2,fma"))) inline void gemmFusedAvx2(const float *pa,
                                                              const float *pb,
                                                              float *pc, int M,
                                                              int N, int K) {
  gemmBlocked<float, 8, true>(pa, pb, pc, M, N, K);
}
__attribute__((target("avx512f,fma"))) inline void
gemmFusedAvx512(const float *pa, const float *pb, float *pc, int M, int N,
                int K) {
  gemmBlocked<float, 16, true>(pa, pb, pc, M, N, K);
}

// Whether every product of two of these f32 values is exact and normal in
// f32: each is a zero, or finite with at most 12 significant bits (bf16 has
// 8, f16 11) and a magnitude in [2^-63, 2^63), so a product has at most 24
// significant bits and a magnitude in [2^-126, 2^126). Then a product needs
// no rounding, and a fused multiply-add gives the plain step's bits.
__attribute__((target("avx2"))) inline bool shortOperands(const float *p,
                                                          size_t n) {
  typedef uint32_t U32x8 __attribute__((vector_size(32)));
  // Per chunk: the OR of all bits (low significand bits), the largest
  // magnitude, and the smallest magnitude minus one (a zero wraps to the
  // largest, so it never counts as small). Called only where the host has
  // AVX2 (the fused forms need it).
  auto chunkIsShort = [](U32x8 bitsOr, U32x8 largest, U32x8 smallestLess1) {
    for (int l = 0; l < 8; ++l)
      if ((bitsOr[l] & 0xfffu) || largest[l] >= 0x5f000000u ||
          smallestLess1[l] < 0x20000000u - 1)
        return false;
    return true;
  };
  constexpr size_t kChunk = 256;
  size_t i = 0;
  for (; i + kChunk <= n; i += kChunk) {
    U32x8 bitsOr{}, largest{}, smallestLess1 = U32x8{} - 1;
    for (size_t e = i; e < i + kChunk; e += 8) {
      U32x8 bits;
      std::memcpy(&bits, p + e, sizeof bits);
      const U32x8 magnitude = bits & 0x7fffffffu;
      bitsOr |= bits;
      largest = magnitude > largest ? magnitude : largest;
      const U32x8 less1 = magnitude - 1;
      smallestLess1 = less1 < smallestLess1 ? less1 : smallestLess1;
    }
    // Random f32 data fails in its first chunk.
    if (!chunkIsShort(bitsOr, largest, smallestLess1))
      return false;
  }
  for (; i < n; ++i) {
    uint32_t bits;
    std::memcpy(&bits, p + i, 4);
    const uint32_t magnitude = bits & 0x7fffffffu;
    if (!chunkIsShort(U32x8{} + bits, U32x8{} + magnitude,
                      U32x8{} + (magnitude - 1)))
      return false;
  }
  return true;
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

// f32 products: fused where every product is exact and the host has FMA,
// the plain steps otherwise; the same bits either way.
inline void gemmF32(const float *pa, const float *pb, float *pc, int M, int N,
                    int K) {
  // shortOperands needs AVX2, which every AVX-512 host has too.
  static const bool avx2 = __builtin_cpu_supports("avx2");
  static const int fusedLanes = avx2 && __builtin_cpu_supports("avx512f") ? 16
                                : avx2 && __builtin_cpu_supports("fma")   ? 8
                                                                          : 0;
  if (fusedLanes && shortOperands(pa, (size_t)M * K) &&
      shortOperands(pb, (size_t)K * N)) {
    if (fusedLanes == 16)
      gemmFusedAvx512(pa, pb, pc, M, N, K);
    else
      gemmFusedAvx2(pa, pb, pc, M, N, K);
    return;
  }
  gemmDispatch(pa, pb, pc, M, N, K);
}

} // namespace pto::detail

#pragma GCC diagnostic pop
#pragma GCC visibility pop

#endif // PTO_GEMM_HPP
