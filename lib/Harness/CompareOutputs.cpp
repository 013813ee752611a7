//===- CompareOutputs.cpp - an output against its golden --------*- C++ -*-===//
//
// The comparators RunData's validation applies to each output: allclose,
// ratio_allclose, ratio_reldiff and topk_pair_compare (their specifications
// are parsed in Comparator.cpp). Built with libtorch and exceptions like
// Data.cpp; a libtorch exception reaches the caller, which reports it.
//
//===----------------------------------------------------------------------===//

#include "CompareOutputs.h"
#include "pypto/Harness/Data.h"

#include <torch/types.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace pypto::harness {

namespace {

std::string valueText(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

/// Flat index -> "(i, j)".
std::string coordText(int64_t flat, at::IntArrayRef shape) {
  std::vector<int64_t> coord(shape.size());
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    int64_t n = std::max<int64_t>(shape[d], 1);
    coord[d] = flat % n;
    flat /= n;
  }
  std::string text = "(";
  for (size_t d = 0; d < coord.size(); ++d)
    text += (d ? ", " : "") + std::to_string(coord[d]);
  return text + ")";
}

std::string printf8g(const char *format, double a, double b, double c,
                     double d) {
  char line[256];
  std::snprintf(line, sizeof line, format, a, b, c, d);
  return line;
}

/// The elements where `actual` and `expected` differ, as flat indices with
/// both values in f64. Equal elements pass every check and add 0 to every
/// difference, so only these need the (slow) f64 arithmetic: a large cache
/// of which a kernel rewrote a few rows costs one native comparison.
struct Differing {
  at::Tensor index, actual, expected;
};

Differing differingElements(const at::Tensor &actual,
                            const at::Tensor &expected) {
  at::Tensor a = actual.flatten(), e = expected.flatten();
  Differing d;
  if (a.scalar_type() == e.scalar_type()) {
    // NaN != NaN, so NaNs are kept for isclose's equal_nan rule.
    d.index = torch::nonzero(a.ne(e)).flatten();
    d.actual = a.index_select(0, d.index).to(torch::kFloat64);
    d.expected = e.index_select(0, d.index).to(torch::kFloat64);
  } else {
    d.index = torch::arange(a.numel(), torch::kLong);
    d.actual = a.to(torch::kFloat64);
    d.expected = e.to(torch::kFloat64);
  }
  return d;
}

/// Elements the comparators take at a time: their f64 working copies stay
/// at a few tens of MiB whatever the output's size (whole, a 5 GB bf16 cache
/// took 60 GB of temporaries).
constexpr int64_t kCompareChunk = int64_t(1) << 20;

/// Calls fn(a, e, first) on consecutive kCompareChunk-element chunks of the
/// flattened tensors; `first` is the flat index of the chunk's first element.
template <typename Fn>
void forEachChunkPair(const at::Tensor &actual, const at::Tensor &expected,
                      Fn fn) {
  at::Tensor a = actual.reshape(-1), e = expected.reshape(-1);
  for (int64_t first = 0; first < a.numel(); first += kCompareChunk) {
    int64_t size = std::min(kCompareChunk, a.numel() - first);
    fn(a.narrow(0, first, size), e.narrow(0, first, size), first);
  }
}

/// differingElements over consecutive chunks of the flattened tensors, with
/// flat indices into the whole tensor.
template <typename Fn>
void forEachDiffering(const at::Tensor &actual, const at::Tensor &expected,
                      Fn fn) {
  forEachChunkPair(
      actual, expected,
      [&](const at::Tensor &a, const at::Tensor &e, int64_t first) {
        Differing d = differingElements(a, e);
        if (!d.index.numel())
          return;
        d.index.add_(first);
        fn(d);
      });
}

/// The first largest value, as argmax finds it (NaN above everything).
struct FirstMax {
  double value = 0;
  int64_t at = -1;
  /// Whether `candidate` is the new maximum.
  bool take(double candidate, int64_t index) {
    if (at >= 0 && !(std::isnan(candidate) && !std::isnan(value)) &&
        !(candidate > value))
      return false;
    value = candidate;
    at = index;
    return true;
  }
};

} // namespace

