//===- Data.cpp - inputs, goldens and validation with libtorch -*- C++ -*-===//
//
// The only translation unit that includes libtorch (slow to compile); built
// with exceptions, and every libtorch exception is caught here and returned
// as a message.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Data.h"

#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/serialization/pickle.h>
#include <torch/jit.h>
#include <torch/script.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

using namespace pypto::harness;
namespace rt = pypto::runtime;

namespace {

std::optional<c10::ScalarType> toTorch(DataType dtype) {
  switch (dtype) {
  case DataType::FLOAT32:
    return torch::kFloat32;
  case DataType::FLOAT16:
    return torch::kFloat16;
  case DataType::BFLOAT16:
    return torch::kBFloat16;
  case DataType::INT8:
    return torch::kInt8;
  case DataType::INT16:
    return torch::kInt16;
  case DataType::INT32:
    return torch::kInt32;
  case DataType::INT64:
    return torch::kInt64;
  case DataType::UINT8:
    return torch::kUInt8;
  case DataType::BOOL:
    return torch::kBool;
  default:
    return std::nullopt;
  }
}

std::string shapeText(const at::Tensor &t) {
  std::string text = "(";
  for (int64_t i = 0; i < t.dim(); ++i)
    text += (i ? ", " : "") + std::to_string(t.size(i));
  if (t.dim() == 1)
    text += ",";
  return text + ")";
}

std::string valueText(double v) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.9g", v);
  return buffer;
}

std::string writeTensor(const at::Tensor &tensor, const std::string &path) {
  std::vector<char> bytes = torch::jit::pickle_save(tensor);
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out)
    return "cannot write '" + path + "'";
  return "";
}

} // namespace

struct RunData::Impl {
  RunSpec spec;
  std::vector<at::Tensor> args;   // device buffers, parameter order
  std::vector<at::Tensor> inputs; // snapshot of inputs/inouts/scalars
  std::vector<at::Tensor> golden; // per arg; defined for outputs
  bool haveGolden = false;
};

RunData::RunData(const RunSpec &spec) : impl(std::make_unique<Impl>()) {
  impl->spec = spec;
}

RunData::~RunData() = default;

bool RunData::hasGolden() const { return impl->haveGolden; }

std::string RunData::generateInputs(uint64_t seed) {
  try {
    torch::manual_seed(seed);
    impl->args.clear();
    impl->inputs.clear();
    for (const ArgSpec &arg : impl->spec.args) {
      if (!arg.isTensor) {
        auto dtype = toTorch(arg.scalar.dtype);
        if (!dtype)
          return "scalar '" + arg.scalar.name + "' has an unsupported dtype";
        at::Tensor value = torch::scalar_tensor(arg.scalar.value,
                                                torch::TensorOptions(*dtype));
        impl->args.push_back(value);
        impl->inputs.push_back(value);
        continue;
      }
      const TensorSpec &t = arg.tensor;
      auto dtype = toTorch(t.dtype);
      if (!dtype)
        return "tensor '" + t.name + "' has an unsupported dtype";
      auto options = torch::TensorOptions(*dtype);
      auto floatOptions = torch::TensorOptions(torch::kFloat32);
      at::Tensor value;
      if (t.init == "zeros")
        value = torch::zeros(t.shape, options);
      else if (t.init == "ones")
        value = torch::ones(t.shape, options);
      else if (t.init == "constant")
        value = torch::full(t.shape, t.constant, options);
      else if (t.init == "randn")
        value = torch::randn(t.shape, floatOptions).to(*dtype);
      else if (t.init == "rand")
        value = torch::rand(t.shape, floatOptions).to(*dtype);
      else if (t.init == "randint")
        value = torch::randint(-8, 8, t.shape, options);
      else if (t.init == "arange")
        value = torch::arange(torch::numel(torch::empty(t.shape)), options)
                    .reshape(t.shape);
      else
        return "tensor '" + t.name + "' has an unknown init '" + t.init + "'";
      value = value.contiguous();
      impl->args.push_back(value);
      impl->inputs.push_back(t.dir == Direction::Out ? at::Tensor()
                                                     : value.clone());
    }
    return "";
  } catch (const std::exception &e) {
    return std::string("cannot create the inputs: ") + e.what();
  }
}

/// Writes `<dir>/<name>.pt` for every defined tensor of `tensors`.
static std::string saveTensors(const RunSpec &spec,
                               const std::vector<at::Tensor> &tensors,
                               const std::string &dir, const char *what) {
  try {
    for (size_t i = 0; i < spec.args.size() && i < tensors.size(); ++i)
      if (tensors[i].defined())
        if (std::string error = writeTensor(
                tensors[i], dir + "/" + spec.args[i].name() + ".pt");
            !error.empty())
          return error;
    return "";
  } catch (const std::exception &e) {
    return std::string("cannot save the ") + what + ": " + e.what();
  }
}

std::string RunData::saveInputs(const std::string &dir) const {
  return saveTensors(impl->spec, impl->inputs, dir, "inputs");
}

