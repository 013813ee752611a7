// RUN: pypto-translate %s --emit-kernel-function -o %t.cpp
// RUN: FileCheck %s < %t.cpp
// RUN: %cxx -fsyntax-only -std=c++17 -I%tile_lib -D__CPU_SIM -D__DAV_VEC__ %t.cpp

// Scalar work on values read from data: float arithmetic on doubles rounded
// once to the result type (as the reference interpreter computes), the
// cmpf predicates (unordered ones true on NaN), conversions, bitwise ops.

// CHECK-LABEL: void scalars(
// CHECK-SAME:  __gm__ float* [[P:v[0-9]+]], __gm__ int32_t* [[Q:v[0-9]+]], int64_t [[I:v[0-9]+]])
// CHECK:       const float [[A:v[0-9]+]] = pto::LOAD_SCALAR([[P]], [[I]]);
// CHECK:       const float [[S:v[0-9]+]] = static_cast<float>(static_cast<double>([[A]]) * static_cast<double>([[A]]));
// CHECK:       const float [[D:v[0-9]+]] = static_cast<float>(static_cast<double>([[S]]) / static_cast<double>([[A]]));
// CHECK:       const float {{v[0-9]+}} = static_cast<float>(-static_cast<double>([[D]]));
// CHECK:       const float {{v[0-9]+}} = static_cast<float>(std::fmod(static_cast<double>([[S]]), static_cast<double>([[A]])));
// CHECK:       const float {{v[0-9]+}} = static_cast<float>(std::fmax(
// CHECK:       const float {{v[0-9]+}} = static_cast<float>((static_cast<double>([[S]]) != static_cast<double>([[S]]) || static_cast<double>([[A]]) != static_cast<double>([[A]])) ? std::nan("") : std::min(
// CHECK:       const bool [[OLT:v[0-9]+]] = static_cast<bool>(static_cast<double>([[S]]) < static_cast<double>([[A]]));
// CHECK:       const bool {{v[0-9]+}} = static_cast<bool>(!(static_cast<double>([[S]]) >= static_cast<double>([[A]])));
// CHECK:       const bool {{v[0-9]+}} = static_cast<bool>((static_cast<double>([[S]]) < static_cast<double>([[A]]) || static_cast<double>([[S]]) > static_cast<double>([[A]])));
// CHECK:       const bool {{v[0-9]+}} = static_cast<bool>((static_cast<double>([[S]]) != static_cast<double>([[S]])) || (static_cast<double>([[A]]) != static_cast<double>([[A]])));
// CHECK:       const int32_t [[N:v[0-9]+]] = static_cast<int32_t>(static_cast<int64_t>(static_cast<double>([[S]])));
// CHECK:       const int32_t [[E:v[0-9]+]] = static_cast<int32_t>(static_cast<bool>([[OLT]]));
// CHECK:       const int32_t [[X:v[0-9]+]] = [[N]] ^ [[E]];
// CHECK:       const float {{v[0-9]+}} = static_cast<float>(static_cast<double>([[X]]));
// CHECK:       const float {{v[0-9]+}} = static_cast<float>(static_cast<double>(static_cast<uint64_t>([[X]]) & ((uint64_t(1) << 32) - 1)));
// CHECK:       pto::STORE_SCALAR([[Q]], [[I]], [[X]]);
func.func @scalars(%p: !pto.ptr<f32>, %q: !pto.ptr<i32>, %i: index) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %a = pto.load_scalar %p[%i] : !pto.ptr<f32> -> f32
  %s = arith.mulf %a, %a : f32
  %d = arith.divf %s, %a : f32
  %n0 = arith.negf %d : f32
  %r = arith.remf %s, %a : f32
  %mx = arith.maxnumf %s, %a : f32
  %mn = arith.minimumf %s, %a : f32
  %olt = arith.cmpf olt, %s, %a : f32
  %ult = arith.cmpf ult, %s, %a : f32
  %one = arith.cmpf one, %s, %a : f32
  %uno = arith.cmpf uno, %s, %a : f32
  %n = arith.fptosi %s : f32 to i32
  %e = arith.extui %olt : i1 to i32
  %x = arith.xori %n, %e : i32
  %f = arith.sitofp %x : i32 to f32
  %u = arith.uitofp %x : i32 to f32
  pto.store_scalar %x, %q[%i] : !pto.ptr<i32>, i32
  return
}