/// The torch.isclose check: |a - e| <= atol + rtol |e|, every element.
bool checkAllclose(const at::Tensor &actual, const at::Tensor &expected,
                   double rtol, double atol, std::string &detail) {
  int64_t mismatches = 0;
  FirstMax maxAbs, maxRel;
  std::ostringstream shown;
  forEachDiffering(actual, expected, [&](const Differing &d) {
    at::Tensor close =
        torch::isclose(d.actual, d.expected, rtol, atol, /*equal_nan=*/true);
    at::Tensor badAt = torch::nonzero(close.logical_not()).flatten();
    at::Tensor absDiff = (d.actual - d.expected).abs();
    at::Tensor relDiff = absDiff / d.expected.abs().clamp_min(1e-12);
    auto flatIndex = d.index.accessor<int64_t, 1>();
    int64_t absAt = absDiff.argmax().item<int64_t>();
    int64_t relAt = relDiff.argmax().item<int64_t>();
    maxAbs.take(absDiff[absAt].item<double>(), flatIndex[absAt]);
    maxRel.take(relDiff[relAt].item<double>(), flatIndex[relAt]);
    auto bad = badAt.accessor<int64_t, 1>();
    for (int64_t k = 0; k < badAt.numel() && mismatches + k < 20; ++k) {
      int64_t at = bad[k];
      shown << "    [" << flatIndex[at]
            << "] actual=" << valueText(d.actual[at].item<double>())
            << ", expected=" << valueText(d.expected[at].item<double>())
            << "\n";
    }
    mismatches += badAt.numel();
  });
  if (mismatches == 0)
    return true;
  std::ostringstream out;
  out << "    Mismatched elements: " << mismatches << "/" << actual.numel()
      << "  rtol=" << valueText(rtol) << " atol=" << valueText(atol)
      << "\n    max abs diff " << valueText(maxAbs.value) << " at ["
      << maxAbs.at << "], max rel diff " << valueText(maxRel.value) << " at ["
      << maxRel.at << "]\n";
  out << "    first " << std::min<int64_t>(mismatches, 20) << " mismatches:\n"
      << shown.str();
  detail = out.str();
  return false;
}

