//===- Compiler.cpp - Generated C++ to cached shared objects --------------===//
//
// Each job is compiled by the host compiler into `<cache>/<key>.so`, where the
// key is a 128-bit hash of the source text, the command line, the compiler
// (path, size, mtime) and the text of every header under the runtime include
// directory. Results are written to a temporary file and renamed into place,
// so concurrent processes sharing the cache never see partial objects. The
// headers a source opens with are precompiled once into
// `<cache>/pch/<key>/prelude.h.gch` and reused by later compiles.
//
//===----------------------------------------------------------------------===//

#include "pypto/Runtime/Device.h"

#include "Process.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace pypto::runtime {

using detail::joinCommand;
using detail::ProcessResult;
using detail::resolveExecutable;
using detail::runProcess;

namespace {

//===----------------------------------------------------------------------===//
// Hashing: FNV-1a, 128 bit.
//===----------------------------------------------------------------------===//

class Hasher {
public:
  void add(const void *data, size_t n) {
    const unsigned char *p = static_cast<const unsigned char *>(data);
    for (size_t i = 0; i < n; ++i) {
      h_ ^= p[i];
      h_ *= kPrime;
    }
  }
  void add(const std::string &s) {
    uint64_t n = s.size();
    add(&n, sizeof(n)); // length prefix: field boundaries matter
    add(s.data(), s.size());
  }
  std::string hex() const {
    static const char digits[] = "0123456789abcdef";
    std::string out(32, '0');
    unsigned __int128 v = h_;
    for (int i = 31; i >= 0; --i) {
      out[i] = digits[static_cast<unsigned>(v & 0xf)];
      v >>= 4;
    }
    return out;
  }

private:
  static constexpr unsigned __int128 kPrime =
      (static_cast<unsigned __int128>(1) << 88) + 0x13b;
  unsigned __int128 h_ =
      (static_cast<unsigned __int128>(0x6c62272e07bb0142ULL) << 64) |
      0x62b821756295c58dULL;
};

bool readFile(const std::string &path, std::string &out) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

bool writeFileAtomically(const std::string &path, const std::string &text,
                         std::string &err) {
  static std::atomic<unsigned> counter{0};
  std::string tmp = path + ".tmp-" + std::to_string(::getpid()) + "-" +
                    std::to_string(counter.fetch_add(1));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) {
      err = "cannot write '" + tmp + "': " + std::strerror(errno);
      return false;
    }
    out << text;
    if (!out.flush()) {
      err = "cannot write '" + tmp + "'";
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    err = "cannot rename '" + tmp + "' to '" + path +
          "': " + std::strerror(errno);
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

std::vector<std::string> splitWords(const std::string &s) {
  std::vector<std::string> words;
  std::istringstream in(s);
  std::string w;
  while (in >> w)
    words.push_back(w);
  return words;
}

/// Digest of every header under `dir` (relative path + contents).
std::string headersDigest(const std::string &dir) {
  Hasher h;
  if (dir.empty())
    return h.hex();
  // .cpp: the tile library's compiled part (pto/tile_lib.cpp), linked into
  // every kernel.
  static const char *exts[] = {".h",   ".hpp", ".hh",  ".hxx", ".inc",
                               ".def", ".ipp", ".tcc", ".cpp"};
  std::vector<std::string> files;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (!it->is_regular_file(ec))
      continue;
    std::string ext = it->path().extension().string();
    if (std::find(std::begin(exts), std::end(exts), ext) == std::end(exts))
      continue;
    files.push_back(fs::relative(it->path(), dir, ec).string());
  }
  std::sort(files.begin(), files.end());
  for (const std::string &f : files) {
    std::string text;
    readFile((fs::path(dir) / f).string(), text);
    h.add(f);
    h.add(text);
  }
  return h.hex();
}

std::string sanitizeFileName(std::string name) {
  name = fs::path(name).filename().string();
  for (char &c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' ||
          c == '-'))
      c = '_';
  if (name.empty())
    name = "source";
  std::string ext = fs::path(name).extension().string();
  if (ext != ".cpp" && ext != ".cc" && ext != ".cxx" && ext != ".C")
    name += ".cpp";
  return name;
}

