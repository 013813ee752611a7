//===- SpillAllocatorTest.cpp - large tensors in files ----------*- C++ -*-===//
//
// --spill-dir's allocator: what it puts in files and what it leaves in
// memory, that the memory works and is given back, its raw interface, and
// its errors. The allocator is process-wide, so this binary has no other
// tests.
//
//===----------------------------------------------------------------------===//

#include "SpillAllocator.h"

#include <torch/torch.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

using namespace pypto::harness;

namespace {

constexpr uint64_t kMinBytes = 1 << 20;

/// A directory of its own under the build tree (/tmp may be a tmpfs).
std::string scratchDir() {
  static std::string dir = [] {
    std::string path = std::string(PYPTO_TEST_SCRATCH_DIR) + "/spill-XXXXXX";
    EXPECT_NE(::mkdtemp(path.data()), nullptr);
    return path;
  }();
  return dir;
}

/// The line of /proc/self/maps for the mapping holding `address`, or "".
std::string mappingLine(const void *address) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  auto at = reinterpret_cast<uintptr_t>(address);
  while (std::getline(maps, line)) {
    uintptr_t begin = 0, end = 0;
    if (std::sscanf(line.c_str(), "%lx-%lx", &begin, &end) == 2 &&
        at >= begin && at < end)
      return line;
  }
  return "";
}

/// The file /proc/self/maps names for the mapping holding `address`, or ""
/// for anonymous memory and addresses no mapping holds.
std::string mappedFile(const void *address) {
  std::string line = mappingLine(address);
  size_t slash = line.find('/');
  return slash == std::string::npos ? "" : line.substr(slash);
}

/// Removes the scratch directory after the last test.
class RemoveScratchDir : public ::testing::Environment {
  void TearDown() override { std::filesystem::remove_all(scratchDir()); }
};
[[maybe_unused]] ::testing::Environment *const removeScratchDir =
    ::testing::AddGlobalTestEnvironment(new RemoveScratchDir);

class SpillAllocatorTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_EQ(startSpilling(scratchDir(), kMinBytes), "");
  }
};

TEST_F(SpillAllocatorTest, LargeTensorsAreFilesAndWork) {
  SpillStats before = spillStats();
  // 4 MiB: a file; its values must survive a round trip through the
  // mapping (an arange's sum is exact in f64).
  at::Tensor big = torch::arange(1 << 20, torch::kFloat64).to(torch::kFloat32);
  EXPECT_EQ(mappedFile(big.data_ptr()).rfind(scratchDir(), 0), 0u)
      << mappedFile(big.data_ptr());
  // Shared: a private mapping's pages could not go back to the file.
  EXPECT_NE(mappingLine(big.data_ptr()).find(" rw-s "), std::string::npos)
      << mappingLine(big.data_ptr());
  EXPECT_EQ(big.sum(torch::kFloat64).item<double>(),
            double(1 << 20) * ((1 << 20) - 1) / 2);
  SpillStats during = spillStats();
  EXPECT_GT(during.files, before.files);
  EXPECT_GE(during.bytesNow, before.bytesNow + (4u << 20));
  // Under the size: libtorch's own memory.
  at::Tensor small = torch::ones({1000}, torch::kFloat32);
  EXPECT_EQ(mappedFile(small.data_ptr()), "");
  EXPECT_EQ(small.sum().item<float>(), 1000.0f);

  const void *bigData = big.data_ptr();
  big.reset();
  SpillStats after = spillStats();
  EXPECT_EQ(after.bytesNow, before.bytesNow);
  EXPECT_GE(after.peakBytes, before.bytesNow + (4u << 20));
  EXPECT_EQ(mappedFile(bigData), "") << "the mapping outlived its tensor";
}

TEST_F(SpillAllocatorTest, RawInterfaceFreesBothKinds) {
  c10::Allocator *allocator = c10::GetAllocator(c10::DeviceType::CPU);
  SpillStats before = spillStats();
  void *big = allocator->raw_allocate(8 << 20);
  void *small = allocator->raw_allocate(64);
  ASSERT_NE(big, nullptr);
  ASSERT_NE(small, nullptr);
  std::memset(big, 7, 8 << 20);
  std::memset(small, 7, 64);
  EXPECT_EQ(spillStats().bytesNow, before.bytesNow + (8u << 20));
  allocator->raw_deallocate(small);
  allocator->raw_deallocate(big);
  EXPECT_EQ(spillStats().bytesNow, before.bytesNow);
  EXPECT_EQ(mappedFile(big), "");
}

TEST_F(SpillAllocatorTest, ThreadsAllocateAndFreeTogether) {
  SpillStats before = spillStats();
  std::vector<std::thread> threads;
  std::atomic<int> wrong{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &wrong] {
      for (int i = 0; i < 40; ++i) {
        // Files (1-2 MiB) and libtorch's memory, freed in another order.
        at::Tensor big =
            torch::full({(1 << 18) + i * 1000}, float(t * 100 + i));
        at::Tensor small = torch::full({100}, float(i));
        if (big.sum(torch::kFloat64).item<double>() !=
                double(t * 100 + i) * double(big.numel()) ||
            small.sum().item<float>() != 100.0f * i)
          ++wrong;
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong.load(), 0);
  EXPECT_EQ(spillStats().bytesNow, before.bytesNow);
  EXPECT_GE(spillStats().files, before.files + 160);
}

TEST_F(SpillAllocatorTest, TheFilesLeaveNoNameBehind) {
  at::Tensor big = torch::zeros({4 << 20}, torch::kUInt8);
  std::string listing;
  for (const auto &entry : std::filesystem::directory_iterator(scratchDir()))
    listing += entry.path().string() + " ";
  EXPECT_EQ(listing, "");
}

TEST_F(SpillAllocatorTest, AFileTooBigIsAnError) {
  SpillStats before = spillStats();
  try {
    at::Tensor huge = torch::empty({int64_t(1) << 50}, torch::kUInt8);
    FAIL() << "a petabyte was allocated";
  } catch (const c10::Error &e) {
    std::string text = e.what_without_backtrace();
    EXPECT_NE(text.find("the spill directory '" + scratchDir() +
                        "' has no room for 1125899906842624 bytes more"),
              std::string::npos)
        << text;
  }
  EXPECT_EQ(spillStats().bytesNow, before.bytesNow);
  EXPECT_EQ(spillStats().files, before.files);
}

TEST(SpillAllocatorErrors, DirectoriesThatCannotHoldTheFiles) {
  EXPECT_EQ(startSpilling(scratchDir() + "/none", kMinBytes),
            "the spill directory '" + scratchDir() +
                "/none' is not a directory");
  std::string file = scratchDir() + "-file";
  std::ofstream(file) << "x";
  EXPECT_EQ(startSpilling(file, kMinBytes),
            "the spill directory '" + file + "' is not a directory");
  ::unlink(file.c_str());
}

} // namespace
