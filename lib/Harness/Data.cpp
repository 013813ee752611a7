//===- Data.cpp - inputs, goldens and validation with libtorch -*- C++ -*-===//
//
// With CompareOutputs.cpp, the only translation units of the harness that
// include libtorch (slow to compile); built with exceptions, and every
// libtorch exception is caught here and returned as a message.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Data.h"
#include "CompareOutputs.h"
#include "SpillAllocator.h"
#include "pypto/Interpreter/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"

#include <torch/csrc/jit/api/compilation_unit.h>
#include <torch/csrc/jit/serialization/pickle.h>
#include <torch/jit.h>
#include <torch/script.h>

#include <ATen/CPUGeneratorImpl.h>
#include <ATen/Parallel.h>

#include <sys/stat.h>

#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
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

/// Random tensors of at least this many elements are drawn in blocks, in
/// parallel; smaller ones by libtorch's one generator, in order (the values
/// tests and earlier runs pinned).
constexpr int64_t kParallelDrawElements = int64_t(1) << 24;
/// Elements per block: each block has a generator of its own, so a value
/// depends on the seed, the tensor and its position only, not on the number
/// of threads.
constexpr int64_t kDrawBlockElements = int64_t(1) << 20;

uint64_t splitMix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

/// A large random input of `shape` drawn block by block on libtorch's
/// threads: init "randn" (normal, standard deviation `scale`), "rand"
/// (uniform in [0, scale)) or "randint" ([low, high)). Floating values are
/// drawn as f32 and converted, as the serial path does.
at::Tensor drawInBlocks(const TensorSpec &t, c10::ScalarType dtype,
                        uint64_t seed, uint64_t tensorIndex) {
  at::Tensor out = torch::empty(t.shape, torch::TensorOptions(dtype));
  int64_t n = out.numel();
  at::Tensor flat = out.view({n});
  int64_t blocks = (n + kDrawBlockElements - 1) / kDrawBlockElements;
  uint64_t tensorSeed = splitMix64(seed ^ splitMix64(tensorIndex));
  at::parallel_for(0, blocks, 1, [&](int64_t begin, int64_t end) {
    at::Tensor scratch;
    for (int64_t b = begin; b < end; ++b) {
      int64_t first = b * kDrawBlockElements;
      int64_t size = std::min(kDrawBlockElements, n - first);
      at::Generator gen = at::make_generator<at::CPUGeneratorImpl>(
          splitMix64(tensorSeed + uint64_t(b)));
      at::Tensor part = flat.narrow(0, first, size);
      if (t.init == "randint") {
        part.random_(t.low, t.high, gen);
        continue;
      }
      at::Tensor f32 = part;
      if (dtype != torch::kFloat32) {
        if (!scratch.defined() || scratch.numel() != size)
          scratch = torch::empty({size}, torch::kFloat32);
        f32 = scratch;
      }
      if (t.init == "randn")
        f32.normal_(0, t.scale, gen);
      else
        f32.uniform_(0, 1, gen).mul_(t.scale);
      if (dtype != torch::kFloat32)
        part.copy_(f32);
    }
  });
  return out;
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

std::string pypto::harness::shapeText(const at::Tensor &t) {
  std::string text = "(";
  for (int64_t i = 0; i < t.dim(); ++i)
    text += (i ? ", " : "") + std::to_string(t.size(i));
  if (t.dim() == 1)
    text += ",";
  return text + ")";
}

namespace {

/// RunData on libtorch tensors.
class TorchRunData final : public RunData {
public:
  explicit TorchRunData(const RunSpec &spec) : spec(spec) {}

  std::string spillTo(const std::string &dir, uint64_t minBytes) override {
    return startSpilling(dir, minBytes);
  }
  SpillStats spillStats() const override {
    return pypto::harness::spillStats();
  }
  std::string generateInputs(uint64_t seed) override;
  std::string saveInputs(const std::string &dir) const override;
  std::string saveGolden(const std::string &dir) const override;
  std::string loadGoldenFile(const std::string &path) override;
  std::string runGolden() override;
  std::string runReference(mlir::ModuleOp module,
                           int64_t clusterCount) override;
  std::string checkGolden(mlir::ModuleOp module, double rtol, double atol,
                          std::vector<OutputReport> &reports,
                          int64_t clusterCount) override;
  bool hasGolden() const override { return haveGolden; }
  std::string loadInputs(const std::string &dir) override;
  std::string loadGolden(const std::string &dir) override;
  std::vector<pypto::runtime::HostArg> deviceArgs() override;
  std::vector<OutputReport> validate(double rtol, double atol) const override;

private:
  std::vector<OutputReport> compare(const std::vector<at::Tensor> &actuals,
                                    const std::vector<at::Tensor> &expecteds,
                                    double rtol, double atol) const;

  RunSpec spec;
  std::vector<at::Tensor> args;   // device buffers, parameter order
  std::vector<at::Tensor> inputs; // inputs/inouts/scalars as generated (the
                                  // args until the device runs)
  std::vector<at::Tensor> golden; // per arg; defined for outputs
  bool haveGolden = false;
  // Where the inputs came from, to make them again (remakeInputs).
  uint64_t inputSeed = 0;
  std::string inputDir; // loadInputs' directory; empty: from inputSeed
  std::string remakeInputs();
  // The golden file, compiled by loadGoldenFile.
  std::string goldenPath;
  std::shared_ptr<torch::jit::CompilationUnit> goldenUnit;
};

} // namespace

/// A library error's message without the C++ stack libtorch appends.
static std::string errorText(const std::exception &e) {
  std::string text;
  if (auto *torchError = dynamic_cast<const c10::Error *>(&e))
    text = torchError->what_without_backtrace();
  else
    text = e.what();
  for (const char *tail :
       {"\nException raised from", "Exception raised from", "\nframe #"})
    if (size_t at = text.find(tail); at != std::string::npos)
      text.erase(at);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' '))
    text.pop_back();
  return text;
}

