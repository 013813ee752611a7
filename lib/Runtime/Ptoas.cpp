//===- Ptoas.cpp - Running the external ptoas assembler -------------------===//

#include "pypto/Runtime/Ptoas.h"

#include "Process.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <thread>

#include <unistd.h>

namespace fs = std::filesystem;

namespace pypto::runtime {

namespace {

bool isExecutableFile(const fs::path &p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

/// "a3" / "a5" from an arch or platform name; "" if unknown.
std::string normalizeArch(const std::string &arch) {
  if (arch == "a3" || arch == "a2a3" || arch == "a2a3sim" || arch == "a2" || arch == "A3")
    return "a3";
  if (arch == "a5" || arch == "a5sim" || arch == "A5")
    return "a5";
  return "";
}

} // namespace

std::optional<std::string> findPtoas(std::string *searched) {
  std::string where;
  if (const char *root = std::getenv("PTOAS_ROOT"); root && *root) {
    const fs::path p = fs::path(root) / "ptoas";
    if (searched)
      *searched = "$PTOAS_ROOT/ptoas (" + p.string() + ")";
    if (isExecutableFile(p))
      return p.string();
    return std::nullopt;
  }
  const char *path = std::getenv("PATH");
  std::istringstream in(path ? path : "");
  std::string dir;
  while (std::getline(in, dir, ':')) {
    const fs::path p = fs::path(dir.empty() ? "." : dir) / "ptoas";
    if (isExecutableFile(p)) {
      std::error_code ec;
      fs::path abs = fs::absolute(p, ec);
      return ec ? p.string() : abs.string();
    }
  }
  if (searched)
    *searched = "'ptoas' on PATH (PTOAS_ROOT is not set)";
  return std::nullopt;
}

PtoasResult runPtoas(const std::vector<std::string> &units, const PtoasOptions &options) {
  PtoasResult result;
  result.units.resize(units.size());
  for (size_t i = 0; i < units.size(); ++i)
    result.units[i].input = units[i];

  auto failAll = [&](const std::string &msg) {
    result.error = msg;
    for (PtoasUnitResult &u : result.units)
      u.error = msg;
    return result;
  };
  std::string exe = options.executable;
  if (exe.empty()) {
    std::string searched;
    std::optional<std::string> found = findPtoas(&searched);
    if (!found)
      return failAll("ptoas not found: looked for " + searched);
    exe = *found;
  }
  result.executable = exe;
  const std::string arch = normalizeArch(options.arch);
  if (arch.empty())
    return failAll("ptoas: unknown arch '" + options.arch + "' (expected a3 or a5)");
  if (units.empty()) {
    result.ok = true;
    return result;
  }
  if (!options.outputDir.empty()) {
    std::error_code ec;
    fs::create_directories(options.outputDir, ec);
    if (ec)
      return failAll("ptoas: cannot create output directory '" + options.outputDir +
                     "': " + ec.message());
  }

  std::atomic<size_t> next{0};
  auto worker = [&] {
    for (;;) {
      const size_t i = next.fetch_add(1);
      if (i >= units.size())
        return;
      PtoasUnitResult &u = result.units[i];
      const fs::path in(units[i]);
      std::error_code ec;
      if (!fs::is_regular_file(in, ec)) {
        u.error = "ptoas: input '" + units[i] + "' does not exist";
        continue;
      }
      fs::path out = in;
      out.replace_extension(".cpp");
      if (!options.outputDir.empty())
        out = fs::path(options.outputDir) / out.filename();
      fs::remove(out, ec); // a stale output must not pass for a new one
      std::vector<std::string> argv = {exe,
                                       units[i],
                                       "-o",
                                       out.string(),
                                       "--enable-insert-sync",
                                       "--pto-level=level3",
                                       "--pto-arch",
                                       arch};
      argv.insert(argv.end(), options.extraFlags.begin(), options.extraFlags.end());
      detail::ProcessResult pr =
          detail::runProcess(argv, options.timeoutSeconds, /*mergeStderr=*/false, 64 * 1024);
      const std::string cmd = "command: " + detail::joinCommand(argv);
      auto details = [&] {
        std::string d = "\n" + cmd;
        if (!pr.errorOutput.empty())
          d += "\nptoas stderr:\n" + pr.errorOutput;
        if (!pr.output.empty())
          d += "\nptoas stdout:\n" + pr.output;
        return d;
      };
      if (!pr.started) {
        u.error = "ptoas on '" + units[i] + "': " + pr.startError;
      } else if (pr.timedOut) {
        u.error = "ptoas on '" + units[i] + "' timed out after " +
                  std::to_string(options.timeoutSeconds) + " s" + details();
      } else if (pr.exitStatus != 0) {
        u.error = "ptoas on '" + units[i] + "' failed (" +
                  (pr.exitStatus < 0 ? "signal " + std::to_string(-pr.exitStatus)
                                     : "exit code " + std::to_string(pr.exitStatus)) +
                  ")" + details();
      } else if (!fs::is_regular_file(out, ec)) {
        u.error = "ptoas on '" + units[i] + "' exited 0 but wrote no '" + out.string() + "'" +
                  details();
      } else {
        u.outputPath = out.string();
      }
      if (!u.ok())
        fs::remove(out, ec); // no partial output
    }
  };
  unsigned par = options.parallelism ? options.parallelism : std::thread::hardware_concurrency();
  par = std::max(1u, std::min<unsigned>(par, unsigned(units.size())));
  if (par == 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < par; ++t)
      pool.emplace_back(worker);
    for (std::thread &t : pool)
      t.join();
  }
  result.ok = true;
  for (const PtoasUnitResult &u : result.units) {
    if (u.ok())
      continue;
    result.ok = false;
    if (!result.error.empty())
      result.error += "\n";
    result.error += u.error;
  }
  return result;
}

} // namespace pypto::runtime
