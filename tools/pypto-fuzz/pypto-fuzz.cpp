//===- pypto-fuzz.cpp - differential fuzzing of the whole toolchain -------===//
//
// Generates random valid programs, runs each through pypto-run on the
// simulators with the reference interpreter's golden, and classifies what
// went wrong: a mismatch, a refused valid program, a run-time error, a crash
// or a hang. A failure is shrunk to a minimal program that fails the same
// way and written as a reproducer with the command that shows it. Every run
// is a child process, so a crash or a hang of the toolchain is a finding,
// not the end of the fuzzer.
//
//===----------------------------------------------------------------------===//

#include "Generator.h"

#include "Process.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <regex>
#include <set>
#include <sstream>
#include <thread>

using namespace pypto::fuzz;
namespace cl = llvm::cl;
namespace proc = pypto::runtime::detail;

namespace {

cl::OptionCategory category("pypto-fuzz options");
cl::opt<uint64_t> seedOption("seed", cl::desc("Seed of the run (default 1)"),
                             cl::init(1), cl::cat(category));
cl::opt<unsigned> countOption("count",
                              cl::desc("Programs to generate (default 100)"),
                              cl::init(100), cl::cat(category));
cl::opt<std::string> platformsOption(
    "platforms",
    cl::desc("Comma-separated simulators to run each program on (default "
             "a5sim,a2a3sim)"),
    cl::init("a5sim,a2a3sim"), cl::cat(category));
cl::opt<unsigned> jobsOption("j", cl::desc("Programs run at once (default 2)"),
                             cl::init(2), cl::cat(category));
cl::opt<std::string> outOption("out",
                               cl::desc("Output directory (default fuzz_out)"),
                               cl::init("fuzz_out"), cl::cat(category));
cl::opt<std::string> toolOption(
    "pypto-run",
    cl::desc("The pypto-run to test (default: the one next to pypto-fuzz)"),
    cl::cat(category));
cl::opt<unsigned> timeoutOption(
    "timeout", cl::desc("Seconds before a run counts as a hang (default 300)"),
    cl::init(300), cl::cat(category));
cl::opt<bool> noForkServer(
    "no-fork-server",
    cl::desc("Start a new pypto-run for every run instead of forking it from "
             "one that has loaded its libraries (slower by about 1 s a run)"),
    cl::cat(category));
cl::opt<bool> noShrink("no-shrink", cl::desc("Do not shrink failures"),
                       cl::cat(category));
cl::opt<unsigned>
    shrinkRuns("shrink-runs",
               cl::desc("Runs a shrink may take per failure (default 150)"),
               cl::init(150), cl::cat(category));
cl::opt<unsigned> progressOption(
    "progress",
    cl::desc("Print a progress line every N programs (default 100, 0: never)"),
    cl::init(100), cl::cat(category));
cl::opt<std::string> ptoasOption(
    "ptoas",
    cl::desc("How each run turns .pto into kernel C++ (pypto-run's --ptoas): "
             "off (default: the built-in lowering), auto, or the path of a "
             "ptoas to test"),
    cl::init("off"), cl::cat(category));
cl::opt<uint64_t>
    printSeed("print",
              cl::desc("Print the program of this program seed and exit"),
              cl::cat(category));

/// The program seed of the i-th program of a run (splitmix64).
uint64_t programSeed(uint64_t seed, uint64_t i) {
  uint64_t z = seed * 0x9E3779B97F4A7C15ull + i + 1;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (z ^ (z >> 31)) % 1000000000000ull;
}

struct Outcome {
  std::string kind;      // pass, mismatch, refused, runtime-error, crash, hang,
                         // reference-error
  std::string detail;    // the first error line
  std::string signature; // kind + detail without numbers and paths
};

/// The first line that says what went wrong. A tool's failure that carries
/// the tool's own error ("ptoas failed:" and ptoas's diagnostics) is told by
/// that error, so different ptoas refusals are different failures.
std::string firstErrorLine(const std::string &output) {
  std::istringstream in(output);
  std::string line, mismatch, wrapper;
  while (std::getline(in, line)) {
    if (line.find("error:") != std::string::npos) {
      if (!wrapper.empty())
        return wrapper + " " + line.substr(line.find("error:"));
      if (line.size() < 7 || line.compare(line.size() - 7, 7, "failed:") != 0)
        return line;
      wrapper = line;
      continue;
    }
    if (mismatch.empty() && line.find("Output(s) do not match") == 0)
      mismatch = line;
  }
  return wrapper.empty() ? mismatch : wrapper;
}

Outcome classify(const proc::ProcessResult &result) {
  Outcome o;
  const std::string &out = result.output;
  if (!result.started) {
    o.kind = "no-start";
    o.detail = result.startError;
    return o;
  } else if (result.timedOut) {
    o.kind = "hang";
  } else if (result.exitStatus == 0) {
    o.kind = "pass";
    return o;
  } else if (result.exitStatus != 1 ||
             out.find("Stack dump") != std::string::npos ||
             out.find("PLEASE submit a bug report") != std::string::npos) {
    o.kind = "crash";
    o.detail = "exit status " + std::to_string(result.exitStatus);
  } else {
    // The failing phase is the last one whose done line was printed.
    std::string stage;
    std::regex done(R"(\[RUN\] ([a-z ]+) done \()");
    for (std::sregex_iterator it(out.begin(), out.end(), done), end; it != end;
         ++it)
      stage = (*it)[1];
    o.kind = stage == "compile"          ? "refused"
             : stage == "compute golden" ? "reference-error"
             : stage == "runtime"        ? "runtime-error"
                                         : "mismatch";
  }
  if (o.detail.empty())
    o.detail = firstErrorLine(out);
  // Numbers and paths differ between programs that fail alike.
  std::string sig = std::regex_replace(o.detail, std::regex(R"([^ ]*/)"), "");
  sig = std::regex_replace(sig, std::regex(R"(fuzz_[0-9]+)"), "fuzz_N");
  sig = std::regex_replace(
      sig, std::regex(R"([0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?)"), "N");
  o.signature = o.kind + ": " + sig;
  return o;
}

class Fuzzer {
public:
  Fuzzer(std::string tool, std::vector<std::string> platforms)
      : tool(std::move(tool)), platforms(std::move(platforms)) {}

