//===- PtoasTest.cpp - Locating and running ptoas --------------------------===//
//
// No real ptoas exists here: a fake `ptoas` shell script, placed on PATH or in
// $PTOAS_ROOT by the test, records its arguments, fails on inputs named
// *bad*, and hangs on inputs named *slow*.
//
//===----------------------------------------------------------------------===//

#include "pypto/Runtime/Ptoas.h"

#include "RuntimeTestUtil.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace pypto::runtime;
using namespace pypto::runtime::testing;
namespace fs = std::filesystem;

namespace {

const char *kFakePtoas = R"SH(#!/bin/sh
in="$1"
all="$*"
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    -o) out="$2"; shift 2 ;;
    *) shift ;;
  esac
done
echo "DEBUG: Start PTOToEmitC Pass" >&2
case "$in" in
  *bad*) echo "$in:3:5: error: unknown op 'pto.bogus'" >&2; exit 1 ;;
  *slow*) sleep 30 ;;
  *silent*) exit 0 ;;
esac
printf '// from %s\n// args: %s\n' "$in" "$all" > "$out"
)SH";

/// A directory holding an executable fake `ptoas`.
std::string fakePtoasDir() {
  std::string dir = freshDir("ptoas-bin");
  const std::string exe = dir + "/ptoas";
  std::ofstream(exe) << kFakePtoas;
  fs::permissions(exe, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec);
  return dir;
}

std::string unit(const std::string &dir, const std::string &name) {
  const std::string p = dir + "/" + name + ".pto";
  std::ofstream(p) << "module {}\n";
  return p;
}

std::string readText(const std::string &path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string pathWith(const std::string &dir) {
  const char *old = std::getenv("PATH");
  return dir + ":" + (old ? old : "/usr/bin:/bin");
}

} // namespace

TEST(Ptoas, FindsTheExecutable) {
  const std::string bin = fakePtoasDir();
  {
    ScopedEnv root("PTOAS_ROOT", bin);
    std::optional<std::string> p = findPtoas();
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(*p, bin + "/ptoas");
  }
  {
    ScopedEnv root("PTOAS_ROOT", freshDir("ptoas-empty")); // set: no PATH fallback
    ScopedEnv path("PATH", pathWith(bin));
    std::string searched;
    EXPECT_FALSE(findPtoas(&searched).has_value());
    EXPECT_TRUE(contains(searched, "$PTOAS_ROOT/ptoas")) << searched;
  }
  {
    ScopedEnv root("PTOAS_ROOT", std::nullopt);
    ScopedEnv path("PATH", pathWith(bin));
    std::optional<std::string> p = findPtoas();
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(fs::canonical(*p), fs::canonical(bin + "/ptoas"));
  }
  {
    ScopedEnv root("PTOAS_ROOT", std::nullopt);
    ScopedEnv path("PATH", freshDir("ptoas-nothing"));
    std::string searched;
    EXPECT_FALSE(findPtoas(&searched).has_value());
    PtoasResult r = runPtoas({"x.pto"});
    EXPECT_FALSE(r.ok);
    EXPECT_TRUE(contains(r.error, "ptoas not found")) << r.error;
  }
}

TEST(Ptoas, RunsUnitsAndReportsErrors) {
  const std::string bin = fakePtoasDir();
  ScopedEnv root("PTOAS_ROOT", std::nullopt);
  ScopedEnv path("PATH", pathWith(bin));
  const std::string dir = freshDir("ptoas-units");
  std::vector<std::string> units = {unit(dir, "kernel_add"), unit(dir, "kernel_bad"),
                                    unit(dir, "kernel_mul"), unit(dir, "kernel_silent"),
                                    dir + "/missing.pto"};
  PtoasOptions opts;
  opts.arch = "a5sim";
  opts.parallelism = 2;
  PtoasResult r = runPtoas(units, opts);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.units.size(), units.size());
  EXPECT_EQ(fs::canonical(r.executable), fs::canonical(bin + "/ptoas"));

  for (int i : {0, 2}) {
    const PtoasUnitResult &u = r.units[i];
    ASSERT_TRUE(u.ok()) << u.error;
    EXPECT_EQ(u.outputPath, fs::path(units[i]).replace_extension(".cpp").string());
    const std::string text = readText(u.outputPath);
    EXPECT_TRUE(contains(text, "// from " + units[i])) << text;
    EXPECT_TRUE(contains(text, units[i] + " -o " + u.outputPath +
                                   " --enable-insert-sync --pto-level=level3 --pto-arch a5"))
        << text;
  }
  // A failure carries ptoas's stderr and the command.
  const PtoasUnitResult &bad = r.units[1];
  EXPECT_FALSE(bad.ok());
  EXPECT_TRUE(contains(bad.error, "ptoas on '" + units[1] + "' failed (exit code 1)")) << bad.error;
  EXPECT_TRUE(contains(bad.error, "error: unknown op 'pto.bogus'")) << bad.error;
  EXPECT_TRUE(contains(bad.error, "command: ")) << bad.error;
  EXPECT_FALSE(fs::exists(fs::path(units[1]).replace_extension(".cpp")));
  EXPECT_TRUE(contains(r.units[3].error, "exited 0 but wrote no")) << r.units[3].error;
  EXPECT_TRUE(contains(r.units[4].error, "does not exist")) << r.units[4].error;
  EXPECT_TRUE(contains(r.error, "pto.bogus")) << r.error;

  // An output directory and the a3 flags.
  opts.arch = "a2a3";
  opts.outputDir = dir + "/out";
  r = runPtoas({units[0]}, opts);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.units[0].outputPath, dir + "/out/kernel_add.cpp");
  EXPECT_TRUE(contains(readText(r.units[0].outputPath), "--pto-arch a3"));

  opts.arch = "a9";
  r = runPtoas({units[0]}, opts);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(contains(r.error, "unknown arch 'a9'")) << r.error;
}

TEST(Ptoas, TimeoutKillsIt) {
  const std::string bin = fakePtoasDir();
  const std::string dir = freshDir("ptoas-timeout");
  PtoasOptions opts;
  opts.executable = bin + "/ptoas";
  opts.timeoutSeconds = 1;
  PtoasResult r = runPtoas({unit(dir, "kernel_slow"), unit(dir, "kernel_fast")}, opts);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.units.size(), 2u);
  EXPECT_TRUE(contains(r.units[0].error, "timed out after 1 s")) << r.units[0].error;
  EXPECT_TRUE(r.units[1].ok()) << r.units[1].error;
}
