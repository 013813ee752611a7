//===- expf.hpp - TEXP on vectors, bit for bit the host's expf --*- C++ -*-===//
//
// glibc's expf (2.27 and later: ARM's optimized-routines algorithm) evaluated
// on vectors of doubles: a 32-entry table of 2^(i/32), a degree-3
// polynomial, one rounding to f32 at the end. glibc builds it twice, with and
// without fused multiply-adds, and picks one by the host's features; of all
// 2^32 inputs the two differ on two. The form used here is the one that
// matches the host's expf on probes (those two, and inputs where expf is not
// correctly rounded, which a different libm would round otherwise); where
// neither matches, every element calls expf. Inputs with |x| >= 88, and
// NaNs, take expf as they take glibc's slow path. Included only by
// pto/tile_lib.cpp and the tile library's unit tests.
//
//===----------------------------------------------------------------------===//

#ifndef PTO_EXPF_HPP
#define PTO_EXPF_HPP

#include <cstdint>
#include <cstring>

#include "pto/simd.hpp"

#pragma GCC visibility push(hidden)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpsabi" // as in pto/simd.hpp

namespace pto::detail {

// 2^(i/32) as f64 bits, less i << 47: adding k << 47 to entry k % 32 gives
// 2^(k/32) for the integer k the reduction picks.
inline constexpr uint64_t kExp2fTable[32] = {
    0x3ff0000000000000, 0x3fefd9b0d3158574, 0x3fefb5586cf9890f,
    0x3fef9301d0125b51, 0x3fef72b83c7d517b, 0x3fef54873168b9aa,
    0x3fef387a6e756238, 0x3fef1e9df51fdee1, 0x3fef06fe0a31b715,
    0x3feef1a7373aa9cb, 0x3feedea64c123422, 0x3feece086061892d,
    0x3feebfdad5362a27, 0x3feeb42b569d4f82, 0x3feeab07dd485429,
    0x3feea47eb03a5585, 0x3feea09e667f3bcd, 0x3fee9f75e8ec5f74,
    0x3feea11473eb0187, 0x3feea589994cce13, 0x3feeace5422aa0db,
    0x3feeb737b0cdc5e5, 0x3feec49182a3f090, 0x3feed503b23e255d,
    0x3feee89f995ad3ad, 0x3feeff76f2fb5e47, 0x3fef199bdd85529c,
    0x3fef3720dcef9069, 0x3fef5818dcfba487, 0x3fef7c97337b9b5f,
    0x3fefa4afa2a490da, 0x3fefd0765b6e4540};
inline constexpr double kExpInvLn2N = 0x1.71547652b82fep+5; // 32 / ln 2
inline constexpr double kExpShift = 0x1.8p+52; // rounds to an integer
inline constexpr double kExpC0 = 0x1.c6af84b912394p-20;
inline constexpr double kExpC1 = 0x1.ebfce50fac4f3p-13;
inline constexpr double kExpC2 = 0x1.62e42ff0c52d6p-6;

// The table entries at each lane's index mod 32.
typedef uint64_t U64x4 __attribute__((vector_size(32)));
typedef uint64_t U64x8 __attribute__((vector_size(64)));
__attribute__((target("avx2"))) inline U64x4 exp2fTableAt(U64x4 index) {
  return (U64x4)_mm256_i64gather_epi64((const long long *)kExp2fTable,
                                       (__m256i)(index & 31), 8);
}
// With AVX-512 the whole table is four registers: two permutes pick from
// each half, the index's bit 4 picks the half (faster than a gather).
__attribute__((target("avx512f"))) inline U64x8 exp2fTableAt(U64x8 index) {
  __m512i quarter[4];
  std::memcpy(quarter, kExp2fTable, sizeof quarter);
  const __m512i i = (__m512i)index;
  const __m512i low = _mm512_permutex2var_epi64(quarter[0], i, quarter[1]);
  const __m512i high = _mm512_permutex2var_epi64(quarter[2], i, quarter[3]);
  const __mmask8 upper = _mm512_test_epi64_mask(i, _mm512_set1_epi64(16));
  return (U64x8)_mm512_mask_blend_epi64(upper, low, high);
}

// out = a * b + c: one rounding (Fused) or two, as the two glibc builds
// compute it. By reference: a template passing wide vectors by value would
// warn of their ABI at every instantiation.
template <bool Fused, typename V>
__attribute__((always_inline)) inline void expMulAdd(V &out, const V &a,
                                                     const V &b, const V &c) {
  if constexpr (Fused) {
    out = fusedMulAdd(a, b, c);
  } else {
    V product = a * b;
    __asm__("" : "+v"(product)); // never fused, whatever the flags
    out = product + c;
  }
}

// out[0..W) = expf(in[0..W)) for W lanes, W = the doubles in a vector; out
// may be in.
template <int W, bool Fused>
__attribute__((always_inline)) inline void expLanes(const float *in,
                                                    float *out) {
  using VD = typename VecOf<double, W>::type;
  using VF = typename VecOf<float, W>::type;
  using VU = typename VecOf<uint64_t, W>::type;
  using VI = typename VecOf<int32_t, W>::type;
  VF x;
  std::memcpy(&x, in, sizeof x);
  VI bits;
  std::memcpy(&bits, &x, sizeof bits);
  const VD xd = __builtin_convertvector(x, VD);
  const VD invLn2N = VD{} + kExpInvLn2N, shift = VD{} + kExpShift;
  // z = x * 32 / ln 2; kd = z rounded to an integer (adding the shift rounds
  // it; ki keeps it in its low bits); r = z - kd in [-1/2, 1/2]. The fused
  // build never rounds z on its own.
  VD z = invLn2N * xd;
  __asm__("" : "+v"(z)); // never fused, whatever the flags
  VD kd;
  if constexpr (Fused)
    kd = fusedMulAdd(invLn2N, xd, shift);
  else
    kd = z + shift;
  VU ki;
  std::memcpy(&ki, &kd, sizeof ki);
  kd -= shift;
  VD r;
  if constexpr (Fused)
    r = fusedMulAdd(invLn2N, xd, -kd);
  else
    r = z - kd;
  VU t;
  if constexpr (W >= 4) {
    t = exp2fTableAt(ki);
  } else {
    for (int l = 0; l < W; ++l)
      t[l] = kExp2fTable[ki[l] & 31];
  }
  t += ki << 47;
  VD s;
  std::memcpy(&s, &t, sizeof s);
  // 2^(r/32) ~ C0 r^3 + C1 r^2 + C2 r + 1.
  const VD c0 = VD{} + kExpC0, c1 = VD{} + kExpC1, c2 = VD{} + kExpC2,
           one = VD{} + 1.0;
  VD p, y;
  expMulAdd<Fused>(p, c0, r, c1);
  const VD r2 = r * r;
  expMulAdd<Fused>(y, c2, r, one);
  expMulAdd<Fused>(y, p, r2, y);
  y = y * s;
  const VF result = __builtin_convertvector(y, VF);
  std::memcpy(out, &result, sizeof result);
  // |x| >= 88 (top 12 bits of the f32 at or above those of 88), infinities
  // and NaNs: glibc's slow path, so expf itself.
  const VI special = ((bits >> 20) & 0x7ff) >= 0x42b;
  uint64_t words[W / 2], any = 0;
  std::memcpy(words, &special, sizeof words);
  for (uint64_t w : words)
    any |= w;
  if (__builtin_expect(any != 0, 0))
    for (int l = 0; l < W; ++l)
      if (special[l])
        out[l] = __builtin_expf(x[l]);
}

template <int W, bool Fused>
__attribute__((always_inline)) inline void expRunWith(const float *in,
                                                      float *out, int n) {
  int i = 0;
  for (; i + W <= n; i += W)
    expLanes<W, Fused>(in + i, out + i);
  for (; i < n; ++i)
    out[i] = __builtin_expf(in[i]);
}

__attribute__((target("avx2,fma"))) inline void
expRunFusedAvx2(const float *in, float *out, int n) {
  expRunWith<4, true>(in, out, n);
}
__attribute__((target("avx2"))) inline void expRunPlainAvx2(const float *in,
                                                            float *out, int n) {
  expRunWith<4, false>(in, out, n);
}
__attribute__((target("avx512f,fma"))) inline void
expRunFusedAvx512(const float *in, float *out, int n) {
  expRunWith<8, true>(in, out, n);
}
__attribute__((target("avx512f"))) inline void
expRunPlainAvx512(const float *in, float *out, int n) {
  expRunWith<8, false>(in, out, n);
}
inline void expRunPlainSse2(const float *in, float *out, int n) {
  expRunWith<2, false>(in, out, n);
}

// Which form of expf the host's libm computes, decided once by probes.
enum class ExpForm { Fused, Plain, Libm };

inline ExpForm hostExpForm() {
  static const ExpForm form = [] {
    // 0x4202422f and 0xc27c65d9 are the only f32 inputs on which the fused
    // and plain forms differ; on the others glibc's expf is not correctly
    // rounded (a correctly rounding libm would differ there).
    static volatile const uint32_t probeBits[8] = {
        0x4202422f, 0xc27c65d9, 0x3f00b7ea, 0x3f00ff5d,
        0xbf012e2d, 0xbf008ae8, 0x3f800000, 0xc1200000};
    float probes[8], libm[8], fused[8], plain[8];
    for (int i = 0; i < 8; ++i) {
      const uint32_t bits = probeBits[i];
      std::memcpy(&probes[i], &bits, 4);
      libm[i] = __builtin_expf(probes[i]);
    }
    const bool avx2 = __builtin_cpu_supports("avx2");
    const bool avx512 = __builtin_cpu_supports("avx512f");
    if (avx512 || (avx2 && __builtin_cpu_supports("fma"))) {
      (avx512 ? expRunFusedAvx512 : expRunFusedAvx2)(probes, fused, 8);
      if (std::memcmp(fused, libm, sizeof libm) == 0)
        return ExpForm::Fused;
    }
    expRunPlainSse2(probes, plain, 8);
    if (std::memcmp(plain, libm, sizeof libm) == 0)
      return ExpForm::Plain;
    return ExpForm::Libm;
  }();
  return form;
}

// out[0..n) = expf(in[0..n)), bit for bit as the host's expf; out may be in.
inline void expRunHost(const float *in, float *out, int n) {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  static const bool avx512 = __builtin_cpu_supports("avx512f");
  switch (hostExpForm()) {
  case ExpForm::Fused:
    (avx512 ? expRunFusedAvx512 : expRunFusedAvx2)(in, out, n);
    return;
  case ExpForm::Plain:
    if (avx512)
      expRunPlainAvx512(in, out, n);
    else if (avx2)
      expRunPlainAvx2(in, out, n);
    else
      expRunPlainSse2(in, out, n);
    return;
  case ExpForm::Libm:
    for (int i = 0; i < n; ++i)
      out[i] = __builtin_expf(in[i]);
    return;
  }
}

} // namespace pto::detail

#pragma GCC diagnostic pop
#pragma GCC visibility pop

#endif // PTO_EXPF_HPP
