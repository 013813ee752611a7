//===- Data.h - inputs, goldens and validation ----------------*- C++ -*-===//
//
// The libtorch half of pypto-run, behind a torch-free interface: it creates
// the input tensors of a run specification, saves and loads `.pt` files,
// runs the TorchScript golden, hands host buffers to the device, and compares
// the device's outputs with the golden. Errors are returned as text, never
// thrown.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_DATA_H
#define PYPTO_HARNESS_DATA_H

#include "pypto/Harness/RunSpec.h"
#include "pypto/Runtime/Device.h"

#include <memory>
#include <string>
#include <vector>

namespace at {
class Tensor;
} // namespace at

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace pypto::harness {

/// The verdict on one output.
struct OutputReport {
  std::string name;
  bool passed = false;
  std::string summary; // "'y' PASS  shape=(1024, 512) dtype=torch.float32"
  std::string detail;  // mismatch report when failed
  std::string comparator = "allclose";
  // Over the whole output, whatever the comparator (NaN when not comparable).
  double maxAbsDiff = 0, maxRelDiff = 0;
  int64_t numel = 0;
};

class RunData {
public:
  explicit RunData(const RunSpec &spec);
  ~RunData();
  RunData(const RunData &) = delete;
  RunData &operator=(const RunData &) = delete;

  /// Creates every argument: inputs and inouts from their init kind (seeded),
  /// pure outputs as zeros, scalars as 0-D tensors.
  std::string generateInputs(uint64_t seed);

  /// Writes `<dir>/<name>.pt` for every input, inout and scalar.
  std::string saveInputs(const std::string &dir) const;
  /// Writes `<dir>/<name>.pt` for every golden output.
  std::string saveGolden(const std::string &dir) const;

  /// Reads and compiles the TorchScript file that defines
  /// `def golden(values: Dict[str, Tensor])`. Done before the inputs are
  /// generated, so a missing or broken golden fails in a moment, not after
  /// minutes of input generation for a large model.
  std::string loadGoldenFile(const std::string &path);
  /// Runs the loaded golden on clones of the inputs; the outputs it leaves in
  /// `values` are the golden. The message of a failure names the file and
  /// the golden's line.
  std::string runGolden();

  /// The golden by the reference interpreter: runs `module`, the program as
  /// written, on clones of the inputs (outputs start unwritten), on a chip of
  /// `clusterCount` clusters (pypto.available_cluster_count).
  std::string runReference(mlir::ModuleOp module, int64_t clusterCount);

  /// --check-golden: runs the reference interpreter on the inputs the golden
  /// was computed from and compares the golden with it, output by output,
  /// with the outputs' comparators (the golden in the device's place).
  /// `reports` says where they differ; the result is an error message when
  /// the interpreter stops.
  std::string checkGolden(mlir::ModuleOp module, double rtol, double atol,
                          std::vector<OutputReport> &reports,
                          int64_t clusterCount);

  bool hasGolden() const;

  /// Replay: loads inputs, inouts and scalars from `<dir>/in/<name>.pt`
  /// (pure outputs start as zeros). Every missing file is listed; a dtype or
  /// shape that differs from the specification is an error naming it.
  std::string loadInputs(const std::string &dir);
  /// Replay: loads the golden of every output from `<dir>/out/<name>.pt`.
  std::string loadGolden(const std::string &dir);

  /// Host buffers for the device: tensors in place, scalars as bit patterns,
  /// in parameter order.
  std::vector<pypto::runtime::HostArg> deviceArgs();

  /// Compares every output with the golden (allclose with rtol/atol).
  std::vector<OutputReport> validate(double rtol, double atol) const;

private:
  std::vector<OutputReport> compare(const std::vector<at::Tensor> &actuals,
                                    const std::vector<at::Tensor> &expecteds,
                                    double rtol, double atol) const;

  struct Impl;
  std::unique_ptr<Impl> impl;
};

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

#endif // PYPTO_HARNESS_DATA_H
