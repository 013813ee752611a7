//===- Comparator.h - how an output is checked against its golden -*- C++
//-*-===//
//
// The comparators of the run specification: allclose (the default),
// ratio_allclose, ratio_reldiff and topk_pair_compare, written as calls:
// `ratio_allclose(atol=1e-4, max_error_ratio=0.005)`.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_COMPARATOR_H
#define PYPTO_HARNESS_COMPARATOR_H

#include <map>
#include <optional>
#include <string>

namespace pypto::harness {

struct Comparator {
  std::string kind = "allclose"; // allclose | ratio_allclose | ratio_reldiff
                                 // | topk_pair_compare | argmax_compare
  // ratio_allclose (atol/rtol unset: the run's tolerances)
  std::optional<double> atol, rtol;
  double maxErrorRatio = 0.005;
  // ratio_reldiff
  double diffThd = 0.01, pctThd = 0.05, maxDiffHd = 1.0 / 0.0;
  // both ratio comparators: compare only the first validRows along validAxis;
  // with zeroTail the rest of the actual output must be zero
  std::optional<int64_t> validRows;
  int64_t validAxis = 0;
  bool zeroTail = false;
  // topk_pair_compare
  std::string valsName;   // the paired values output
  std::string scoresName; // optional: the tensor the indices point into (an
                          // output: the compared side's own)
  int64_t dim = -1;
  bool descending = true;
  double topkAtol = 0; // a differing index is a tie when its value is within
                       // this of the golden's (0: equal)
  int64_t maxShow = 10;
  // argmax_compare: the scores output (valsName), how far below the golden
  // row's maximum the chosen score may be, and the columns searched (unset:
  // all)
  double argmaxAtol = 0;
  std::optional<int64_t> argmaxCols;

  /// The name the report prints, with resolved tolerances where they apply.
  std::string label(double runRtol, double runAtol) const;
};

/// Parses `name(arg, key=value, ...)`; on error returns false with a
/// one-line reason.
bool parseComparator(const std::string &text, Comparator &out,
                     std::string &error);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_COMPARATOR_H
