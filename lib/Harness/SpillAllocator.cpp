//===- SpillAllocator.cpp - large tensors in files ---------------*- C++
//-*-===//
//
// A c10::Allocator in front of libtorch's CPU allocator: small requests go
// to it, large ones become MAP_SHARED mappings of unlinked files. Each
// mapping's size is kept in a table, so one deleter frees both kinds (the
// raw interface hands a deleter nothing but the pointer).
//
//===----------------------------------------------------------------------===//

#include "SpillAllocator.h"

#include <c10/core/Allocator.h>
#include <c10/util/Exception.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_map>

using namespace pypto::harness;

namespace {

constexpr long kTmpfsMagic = 0x01021994;

/// An unlinked file in `dir`: O_TMPFILE where the file system has it, else
/// a named file removed at once. -1 with errno set on failure.
int createUnlinkedFile(const std::string &dir) {
  int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL))
    return fd;
  std::string name = dir + "/pypto-spill-XXXXXX";
  fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd >= 0)
    ::unlink(name.c_str());
  return fd;
}

class SpillAllocator final : public c10::Allocator {
public:
  explicit SpillAllocator(c10::Allocator *fallback) : fallback(fallback) {}

  c10::DataPtr allocate(size_t bytes) const override {
    if (bytes < minBytes.load(std::memory_order_relaxed))
      return fallback->allocate(bytes);
    void *data = mapFile(bytes);
    return {data, data, &release, c10::Device(c10::DeviceType::CPU)};
  }

  c10::DeleterFnPtr raw_deleter() const override { return &release; }

  void configure(const std::string &newDir, uint64_t newMinBytes) {
    std::lock_guard<std::mutex> lock(mutex);
    dir = newDir;
    minBytes.store(newMinBytes, std::memory_order_relaxed);
  }

  SpillStats stats() const {
    std::lock_guard<std::mutex> lock(mutex);
    return counts;
  }

private:
  void *mapFile(size_t bytes) const {
    std::string where;
    {
      std::lock_guard<std::mutex> lock(mutex);
      where = dir;
    }
    int fd = createUnlinkedFile(where);
    TORCH_CHECK(fd >= 0, "cannot create a file in the spill directory '", where,
                "': ", std::strerror(errno));
    // Blocks now: a mapping of a sparse file would take SIGBUS on the write
    // that finds the disk full. The free space first: where the file system
    // cannot allocate at once, glibc writes block after block, and a file
    // that cannot fit would fill the disk before failing.
    struct statvfs fs;
    int error = 0;
    if (::fstatvfs(fd, &fs) == 0 &&
        double(fs.f_bavail) * double(fs.f_frsize) < double(bytes))
      error = ENOSPC;
    if (!error)
      error = ::posix_fallocate(fd, 0, off_t(bytes));
    if (error) {
      ::close(fd);
      TORCH_CHECK(false, "the spill directory '", where, "' has no room for ",
                  bytes, " bytes more: ", std::strerror(error));
    }
    void *data =
        ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    int mapError = errno;
    ::close(fd);
    TORCH_CHECK(data != MAP_FAILED, "cannot map ", bytes,
                " bytes of the spill directory '", where,
                "': ", std::strerror(mapError));
    std::lock_guard<std::mutex> lock(mutex);
    mappings[data] = bytes;
    ++counts.files;
    counts.bytesNow += bytes;
    counts.peakBytes = std::max(counts.peakBytes, counts.bytesNow);
    return data;
  }

  static void release(void *data);

  c10::Allocator *fallback;
  std::atomic<uint64_t> minBytes{UINT64_MAX};
  mutable std::mutex mutex;
  std::string dir;
  mutable std::unordered_map<void *, size_t> mappings;
  mutable SpillStats counts;
};

SpillAllocator *gSpill = nullptr;

void SpillAllocator::release(void *data) {
  size_t bytes = 0;
  {
    std::lock_guard<std::mutex> lock(gSpill->mutex);
    auto it = gSpill->mappings.find(data);
    if (it != gSpill->mappings.end()) {
      bytes = it->second;
      gSpill->mappings.erase(it);
      gSpill->counts.bytesNow -= bytes;
    }
  }
  if (bytes)
    ::munmap(data, bytes);
  else if (data)
    gSpill->fallback->raw_deleter()(data);
}

} // namespace

std::string pypto::harness::startSpilling(const std::string &dir,
                                          uint64_t minBytes) {
  struct stat info;
  if (::stat(dir.c_str(), &info) != 0 || !S_ISDIR(info.st_mode))
    return "the spill directory '" + dir + "' is not a directory";
  struct statfs fs;
  if (::statfs(dir.c_str(), &fs) == 0 && long(fs.f_type) == kTmpfsMagic)
    return "the spill directory '" + dir +
           "' is on a tmpfs, which is memory: give a directory on a disk";
  int probe = createUnlinkedFile(dir);
  if (probe < 0)
    return "cannot create a file in the spill directory '" + dir +
           "': " + std::strerror(errno);
  ::close(probe);
  if (!gSpill) {
    // Lives as long as the process: tensors freed at exit still reach it.
    gSpill = new SpillAllocator(c10::GetAllocator(c10::DeviceType::CPU));
    c10::SetAllocator(c10::DeviceType::CPU, gSpill, /*priority=*/1);
  }
  if (c10::GetAllocator(c10::DeviceType::CPU) != gSpill)
    return "libtorch kept its CPU allocator: cannot spill";
  gSpill->configure(dir, std::max<uint64_t>(minBytes, 1));
  return "";
}

SpillStats pypto::harness::spillStats() {
  return gSpill ? gSpill->stats() : SpillStats{};
}
