//===- TileLibBench.cpp - Tile-library instructions beside libtorch -------===//
//
// One simulated core's instructions on tiles already in on-chip memory
// (the default core's arenas), against libtorch doing the same work on
// tensors of the same values, single-threaded (one simulated core is one
// host thread). This file is compiled with the kernels' flags (-O2), so the
// figures are what a kernel gets.
//
//===----------------------------------------------------------------------===//

#include "PairedTable.h"

#include <pto/pto-inst.hpp>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <cstdint>
#include <random>
#include <string>
#include <type_traits>

using namespace pto;

namespace {

template <typename T> at::ScalarType torchType() {
  if constexpr (std::is_same_v<T, float>)
    return at::kFloat;
  else if constexpr (std::is_same_v<T, bfloat16_t>)
    return at::kBFloat16;
  else
    return at::kChar;
}

template <typename T> T fromFloat(float v) {
  if constexpr (std::is_same_v<T, bfloat16_t>)
    return bfloat16_t(v);
  else
    return T(v);
}

/// The benchmark's throughput: `work` units (flops, elements) an iteration.
void setRate(benchmark::State &state, double work) {
  state.counters["rate"] = benchmark::Counter(
      work, benchmark::Counter::kIsIterationInvariantRate);
}

/// An M x K by K x N product on the cube: the Left and Right tiles in L0A and
/// L0B, the accumulator in L0C (A5 capacities).
template <typename TIn, int M, int K, int N>
void matmulOurs(benchmark::State &state) {
  using TAcc = std::conditional_t<std::is_same_v<TIn, int8_t>, int32_t, float>;
  using LeftT = Tile<TileType::Left, TIn, M, K, BLayout::ColMajor, M, K,
                     SLayout::RowMajor, 512>;
  using RightT = Tile<TileType::Right, TIn, K, N, BLayout::RowMajor, K, N,
                      SLayout::ColMajor, 512>;
  using AccT = Tile<TileType::Acc, TAcc, M, N, BLayout::ColMajor, M, N,
                    SLayout::RowMajor, 1024>;
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  LeftT l;
  RightT r;
  AccT acc;
  TASSIGN(l, 0);
  TASSIGN(r, 0);
  TASSIGN(acc, 0);
  // Data like a model's: full-precision f32 (whose products need rounding),
  // bf16 values (whose products are exact: the fused form), small integers.
  std::mt19937 rng(1);
  std::uniform_int_distribution<int> small(-3, 3);
  std::uniform_real_distribution<float> real(-3.0f, 3.0f);
  auto draw = [&] {
    return std::is_same_v<TIn, int8_t> ? fromFloat<TIn>(float(small(rng)))
                                       : fromFloat<TIn>(real(rng));
  };
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k)
      l.at(i, k) = draw();
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j)
      r.at(k, j) = draw();
  for (auto _ : state) {
    TMATMUL(acc, l, r);
    benchmark::DoNotOptimize(acc.data());
  }
  setRate(state, 2.0 * M * K * N);
}

template <typename TIn, int M, int K, int N>
void matmulTorch(benchmark::State &state) {
  at::set_num_threads(1);
  // i8 x i8 -> i32: libtorch 1.13 has no CPU int8 GEMM; it multiplies the
  // values as i32.
  at::ScalarType t = torchType<TIn>();
  at::ScalarType in = t == at::kChar ? at::kInt : t;
  at::Tensor a = at::randint(-3, 4, {M, K}).to(in);
  at::Tensor b = at::randint(-3, 4, {K, N}).to(in);
  at::Tensor c = at::empty({M, N}, at::TensorOptions().dtype(in));
  for (auto _ : state) {
    at::matmul_out(c, a, b);
    benchmark::DoNotOptimize(c.data_ptr());
  }
  setRate(state, 2.0 * M * K * N);
}

constexpr int R = 64, C = 128; // vector tiles: 32 KiB of f32

using VecT = Tile<TileType::Vec, float, R, C>;

template <typename Body> void vectorOurs(benchmark::State &state, Body body) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecT a, b, d;
  TASSIGN(a, 0);
  TASSIGN(b, VecT::kBytes);
  TASSIGN(d, 2 * VecT::kBytes);
  std::mt19937 rng(2);
  std::uniform_real_distribution<float> u(-2, 2);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      a.at(i, j) = u(rng);
      b.at(i, j) = u(rng);
    }
  for (auto _ : state) {
    body(a, b, d);
    benchmark::DoNotOptimize(d.data());
  }
  setRate(state, double(R) * C);
}