std::string TorchRunData::generateInputs(uint64_t seed) {
  inputSeed = seed;
  inputDir.clear();
  try {
    torch::manual_seed(seed);
    args.clear();
    inputs.clear();
    for (const ArgSpec &arg : spec.args) {
      if (!arg.isTensor) {
        auto dtype = toTorch(arg.scalar.dtype);
        if (!dtype)
          return "scalar '" + arg.scalar.name + "' has an unsupported dtype";
        at::Tensor value = torch::scalar_tensor(arg.scalar.value,
                                                torch::TensorOptions(*dtype));
        args.push_back(value);
        inputs.push_back(value);
        continue;
      }
      const TensorSpec &t = arg.tensor;
      auto dtype = toTorch(t.dtype);
      if (!dtype)
        return "tensor '" + t.name + "' has an unsupported dtype";
      auto options = torch::TensorOptions(*dtype);
      auto floatOptions = torch::TensorOptions(torch::kFloat32);
      at::Tensor value;
      if (t.init == "unwritten")
        value = pypto::interp::unwrittenLike(torch::empty(t.shape, options));
      else if (t.init == "zeros")
        value = torch::zeros(t.shape, options);
      else if (t.init == "ones")
        value = torch::ones(t.shape, options);
      else if (t.init == "constant")
        value = torch::full(t.shape, t.constant, options);
      else if (t.init == "values") {
        int64_t count = 1;
        for (int64_t d : t.shape)
          count *= d;
        if (count != int64_t(t.values.size()))
          return "tensor '" + t.name + "' lists " +
                 std::to_string(t.values.size()) +
                 " values in its pypto.init; its shape has " +
                 std::to_string(count) + " elements";
        value =
            torch::tensor(t.values, torch::kDouble).to(*dtype).reshape(t.shape);
      } else if ((t.init == "randn" || t.init == "rand" ||
                  t.init == "randint") &&
                 c10::multiply_integers(t.shape) >= kParallelDrawElements)
        value = drawInBlocks(t, *dtype, seed, args.size());
      else if (t.init == "randn")
        value = (torch::randn(t.shape, floatOptions) * t.scale).to(*dtype);
      else if (t.init == "rand")
        value = (torch::rand(t.shape, floatOptions) * t.scale).to(*dtype);
      else if (t.init == "randint")
        value = torch::randint(t.low, t.high, t.shape, options);
      else if (t.init == "arange")
        value =
            t.scale == 1.0
                ? torch::arange(torch::numel(torch::empty(t.shape)), options)
                      .reshape(t.shape)
                : (torch::arange(torch::numel(torch::empty(t.shape)),
                                 torch::kDouble) *
                   t.scale)
                      .to(*dtype)
                      .reshape(t.shape);
      else
        return "tensor '" + t.name + "' has an unknown init '" + t.init + "'";
      value = value.contiguous();
      args.push_back(value);
      // The argument itself, not a copy: everything that reads the inputs
      // (saving them, the golden, the reference interpreter) runs before
      // the device updates the arguments, and a copy would hold the
      // program's data twice for the whole run.
      inputs.push_back(t.dir == Direction::Out ? at::Tensor() : value);
    }
    return "";
  } catch (const std::exception &e) {
    return std::string("cannot create the inputs: ") + errorText(e);
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
    return std::string("cannot save the ") + what + ": " + errorText(e);
  }
}

