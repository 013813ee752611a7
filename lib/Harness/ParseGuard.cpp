//===- ParseGuard.cpp - survive the MLIR 19 parser's crashes ---*- C++ -*-===//
//
// The input is parsed in a scratch context under the runtime's fault guard.
// After a crash the context is abandoned, not destroyed: the parser left it
// half built. The usual cause, a value used before its definition (in an
// operation's header, defined in its region), is then found in the text.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/ParseGuard.h"

#include "../Runtime/CrashGuard.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
namespace guard = pypto::runtime::detail;

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

struct GuardedParse {
  llvm::StringRef source;
  MLIRContext *context;
};

} // namespace

std::optional<ParserCrash> findParserCrash(llvm::StringRef source,
                                           const DialectRegistry &registry,
                                           bool splitInput) {
  llvm::SmallVector<llvm::StringRef> chunks;
  if (splitInput)
    source.split(chunks, kSplitMarker);
  else
    chunks.push_back(source);
  guard::installCrashHandlers();
  guard::AltStack altStack;
  unsigned firstLine = 1;
  for (llvm::StringRef chunk : chunks) {
    // Abandoned, not destroyed, if the parser crashes in it.
    auto *context = new MLIRContext(registry);
    context->allowUnregisteredDialects();
    // The lexer stops at a NUL: a chunk is parsed from a terminated copy,
    // not in place (it would read on into the next chunk).
    std::string text = chunk.str();
    GuardedParse parse{text, context};
    guard::CrashInfo info;
    bool completed = guard::runGuarded(
        [](void *p) {
          auto *parse = static_cast<GuardedParse *>(p);
          // Errors are the real parse's to report; only a crash counts.
          ScopedDiagnosticHandler quiet(parse->context,
                                        [](Diagnostic &) { return success(); });
          ParserConfig config(parse->context, /*verifyAfterParse=*/false);
          (void)parseSourceString<ModuleOp>(parse->source, config);
        },
        &parse, 0, info);
    if (!completed) {
      ParserCrash crash{"the MLIR 19 parser crashed on this input with " +
                            guard::describeCrash(info) + kKnownBug.str(),
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
    delete context;
    firstLine += chunk.count('\n');
  }
  return std::nullopt;
}

bool checkInputParses(int argc, char **argv, const DialectRegistry &registry) {
  llvm::StringRef input;
  bool split = false;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg(argv[i]);
    if (arg == "-o") {
      ++i; // the output file
      continue;
    }
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
