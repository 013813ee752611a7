//===- ReplayMain.cpp - run the front-end fuzz target on saved inputs -----===//
//
// pypto-fuzz-frontend-replay FILE...: feeds each file to the same target the
// libFuzzer build runs, once, in one process. It is built with every
// compiler, so the inputs libFuzzer found interesting are regression tests
// of the normal build (test/Fuzz/frontend-corpus.test); a crash is a failed
// test.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FILE...\n", argv[0]);
    return 2;
  }
  LLVMFuzzerInitialize(&argc, &argv);
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "%s: cannot read '%s'\n", argv[0], argv[i]);
      return 2;
    }
    std::string data((std::istreambuf_iterator<char>(in)),
                     std::istreambuf_iterator<char>());
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(data.data()),
                           data.size());
  }
  std::printf("%d inputs ran\n", argc - 1);
  return 0;
}
