//===- simd.hpp - vector types and fused steps for the compiled part -*- C++
//-*-===//
//
// GCC vector types of the widths the host's AVX2 and AVX-512 have, and the
// fused multiply-add on them. The functions carry the targets that have the
// instruction; the target-specific kernels that call them (pto/gemm.hpp,
// pto/expf.hpp) have those targets too, so the compiler inlines them there.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_SIMD_HPP
#define PTO_SIMD_HPP

#include <immintrin.h>

#pragma GCC visibility push(hidden)
// Vectors wider than the default target pass between target-specific
// kernels and their inlined helpers only; no call crosses a target boundary
// with them.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi"

namespace pto::detail {

// N lanes of T (a struct: GCC drops vector_size on a dependent alias).
template <typename T, int N> struct VecOf {
  typedef T type __attribute__((vector_size(sizeof(T) * N)));
};

typedef float F32x8 __attribute__((vector_size(32)));
typedef float F32x16 __attribute__((vector_size(64)));
typedef double F64x4 __attribute__((vector_size(32)));
typedef double F64x8 __attribute__((vector_size(64)));

// a * b + c rounded once. Function target attributes and <immintrin.h>
// rather than GCC's pragmas and builtins: clang reads these too.
__attribute__((target("avx2,fma"))) inline F32x8 fusedMulAdd(F32x8 a, F32x8 b,
                                                             F32x8 c) {
  return (F32x8)_mm256_fmadd_ps((__m256)a, (__m256)b, (__m256)c);
}
__attribute__((target("avx2,fma"))) inline F64x4 fusedMulAdd(F64x4 a, F64x4 b,
                                                             F64x4 c) {
  return (F64x4)_mm256_fmadd_pd((__m256d)a, (__m256d)b, (__m256d)c);
}
__attribute__((target("avx512f,fma"))) inline F32x16
fusedMulAdd(F32x16 a, F32x16 b, F32x16 c) {
  return (F32x16)_mm512_fmadd_ps((__m512)a, (__m512)b, (__m512)c);
}
__attribute__((target("avx512f,fma"))) inline F64x8
fusedMulAdd(F64x8 a, F64x8 b, F64x8 c) {
  return (F64x8)_mm512_fmadd_pd((__m512d)a, (__m512d)b, (__m512d)c);
}

} // namespace pto::detail

#pragma GCC diagnostic pop
#pragma GCC visibility pop

#endif // PTO_SIMD_HPP
