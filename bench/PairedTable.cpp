//===- PairedTable.cpp - Our figures beside libtorch's, as ratios ---------===//

#include "PairedTable.h"

#include <cstdio>

using namespace pypto::bench;

static std::map<std::string, std::string> &rateUnits() {
  static std::map<std::string, std::string> units;
  return units;
}

void pypto::bench::setRateUnit(const std::string &prefix,
                               const std::string &unit) {
  rateUnits()[prefix] = unit;
}

void PairedReporter::ReportRuns(const std::vector<Run> &runs) {
  ConsoleReporter::ReportRuns(runs);
  for (const Run &run : runs) {
    if (run.error_occurred || run.run_type != Run::RT_Iteration)
      continue;
    std::string name = run.benchmark_name();
    Figure f;
    f.seconds = run.GetAdjustedRealTime() /
                benchmark::GetTimeUnitMultiplier(run.time_unit);
    for (const auto &[counter, value] : run.counters)
      if (counter == "rate")
        f.rate = value.value;
      else
        f.others[counter] = value.value;
    for (const auto &[prefix, unit] : rateUnits())
      if (name.rfind(prefix, 0) == 0)
        f.unit = unit;
    if (!figures_.count(name))
      order_.push_back(name);
    figures_[name] = f;
  }
}

static std::string human(double seconds) {
  char buf[32];
  if (seconds >= 1)
    std::snprintf(buf, sizeof buf, "%.2f s", seconds);
  else if (seconds >= 1e-3)
    std::snprintf(buf, sizeof buf, "%.2f ms", seconds * 1e3);
  else
    std::snprintf(buf, sizeof buf, "%.2f us", seconds * 1e6);
  return buf;
}

static std::string rateText(double rate, const std::string &unit) {
  if (rate <= 0)
    return "";
  char buf[48];
  if (unit == "GFLOP/s" || unit == "GB/s" || unit == "Gop/s")
    std::snprintf(buf, sizeof buf, "%.2f %s", rate / 1e9, unit.c_str());
  else
    std::snprintf(buf, sizeof buf, "%.3g %s", rate, unit.c_str());
  return buf;
}

void PairedReporter::printTable() const {
  std::printf("\n%-40s %12s %16s %12s %16s %8s\n", "benchmark", "ours",
              "ours rate", "libtorch", "libtorch rate", "ratio");
  std::vector<std::string> alone;
  for (const std::string &name : order_) {
    const std::string suffix = "/ours";
    if (name.size() < suffix.size() ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix)) {
      if (name.find("/torch") == std::string::npos)
        alone.push_back(name);
      continue;
    }
    std::string what = name.substr(0, name.size() - suffix.size());
    const Figure &ours = figures_.at(name);
    auto torch = figures_.find(what + "/torch");
    if (torch == figures_.end()) {
      alone.push_back(name);
      continue;
    }
    const Figure &theirs = torch->second;
    // ours / torch as a speed ratio: > 1 is faster than libtorch.
    double ratio = theirs.seconds > 0 ? theirs.seconds / ours.seconds : 0;
    std::printf("%-40s %12s %16s %12s %16s %7.2fx\n", what.c_str(),
                human(ours.seconds).c_str(),
                rateText(ours.rate, ours.unit).c_str(),
                human(theirs.seconds).c_str(),
                rateText(theirs.rate, theirs.unit).c_str(), ratio);
  }
  if (alone.empty())
    return;
  std::printf("\n%-48s %12s %16s  %s\n", "benchmark (no libtorch pair)", "time",
              "rate", "counters");
  for (const std::string &name : alone) {
    const Figure &f = figures_.at(name);
    std::string others;
    for (const auto &[counter, value] : f.others) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "%s%s=%.3g", others.empty() ? "" : " ",
                    counter.c_str(), value);
      others += buf;
    }
    std::printf("%-48s %12s %16s  %s\n", name.c_str(), human(f.seconds).c_str(),
                rateText(f.rate, f.unit).c_str(), others.c_str());
  }
}
