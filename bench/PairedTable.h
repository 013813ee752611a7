//===- PairedTable.h - Our figures beside libtorch's, as ratios -*- C++ -*-===//
//
// Every throughput benchmark is registered twice, "<what>/ours" and
// "<what>/torch", on the same tensors; the reporter collects both and prints
// one line per pair: time, throughput and ours/torch.
//
//===----------------------------------------------------------------------===//

#ifndef PYPTO_BENCH_PAIREDTABLE_H
#define PYPTO_BENCH_PAIREDTABLE_H

#include <benchmark/benchmark.h>

#include <map>
#include <string>
#include <vector>

namespace pypto::bench {

/// Collects the runs (and lets the console reporter print them too).
class PairedReporter : public benchmark::ConsoleReporter {
public:
  void ReportRuns(const std::vector<Run> &runs) override;
  /// The table of pairs, and the unpaired figures below it.
  void printTable() const;

private:
  struct Figure {
    double seconds = 0;                   // per iteration
    double rate = 0;                      // the "rate" counter (items/s) or 0
    std::string unit;                     // of the rate
    std::map<std::string, double> others; // the other counters
  };
  std::map<std::string, Figure> figures_; // by benchmark name
  std::vector<std::string> order_;
};

/// The unit a benchmark's "rate" counter is in, by name prefix.
void setRateUnit(const std::string &prefix, const std::string &unit);

} // namespace pypto::bench

#endif // PYPTO_BENCH_PAIREDTABLE_H