std::string TorchRunData::saveInputs(const std::string &dir) const {
  return saveTensors(spec, inputs, dir, "inputs");
}

std::string TorchRunData::saveGolden(const std::string &dir) const {
  return saveTensors(spec, golden, dir, "golden");
}

/// TorchScript compiled from C++ has no `torch.int32`-style constants (the
/// Python resolver provides them); dtypes are ScalarType codes, so the names
/// are replaced by their codes. Lines and columns stay where they were.
static std::string resolveDtypeNames(const std::string &source) {
  static const std::pair<const char *, int> dtypes[] = {
      {"uint8", 0},   {"int8", 1},   {"int16", 2},   {"short", 2},
      {"int32", 3},   {"int", 3},    {"int64", 4},   {"long", 4},
      {"float16", 5}, {"half", 5},   {"float32", 6}, {"float", 6},
      {"float64", 7}, {"double", 7}, {"bool", 11},   {"bfloat16", 15}};
  std::string out;
  size_t i = 0;
  while (i < source.size()) {
    size_t at = source.find("torch.", i);
    if (at == std::string::npos) {
      out.append(source, i, std::string::npos);
      break;
    }
    out.append(source, i, at - i);
    bool boundary =
        at == 0 || !(std::isalnum((unsigned char)source[at - 1]) ||
                     source[at - 1] == '_' || source[at - 1] == '.');
    size_t nameStart = at + 6, nameEnd = nameStart;
    while (nameEnd < source.size() &&
           (std::isalnum((unsigned char)source[nameEnd]) ||
            source[nameEnd] == '_'))
      ++nameEnd;
    std::string name = source.substr(nameStart, nameEnd - nameStart);
    int code = -1;
    for (auto [dtypeName, dtypeCode] : dtypes)
      if (name == dtypeName)
        code = dtypeCode;
    // torch.float(...) is a call, not the dtype.
    bool call = nameEnd < source.size() && source[nameEnd] == '(';
    if (boundary && code >= 0 && !call) {
      std::string text = std::to_string(code);
      // Pad to the original width so diagnostics keep their columns.
      text.resize(nameEnd - at, ' ');
      out += text;
    } else {
      out.append(source, at, nameEnd - at);
    }
    i = nameEnd;
  }
  return out;
}

/// Golden files are small programs; a larger "file" is a mistake (a device,
/// a data file) that must not be read whole.
static constexpr uint64_t kMaxGoldenBytes = 16 << 20;

/// Whether `source` reads as a Python program: text without control bytes
/// that defines a function at the start of a line. Only such a file's lines
/// may appear in an error (not those of a key file given by mistake).
static bool looksLikePython(const std::string &source) {
  for (unsigned char c : source)
    if (c < 0x20 && c != '\n' && c != '\t' && c != '\r' && c != '\f')
      return false;
  return source.rfind("def ", 0) == 0 ||
         source.find("\ndef ") != std::string::npos;
}

std::string TorchRunData::loadGoldenFile(const std::string &path) {
  struct stat info;
  if (::stat(path.c_str(), &info) != 0)
    return "cannot read the golden file '" + path + "'";
  if (!S_ISREG(info.st_mode))
    return "the golden file '" + path + "' is not a regular file";
  if (uint64_t(info.st_size) > kMaxGoldenBytes)
    return "the golden file '" + path + "' has " +
           std::to_string(info.st_size) +
           " bytes; a golden is a program of at most 16 MiB";
  std::ifstream in(path);
  if (!in)
    return "cannot read the golden file '" + path + "'";
  std::stringstream source;
  source << in.rdbuf();
  if (!looksLikePython(source.str()))
    return "the golden file '" + path +
           "' is not a Python program: it defines no function "
           "'golden(values: Dict[str, Tensor])'";
  try {
    std::shared_ptr<torch::jit::CompilationUnit> unit =
        torch::jit::compile(resolveDtypeNames(source.str()));
    if (!unit->find_function("golden"))
      return "the golden file '" + path +
             "' defines no function 'golden(values: Dict[str, Tensor])'";
    goldenPath = path;
    goldenUnit = std::move(unit);
    return "";
  } catch (const std::exception &e) {
    return "golden '" + path + "' failed:\n" + errorText(e);
  }
}