namespace {

/// The ratio comparators' common start: the valid prefix and the inactive
/// tail. Returns false (with detail) on a hard failure.
bool ratioPrologue(const Comparator &c, at::Tensor &actual,
                   at::Tensor &expected, std::string &detail) {
  if (c.validRows) {
    int64_t axis = c.validAxis < 0 ? c.validAxis + actual.dim() : c.validAxis;
    if (axis < 0 || axis >= actual.dim() || *c.validRows < 0 ||
        *c.validRows > actual.size(axis)) {
      detail =
          "    valid_rows=" + std::to_string(*c.validRows) +
          " is outside [0, " +
          (axis >= 0 && axis < actual.dim() ? std::to_string(actual.size(axis))
                                            : std::string("?")) +
          "] along axis " + std::to_string(c.validAxis) + "\n";
      return false;
    }
    at::Tensor tail =
        actual.narrow(axis, *c.validRows, actual.size(axis) - *c.validRows);
    if (c.zeroTail) {
      // As f32, as the comparison sees the values (an f64 1e-50 is 0).
      int64_t nonzero =
          (tail.scalar_type() == torch::kFloat64 ? tail.to(torch::kFloat32)
                                                 : tail)
              .ne(0)
              .sum()
              .item<int64_t>();
      if (nonzero) {
        detail = "    inactive tail contains " + std::to_string(nonzero) +
                 " nonzero values\n";
        return false;
      }
    }
    actual = actual.narrow(axis, 0, *c.validRows);
    expected = expected.narrow(axis, 0, *c.validRows);
  }
  return true;
}

/// Non-finite values of both sides, counted chunk by chunk.
struct NonFinite {
  int64_t actualNan = 0, actualInf = 0, expectedNan = 0, expectedInf = 0;
  void add(const at::Tensor &a, const at::Tensor &e) {
    actualNan += a.isnan().sum().item<int64_t>();
    actualInf += a.isinf().sum().item<int64_t>();
    expectedNan += e.isnan().sum().item<int64_t>();
    expectedInf += e.isinf().sum().item<int64_t>();
  }
  /// The hard failure they are, or false.
  bool report(std::string &detail) const {
    if (!actualNan && !actualInf && !expectedNan && !expectedInf)
      return false;
    detail = "    illegal values in comparison: actual: NaN=" +
             std::to_string(actualNan) + " Inf=" + std::to_string(actualInf) +
             "; expected: NaN=" + std::to_string(expectedNan) +
             " Inf=" + std::to_string(expectedInf) + "\n";
    return true;
  }
};

/// Calls fn(a, e, first) on consecutive chunks of the flattened tensors, as
/// f64 through f32 (the comparators' arithmetic); `first` is the flat index
/// of the chunk's first element. A chunk whose elements are equal and finite
/// on both sides passes every check and adds nothing: `equal(first, e)`
/// instead, with the chunk of `expected` (a large cache of which a kernel
/// rewrote a few rows costs one native comparison a chunk). Not for f64,
/// whose values beyond f32's range become infinities on the way.
template <typename Fn, typename EqualFn>
void forEachChunk(const at::Tensor &actual, const at::Tensor &expected, Fn fn,
                  EqualFn equal) {
  bool floating = actual.is_floating_point();
  bool skipEqual = actual.scalar_type() == expected.scalar_type() &&
                   actual.scalar_type() != torch::kFloat64;
  forEachChunkPair(
      actual, expected,
      [&](const at::Tensor &ac, const at::Tensor &ec, int64_t first) {
        // NaN != NaN, so a chunk with one is never equal; infinities are.
        if (skipEqual && at::equal(ac, ec) &&
            !(floating && ac.isinf().any().item<bool>())) {
          equal(first, ec);
          return;
        }
        fn(ac.to(torch::kFloat32).to(torch::kFloat64),
           ec.to(torch::kFloat32).to(torch::kFloat64), first);
      });
}

/// Python's round(): halves to even.
int64_t roundHalfEven(double x) {
  return static_cast<int64_t>(std::nearbyint(x));
}

} // namespace

