//===- ParseGuard.cpp - survive the MLIR 19 parser's bugs ------*- C++ -*-===//
//
// The input is parsed first in a child process (fork), so the parser's bugs
// stay there: a crash is reported as an error, and a failing parse, whose
// clean-up in MLIR 19 can write to freed memory (an operation that used a
// value defined in a region later thrown away), never runs in the tool. The
// child's stderr is piped back: for a failure it is the tool's own
// diagnostics. The usual cause of a crash, a value used before its
// definition (in an operation's header, defined in its region), is then
// found in the text.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/ParseGuard.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;

namespace pypto::harness {
namespace {

constexpr llvm::StringLiteral kSplitMarker = "// -----";
constexpr llvm::StringLiteral kKnownBug =
    " (a known upstream bug; a value used in an operation's header but "
    "defined inside its region is one cause)";

bool isNameChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/// The first use of a value before its definition in the same function:
/// `(line, column, name)` of the use, 1-based. Definitions are `%x =`,
/// `%x:N =`, result lists `%a, %b =`, and arguments `%x: type`.
std::optional<std::tuple<unsigned, unsigned, std::string>>
findUseBeforeDefinition(llvm::StringRef text, unsigned firstLine) {
  struct Occurrence {
    unsigned line, column;
    bool definition;
  };
  std::vector<llvm::StringMap<std::vector<Occurrence>>> functions(1);
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  for (auto [index, line] : llvm::enumerate(lines)) {
    if (line.contains("func.func"))
      functions.emplace_back();
    llvm::StringRef code = line.split("//").first;
    // `%a, %b:2 = ...`: everything before the first '=' names results.
    size_t equals = code.find('=');
    bool resultList =
        code.ltrim().starts_with("%") && equals != llvm::StringRef::npos &&
        code.substr(0, equals).find_first_not_of(
            " \t%,:0123456789abcdefghijklmnopqrstuvwxyz"
            "ABCDEFGHIJKLMNOPQRSTUVWXYZ_$.-") == llvm::StringRef::npos;
    for (size_t at = code.find('%'); at != llvm::StringRef::npos;
         at = code.find('%', at + 1)) {
      size_t end = at + 1;
      while (end < code.size() && isNameChar(code[end]))
        ++end;
      if (end == at + 1)
        continue;
      llvm::StringRef name = code.slice(at, end);
      llvm::StringRef rest = code.drop_front(end);
      if (rest.starts_with("#"))
        rest = rest.drop_front(1).ltrim("0123456789");
      llvm::StringRef after = rest.ltrim(" \t");
      bool definition = (resultList && at < equals) ||
                        (after.starts_with("=") && !after.starts_with("==")) ||
                        (rest.starts_with(":") && !rest.starts_with("::"));
      functions.back()[name].push_back(
          {firstLine + unsigned(index), unsigned(at) + 1, definition});
    }
  }
  std::optional<std::tuple<unsigned, unsigned, std::string>> first;
  for (auto &function : functions)
    for (auto &entry : function) {
      const std::vector<Occurrence> &seen = entry.second;
      auto def =
          llvm::find_if(seen, [](const Occurrence &o) { return o.definition; });
      if (def == seen.end() || def == seen.begin())
        continue;
      const Occurrence &use = seen.front();
      if (!first || std::tie(use.line, use.column) <
                        std::tie(std::get<0>(*first), std::get<1>(*first)))
        first = {use.line, use.column, entry.first().str()};
    }
  return first;
}

/// "SIGSEGV" for 11.
std::string signalName(int signal) {
  switch (signal) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGABRT:
    return "SIGABRT";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  default:
    return "signal " + std::to_string(signal);
  }
}

/// A parse that failed cleanly; any other exit of the child is a crash (a
/// sanitizer's report, an abort).
constexpr int kParseFailed = 3;

} // namespace

// Sanitizer runtimes (a fuzzing build) report in the child as in the tool;
// their death callback (libFuzzer's writes a crash file) must not run there.
extern "C" void __sanitizer_set_death_callback(void (*)(void))
    __attribute__((weak));

IsolatedParse parseIsolated(llvm::function_ref<bool()> parse,
                            unsigned timeoutSeconds) {
  IsolatedParse result;
  int fds[2];
  // Close-on-exec: a process another thread starts must not keep the
  // write end open (the parent reads until every writer is gone).
  if (::pipe2(fds, O_CLOEXEC) != 0)
    return result; // not isolated: the caller parses as if it succeeded
  std::fflush(nullptr);
  llvm::outs().flush();
  llvm::errs().flush();
  pid_t child = ::fork();
  if (child < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return result;
  }
  if (child == 0) {
    ::close(fds[0]);
    ::dup2(fds[1], 2);
    ::close(fds[1]);
    // A crash here is the parent's finding: default actions, no handlers
    // inherited from the tool or a fuzzer.
    for (int signal : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL})
      std::signal(signal, SIG_DFL);
    if (__sanitizer_set_death_callback)
      __sanitizer_set_death_callback(nullptr);
    bool ok = parse();
    llvm::errs().flush();
    std::fflush(nullptr);
    ::_exit(ok ? 0 : kParseFailed); // no clean-up: it may be unsafe
  }
  ::close(fds[1]);
  // Read until the child closes its end; a child that hangs is killed.
  char buffer[4096];
  struct pollfd pfd = {fds[0], POLLIN, 0};
  bool killed = false;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(timeoutSeconds);
  for (;;) {
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
                    deadline - std::chrono::steady_clock::now())
                    .count();
    int ready = left <= 0 ? 0 : ::poll(&pfd, 1, int(left));
    if (ready < 0 && errno == EINTR)
      continue;
    if (ready <= 0) {
      ::kill(child, SIGKILL);
      killed = true;
      break;
    }
    ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    result.output.append(buffer, size_t(n));
  }
  ::close(fds[0]);
  int status = 0;
  while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  result.isolated = !killed;
  if (killed)
    return result;
  if (WIFSIGNALED(status)) {
    result.crashed = true;
    result.crash = signalName(WTERMSIG(status));
  } else if (WEXITSTATUS(status) == kParseFailed) {
    result.failed = true;
  } else if (WEXITSTATUS(status) != 0) {
    result.crashed = true;
    result.crash = "exit code " + std::to_string(WEXITSTATUS(status));
  }
  return result;
}