std::string TorchRunData::remakeInputs() {
  return inputDir.empty() ? generateInputs(inputSeed) : loadInputs(inputDir);
}

std::string TorchRunData::runGolden() {
  const std::string &path = goldenPath;
  if (!goldenUnit)
    return "no golden file was loaded";
  try {
    torch::jit::Function *goldenFn = goldenUnit->find_function("golden");
    // The golden sees its inputs as clones would be: outputs start at zero,
    // inouts are clones (it writes them). Pure inputs are aliases of the
    // arguments instead, saving a copy of the program's data (1.7 GiB for
    // the Qwen3-32B layer); a golden that writes one anyway (in place,
    // through a view or as an out= argument: each bumps the version counter
    // the alias shares) is seen afterwards, and the inputs are made again.
    c10::Dict<std::string, at::Tensor> values;
    std::vector<std::pair<size_t, int64_t>> aliased; // (arg, version)
    for (size_t i = 0; i < spec.args.size(); ++i) {
      const ArgSpec &arg = spec.args[i];
      at::Tensor value;
      if (arg.isTensor && arg.tensor.dir == Direction::Out) {
        value = torch::zeros_like(args[i]);
      } else if (arg.isTensor && arg.tensor.dir == Direction::InOut) {
        value = inputs[i].clone();
      } else {
        value = inputs[i].alias();
        aliased.emplace_back(i, inputs[i]._version());
      }
      values.insert(arg.name(), value);
    }
    (*goldenFn)({values});
    bool wroteAnInput = false;
    for (auto [i, version] : aliased)
      wroteAnInput |= inputs[i]._version() != version;
    golden.assign(spec.args.size(), at::Tensor());
    for (size_t i = 0; i < spec.args.size(); ++i) {
      const ArgSpec &arg = spec.args[i];
      if (!arg.isTensor || !arg.tensor.isOutput())
        continue;
      if (!values.contains(arg.name()))
        return "the golden removed '" + arg.name() +
               "' from values; it must leave every output in place";
      at::Tensor result = values.at(arg.name());
      if (result.sizes() != args[i].sizes())
        return "the golden wrote '" + arg.name() + "' with shape " +
               shapeText(result) + ", the program declares " +
               shapeText(args[i]);
      golden[i] = result.to(args[i].scalar_type()).contiguous();
      // An output the golden made an input (values["y"] = values["x"]) is
      // that input's storage: keep a copy, as the device may not see it.
      for (auto [j, version] : aliased)
        if (golden[i].is_alias_of(inputs[j]))
          golden[i] = golden[i].clone();
    }
    if (wroteAnInput)
      if (std::string error = remakeInputs(); !error.empty())
        return "the golden wrote an input, and making the inputs again "
               "failed: " +
               error;
    haveGolden = true;
    return "";
  } catch (const std::exception &e) {
    return "golden '" + path + "' failed:\n" + errorText(e);
  }
}

/// The interpreter's outputs on clones of the inputs: outputs start
/// unwritten, as on the device, so a program that reads one before writing it
/// gets NaN where it does.
static std::string interpretOnInputs(mlir::ModuleOp module, const RunSpec &spec,
                                     const std::vector<at::Tensor> &args,
                                     const std::vector<at::Tensor> &inputs,
                                     std::vector<at::Tensor> &outputs,
                                     int64_t clusterCount) try {
  std::vector<at::Tensor> values;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ArgSpec &arg = spec.args[i];
    values.push_back(arg.isTensor && arg.tensor.dir == Direction::Out
                         ? pypto::interp::unwrittenLike(args[i])
                         : inputs[i].clone());
  }
  if (std::string error =
          pypto::interp::interpretProgram(module, values, clusterCount);
      !error.empty())
    return error;
  outputs.assign(spec.args.size(), at::Tensor());
  for (size_t i = 0; i < spec.args.size(); ++i)
    if (spec.args[i].isTensor && spec.args[i].tensor.isOutput())
      outputs[i] = values[i].contiguous();
  return "";
} catch (const std::exception &e) {
  // A full spill directory shows here first (a copy of every argument).
  return std::string("the reference interpreter stopped: ") + errorText(e);
}