struct PreparedJob {
  std::string displayName; // for messages
  std::string source;      // text
  bool compileInPlace = false;
  std::vector<std::string> flags;
  std::string key;
  std::string soPath;
  std::string error;
  std::string prelude; // leading #include lines a precompiled header serves
  std::string pchKey;  // of that header; empty: compiled without one
  bool linksTileLib = false; // a kernel: pto/tile_lib.cpp's object joins it
};

/// The #include lines that open `source` (after blank and `//` lines), when
/// a header made of them means the same as the source's own lines: a quoted
/// name must not resolve next to the source, since the header lives
/// elsewhere. Empty when the source opens otherwise.
std::string includePrelude(const std::string &source,
                           const fs::path &sourceDir) {
  std::string prelude;
  std::istringstream in(source);
  std::string line;
  while (std::getline(in, line)) {
    size_t b = line.find_first_not_of(" \t\r");
    if (b == std::string::npos || line.compare(b, 2, "//") == 0)
      continue;
    if (line.compare(b, 8, "#include") != 0)
      break;
    size_t open = line.find_first_of("<\"", b + 8);
    if (open == std::string::npos)
      break;
    char close = line[open] == '<' ? '>' : '"';
    size_t end = line.find(close, open + 1);
    if (end == std::string::npos)
      break;
    std::string name = line.substr(open + 1, end - open - 1);
    std::error_code ec;
    if (close == '"' && fs::exists(sourceDir / name, ec))
      break;
    prelude += "#include " + line.substr(open, end - open + 1) + "\n";
  }
  return prelude;
}

/// The cache key of compiling `text` (an object, or a precompiled header:
/// `kind` keeps them apart) with this compiler, flags and headers.
std::string cacheKey(const std::string &kind, const std::string &compiler,
                     const std::vector<std::string> &flags,
                     const std::string &headers, const std::string &text) {
  Hasher h;
  h.add(kind);
  h.add(compiler);
  for (const std::string &f : flags)
    h.add(f);
  h.add(headers);
  h.add(text);
  return h.hex();
}

/// Runs `body(i)` for i in [0, n) on up to `parallelism` threads.
template <typename Body>
void parallelFor(size_t n, unsigned parallelism, Body body) {
  std::atomic<size_t> next{0};
  auto worker = [&]() {
    for (size_t i; (i = next.fetch_add(1)) < n;)
      body(i);
  };
  unsigned par =
      std::max(1u, std::min<unsigned>(parallelism, static_cast<unsigned>(n)));
  if (par <= 1) {
    worker();
    return;
  }
  std::vector<std::thread> pool;
  for (unsigned t = 0; t < par; ++t)
    pool.emplace_back(worker);
  for (std::thread &t : pool)
    t.join();
}

} // namespace

std::string resolveCacheDir(const CompileOptions &options) {
  if (!options.cacheDir.empty())
    return options.cacheDir;
  if (const char *d = std::getenv("PYPTO_CACHE_DIR"); d && *d)
    return d;
  if (const char *d = std::getenv("XDG_CACHE_HOME"); d && *d)
    return (fs::path(d) / "pypto-mlir").string();
  const char *home = std::getenv("HOME");
  return (fs::path(home && *home ? home : "/tmp") / ".cache" / "pypto-mlir")
      .string();
}

std::string resolveRuntimeIncludeDir(const CompileOptions &options) {
  if (!options.runtimeIncludeDir.empty())
    return options.runtimeIncludeDir;
  if (const char *d = std::getenv("PYPTO_RUNTIME_INCLUDE_DIR"); d && *d)
    return d;
#ifdef PYPTO_RUNTIME_INCLUDE_DIR_DEFAULT
  return PYPTO_RUNTIME_INCLUDE_DIR_DEFAULT;
#else
  return "";
#endif
}

