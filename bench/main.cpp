//===- main.cpp - pypto-bench: the in-process benchmarks ------------------===//
//
// Google Benchmark's command line (--benchmark_filter, --benchmark_min_time,
// ...), then the table of our figures beside libtorch's.
//
//===----------------------------------------------------------------------===//

#include "PairedTable.h"

int main(int argc, char **argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  pypto::bench::PairedReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.printTable();
  benchmark::Shutdown();
  return 0;
}