bool checkRatioAllclose(const Comparator &c, at::Tensor actual,
                        at::Tensor expected, double runRtol, double runAtol,
                        std::string &detail) {
  if (!ratioPrologue(c, actual, expected, detail))
    return false;
  double atol = c.atol.value_or(runAtol), rtol = c.rtol.value_or(runRtol);
  int64_t n = actual.numel();
  if (n == 0)
    return true;
  NonFinite nonFinite;
  int64_t errors = 0;
  FirstMax worst; // the largest difference
  double worstTol = 0;
  std::ostringstream shown;
  forEachChunk(
      actual, expected,
      [&](const at::Tensor &a, const at::Tensor &e, int64_t first) {
        nonFinite.add(a, e);
        at::Tensor diff = (a - e).abs();
        at::Tensor tol = atol + rtol * e.abs();
        at::Tensor bad = torch::nonzero(diff > tol).flatten();
        auto badAt = bad.accessor<int64_t, 1>();
        for (int64_t k = 0; k < bad.numel() && errors + k < c.maxShow; ++k) {
          int64_t i = badAt[k];
          shown << "    [" << first + i << "] "
                << printf8g("actual=%.8g, expected=%.8g, diff=%.4g, tol=%.4g",
                            a[i].item<double>(), e[i].item<double>(),
                            diff[i].item<double>(), tol[i].item<double>())
                << "\n";
        }
        errors += bad.numel();
        // The first largest difference over the whole tensor, as argmax finds.
        int64_t at = diff.argmax().item<int64_t>();
        if (worst.take(diff[at].item<double>(), first + at))
          worstTol = tol[at].item<double>();
      },
      [&](int64_t first, const at::Tensor &e) {
        if (worst.take(0, first))
          worstTol =
              atol + rtol * std::fabs(e[0].to(torch::kFloat32).item<double>());
      });
  if (nonFinite.report(detail))
    return false;
  int64_t threshold = roundHalfEven(c.maxErrorRatio * double(n));
  if (errors <= threshold)
    return true;
  std::ostringstream out;
  char line[256];
  std::snprintf(line, sizeof line,
                "    ratio_allclose fail: error_count=%lld/%lld (ratio=%.4f%%, "
                "allowed<=%.4f%%, threshold=%lld pts)\n",
                (long long)errors, (long long)n, 100.0 * errors / n,
                100.0 * c.maxErrorRatio, (long long)threshold);
  out << line << "    atol=" << valueText(atol) << " rtol=" << valueText(rtol)
      << "\n    max abs diff=" << valueText(worst.value) << " at "
      << coordText(worst.at, actual.sizes()) << " (tol=" << valueText(worstTol)
      << ")\n";
  out << "    first " << std::min<int64_t>(errors, c.maxShow)
      << " mismatches:\n"
      << shown.str();
  detail = out.str();
  return false;
}

bool checkRatioReldiff(const Comparator &c, at::Tensor actual,
                       at::Tensor expected, std::string &detail) {
  if (!ratioPrologue(c, actual, expected, detail))
    return false;
  int64_t n = actual.numel();
  if (n == 0)
    return true;
  NonFinite nonFinite;
  int64_t errors = 0;
  double worst = 0.0;
  std::ostringstream shown;
  forEachChunk(
      actual, expected,
      [&](const at::Tensor &a, const at::Tensor &e, int64_t first) {
        nonFinite.add(a, e);
        at::Tensor absDiff = (a - e).abs();
        at::Tensor denom =
            torch::maximum(
                torch::maximum(a.abs(), e.abs()),
                torch::full_like(a, std::ldexp(1.0, -14) / c.diffThd)) +
            1e-9;
        at::Tensor rdiff =
            torch::where(absDiff < c.diffThd, absDiff, absDiff / denom);
        at::Tensor badMask = rdiff > c.diffThd;
        at::Tensor bad = torch::nonzero(badMask).flatten();
        if (bad.numel())
          worst = std::max(worst,
                           rdiff.masked_select(badMask).max().item<double>());
        auto badAt = bad.accessor<int64_t, 1>();
        for (int64_t k = 0; k < bad.numel() && errors + k < c.maxShow; ++k) {
          int64_t i = badAt[k];
          shown << "    [" << first + i
                << "] actual=" << valueText(a[i].item<double>())
                << ", expected=" << valueText(e[i].item<double>())
                << ", abs_diff=" << valueText(absDiff[i].item<double>())
                << ", rdiff=" << valueText(rdiff[i].item<double>()) << "\n";
        }
        errors += bad.numel();
      },
      [](int64_t, const at::Tensor &) {});
  if (nonFinite.report(detail))
    return false;
  int64_t threshold = roundHalfEven(c.pctThd * double(n));
  bool countOk = errors <= threshold;
  bool worstOk = !errors || worst < c.maxDiffHd;
  if (countOk && worstOk)
    return true;
  std::ostringstream out;
  std::string reason;
  char line[256];
  if (!countOk) {
    std::snprintf(line, sizeof line,
                  "error_count=%lld/%lld (ratio=%.4f%%, allowed<=%.4f%%, "
                  "threshold=%lld pts)",
                  (long long)errors, (long long)n, 100.0 * errors / n,
                  100.0 * c.pctThd, (long long)threshold);
    reason = line;
  }
  if (!worstOk)
    reason += (reason.empty() ? "" : " AND ") + std::string("worst rdiff=") +
              valueText(worst) + " >= max_diff_hd=" + valueText(c.maxDiffHd);
  out << "    ratio_reldiff fail: " << reason
      << "\n    diff_thd=" << valueText(c.diffThd)
      << " pct_thd=" << valueText(c.pctThd)
      << " max_diff_hd=" << valueText(c.maxDiffHd) << "\n"
      << shown.str();
  detail = out.str();
  return false;
}