  int run();

private:
  Outcome runOnce(const std::string &text, const std::string &dir,
                  const std::string &platform) {
    llvm::sys::fs::create_directories(dir);
    std::string path = dir + "/program.mlir";
    {
      std::ofstream file(path);
      file << text;
    }
    std::vector<std::string> args{path,
                                  "-p",
                                  platform,
                                  "--golden=reference",
                                  "--output-dir",
                                  dir + "/" + platform,
                                  "--no-dump-passes",
                                  "--no-save-data",
                                  "--ptoas=" + ptoasOption};
    if (noForkServer) {
      args.insert(args.begin(), tool);
      return classify(proc::runProcess(args, timeoutOption));
    }
    // One server per worker thread: a run blocks its server.
    thread_local std::unique_ptr<proc::ForkServer> server;
    if (!server)
      server = std::make_unique<proc::ForkServer>(tool);
    std::string log = dir + "/" + platform + ".log";
    proc::ProcessResult result = server->run(args, timeoutOption, log);
    llvm::sys::fs::remove(log);
    return classify(result);
  }

  /// Lowers `program` while it keeps failing as `outcome` does on `platform`.
  Program shrink(Program program, const Outcome &outcome,
                 const std::string &platform, const std::string &dir,
                 int &runs) {
    bool progress = true;
    while (progress && runs < int(shrinkRuns)) {
      progress = false;
      for (const Program &candidate : shrinkCandidates(program)) {
        if (runs >= int(shrinkRuns))
          break;
        std::string text = printProgram(candidate);
        if (text.empty() || liveOpCount(candidate) >= liveOpCount(program))
          continue;
        ++runs;
        Outcome o = runOnce(text, dir, platform);
        bool same = o.kind == outcome.kind &&
                    (o.kind == "mismatch" || o.signature == outcome.signature);
        if (same) {
          program = candidate;
          progress = true;
          break;
        }
      }
    }
    return program;
  }