std::string TorchRunData::runReference(mlir::ModuleOp module,
                                       int64_t clusterCount) {
  std::vector<at::Tensor> outputs;
  if (std::string error =
          interpretOnInputs(module, spec, args, inputs, outputs, clusterCount);
      !error.empty())
    return error;
  golden = std::move(outputs);
  haveGolden = true;
  return "";
}

std::string TorchRunData::checkGolden(mlir::ModuleOp module, double rtol,
                                      double atol,
                                      std::vector<OutputReport> &reports,
                                      int64_t clusterCount) {
  std::vector<at::Tensor> reference;
  if (std::string error = interpretOnInputs(module, spec, args, inputs,
                                            reference, clusterCount);
      !error.empty())
    return error;
  // The golden in the place of the device's outputs, the reference as the
  // expected values: the same comparators judge both.
  reports = compare(golden, reference, rtol, atol);
  for (OutputReport &report : reports) {
    std::string verdict = report.passed ? "agrees with" : "differs from";
    size_t space = report.summary.find(' ', report.name.size() + 2);
    report.summary = "'" + report.name + "' golden " + verdict +
                     " the reference" + report.summary.substr(space + 5);
  }
  return "";
}

/// Reads `<path>` as a tensor written by torch.save / pickle_save.
static std::string readTensor(const std::string &path, at::Tensor &tensor) {
  struct stat info;
  if (::stat(path.c_str(), &info) == 0 && !S_ISREG(info.st_mode))
    return "'" + path + "' is not a regular file";
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
    return "'" + path +
           "' is not a readable .pt file: " + errorText(e).substr(0, 200);
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

std::string TorchRunData::loadInputs(const std::string &dir) {
  // Shapes and dtypes come from freshly created arguments (zeros).
  if (std::string error = generateInputs(0); !error.empty())
    return error;
  std::string missing;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ArgSpec &arg = spec.args[i];
    if (arg.isTensor && arg.tensor.dir == Direction::Out)
      continue;
    std::string path = dir + "/in/" + arg.name() + ".pt";
    if (!std::ifstream(path))
      missing += (missing.empty() ? "" : ", ") + path;
  }
  if (!missing.empty())
    return "missing replay inputs: " + missing;
  try {
    for (size_t i = 0; i < spec.args.size(); ++i) {
      const ArgSpec &arg = spec.args[i];
      if (arg.isTensor && arg.tensor.dir == Direction::Out)
        continue; // generateInputs gave it its starting value
      std::string path = dir + "/in/" + arg.name() + ".pt";
      at::Tensor loaded;
      if (std::string error = readTensor(path, loaded); !error.empty())
        return error;
      if (std::string error = checkLoaded(arg, loaded, args[i], path);
          !error.empty())
        return error;
      args[i].copy_(loaded);
      inputs[i] = args[i];
    }
    inputDir = dir;
    return "";
  } catch (const std::exception &e) {
    return std::string("cannot load the replay inputs: ") + errorText(e);
  }
}

std::string TorchRunData::loadGolden(const std::string &dir) {
  std::string missing;
  for (const ArgSpec &arg : spec.args)
    if (arg.isTensor && arg.tensor.isOutput() &&
        !std::ifstream(dir + "/out/" + arg.name() + ".pt"))
      missing +=
          (missing.empty() ? "" : ", ") + dir + "/out/" + arg.name() + ".pt";
  if (!missing.empty())
    return "missing replay goldens: " + missing;
  golden.assign(spec.args.size(), at::Tensor());
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ArgSpec &arg = spec.args[i];
    if (!arg.isTensor || !arg.tensor.isOutput())
      continue;
    std::string path = dir + "/out/" + arg.name() + ".pt";
    at::Tensor loaded;
    if (std::string error = readTensor(path, loaded); !error.empty())
      return error;
    if (std::string error = checkLoaded(arg, loaded, args[i], path);
        !error.empty())
      return error;
    golden[i] = loaded.contiguous();
  }
  haveGolden = true;
  return "";
}