std::string RunData::saveGolden(const std::string &dir) const {
  return saveTensors(impl->spec, impl->golden, dir, "golden");
}

std::string RunData::runGolden(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return "cannot read the golden file '" + path + "'";
  std::stringstream source;
  source << in.rdbuf();
  try {
    std::shared_ptr<torch::jit::CompilationUnit> unit =
        torch::jit::compile(source.str());
    torch::jit::Function *golden = unit->find_function("golden");
    if (!golden)
      return "the golden file '" + path +
             "' defines no function 'golden(values: Dict[str, Tensor])'";
    c10::Dict<std::string, at::Tensor> values;
    for (size_t i = 0; i < impl->spec.args.size(); ++i) {
      const ArgSpec &arg = impl->spec.args[i];
      at::Tensor value = arg.isTensor && arg.tensor.dir == Direction::Out
                             ? torch::zeros_like(impl->args[i])
                             : impl->inputs[i].clone();
      values.insert(arg.name(), value);
    }
    (*golden)({values});
    impl->golden.assign(impl->spec.args.size(), at::Tensor());
    for (size_t i = 0; i < impl->spec.args.size(); ++i) {
      const ArgSpec &arg = impl->spec.args[i];
      if (!arg.isTensor || !arg.tensor.isOutput())
        continue;
      at::Tensor result = values.at(arg.name());
      if (result.sizes() != impl->args[i].sizes())
        return "the golden wrote '" + arg.name() + "' with shape " +
               shapeText(result) + ", the program declares " +
               shapeText(impl->args[i]);
      impl->golden[i] = result.to(impl->args[i].scalar_type()).contiguous();
    }
    impl->haveGolden = true;
    return "";
  } catch (const std::exception &e) {
    return "golden '" + path + "' failed:\n" + e.what();
  }
}

/// Reads `<path>` as a tensor written by torch.save / pickle_save.
static std::string readTensor(const std::string &path, at::Tensor &tensor) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return "cannot read '" + path + "'";
  std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  try {
    c10::IValue value = torch::jit::pickle_load(bytes);
    if (!value.isTensor())
      return "'" + path + "' does not hold a tensor";
    tensor = value.toTensor();
    return "";
  } catch (const std::exception &e) {
    return "'" + path + "' is not a readable .pt file: " +
           std::string(e.what()).substr(0, 200);
  }
}

/// Checks a loaded tensor against the specification of argument `arg`.
static std::string checkLoaded(const ArgSpec &arg, const at::Tensor &loaded,
                               const at::Tensor &expected,
                               const std::string &path) {
  if (loaded.scalar_type() != expected.scalar_type())
    return "'" + path + "' has dtype " +
           std::string(c10::toString(loaded.scalar_type())) +
           ", the specification of '" + arg.name() + "' says " +
           std::string(c10::toString(expected.scalar_type()));
  if (loaded.sizes() != expected.sizes())
    return "'" + path + "' has shape " + shapeText(loaded) +
           ", the specification of '" + arg.name() + "' says " +
           shapeText(expected);
  return "";
}

std::string RunData::loadInputs(const std::string &dir) {
  // Shapes and dtypes come from freshly created arguments (zeros).
  if (std::string error = generateInputs(0); !error.empty())
    return error;
  std::string missing;
  for (size_t i = 0; i < impl->spec.args.size(); ++i) {
    const ArgSpec &arg = impl->spec.args[i];
    if (arg.isTensor && arg.tensor.dir == Direction::Out)
      continue;
    std::string path = dir + "/in/" + arg.name() + ".pt";
    if (!std::ifstream(path))
      missing += (missing.empty() ? "" : ", ") + path;
  }
  if (!missing.empty())
    return "missing replay inputs: " + missing;
  try {
    for (size_t i = 0; i < impl->spec.args.size(); ++i) {
      const ArgSpec &arg = impl->spec.args[i];
      if (arg.isTensor && arg.tensor.dir == Direction::Out) {
        impl->args[i].zero_();
        continue;
      }
      std::string path = dir + "/in/" + arg.name() + ".pt";
      at::Tensor loaded;
      if (std::string error = readTensor(path, loaded); !error.empty())
        return error;
      if (std::string error = checkLoaded(arg, loaded, impl->args[i], path);
          !error.empty())
        return error;
      impl->args[i].copy_(loaded);
      impl->inputs[i] = loaded.clone();
    }
    return "";
  } catch (const std::exception &e) {
    return std::string("cannot load the replay inputs: ") + e.what();
  }
}