/// Indices paired with values: a position where the indices differ passes
/// only as a legal tie-break. The actual values stay in order around it,
/// the actual value there equals the golden's (the tie), and with `scores`
/// the score at the returned index is that value (the index is real).
bool checkTopkPairs(const Comparator &c, const at::Tensor &actualIdx,
                    const at::Tensor &expectedIdx, const at::Tensor *actualVals,
                    const at::Tensor *expectedVals, const at::Tensor *scores,
                    std::string &detail) {
  std::ostringstream out;
  if (!actualVals) {
    detail = "    topk_pair_compare: no output named '" + c.valsName + "'\n";
    return false;
  }
  if (actualIdx.sizes() != expectedIdx.sizes() ||
      actualIdx.sizes() != actualVals->sizes()) {
    detail = "    topk_pair_compare: shapes differ: idx " +
             shapeText(actualIdx) + ", expected idx " + shapeText(expectedIdx) +
             ", " + c.valsName + " " + shapeText(*actualVals) + "\n";
    return false;
  }
  int64_t dim = c.dim < 0 ? c.dim + actualIdx.dim() : c.dim;
  if (dim < 0 || dim >= actualIdx.dim()) {
    detail = "    topk_pair_compare: dim " + std::to_string(c.dim) +
             " is out of range\n";
    return false;
  }
  at::Tensor ai = actualIdx.to(torch::kInt64);
  at::Tensor ei = expectedIdx.to(torch::kInt64);
  at::Tensor mismatch = ai.ne(ei);
  if (!mismatch.any().item<bool>())
    return true;
  // Move `dim` last: each row is one top-k list.
  at::Tensor av = actualVals->to(torch::kFloat64).movedim(dim, -1).contiguous();
  at::Tensor ev =
      expectedVals->to(torch::kFloat64).movedim(dim, -1).contiguous();
  at::Tensor aim = ai.movedim(dim, -1).contiguous();
  at::Tensor eim = ei.movedim(dim, -1).contiguous();
  at::Tensor mm = mismatch.movedim(dim, -1).contiguous();
  at::Tensor sc;
  if (scores) {
    sc = scores->to(torch::kFloat64).movedim(dim, -1).contiguous();
    if (sc.dim() != av.dim() || sc.sizes().slice(0, sc.dim() - 1) !=
                                    av.sizes().slice(0, av.dim() - 1)) {
      detail = "    topk_pair_compare: scores " + shapeText(*scores) +
               " do not match the lists " + shapeText(*actualVals) + "\n";
      return false;
    }
  }
  int64_t k = av.size(-1), lists = av.numel() / std::max<int64_t>(k, 1);
  int64_t bad = 0;
  std::ostringstream lines;
  av = av.reshape({lists, k});
  ev = ev.reshape({lists, k});
  aim = aim.reshape({lists, k});
  eim = eim.reshape({lists, k});
  mm = mm.reshape({lists, k});
  if (scores)
    sc = sc.reshape({lists, sc.size(-1)});
  auto avA = av.accessor<double, 2>(), evA = ev.accessor<double, 2>();
  auto aiA = aim.accessor<int64_t, 2>(), eiA = eim.accessor<int64_t, 2>();
  auto mmA = mm.accessor<bool, 2>();
  for (int64_t l = 0; l < lists; ++l)
    for (int64_t i = 0; i < k; ++i) {
      if (!mmA[l][i])
        continue;
      double v = avA[l][i];
      bool ordered = true;
      if (i > 0)
        ordered &= c.descending ? avA[l][i - 1] >= v : avA[l][i - 1] <= v;
      if (i + 1 < k)
        ordered &= c.descending ? v >= avA[l][i + 1] : v <= avA[l][i + 1];
      bool tie = c.topkAtol > 0 ? std::fabs(v - evA[l][i]) <= c.topkAtol
                                : v == evA[l][i];
      std::string scoreText;
      bool real = true;
      if (scores) {
        int64_t index = aiA[l][i];
        real = index >= 0 && index < sc.size(1) &&
               sc[l][index].item<double>() == v;
        scoreText = index >= 0 && index < sc.size(1)
                        ? valueText(sc[l][index].item<double>())
                        : std::string("out of range");
      }
      if (ordered && tie && real)
        continue;
      ++bad;
      if (bad > c.maxShow)
        continue;
      int64_t lo = std::max<int64_t>(0, i - 1), hi = std::min(k, i + 2);
      lines << "      [" << l << "," << i << "] actual_idx=" << aiA[l][i]
            << " expected_idx=" << eiA[l][i]
            << " actual_score=" << printf8g("%.6g", v, 0, 0, 0)
            << " expected_score=" << printf8g("%.6g", evA[l][i], 0, 0, 0);
      if (scores)
        lines << " " << c.scoresName << "[actual_idx]=" << scoreText;
      lines << " actual_vals[" << lo << ":" << hi << "]=[";
      for (int64_t j = lo; j < hi; ++j)
        lines << (j > lo ? ", " : "") << printf8g("%.6g", avA[l][j], 0, 0, 0);
      lines << "]\n";
    }
  if (bad == 0)
    return true;
  out << "    top-k idx mismatch via '" << c.valsName << "' (dim=" << c.dim
      << " order=" << (c.descending ? "descending" : "ascending")
      << "): " << bad
      << " position(s) that are not a legal tie-break (values out of order, "
         "a value that differs from the golden's"
      << (scores ? ", or a score that the index does not have" : "") << ")\n"
      << lines.str();
  if (bad > c.maxShow)
    out << "      ... and " << bad - c.maxShow << " more\n";
  detail = out.str();
  return false;
}

