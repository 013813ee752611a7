//===- Program.h - load and compile a pypto program -----------*- C++ -*-===//
//
// The MLIR half of pypto-run: parse a program with its run specification,
// run the pass pipeline with dumps, and write the build directory.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_HARNESS_PROGRAM_H
#define PYPTO_HARNESS_PROGRAM_H

#include "pypto/Harness/Diagnostics.h"
#include "pypto/Harness/RunSpec.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/SourceMgr.h"

namespace pypto::harness {

/// A parsed program. Entry arguments carry `pypto.name` with the SSA names
/// the author wrote (%x -> "x"), so files and generated code use them.
struct Program {
  std::shared_ptr<llvm::SourceMgr> sourceMgr;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  RunSpec spec;
};

/// Parses and verifies `path`, then extracts the run specification.
/// Diagnostics go to the context's handler (file:line:col: error: ...).
mlir::LogicalResult loadProgram(mlir::MLIRContext &context,
                                llvm::StringRef path, Program &program);

/// Fills `spec` from the program's entry function and module attributes;
/// `path` is the program's file (a relative golden path is beside it).
mlir::LogicalResult extractRunSpec(mlir::ModuleOp module, llvm::StringRef path,
                                   RunSpec &spec);

/// `--shape NAME=16x4096` entries: binds those tensor arguments' shapes
/// (dimensions the type fixes must agree). False with `error` set on a bad
/// entry.
bool applyShapeOverrides(RunSpec &spec, const std::vector<std::string> &entries,
                         std::string &error);

/// Fails, at the argument, when a tensor argument still has a run-time
/// dimension without a size for this run.
mlir::LogicalResult checkShapesBound(mlir::ModuleOp module,
                                     const RunSpec &spec);

struct CompileOptions {
  mlir::pypto::Arch arch = mlir::pypto::Arch::a5;
  std::string outputDir;            // the build directory (created)
  bool dumpPasses = true;           // passes_dump/NN_after_<Pass>.mlir
  mlir::pypto::PipelineStrategy strategy = mlir::pypto::PipelineStrategy::full;
  bool profiling = false;           // report/pipeline_profile.{txt,json}
  /// After every pass: "none" (no verifier), "basic" (the MLIR verifier) or
  /// "roundtrip" (verifier, then print, re-parse and compare).
  std::string verificationLevel = "basic";
  bool emitCpp = true; // false: stop after the .pto files (skip_ptoas)
  /// The external ptoas that turns .pto into kernel C++; empty: the built-in
  /// PTO->C++ lowering.
  std::string ptoas;
  /// Warnings (stderr) and performance hints (report/perf_hints.log).
  DiagnosticOptions diagnostics;
};

/// A kernel of a build, as the runtime needs it.
struct BuiltKernel {
  int funcId = 0;
  std::string name;
  bool isCube = false;
  std::string cppPath;
};

struct BuildInfo {
  std::string dir;
  std::string orchestrationName;
  std::string orchestrationCpp;
  std::vector<BuiltKernel> kernels;
  /// What the compile decided that the user should see (one line each).
  std::vector<std::string> notes;
};

/// Runs the default pipeline on the program's module and writes the build:
/// passes_dump/, ptoas/<unit>.pto, kernels/{aic,aiv}/<kernel>.cpp,
/// orchestration/<orch>.cpp, kernel_config.py, report/ and data/.
mlir::LogicalResult compileProgram(Program &program,
                                   const CompileOptions &options,
                                   BuildInfo &build);

/// Reads an existing build directory's kernel_config.py: the orchestration
/// and every kernel (func_id, name, core type, source). False, with a
/// one-line reason, when `dir` is not a build.
bool loadBuild(const std::string &dir, BuildInfo &build, std::string &error);

/// Writes `<path>.txt` and `<path>.json`: per kernel and memory space the
/// bytes used against the capacity, and every buffer's size, address range
/// and live range, from a module that went through pypto-plan-memory.
mlir::LogicalResult writeMemoryReport(mlir::ModuleOp module,
                                      mlir::pypto::Arch arch,
                                      llvm::StringRef path);

} // namespace pypto::harness

#endif // PYPTO_HARNESS_PROGRAM_H
