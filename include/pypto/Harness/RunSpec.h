//===- RunSpec.h - what a program needs to run ----------------*- C++ -*-===//
//
// The run specification of a program: its arguments in parameter order
// (tensors with shape, dtype, direction and initialisation; scalars with their
// value), its golden file and tolerances. Plain data, no MLIR or torch types,
// so every part of pypto-run can share it.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_RUNSPEC_H
#define PYPTO_HARNESS_RUNSPEC_H

#include "pypto/Harness/Comparator.h"
#include "pypto/Runtime/tensor.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pypto::harness {

enum class Direction { In, Out, InOut };

struct TensorSpec {
  std::string name;
  std::vector<int64_t> shape;
  /// The shape its type declares: -1 where a dimension is bound per run.
  std::vector<int64_t> declaredShape;
  DataType dtype = DataType::FLOAT32;
  Direction dir = Direction::In;
  /// zeros, ones, randn, rand, randint, arange, constant or values.
  std::string init = "randn";
  double constant = 0; // the fill value when init == "constant"
  std::vector<double> values; // row-major, when init == "values"
  double scale = 1;    // randn and rand values are multiplied by it
  int64_t low = -8, high = 8; // randint draws from [low, high)

  bool isOutput() const { return dir != Direction::In; }
};

struct ScalarSpec {
  std::string name;
  DataType dtype = DataType::FLOAT32;
  double value = 0; // integers are exact up to 2^53
};

struct ArgSpec {
  bool isTensor = true;
  TensorSpec tensor;
  ScalarSpec scalar;
  const std::string &name() const {
    return isTensor ? tensor.name : scalar.name;
  }
};

/// A buffer of every rank's communication window (pypto.alloc_window).
/// The shape the runtime gets for a tensor argument: a rank-6 tensor's
/// first two dimensions merged, as pypto-fold-rank6 merges them in the
/// compiled program (the runtime's tensors have five).
std::vector<int64_t> deviceShape(std::vector<int64_t> shape);

struct WindowSpec {
  std::vector<int64_t> shape;
  DataType dtype = DataType::FLOAT32;
  uint64_t offset = 0; // in each rank's window, 64-byte aligned
  uint64_t bytes = 0;
};

struct RunSpec {
  std::string programName; // build_output/<programName>_<ts>/
  /// Ranks of a multi-card program (pypto.ranks world(N)); 1 otherwise.
  int worldSize = 1;
  /// Whether the program has a pypto.ranks region (its chips then also take
  /// their windows, rank and CommContext, even a world of one).
  bool hasRanks = false;
  /// Its window buffers, in program order, and the bytes of each rank's window.
  std::vector<WindowSpec> windows;
  uint64_t windowBytes = 0;
  std::vector<ArgSpec> args;
  std::string goldenPath; // absolute, or empty when the program has none
  double rtol = 1e-5;
  double atol = 1e-5;
  /// Output name -> how it is checked (allclose when absent).
  std::map<std::string, Comparator> comparators;
};

/// "f32", "bf16", ...: the name of a dtype in messages.
const char *dtypeName(DataType dtype);
/// "torch.float32", ...: the name PyTorch prints.
const char *torchDtypeName(DataType dtype);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_RUNSPEC_H
