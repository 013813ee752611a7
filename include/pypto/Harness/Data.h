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

/// Tensor memory kept in files (--spill-dir).
struct SpillStats {
  uint64_t files = 0;     // allocations made as files so far
  uint64_t bytesNow = 0;  // bytes in files now
  uint64_t peakBytes = 0; // the most bytes in files at once
};

/// The data phases of a run. The implementation, on libtorch, lives in
/// libPyptoRunData.so, which pypto-run loads only when a data phase runs
/// (RunDataLibrary.h): this interface names no libtorch type.
class RunData {
public:
  virtual ~RunData() = default;

  /// From now on, for the whole process, every tensor allocation of
  /// `minBytes` and more (the arguments, the golden's copies and
  /// temporaries, the comparisons') is a file of its own in `dir`, mapped
  /// shared, so the run's data may exceed the memory. Returns why `dir`
  /// cannot hold them, or "".
  virtual std::string spillTo(const std::string &dir, uint64_t minBytes) = 0;
  virtual SpillStats spillStats() const = 0;

  /// Creates every argument: inputs and inouts from their init kind (seeded),
  /// pure outputs as zeros, scalars as 0-D tensors.
  virtual std::string generateInputs(uint64_t seed) = 0;

  /// Writes `<dir>/<name>.pt` for every input, inout and scalar.
  virtual std::string saveInputs(const std::string &dir) const = 0;
  /// Writes `<dir>/<name>.pt` for every golden output.
  virtual std::string saveGolden(const std::string &dir) const = 0;

  /// Reads and compiles the TorchScript file that defines
  /// `def golden(values: Dict[str, Tensor])`. Done before the inputs are
  /// generated, so a missing or broken golden fails in a moment, not after
  /// minutes of input generation for a large model.
  virtual std::string loadGoldenFile(const std::string &path) = 0;
  /// Runs the loaded golden on clones of the inputs; the outputs it leaves in
  /// `values` are the golden. The message of a failure names the file and
  /// the golden's line.
  virtual std::string runGolden() = 0;

  /// The golden by the reference interpreter: runs `module`, the program as
  /// written, on clones of the inputs (outputs start unwritten), on a chip of
  /// `clusterCount` clusters (pypto.available_cluster_count).
  virtual std::string runReference(mlir::ModuleOp module,
                                   int64_t clusterCount) = 0;

  /// --check-golden: runs the reference interpreter on the inputs the golden
  /// was computed from and compares the golden with it, output by output,
  /// with the outputs' comparators (the golden in the device's place).
  /// `reports` says where they differ; the result is an error message when
  /// the interpreter stops.
  virtual std::string checkGolden(mlir::ModuleOp module, double rtol,
                                  double atol,
                                  std::vector<OutputReport> &reports,
                                  int64_t clusterCount) = 0;

  virtual bool hasGolden() const = 0;

  /// Replay: loads inputs, inouts and scalars from `<dir>/in/<name>.pt`
  /// (pure outputs start as zeros). Every missing file is listed; a dtype or
  /// shape that differs from the specification is an error naming it.
  virtual std::string loadInputs(const std::string &dir) = 0;
  /// Replay: loads the golden of every output from `<dir>/out/<name>.pt`.
  virtual std::string loadGolden(const std::string &dir) = 0;

  /// Host buffers for the device: tensors in place, scalars as bit patterns,
  /// in parameter order.
  virtual std::vector<pypto::runtime::HostArg> deviceArgs() = 0;

  /// Compares every output with the golden (allclose with rtol/atol).
  virtual std::vector<OutputReport> validate(double rtol,
                                             double atol) const = 0;
};

} // namespace pypto::harness

/// libPyptoRunData.so's one entry point: a new RunData for `spec`, owned by
/// the caller.
extern "C" pypto::harness::RunData *
pyptoCreateRunData(const pypto::harness::RunSpec *spec);

#endif // PYPTO_HARNESS_DATA_H
