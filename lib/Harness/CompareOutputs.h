//===- CompareOutputs.h - the output comparators ---------------*- C++ -*-===//
//
// Private to libPyptoRunData.so: the comparators on libtorch tensors that
// RunData's validation applies.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_COMPAREOUTPUTS_H
#define PYPTO_HARNESS_COMPAREOUTPUTS_H

#include "pypto/Harness/Comparator.h"

#include <string>

namespace at {
class Tensor;
} // namespace at

namespace pypto::harness {

// The output comparators (CompareOutputs.cpp) that RunData's validation
// applies: each says whether `actual` passes against the golden `expected`
// and, when it does not, writes the report of the mismatches (indented
// lines) to `detail`. libtorch errors are thrown, for the caller to report.

/// allclose: |actual - expected| <= atol + rtol |expected|, every element.
bool checkAllclose(const at::Tensor &actual, const at::Tensor &expected,
                   double rtol, double atol, std::string &detail);
/// ratio_allclose, with the comparator's tolerances or else the run's.
bool checkRatioAllclose(const Comparator &c, at::Tensor actual,
                        at::Tensor expected, double runRtol, double runAtol,
                        std::string &detail);
/// ratio_reldiff.
bool checkRatioReldiff(const Comparator &c, at::Tensor actual,
                       at::Tensor expected, std::string &detail);
/// topk_pair_compare of the indices `actualIdx`, through the values output
/// (`actualVals` is null when there is none) and, optionally, `scores`.
bool checkTopkPairs(const Comparator &c, const at::Tensor &actualIdx,
                    const at::Tensor &expectedIdx, const at::Tensor *actualVals,
                    const at::Tensor *expectedVals, const at::Tensor *scores,
                    std::string &detail);
/// argmax_compare of the indices `actualIdx` (column 0 of each row; any
/// further columns must equal the golden's) against the scores output: each
/// index is the first maximum of its row of `actualScores` over the searched
/// columns, and its golden score is within the comparator's atol of the
/// golden row's maximum. `actualScores` is null when there is no such output.
bool checkArgmax(const Comparator &c, const at::Tensor &actualIdx,
                 const at::Tensor &expectedIdx, const at::Tensor *actualScores,
                 const at::Tensor *expectedScores, std::string &detail);
/// The largest absolute and relative differences between `actual` and
/// `expected`, of the same shape, over every element.
void maxDifferences(const at::Tensor &actual, const at::Tensor &expected,
                    double &maxAbsDiff, double &maxRelDiff);

/// A tensor's shape as Python prints it: `(1024, 512)`, `(8,)`.
std::string shapeText(const at::Tensor &t);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_COMPAREOUTPUTS_H