CompileResult compileSharedObjects(const std::vector<CompileJob> &jobs,
                                   const CompileOptions &options) {
  CompileResult result;
  result.objects.resize(jobs.size());
  if (jobs.empty()) {
    result.ok = true;
    return result;
  }

  const std::string cacheDir = resolveCacheDir(options);
  const std::string includeDir = resolveRuntimeIncludeDir(options);
  std::error_code ec;
  fs::create_directories(fs::path(cacheDir) / "src", ec);
  if (ec) {
    result.error =
        "cannot create cache directory '" + cacheDir + "': " + ec.message();
    for (CompiledObject &o : result.objects)
      o.error = result.error;
    return result;
  }

  std::string compilerCmd = options.compiler;
  if (compilerCmd.empty()) {
    const char *cxx = std::getenv("CXX");
    compilerCmd = cxx && *cxx ? cxx : "g++";
  }
  std::vector<std::string> compilerArgv = splitWords(compilerCmd);
  if (compilerArgv.empty())
    compilerArgv.push_back("g++");
  const std::string compilerPath = resolveExecutable(compilerArgv[0]);
  std::string compilerStamp = compilerCmd + "\n" + compilerPath;
  {
    struct stat st;
    if (::stat(compilerPath.c_str(), &st) == 0)
      compilerStamp += "\n" + std::to_string(st.st_size) + "\n" +
                       std::to_string(st.st_mtime);
  }
  const std::string headers = headersDigest(includeDir);
  const bool isClang =
      fs::path(compilerPath).filename().string().find("clang") !=
      std::string::npos;

  // The flags of every compile.
  std::vector<std::string> commonFlags = {"-std=c++17", "-O2", "-fPIC"};
  // Keep inline/template statics private to each object even if a header
  // forgets hidden visibility (GNU unique symbols are merged process-wide).
  if (!isClang)
    commonFlags.push_back("-fno-gnu-unique");
  if (!includeDir.empty())
    commonFlags.push_back("-I" + includeDir);
#ifdef PYPTO_GENERATED_CODE_SANITIZE
  // A sanitizer build instruments the code it loads too.
  if (std::string sanitize = PYPTO_GENERATED_CODE_SANITIZE; !sanitize.empty()) {
    commonFlags.push_back("-fsanitize=" + sanitize);
    commonFlags.push_back("-fno-sanitize-recover=all");
  }
#endif

  // Prepare: read sources, build command lines and keys.
  std::vector<PreparedJob> prepared(jobs.size());
  for (size_t i = 0; i < jobs.size(); ++i) {
    const CompileJob &job = jobs[i];
    PreparedJob &p = prepared[i];
    p.displayName = !job.name.empty() ? job.name : job.sourcePath;
    if (p.displayName.empty())
      p.displayName = "job " + std::to_string(i);
    if (!job.sourceText.empty()) {
      p.source = job.sourceText;
    } else if (!job.sourcePath.empty()) {
      if (!readFile(job.sourcePath, p.source)) {
        p.error = "cannot read source file '" + job.sourcePath + "'";
        continue;
      }
      p.compileInPlace = true;
      if (job.name.empty())
        p.displayName = job.sourcePath;
    } else {
      p.error = "compile job '" + p.displayName +
                "' has neither source text nor a source path";
      continue;
    }
    p.flags = commonFlags;
    p.flags.push_back("-shared");
    p.linksTileLib = job.kind != CompileKind::Orchestration;
    if (job.kind == CompileKind::AicKernel) {
      p.flags.push_back("-D__CPU_SIM");
      p.flags.push_back("-D__DAV_CUBE__");
    } else if (job.kind == CompileKind::AivKernel) {
      p.flags.push_back("-D__CPU_SIM");
      p.flags.push_back("-D__DAV_VEC__");
    }
    for (const std::string &f : options.extraFlags)
      p.flags.push_back(f);
    for (const std::string &f : job.extraFlags)
      p.flags.push_back(f);

    p.key =
        cacheKey("pypto-mlir-so-v1", compilerStamp, p.flags, headers, p.source);
    p.soPath = (fs::path(cacheDir) / (p.key + ".so")).string();
  }

  // Unique keys to build; duplicates share the result.
  std::map<std::string, size_t> firstOfKey;
  std::vector<size_t> work;
  for (size_t i = 0; i < jobs.size(); ++i) {
    if (!prepared[i].error.empty())
      continue;
    if (firstOfKey.emplace(prepared[i].key, i).second)
      work.push_back(i);
  }

  std::atomic<unsigned> invocations{0}, hits{0}, pchBuilds{0};
  const unsigned parallelism = options.parallelism
                                   ? options.parallelism
                                   : std::thread::hardware_concurrency();

  // Objects the cache already holds.
  std::vector<size_t> misses;
  for (size_t i : work) {
    if (options.useCache && ::access(prepared[i].soPath.c_str(), R_OK) == 0) {
      result.objects[i].soPath = prepared[i].soPath;
      result.objects[i].cacheHit = true;
      ++hits;
    } else {
      misses.push_back(i);
    }
  }

  // The tile library's compiled part (pto/tile_lib.cpp): built once per
  // compiler, flags and headers into the cache, like a precompiled header,
  // and linked into every kernel, which then need not compile it.
  std::string tileLibText, tileLibObject, tileLibError;
  std::vector<std::string> tileLibFlags;
  const std::string tileLibSource =
      includeDir.empty()
          ? std::string()
          : (fs::path(includeDir) / "pto" / "tile_lib.cpp").string();
  bool needTileLib =
      !tileLibSource.empty() && readFile(tileLibSource, tileLibText) &&
      std::any_of(misses.begin(), misses.end(),
                  [&](size_t i) { return prepared[i].linksTileLib; });
  bool sharedTileLib =
      needTileLib && std::any_of(misses.begin(), misses.end(), [&](size_t i) {
        return prepared[i].linksTileLib && jobs[i].extraFlags.empty();
      });
  if (needTileLib) {
    tileLibFlags = commonFlags;
    tileLibFlags.insert(tileLibFlags.end(), options.extraFlags.begin(),
                        options.extraFlags.end());
    tileLibObject = (fs::path(cacheDir) / "tilelib" /
                     (cacheKey("pypto-mlir-tilelib-v1", compilerStamp,
                               tileLibFlags, headers, tileLibText) +
                      ".o"))
                        .string();
  }
  auto buildTileLib = [&] {
    if (options.useCache && ::access(tileLibObject.c_str(), R_OK) == 0)
      return;
    std::error_code ec;
    fs::create_directories(fs::path(tileLibObject).parent_path(), ec);
    static std::atomic<unsigned> tmpCounter{0};
    const std::string tmp = tileLibObject + ".tmp-" +
                            std::to_string(::getpid()) + "-" +
                            std::to_string(tmpCounter.fetch_add(1));
    std::vector<std::string> argv = compilerArgv;
    argv.insert(argv.end(), tileLibFlags.begin(), tileLibFlags.end());
    argv.insert(argv.end(), {"-c", tileLibSource, "-o", tmp});
    ProcessResult pr = runProcess(argv, options.timeoutSeconds);
    if (!pr.started)
      tileLibError = pr.startError;
    else if (pr.timedOut)
      tileLibError = "timed out after " +
                     std::to_string(options.timeoutSeconds) + " s\n" +
                     pr.output;
    else if (pr.exitStatus != 0)
      tileLibError = "failed\ncommand: " + joinCommand(argv) + "\n" + pr.output;
    else if (ec || std::rename(tmp.c_str(), tileLibObject.c_str()) != 0)
      tileLibError = std::string("cannot move it into the cache: ") +
                     (ec ? ec.message() : std::strerror(errno));
    if (!tileLibError.empty())
      std::remove(tmp.c_str());
  };

  // Most of a kernel's compile time is parsing the tile library, so the
  // headers a source opens with are compiled once into a precompiled header
  // (per compiler, flags and header contents), kept in the cache and shared
  // by every later compile. It only saves time: the object's key does not
  // depend on it, and without a usable one the headers are read as text.
  std::map<std::string, size_t> pchOfKey; // key -> first job that needs it
  const char *pchEnv = std::getenv("PYPTO_PCH");
  if (options.precompiledHeaders && !(pchEnv && std::string(pchEnv) == "0")) {
    for (size_t i : misses) {
      PreparedJob &p = prepared[i];
      fs::path sourceDir = p.compileInPlace
                               ? fs::path(jobs[i].sourcePath).parent_path()
                               : fs::path(cacheDir) / "src";
      p.prelude = includePrelude(p.source, sourceDir);
      if (p.prelude.empty())
        continue;
      p.pchKey = cacheKey("pypto-mlir-pch-v1", compilerStamp, p.flags, headers,
                          p.prelude);
      pchOfKey.emplace(p.pchKey, i);
    }
  }
  const std::string pchExt = isClang ? ".pch" : ".gch";
  auto preludePath = [&](const std::string &key) {
    return fs::path(cacheDir) / "pch" / key / "prelude.h";
  };
  std::vector<std::pair<std::string, size_t>> pchWork(pchOfKey.begin(),
                                                      pchOfKey.end());
  // The tile library's object builds beside the precompiled headers, as the
  // last item.
  parallelFor(pchWork.size() + sharedTileLib, parallelism, [&](size_t w) {
    if (options.cancelled && options.cancelled->load())
      return;
    if (w == pchWork.size()) {
      buildTileLib();
      return;
    }
    const auto &[key, i] = pchWork[w];
    const PreparedJob &p = prepared[i];
    const fs::path header = preludePath(key);
    const std::string pch = header.string() + pchExt;
    std::error_code ec;
    std::string err;
    if (options.useCache && ::access(pch.c_str(), R_OK) == 0)
      return;
    fs::create_directories(header.parent_path(), ec);
    // Written once: clang checks the header's time against its PCH.
    if (ec || (::access(header.c_str(), R_OK) != 0 &&
               !writeFileAtomically(header.string(), p.prelude, err)))
      return;
    static std::atomic<unsigned> tmpCounter{0};
    const std::string tmp = pch + ".tmp-" + std::to_string(::getpid()) + "-" +
                            std::to_string(tmpCounter.fetch_add(1));
    std::vector<std::string> argv = compilerArgv;
    for (const std::string &f : p.flags)
      if (f != "-shared")
        argv.push_back(f);
    // clang would refuse its PCH once a header's time changed (a checkout):
    // the key already covers the headers' contents.
    if (isClang)
      argv.insert(argv.end(), {"-Xclang", "-fno-pch-timestamp"});
    argv.insert(argv.end(), {"-x", "c++-header", header.string(), "-o", tmp});
    ++pchBuilds;
    ProcessResult pr = runProcess(argv, options.timeoutSeconds);
    // A header that does not compile is reported by the compile of the
    // source that includes it, as it would be without a precompiled header.
    if (!pr.started || pr.timedOut || pr.exitStatus != 0 ||
        std::rename(tmp.c_str(), pch.c_str()) != 0)
      std::remove(tmp.c_str());
  });

  parallelFor(misses.size(), parallelism, [&](size_t w) {
    const size_t i = misses[w];
    PreparedJob &p = prepared[i];
    CompiledObject &obj = result.objects[i];
    if (options.cancelled && options.cancelled->load()) {
      obj.error = "cancelled";
      return;
    }
    std::string srcPath = jobs[i].sourcePath;
    if (!p.compileInPlace) {
      srcPath = (fs::path(cacheDir) / "src" /
                 (p.key.substr(0, 16) + "-" + sanitizeFileName(p.displayName)))
                    .string();
      std::string err;
      if (!writeFileAtomically(srcPath, p.source, err)) {
        obj.error = "cannot compile '" + p.displayName + "': " + err;
        return;
      }
    }
    static std::atomic<unsigned> tmpCounter{0};
    const std::string tmpSo = p.soPath + ".tmp-" + std::to_string(::getpid()) +
                              "-" + std::to_string(tmpCounter.fetch_add(1));
    std::vector<std::string> argv = compilerArgv;
    // gold links a kernel in 0.05 s where ld.bfd takes 0.12-0.2 s, a tenth
    // of a fuzz run; before the flags, so a job's own -fuse-ld wins, and not
    // at all when $CXX names a linker.
    static const bool haveGold = resolveExecutable("ld.gold") != "ld.gold";
    bool chosen = std::any_of(
        compilerArgv.begin(), compilerArgv.end(),
        [](const std::string &a) { return a.rfind("-fuse-ld=", 0) == 0; });
    if (haveGold && !chosen)
      argv.push_back("-fuse-ld=gold");
    argv.insert(argv.end(), p.flags.begin(), p.flags.end());
    bool usesPch = false;
    if (!p.pchKey.empty()) {
      const fs::path header = preludePath(p.pchKey);
      usesPch = ::access((header.string() + pchExt).c_str(), R_OK) == 0;
      if (usesPch)
        argv.insert(argv.end(), {"-include", header.string()});
    }
    argv.push_back(srcPath);
    if (needTileLib && p.linksTileLib && !jobs[i].extraFlags.empty()) {
      // Flags of its own may change the code: the tile library compiles
      // with them, in the same command, instead of the shared object.
      argv.push_back(tileLibSource);
    } else if (needTileLib && p.linksTileLib) {
      if (!tileLibError.empty()) {
        obj.error = "cannot compile '" + p.displayName +
                    "': compiling the tile library's " + tileLibSource + " " +
                    tileLibError;
        return;
      }
      argv.push_back(tileLibObject);
    }
    argv.push_back("-o");
    argv.push_back(tmpSo);
    ++invocations;
    ProcessResult pr = runProcess(argv, options.timeoutSeconds);
    if (usesPch && pr.started && !pr.timedOut && pr.exitStatus != 0) {
      // A precompiled header the compiler refuses must not fail a compile
      // that works without it: once more, reading the headers as text.
      auto include = std::find(argv.begin(), argv.end(), "-include");
      argv.erase(include, include + 2);
      pr = runProcess(argv, options.timeoutSeconds);
    }
    std::string where = "'" + p.displayName + "'";
    if (srcPath != p.displayName)
      where += " (" + srcPath + ")";
    if (!pr.started) {
      obj.error = "cannot compile " + where + ": " + pr.startError;
    } else if (pr.timedOut) {
      obj.error = "compiling " + where + " timed out after " +
                  std::to_string(options.timeoutSeconds) + " s\n" + pr.output;
    } else if (pr.exitStatus != 0) {
      obj.error =
          "compiling " + where + " failed (" +
          (pr.exitStatus < 0 ? "signal " + std::to_string(-pr.exitStatus)
                             : "exit code " + std::to_string(pr.exitStatus)) +
          ")\ncommand: " + joinCommand(argv) + "\n" + pr.output;
    } else if (std::string now; p.compileInPlace &&
                                (!readFile(srcPath, now) || now != p.source)) {
      // The key is the text read before the compile: an object of a source
      // rewritten meanwhile (another run writing the same directory) must
      // not enter the cache under it.
      obj.error = "the source " + where +
                  " changed while it was compiled; is another run writing "
                  "the same output directory?";
    } else if (std::rename(tmpSo.c_str(), p.soPath.c_str()) != 0) {
      obj.error = "cannot move the object of " + where +
                  " into the cache: " + std::strerror(errno);
    } else {
      obj.soPath = p.soPath;
    }
    if (!obj.ok())
      std::remove(tmpSo.c_str());
  });

  result.ok = true;
  for (size_t i = 0; i < jobs.size(); ++i) {
    CompiledObject &obj = result.objects[i];
    if (!prepared[i].error.empty()) {
      obj.error = prepared[i].error;
    } else {
      size_t first = firstOfKey[prepared[i].key];
      if (first != i) {
        obj = result.objects[first];
        obj.cacheHit = true;
      }
    }
    if (!obj.ok()) {
      result.ok = false;
      if (!result.error.empty())
        result.error += "\n";
      result.error += obj.error;
    }
  }
  result.compilerInvocations = invocations.load();
  result.cacheHits = hits.load();
  result.precompiledHeaderBuilds = pchBuilds.load();
  return result;
}

} // namespace pypto::runtime