/// A sampler's index against the scores it chose from: exact against the
/// actual scores (the kernel picked what it saw), tolerant against the golden
/// (near-ties of the reference may fall either way under rounding noise).
bool checkArgmax(const Comparator &c, const at::Tensor &actualIdx,
                 const at::Tensor &expectedIdx, const at::Tensor *actualScores,
                 const at::Tensor *expectedScores, std::string &detail) {
  if (!actualScores) {
    detail = "    argmax_compare: no output named '" + c.valsName + "'\n";
    return false;
  }
  auto asRows = [](const at::Tensor &t) {
    return t.dim() == 1 ? t.reshape({t.size(0), 1}) : t;
  };
  at::Tensor ai = asRows(actualIdx), ei = asRows(expectedIdx);
  const at::Tensor &as = *actualScores;
  if (ai.dim() != 2 || as.dim() != 2 || ai.sizes() != ei.sizes() ||
      ai.size(0) != as.size(0) || ai.size(1) < 1 ||
      expectedScores->sizes() != as.sizes()) {
    detail =
        "    argmax_compare: indices " + shapeText(actualIdx) +
        " do not pair with the rows of the scores " + shapeText(as) +
        " (expected [rows] or [rows, n] indices and [rows, cols] scores)\n";
    return false;
  }
  int64_t cols = c.argmaxCols.value_or(as.size(1));
  if (cols > as.size(1)) {
    detail = "    argmax_compare: cols=" + std::to_string(cols) +
             " is more than the scores' " + std::to_string(as.size(1)) +
             " columns\n";
    return false;
  }
  at::Tensor av = as.narrow(1, 0, cols).to(torch::kFloat64).contiguous();
  at::Tensor ev =
      expectedScores->narrow(1, 0, cols).to(torch::kFloat64).contiguous();
  at::Tensor aIdx = ai.to(torch::kInt64).contiguous();
  at::Tensor eIdx = ei.to(torch::kInt64).contiguous();
  auto avA = av.accessor<double, 2>(), evA = ev.accessor<double, 2>();
  auto aiA = aIdx.accessor<int64_t, 2>(), eiA = eIdx.accessor<int64_t, 2>();
  int64_t bad = 0;
  std::ostringstream lines;
  auto report = [&](const std::string &line) {
    if (++bad <= c.maxShow)
      lines << "      " << line << "\n";
  };
  for (int64_t r = 0; r < av.size(0); ++r) {
    for (int64_t j = 1; j < aIdx.size(1); ++j)
      if (aiA[r][j] != eiA[r][j])
        report("[" + std::to_string(r) + "," + std::to_string(j) +
               "] actual=" + std::to_string(aiA[r][j]) + " expected=" +
               std::to_string(eiA[r][j]) + " (only column 0 holds an index)");
    // The first maximum, as torch.argmax and a forward scan find it.
    int64_t first = 0, goldenFirst = 0;
    for (int64_t k = 1; k < cols; ++k) {
      if (avA[r][k] > avA[r][first])
        first = k;
      if (evA[r][k] > evA[r][goldenFirst])
        goldenFirst = k;
    }
    int64_t index = aiA[r][0];
    std::string where = "[" + std::to_string(r) +
                        "] index=" + std::to_string(index) +
                        " golden_index=" + std::to_string(eiA[r][0]);
    if (index < 0 || index >= cols) {
      report(where + ": outside the " + std::to_string(cols) +
             " scored columns");
      continue;
    }
    if (index != first) {
      report(where + ": not the first maximum of the actual '" + c.valsName +
             "' row (" + std::to_string(first) + ", " +
             printf8g("%.8g", avA[r][first], 0, 0, 0) + " > " +
             printf8g("%.8g", avA[r][index], 0, 0, 0) + ")");
      continue;
    }
    double gap = evA[r][goldenFirst] - evA[r][index];
    if (gap > c.argmaxAtol)
      report(where + ": golden score " +
             printf8g("%.8g", evA[r][index], 0, 0, 0) + " is " +
             printf8g("%.3g", gap, 0, 0, 0) + " below the golden maximum " +
             printf8g("%.8g", evA[r][goldenFirst], 0, 0, 0) + " at " +
             std::to_string(goldenFirst) +
             " (atol=" + printf8g("%.3g", c.argmaxAtol, 0, 0, 0) + ")");
  }
  if (bad == 0)
    return true;
  std::ostringstream out;
  out << "    argmax_compare via '" << c.valsName << "': " << bad
      << " wrong index(es)\n"
      << lines.str();
  if (bad > c.maxShow)
    out << "      ... and " << bad - c.maxShow << " more\n";
  detail = out.str();
  return false;
}

void maxDifferences(const at::Tensor &actual, const at::Tensor &expected,
                    double &maxAbsDiff, double &maxRelDiff) {
  maxAbsDiff = maxRelDiff = 0;
  // A NaN anywhere makes the maximum NaN, as torch's max does.
  auto take = [](double &max, double candidate) {
    if (!std::isnan(max) && (std::isnan(candidate) || candidate > max))
      max = candidate;
  };
  forEachDiffering(actual, expected, [&](const Differing &d) {
    at::Tensor diff = (d.actual - d.expected).abs();
    take(maxAbsDiff, diff.max().item<double>());
    take(maxRelDiff,
         (diff / d.expected.abs().clamp_min(1e-12)).max().item<double>());
  });
}

} // namespace pypto::harness