  void report(const Program &program, const Outcome &outcome,
              const std::string &platform) {
    std::string dir =
        outOption + "/work/shrink-" + std::to_string(program.seed);
    int runs = 0;
    Program small =
        noShrink ? program : shrink(program, outcome, platform, dir, runs);
    // Show the minimal program's own failure.
    std::string text = printProgram(small);
    Outcome last = runOnce(text, dir, platform);
    std::string file = outOption + "/repro/" + outcome.kind + "-" +
                       std::to_string(program.seed) + ".mlir";
    llvm::sys::fs::create_directories(outOption + "/repro");
    std::ofstream out(file);
    out << "// pypto-fuzz reproducer: " << outcome.kind << " on " << platform
        << " (program seed " << program.seed << ", shrunk in " << runs
        << " runs)\n";
    out << "// " << (last.detail.empty() ? outcome.detail : last.detail)
        << "\n";
    out << "// Run: pypto-run " << llvm::sys::path::filename(file).str()
        << " -p " << platform << " --golden=reference"
        << (ptoasOption == "off" ? "" : " --ptoas=" + ptoasOption) << "\n";
    out << text;
    std::lock_guard<std::mutex> lock(mutex);
    std::printf("[FUZZ]   reproducer: %s\n", file.c_str());
    std::fflush(stdout);
  }