void addOurs(benchmark::State &state) {
  vectorOurs(state, [](VecT &a, VecT &b, VecT &d) { TADD(d, a, b); });
}
void addTorch(benchmark::State &state) {
  at::set_num_threads(1);
  at::Tensor a = at::randn({R, C}), b = at::randn({R, C}),
             d = at::empty({R, C});
  for (auto _ : state)
    at::add_out(d, a, b);
  setRate(state, double(R) * C);
}

void expOurs(benchmark::State &state) {
  vectorOurs(state, [](VecT &a, VecT &, VecT &d) { TEXP(d, a); });
}
void expTorch(benchmark::State &state) {
  at::set_num_threads(1);
  at::Tensor a = at::randn({R, C}), d = at::empty({R, C});
  for (auto _ : state)
    at::exp_out(d, a);
  setRate(state, double(R) * C);
}

void rowSumOurs(benchmark::State &state) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecT a, tmp;
  Tile<TileType::Vec, float, R, 1, BLayout::ColMajor> d;
  TASSIGN(a, 0);
  TASSIGN(tmp, VecT::kBytes);
  TASSIGN(d, 2 * VecT::kBytes);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      a.at(i, j) = float((i * 7 + j) % 13) - 6.0f;
  for (auto _ : state) {
    TROWSUM(d, a, tmp);
    benchmark::DoNotOptimize(d.data());
  }
  setRate(state, double(R) * C);
}
void rowSumTorch(benchmark::State &state) {
  at::set_num_threads(1);
  at::Tensor a = at::randn({R, C}), d = at::empty({R});
  for (auto _ : state)
    at::sum_out(d, a, {1});
  setRate(state, double(R) * C);
}

void transposeOurs(benchmark::State &state) {
  sim::ScopedDefaultCore guard(sim::Arch::A5);
  VecT a;
  Tile<TileType::Vec, float, C, R> d;
  TASSIGN(a, 0);
  TASSIGN(d, VecT::kBytes);
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j)
      a.at(i, j) = float(i * C + j);
  for (auto _ : state) {
    TTRANS(d, a, a);
    benchmark::DoNotOptimize(d.data());
  }
  setRate(state, double(R) * C);
}
void transposeTorch(benchmark::State &state) {
  at::set_num_threads(1);
  at::Tensor a = at::randn({R, C}), d = at::empty({C, R});
  for (auto _ : state)
    d.copy_(a.t());
  setRate(state, double(R) * C);
}

#define PAIR(name, ours, torch)                                                \
  BENCHMARK(ours)->Name(std::string(name) + "/ours");                          \
  BENCHMARK(torch)->Name(std::string(name) + "/torch");

#define MATMUL(T, tname, M, K, N)                                              \
  PAIR("matmul/" tname "/" #M "x" #K "x" #N, (matmulOurs<T, M, K, N>),         \
       (matmulTorch<T, M, K, N>))

MATMUL(float, "f32", 16, 128, 128)
MATMUL(float, "f32", 64, 64, 64)
MATMUL(float, "f32", 128, 128, 128)
MATMUL(bfloat16_t, "bf16", 16, 128, 128)
MATMUL(bfloat16_t, "bf16", 64, 64, 64)
MATMUL(bfloat16_t, "bf16", 128, 128, 128)
MATMUL(int8_t, "i8", 16, 128, 128)
MATMUL(int8_t, "i8", 64, 64, 64)
MATMUL(int8_t, "i8", 128, 128, 128)
PAIR("vector/add/f32/64x128", addOurs, addTorch)
PAIR("vector/exp/f32/64x128", expOurs, expTorch)
PAIR("reduce/row_sum/f32/64x128", rowSumOurs, rowSumTorch)
PAIR("layout/transpose/f32/64x128", transposeOurs, transposeTorch)

struct Units {
  Units() {
    pypto::bench::setRateUnit("matmul/", "GFLOP/s");
    pypto::bench::setRateUnit("vector/", "elem/s");
    pypto::bench::setRateUnit("reduce/", "elem/s");
    pypto::bench::setRateUnit("layout/", "elem/s");
  }
} units;

} // namespace