std::string RunData::loadGolden(const std::string &dir) {
  std::string missing;
  for (const ArgSpec &arg : impl->spec.args)
    if (arg.isTensor && arg.tensor.isOutput() &&
        !std::ifstream(dir + "/out/" + arg.name() + ".pt"))
      missing +=
          (missing.empty() ? "" : ", ") + dir + "/out/" + arg.name() + ".pt";
  if (!missing.empty())
    return "missing replay goldens: " + missing;
  impl->golden.assign(impl->spec.args.size(), at::Tensor());
  for (size_t i = 0; i < impl->spec.args.size(); ++i) {
    const ArgSpec &arg = impl->spec.args[i];
    if (!arg.isTensor || !arg.tensor.isOutput())
      continue;
    std::string path = dir + "/out/" + arg.name() + ".pt";
    at::Tensor loaded;
    if (std::string error = readTensor(path, loaded); !error.empty())
      return error;
    if (std::string error = checkLoaded(arg, loaded, impl->args[i], path);
        !error.empty())
      return error;
    impl->golden[i] = loaded.contiguous();
  }
  impl->haveGolden = true;
  return "";
}

std::vector<rt::HostArg> RunData::deviceArgs() {
  std::vector<rt::HostArg> result;
  for (size_t i = 0; i < impl->spec.args.size(); ++i) {
    const ArgSpec &arg = impl->spec.args[i];
    at::Tensor &value = impl->args[i];
    if (arg.isTensor) {
      result.push_back(rt::HostArg::tensor(
          value.data_ptr(), value.sizes().vec(), arg.tensor.dtype,
          static_cast<uint32_t>(value.element_size())));
      continue;
    }
    uint64_t bits = 0;
    switch (arg.scalar.dtype) {
    case DataType::FLOAT32:
      bits = to_u64(value.item<float>());
      break;
    case DataType::INT32:
      bits = to_u64(value.item<int32_t>());
      break;
    case DataType::INT64:
      bits = to_u64(value.item<int64_t>());
      break;
    case DataType::INT16:
      bits = to_u64(value.item<int16_t>());
      break;
    case DataType::INT8:
      bits = to_u64(value.item<int8_t>());
      break;
    case DataType::UINT8:
      bits = to_u64(value.item<uint8_t>());
      break;
    case DataType::BOOL:
      bits = to_u64(value.item<bool>());
      break;
    default:
      bits = to_u64(value.to(torch::kFloat32).item<float>());
      break;
    }
    result.push_back(rt::HostArg::scalar(bits));
  }
  return result;
}

std::vector<OutputReport> RunData::validate(double rtol, double atol) const {
  std::vector<OutputReport> reports;
  for (size_t i = 0; i < impl->spec.args.size(); ++i) {
    const ArgSpec &arg = impl->spec.args[i];
    if (!arg.isTensor || !arg.tensor.isOutput())
      continue;
    OutputReport report;
    report.name = arg.name();
    const at::Tensor &actual = impl->args[i];
    const at::Tensor &expected = impl->golden[i];
    std::string header = "'" + report.name +
                         "' %s  shape=" + shapeText(actual) +
                         " dtype=" + torchDtypeName(arg.tensor.dtype);
    try {
      at::Tensor a = actual.to(torch::kFloat64).flatten();
      at::Tensor e = expected.to(torch::kFloat64).flatten();
      at::Tensor close = torch::isclose(a, e, rtol, atol, /*equal_nan=*/true);
      int64_t total = a.numel();
      at::Tensor bad = torch::nonzero(close.logical_not()).flatten();
      int64_t mismatches = bad.numel();
      report.passed = mismatches == 0;
      char line[256];
      std::snprintf(line, sizeof line, header.c_str(),
                    report.passed ? "PASS" : "FAIL");
      report.summary = line;
      if (report.passed) {
        reports.push_back(report);
        continue;
      }
      at::Tensor absDiff = (a - e).abs();
      at::Tensor relDiff = absDiff / e.abs().clamp_min(1e-12);
      int64_t maxAbsAt = absDiff.argmax().item<int64_t>();
      int64_t maxRelAt = relDiff.argmax().item<int64_t>();
      std::ostringstream detail;
      detail << "    Mismatched elements: " << mismatches << "/" << total
             << "  rtol=" << valueText(rtol) << " atol=" << valueText(atol)
             << "\n    max abs diff "
             << valueText(absDiff[maxAbsAt].item<double>()) << " at ["
             << maxAbsAt << "], max rel diff "
             << valueText(relDiff[maxRelAt].item<double>()) << " at ["
             << maxRelAt << "]\n";
      int64_t shown = std::min<int64_t>(mismatches, 20);
      detail << "    first " << shown << " mismatches:\n";
      auto accessor = bad.accessor<int64_t, 1>();
      for (int64_t k = 0; k < shown; ++k) {
        int64_t flat = accessor[k];
        detail << "    [" << flat
               << "] actual=" << valueText(a[flat].item<double>())
               << ", expected=" << valueText(e[flat].item<double>()) << "\n";
      }
      report.detail = detail.str();
    } catch (const std::exception &ex) {
      report.passed = false;
      char line[256];
      std::snprintf(line, sizeof line, header.c_str(), "FAIL");
      report.summary = line;
      report.detail = std::string("    cannot compare: ") + ex.what() + "\n";
    }
    reports.push_back(report);
  }
  return reports;
}