std::vector<rt::HostArg> TorchRunData::deviceArgs() {
  std::vector<rt::HostArg> result;
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ArgSpec &arg = spec.args[i];
    at::Tensor &value = args[i];
    if (arg.isTensor) {
      result.push_back(rt::HostArg::tensor(
          value.data_ptr(), deviceShape(value.sizes().vec()), arg.tensor.dtype,
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

std::vector<OutputReport> TorchRunData::validate(double rtol,
                                                 double atol) const {
  return compare(args, golden, rtol, atol);
}

std::vector<OutputReport>
TorchRunData::compare(const std::vector<at::Tensor> &actuals,
                      const std::vector<at::Tensor> &expecteds, double rtol,
                      double atol) const {
  std::vector<OutputReport> reports;
  auto indexOf = [&](const std::string &name) -> int {
    for (size_t i = 0; i < spec.args.size(); ++i)
      if (spec.args[i].isTensor && spec.args[i].name() == name)
        return static_cast<int>(i);
    return -1;
  };
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ArgSpec &arg = spec.args[i];
    if (!arg.isTensor || !arg.tensor.isOutput())
      continue;
    OutputReport report;
    report.name = arg.name();
    const at::Tensor &actual = actuals[i];
    const at::Tensor &expected = expecteds[i];
    auto found = spec.comparators.find(report.name);
    Comparator comparator =
        found != spec.comparators.end() ? found->second : Comparator();
    std::string label = comparator.kind == "allclose"
                            ? std::string()
                            : " (" + comparator.label(rtol, atol) + ")";
    auto summary = [&](bool passed) {
      return "'" + report.name + "' " + (passed ? "PASS" : "FAIL") +
             "  shape=" + shapeText(actual) +
             " dtype=" + torchDtypeName(arg.tensor.dtype) + label;
    };
    try {
      std::string detail;
      bool passed;
      if (comparator.kind == "ratio_allclose") {
        passed = checkRatioAllclose(comparator, actual, expected, rtol, atol,
                                    detail);
      } else if (comparator.kind == "ratio_reldiff") {
        passed = checkRatioReldiff(comparator, actual, expected, detail);
      } else if (comparator.kind == "topk_pair_compare") {
        int vals = indexOf(comparator.valsName);
        int scores =
            comparator.scoresName.empty() ? -1 : indexOf(comparator.scoresName);
        if (!comparator.scoresName.empty() && scores < 0)
          throw std::runtime_error("topk_pair_compare: no tensor named '" +
                                   comparator.scoresName + "'");
        passed = checkTopkPairs(
            comparator, actual, expected,
            vals >= 0 && spec.args[vals].tensor.isOutput() ? &actuals[vals]
                                                           : nullptr,
            vals >= 0 ? &expecteds[vals] : nullptr,
            // An output's scores: the compared side's own.
            scores < 0                            ? nullptr
            : spec.args[scores].tensor.isOutput() ? &actuals[scores]
                                                  : &args[scores],
            detail);
      } else if (comparator.kind == "argmax_compare") {
        int scores = indexOf(comparator.valsName);
        bool isOut = scores >= 0 && spec.args[scores].tensor.isOutput();
        passed = checkArgmax(comparator, actual, expected,
                             isOut ? &actuals[scores] : nullptr,
                             isOut ? &expecteds[scores] : nullptr, detail);
      } else {
        passed = checkAllclose(actual, expected, rtol, atol, detail);
      }
      report.passed = passed;
      report.summary = summary(passed);
      report.detail = detail;
      report.comparator = comparator.kind;
      report.numel = actual.numel();
      if (report.numel && actual.sizes() == expected.sizes()) {
        maxDifferences(actual, expected, report.maxAbsDiff, report.maxRelDiff);
      } else if (report.numel) {
        report.maxAbsDiff = report.maxRelDiff = std::nan("");
      }
    } catch (const std::exception &ex) {
      report.passed = false;
      report.summary = summary(false);
      report.detail =
          std::string("    cannot compare: ") + errorText(ex) + "\n";
    }
    reports.push_back(report);
  }
  return reports;
}

extern "C" RunData *pyptoCreateRunData(const RunSpec *spec) {
  return new TorchRunData(*spec);
}
