//===- Compiler.cpp - Generated C++ to cached shared objects
//---------------===//
//
// Each job is compiled by the host compiler into `<cache>/<key>.so`, where the
// key is a 128-bit hash of the source text, the command line, the compiler
// (path, size, mtime) and the text of every header under the runtime include
// directory. Results are written to a temporary file and renamed into place,
// so concurrent processes sharing the cache never see partial objects.
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
  static const char *exts[] = {".h",   ".hpp", ".hh",  ".hxx",
                               ".inc", ".def", ".ipp", ".tcc"};
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
};

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
    p.flags = {"-std=c++17", "-O2", "-fPIC", "-shared"};
    // Keep inline/template statics private to each object even if a header
    // forgets hidden visibility (GNU unique symbols are merged process-wide).
    if (!isClang)
      p.flags.push_back("-fno-gnu-unique");
    if (!includeDir.empty())
      p.flags.push_back("-I" + includeDir);
#ifdef PYPTO_GENERATED_CODE_SANITIZE
    // A sanitizer build instruments the code it loads too.
    if (std::string sanitize = PYPTO_GENERATED_CODE_SANITIZE;
        !sanitize.empty()) {
      p.flags.push_back("-fsanitize=" + sanitize);
      p.flags.push_back("-fno-sanitize-recover=all");
    }
#endif
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

    Hasher h;
    h.add(std::string("pypto-mlir-so-v1"));
    h.add(compilerStamp);
    for (const std::string &f : p.flags)
      h.add(f);
    h.add(headers);
    h.add(p.source);
    p.key = h.hex();
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

  std::atomic<unsigned> invocations{0}, hits{0};
  std::atomic<size_t> next{0};
  auto worker = [&]() {
    for (;;) {
      size_t w = next.fetch_add(1);
      if (w >= work.size())
        return;
      const size_t i = work[w];
      PreparedJob &p = prepared[i];
      CompiledObject &obj = result.objects[i];
      if (options.useCache && ::access(p.soPath.c_str(), R_OK) == 0) {
        obj.soPath = p.soPath;
        obj.cacheHit = true;
        ++hits;
        continue;
      }
      std::string srcPath = jobs[i].sourcePath;
      if (!p.compileInPlace) {
        srcPath =
            (fs::path(cacheDir) / "src" /
             (p.key.substr(0, 16) + "-" + sanitizeFileName(p.displayName)))
                .string();
        std::string err;
        if (!writeFileAtomically(srcPath, p.source, err)) {
          obj.error = "cannot compile '" + p.displayName + "': " + err;
          continue;
        }
      }
      static std::atomic<unsigned> tmpCounter{0};
      const std::string tmpSo = p.soPath + ".tmp-" +
                                std::to_string(::getpid()) + "-" +
                                std::to_string(tmpCounter.fetch_add(1));
      std::vector<std::string> argv = compilerArgv;
      argv.insert(argv.end(), p.flags.begin(), p.flags.end());
      argv.push_back(srcPath);
      argv.push_back("-o");
      argv.push_back(tmpSo);
      ++invocations;
      ProcessResult pr = runProcess(argv, options.timeoutSeconds);
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
      } else if (std::rename(tmpSo.c_str(), p.soPath.c_str()) != 0) {
        obj.error = "cannot move the object of " + where +
                    " into the cache: " + std::strerror(errno);
      } else {
        obj.soPath = p.soPath;
      }
      if (!obj.ok())
        std::remove(tmpSo.c_str());
    }
  };

  unsigned par = options.parallelism ? options.parallelism
                                     : std::thread::hardware_concurrency();
  par =
      std::max(1u, std::min<unsigned>(par, static_cast<unsigned>(work.size())));
  if (par <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (unsigned t = 0; t < par; ++t)
      pool.emplace_back(worker);
    for (std::thread &t : pool)
      t.join();
  }

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
  return result;
}

} // namespace pypto::runtime