  std::string tool;
  std::vector<std::string> platforms;
  std::mutex mutex;
  std::map<std::string, int> counts;     // kind -> runs
  unsigned finished = 0;                 // programs done, under `mutex`
  std::map<std::string, int> signatures; // signature -> runs
  std::atomic<unsigned> next{0};
  std::atomic<bool> stopped{false};
  std::string startError;
};

int Fuzzer::run() {
  auto start = std::chrono::steady_clock::now();
  std::printf("[FUZZ] seed %llu, %u programs on %s, %u at once, with %s\n",
              (unsigned long long)seedOption, unsigned(countOption),
              platformsOption.c_str(), unsigned(jobsOption), tool.c_str());
  std::fflush(stdout);
  auto worker = [&] {
    for (;;) {
      unsigned i = next.fetch_add(1);
      if (i >= countOption)
        return;
      uint64_t seed = programSeed(seedOption, i);
      Program program = generateProgram(seed);
      std::string text = printProgram(program);
      std::string dir = outOption + "/work/" + std::to_string(seed);
      bool failed = false;
      for (const std::string &platform : platforms) {
        if (stopped)
          return;
        Outcome o = text.empty() ? Outcome{"generator", "", "generator"}
                                 : runOnce(text, dir, platform);
        if (o.kind == "no-start") {
          // Not a finding: the toolchain under test is missing (or being
          // rebuilt). Every later run would fail the same way.
          std::lock_guard<std::mutex> lock(mutex);
          if (!stopped.exchange(true))
            startError = o.detail;
          return;
        }
        bool fresh;
        {
          std::lock_guard<std::mutex> lock(mutex);
          ++counts[o.kind];
          if (o.kind == "pass")
            continue;
          failed = true;
          fresh = signatures[o.signature]++ == 0;
          std::printf("[FUZZ] program %u (seed %llu) %s on %s: %s%s\n", i,
                      (unsigned long long)seed, o.kind.c_str(),
                      platform.c_str(), o.detail.c_str(),
                      fresh ? "" : " (seen before)");
          std::fflush(stdout);
        }
        if (fresh && o.kind != "generator")
          report(program, o, platform);
      }
      if (!failed)
        llvm::sys::fs::remove_directories(dir);
      std::lock_guard<std::mutex> lock(mutex);
      if (progressOption && ++finished % progressOption == 0) {
        int runs = 0, failures = 0;
        for (auto &[kind, n] : counts) {
          runs += n;
          failures += kind == "pass" ? 0 : n;
        }
        std::printf("[FUZZ] progress: %u/%u programs, %d runs, %d failed, "
                    "%.0f s\n",
                    finished, unsigned(countOption), runs, failures,
                    std::chrono::duration<double>(
                        std::chrono::steady_clock::now() - start)
                        .count());
        std::fflush(stdout);
      }
    }
  };
  std::vector<std::thread> threads;
  for (unsigned j = 0; j < std::max(1u, unsigned(jobsOption)); ++j)
    threads.emplace_back(worker);
  for (std::thread &t : threads)
    t.join();
  if (stopped) {
    std::fprintf(stderr, "pypto-fuzz: error: %s; stopped\n",
                 startError.c_str());
    return 2;
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  int runs = 0, failures = 0;
  for (auto &[kind, n] : counts) {
    runs += n;
    if (kind != "pass")
      failures += n;
  }
  std::printf("[FUZZ] %u programs, %d runs in %.0f s: %d passed, %d failed",
              unsigned(countOption), runs, seconds, counts["pass"], failures);
  for (auto &[kind, n] : counts)
    if (kind != "pass" && n)
      std::printf(", %s %d", kind.c_str(), n);
  std::printf("\n");
  if (!signatures.empty()) {
    std::printf("[FUZZ] %zu distinct failures:\n", signatures.size());
    for (auto &[sig, n] : signatures)
      std::printf("[FUZZ]   %4d  %s\n", n, sig.c_str());
  }
  std::fflush(stdout);
  return failures ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  // A fork server that died is an error on the write to it, not the end of
  // the fuzzer (what it starts gets SIGPIPE back: lib/Runtime/Process.cpp).
  std::signal(SIGPIPE, SIG_IGN);
  cl::HideUnrelatedOptions(category);
  if (!cl::ParseCommandLineOptions(
          argc, argv,
          "pypto-fuzz: generate random pypto programs and check the "
          "toolchain against the reference interpreter\n",
          &llvm::errs()))
    return 2;
  if (printSeed.getNumOccurrences()) {
    std::string text = printProgram(generateProgram(printSeed));
    if (text.empty()) {
      llvm::errs() << "pypto-fuzz: error: the generator made no valid program "
                      "for seed "
                   << printSeed << "\n";
      return 1;
    }
    llvm::outs() << text;
    return 0;
  }
  std::vector<std::string> platforms;
  llvm::SmallVector<llvm::StringRef> parts;
  llvm::StringRef(platformsOption).split(parts, ',', -1, false);
  for (llvm::StringRef p : parts) {
    if (p != "a5sim" && p != "a2a3sim") {
      llvm::errs() << "pypto-fuzz: error: --platforms: '" << p
                   << "' is not a simulator (a5sim, a2a3sim)\n";
      return 2;
    }
    platforms.push_back(p.str());
  }
  if (platforms.empty()) {
    llvm::errs() << "pypto-fuzz: error: --platforms names no simulator\n";
    return 2;
  }
  std::string tool = toolOption;
  if (tool.empty()) {
    std::string self =
        llvm::sys::fs::getMainExecutable(argv[0], (void *)&programSeed);
    tool = (llvm::sys::path::parent_path(self) + "/pypto-run").str();
  }
  if (!llvm::sys::fs::can_execute(tool)) {
    llvm::errs() << "pypto-fuzz: error: cannot run '" << tool
                 << "' (use --pypto-run PATH)\n";
    return 2;
  }
  return Fuzzer(tool, platforms).run();
}