std::optional<ParserCrash> findParserCrash(llvm::StringRef source,
                                           const DialectRegistry &registry,
                                           bool splitInput) {
  llvm::SmallVector<llvm::StringRef> chunks;
  if (splitInput)
    source.split(chunks, kSplitMarker);
  else
    chunks.push_back(source);
  unsigned firstLine = 1;
  for (llvm::StringRef chunk : chunks) {
    // The lexer stops at a NUL: a chunk is parsed from a terminated copy,
    // not in place (it would read on into the next chunk).
    std::string text = chunk.str();
    IsolatedParse parse = parseIsolated([&] {
      MLIRContext context(registry);
      context.allowUnregisteredDialects();
      context.disableMultithreading();
      // Errors are the real parse's to report; only a crash counts.
      ScopedDiagnosticHandler quiet(&context,
                                    [](Diagnostic &) { return success(); });
      ParserConfig config(&context, /*verifyAfterParse=*/false);
      return bool(parseSourceString<ModuleOp>(text, config));
    });
    if (parse.crashed) {
      ParserCrash crash{"the MLIR 19 parser crashed on this input with " +
                            parse.crash + kKnownBug.str(),
                        std::nullopt, std::nullopt};
      if (auto use = findUseBeforeDefinition(chunk, firstLine)) {
        auto [line, column, name] = *use;
        crash.message =
            "'" + name + "' is used before its definition; " + crash.message;
        crash.line = line;
        crash.column = column;
      }
      return crash;
    }
    firstLine += chunk.count('\n');
  }
  return std::nullopt;
}

bool checkInputParses(int argc, char **argv, const DialectRegistry &registry) {
  llvm::StringRef input;
  bool split = false, verify = false, unregistered = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "-o") {
      ++i; // the output file
      continue;
    }
    if (arg == "-allow-unregistered-dialect" ||
        arg == "--allow-unregistered-dialect")
      unregistered = true;
    if (arg == "-verify-diagnostics" || arg == "--verify-diagnostics" ||
        arg.starts_with("-verify-diagnostics=") ||
        arg.starts_with("--verify-diagnostics="))
      verify = !arg.ends_with("=false") && !arg.ends_with("=0");
    if (arg == "-split-input-file" || arg == "--split-input-file" ||
        arg.starts_with("-split-input-file=") ||
        arg.starts_with("--split-input-file="))
      split = !arg.ends_with("=false") && !arg.ends_with("=0");
    else if (!arg.starts_with("-") && input.empty())
      input = arg;
  }
  if (input.empty())
    return true;
  auto file = llvm::MemoryBuffer::getFile(input, /*IsText=*/true);
  if (!file)
    return true; // the driver reports it
  // One input that fails to parse: its errors come from the child, as the
  // driver would print them, and the driver does not parse it again. With
  // split input or expected diagnostics the driver's own parse must run.
  if (!split && !verify) {
    llvm::StringRef text = (*file)->getBuffer();
    IsolatedParse parse = parseIsolated([&] {
      MLIRContext context(registry);
      context.disableMultithreading();
      context.allowUnregisteredDialects(unregistered);
      llvm::SourceMgr sourceMgr;
      sourceMgr.AddNewSourceBuffer(
          llvm::MemoryBuffer::getMemBufferCopy(text, input), llvm::SMLoc());
      SourceMgrDiagnosticHandler handler(sourceMgr, &context);
      ParserConfig config(&context, /*verifyAfterParse=*/false);
      return bool(parseSourceFile<ModuleOp>(sourceMgr, config));
    });
    if (parse.isolated && !parse.crashed) {
      // Parsed or failed cleanly: no second parse to look for a crash.
      if (parse.failed)
        llvm::errs() << parse.output;
      return !parse.failed;
    }
  }
  std::optional<ParserCrash> crash =
      findParserCrash((*file)->getBuffer(), registry, split);
  if (!crash)
    return true;
  llvm::errs() << input;
  if (crash->line)
    llvm::errs() << ":" << *crash->line << ":" << *crash->column;
  llvm::errs() << ": error: " << crash->message << "\n";
  return false;
}

} // namespace pypto::harness
