//===- Dfx.cpp - runtime DFX artefacts --------------------------*- C++ -*-===//
//
// Formats follow simpler's (l2_perf_records.json version 2, the Chrome trace
// events Perfetto reads, tensor_dump.json + .bin, pmu.csv, deps.json); the
// dependency graph renders as one self-contained HTML page with inline SVG.
// On the simulator the PMU counters are not modelled and read 0, as in
// simpler's sim.
//
//===----------------------------------------------------------------------===//

#include "pypto/Harness/Dfx.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <fstream>

namespace rt = pypto::runtime;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

namespace pypto::harness {

namespace {

std::string hex(uint64_t v) {
  return llvm::formatv("{0}", llvm::format_hex_no_prefix(v, 16)).str();
}

std::string writeText(const std::string &path, const std::string &text) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec)
    return "cannot write '" + path + "': " + ec.message();
  os << text;
  return "";
}

std::string writeJson(const std::string &path, Value value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::formatv("{0:2}", value) << "\n";
  return writeText(path, os.str());
}

std::string kernelName(const std::map<int, std::string> &names, int id) {
  auto it = names.find(id);
  return it != names.end() ? it->second : "func" + std::to_string(id);
}

const char *coreName(rt::CoreType type) {
  return type == rt::CoreType::AIC ? "aic" : "aiv";
}

/// Tasks each task's results flow to.
std::map<uint64_t, std::vector<uint64_t>> fanouts(const rt::RunTrace &trace) {
  std::map<uint64_t, std::vector<uint64_t>> out;
  for (const rt::RunTrace::Edge &e : trace.edges)
    out[e.pred].push_back(e.succ);
  return out;
}

std::string writeSwimlane(const rt::RunTrace &trace,
                          const std::map<int, std::string> &names,
                          const std::string &dir, const std::string &timestamp,
                          std::vector<std::string> &written) {
  auto fanout = fanouts(trace);
  Array tasks;
  for (const rt::RunTrace::Exec &e : trace.execs) {
    Array out;
    for (uint64_t s : fanout[e.taskId])
      out.push_back(static_cast<int64_t>(s));
    tasks.push_back(Object{{"task_id", static_cast<int64_t>(e.taskId)},
                           {"func_id", e.funcId},
                           {"kernel", e.kernel},
                           {"block", e.block},
                           {"core_id", static_cast<int64_t>(e.core)},
                           {"core_type", coreName(e.coreType)},
                           {"dispatch_time_us", e.dispatchUs},
                           {"start_time_us", e.startUs},
                           {"end_time_us", e.endUs},
                           {"duration_us", e.endUs - e.startUs},
                           {"finish_time_us", e.endUs},
                           {"fanout_count", static_cast<int64_t>(out.size())},
                           {"fanout", std::move(out)}});
  }
  if (std::string err =
          writeJson(dir + "/l2_perf_records.json",
                    Object{{"version", 2},
                           {"clock", "host steady_clock (simulator)"},
                           {"tasks", std::move(tasks)}});
      !err.empty())
    return err;
  written.push_back("dfx_outputs/l2_perf_records.json");

  // Perfetto: one lane per simulated core, flow arrows along dependencies.
  Array events;
  events.push_back(Object{{"ph", "M"},
                          {"pid", 4},
                          {"name", "process_name"},
                          {"args", Object{{"name", "Worker View"}}}});
  std::map<std::pair<int, unsigned>, bool> lanes;
  std::map<uint64_t, const rt::RunTrace::Exec *> first, last;
  for (const rt::RunTrace::Exec &e : trace.execs) {
    int tid = (e.coreType == rt::CoreType::AIC ? 0 : 1000) + int(e.core);
    if (!lanes[{tid, e.core}]) {
      lanes[{tid, e.core}] = true;
      events.push_back(Object{
          {"ph", "M"},
          {"pid", 4},
          {"tid", tid},
          {"name", "thread_name"},
          {"args",
           Object{{"name", (e.coreType == rt::CoreType::AIC ? "AIC_" : "AIV_") +
                               std::to_string(e.core)}}}});
    }
    events.push_back(Object{
        {"ph", "X"},
        {"pid", 4},
        {"tid", tid},
        {"name", kernelName(names, e.funcId) + "(t" + std::to_string(e.taskId) +
                     "b" + std::to_string(e.block) + ")"},
        {"ts", e.startUs},
        {"dur", e.endUs - e.startUs},
        {"args", Object{{"taskId", static_cast<int64_t>(e.taskId)},
                        {"block", e.block},
                        {"kernel-duration-us", e.endUs - e.startUs},
                        {"dispatch-to-start-us", e.startUs - e.dispatchUs}}}});
    if (!first.count(e.taskId) || e.startUs < first[e.taskId]->startUs)
      first[e.taskId] = &e;
    if (!last.count(e.taskId) || e.endUs > last[e.taskId]->endUs)
      last[e.taskId] = &e;
  }
  int64_t flow = 0;
  for (const rt::RunTrace::Edge &edge : trace.edges) {
    if (!last.count(edge.pred) || !first.count(edge.succ))
      continue;
    const rt::RunTrace::Exec *p = last[edge.pred], *s = first[edge.succ];
    auto tid = [](const rt::RunTrace::Exec *e) {
      return (e->coreType == rt::CoreType::AIC ? 0 : 1000) + int(e->core);
    };
    ++flow;
    events.push_back(Object{{"ph", "s"},
                            {"pid", 4},
                            {"tid", tid(p)},
                            {"name", "dep"},
                            {"cat", "dep"},
                            {"id", flow},
                            {"ts", p->endUs}});
    events.push_back(Object{{"ph", "f"},
                            {"pid", 4},
                            {"tid", tid(s)},
                            {"name", "dep"},
                            {"cat", "dep"},
                            {"id", flow},
                            {"bp", "e"},
                            {"ts", s->startUs}});
  }
  std::string name = "merged_swimlane_" + timestamp + ".json";
  if (std::string err = writeJson(
          dir + "/" + name, Object{{"traceEvents", std::move(events)},
                                   {"metadata", Object{{"source", "pypto-run"},
                                                       {"time_unit", "us"}}}});
      !err.empty())
    return err;
  written.push_back("dfx_outputs/" + name);
  return "";
}

std::string writeTensorDump(const rt::RunTrace &trace, const std::string &dir,
                            std::vector<std::string> &written) {
  std::string sub = dir + "/tensor_dump";
  llvm::sys::fs::create_directories(sub);
  std::ofstream bin(sub + "/tensor_dump.bin", std::ios::binary);
  if (!bin)
    return "cannot write '" + sub + "/tensor_dump.bin'";
  Array tensors;
  uint64_t offset = 0;
  int64_t before = 0, after = 0, inputs = 0, outputs = 0, inouts = 0;
  for (const rt::RunTrace::Dump &d : trace.dumps) {
    bin.write(reinterpret_cast<const char *>(d.bytes.data()), d.bytes.size());
    Array shape;
    for (uint32_t s : d.shape)
      shape.push_back(static_cast<int64_t>(s));
    (d.stage == "before_dispatch" ? before : after)++;
    (d.role == "input" ? inputs : d.role == "output" ? outputs : inouts)++;
    std::string dtype = get_dtype_name(d.dtype);
    std::transform(dtype.begin(), dtype.end(), dtype.begin(), ::tolower);
    tensors.push_back(
        Object{{"task_id", "0x" + hex(d.taskId)},
               {"role", d.role},
               {"stage", d.stage},
               {"arg_index", d.argIndex},
               {"dtype", dtype},
               {"shape", std::move(shape)},
               {"is_contiguous", true},
               {"truncated", false},
               {"bin_offset", static_cast<int64_t>(offset)},
               {"bin_size", static_cast<int64_t>(d.bytes.size())}});
    offset += d.bytes.size();
  }
  if (!bin)
    return "cannot write '" + sub + "/tensor_dump.bin'";
  written.push_back("dfx_outputs/tensor_dump/tensor_dump.bin");
  if (std::string err = writeJson(
          sub + "/tensor_dump.json",
          Object{{"run_dir", "tensor_dump"},
                 {"bin_format", Object{{"type", "logical_contiguous"},
                                       {"byte_order", "little_endian"}}},
                 {"total_tensors", static_cast<int64_t>(trace.dumps.size())},
                 {"before_dispatch", before},
                 {"after_completion", after},
                 {"input_tensors", inputs},
                 {"output_tensors", outputs},
                 {"inout_tensors", inouts},
                 {"truncated_tensors", 0},
                 {"bin_file", "tensor_dump.bin"},
                 {"tensors", std::move(tensors)}});
      !err.empty())
    return err;
  written.push_back("dfx_outputs/tensor_dump/tensor_dump.json");
  return "";
}

std::string writePmu(const rt::RunTrace &trace, int group,
                     const std::string &dir,
                     std::vector<std::string> &written) {
  // a2a3's PIPE_UTILIZATION counters; other groups name their slots.
  std::vector<std::string> counters =
      group == 2
          ? std::vector<std::string>{"vec_busy_cycles",    "cube_busy_cycles",
                                     "scalar_busy_cycles", "mte1_busy_cycles",
                                     "mte2_busy_cycles",   "mte3_busy_cycles",
                                     "icache_miss",        "icache_req"}
          : std::vector<std::string>{};
  if (counters.empty())
    for (int i = 0; i < 8; ++i)
      counters.push_back("event" + std::to_string(i));
  std::string text = "thread_id,core_id,task_id,func_id,core_type,"
                     "pmu_total_cycles";
  for (const std::string &c : counters)
    text += "," + c;
  text += ",event_type\n";
  for (const rt::RunTrace::Exec &e : trace.execs) {
    text +=
        llvm::formatv("{0},{1},0x{2},{3},{4},0", e.core, e.core, hex(e.taskId),
                      e.funcId, e.coreType == rt::CoreType::AIC ? 0 : 1)
            .str();
    for (size_t i = 0; i < counters.size(); ++i)
      text += ",0";
    text += "," + std::to_string(group) + "\n";
  }
  if (std::string err = writeText(dir + "/pmu.csv", text); !err.empty())
    return err;
  written.push_back("dfx_outputs/pmu.csv");
  return "";
}

/// FNV-1a of (buffer address, version): simpler's tensor id.
uint64_t tensorId(uint64_t addr, int32_t version) {
  uint64_t h = 1469598103934665603ull;
  auto mix = [&](uint64_t v) {
    for (int i = 0; i < 8; ++i) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 1099511628211ull;
    }
  };
  mix(addr);
  mix(static_cast<uint64_t>(static_cast<int64_t>(version)));
  return h;
}

std::string writeDeps(const rt::RunTrace &trace,
                      const std::map<int, std::string> &names,
                      const std::string &dir,
                      std::vector<std::string> &written) {
  Array tasks, tensors, edges;
  std::map<uint64_t, bool> seenTensor;
  for (const rt::RunTrace::Task &t : trace.tasks) {
    Array kernelIds, args;
    for (int k : t.kernelIds)
      kernelIds.push_back(k);
    for (const rt::RunTrace::Arg &a : t.args) {
      const ChipTensor &c = a.tensor;
      uint64_t id = tensorId(c.buffer.addr, c.version);
      Array shape, strides;
      for (uint32_t d = 0; d < c.ndims; ++d) {
        shape.push_back(static_cast<int64_t>(c.shapes[d]));
        strides.push_back(static_cast<int64_t>(c.strides[d]));
      }
      args.push_back(Object{{"idx", a.index},
                            {"type", a.kind},
                            {"tensor_id", std::to_string(id)},
                            {"dtype", get_dtype_name(c.dtype)},
                            {"shape", std::move(shape)},
                            {"start_offset", std::to_string(c.start_offset)},
                            {"strides", std::move(strides)}});
      if (!seenTensor[id]) {
        seenTensor[id] = true;
        uint32_t es = std::max(1u, c.element_size());
        tensors.push_back(
            Object{{"tensor_id", std::to_string(id)},
                   {"buffer_addr", std::to_string(c.buffer.addr)},
                   {"version", c.version},
                   {"dtype", get_dtype_name(c.dtype)},
                   {"buffer_numel", std::to_string(c.buffer.size / es)}});
      }
    }
    std::string label;
    for (int k : t.kernelIds)
      if (k >= 0)
        label += (label.empty() ? "" : "+") + kernelName(names, k);
    tasks.push_back(Object{{"task_id", std::to_string(t.id)},
                           {"scope", "auto"},
                           {"name", label.empty() ? "dummy" : label},
                           {"kernel_ids", std::move(kernelIds)},
                           {"block_num", t.blockNum},
                           {"args", std::move(args)}});
  }
  for (const rt::RunTrace::Edge &e : trace.edges)
    edges.push_back(Object{{"pred", std::to_string(e.pred)},
                           {"succ", std::to_string(e.succ)},
                           {"source", "tensormap"},
                           {"flags", Array{"wait"}}});
  if (std::string err =
          writeJson(dir + "/deps.json", Object{{"tasks", std::move(tasks)},
                                               {"tensors", std::move(tensors)},
                                               {"edges", std::move(edges)}});
      !err.empty())
    return err;
  written.push_back("dfx_outputs/deps.json");

  // The graph: tasks in layers by longest path from a source, edges as lines.
  std::map<uint64_t, int> layer;
  std::map<uint64_t, std::string> label;
  for (const rt::RunTrace::Task &t : trace.tasks) {
    layer[t.id] = 0;
    std::string name;
    for (int k : t.kernelIds)
      if (k >= 0)
        name += (name.empty() ? "" : "+") + kernelName(names, k);
    label[t.id] = (name.empty() ? "dummy" : name) + " #" + std::to_string(t.id);
  }
  // Edges go from earlier to later submissions, so one pass in order settles
  // every layer.
  std::vector<rt::RunTrace::Edge> sorted = trace.edges;
  std::sort(sorted.begin(), sorted.end(),
            [](const auto &a, const auto &b) { return a.succ < b.succ; });
  for (const rt::RunTrace::Edge &e : sorted)
    if (layer.count(e.pred) && layer.count(e.succ))
      layer[e.succ] = std::max(layer[e.succ], layer[e.pred] + 1);
  std::map<int, int> perLayer;
  std::map<uint64_t, std::pair<int, int>> pos;
  int maxCol = 0, maxLayer = 0;
  for (auto &[id, l] : layer) {
    int col = perLayer[l]++;
    pos[id] = {80 + col * 190, 40 + l * 90};
    maxCol = std::max(maxCol, col);
    maxLayer = std::max(maxLayer, l);
  }
  std::string svg;
  llvm::raw_string_ostream os(svg);
  os << "<svg xmlns='http://www.w3.org/2000/svg' width='" << 160 + maxCol * 190
     << "' height='" << 100 + maxLayer * 90 << "'>\n";
  for (const rt::RunTrace::Edge &e : trace.edges) {
    if (!pos.count(e.pred) || !pos.count(e.succ))
      continue;
    auto [x1, y1] = pos[e.pred];
    auto [x2, y2] = pos[e.succ];
    os << "<line x1='" << x1 << "' y1='" << y1 + 16 << "' x2='" << x2
       << "' y2='" << y2 - 16 << "' stroke='#888' marker-end='url(#a)'/>\n";
  }
  os << "<defs><marker id='a' markerWidth='8' markerHeight='8' refX='8' "
        "refY='4' orient='auto'><path d='M0,0 L8,4 L0,8 z' fill='#888'/>"
        "</marker></defs>\n";
  for (auto &[id, p] : pos) {
    std::string text = label[id];
    for (std::string::size_type i = 0; (i = text.find('&', i)) != text.npos;
         i += 5)
      text.replace(i, 1, "&amp;");
    os << "<g><rect x='" << p.first - 85 << "' y='" << p.second - 16
       << "' width='170' height='32' rx='6' fill='#e8f0fe' stroke='#4a6fa5'/>"
       << "<text x='" << p.first << "' y='" << p.second + 5
       << "' font-family='monospace' font-size='11' text-anchor='middle'>"
       << text << "</text></g>\n";
  }
  os << "</svg>\n";
  std::string html =
      "<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>task "
      "dependencies</title></head>\n<body>\n<p>" +
      std::to_string(trace.tasks.size()) + " tasks, " +
      std::to_string(trace.edges.size()) +
      " dependencies (deps.json); a task's row is its longest dependency "
      "chain.</p>\n" +
      os.str() + "</body></html>\n";
  if (std::string err = writeText(dir + "/deps_graph.html", html); !err.empty())
    return err;
  written.push_back("dfx_outputs/deps_graph.html");
  return "";
}

std::string writeKernelInsight(const rt::RunTrace &trace,
                               const std::map<int, std::string> &names,
                               const std::string &buildDir,
                               const std::string &timestamp,
                               std::vector<std::string> &written) {
  std::string rootName = "kernel_insight_all_funcs_" + timestamp;
  std::string root = buildDir + "/" + rootName;
  llvm::sys::fs::create_directories(root);
  std::map<std::string, std::vector<const rt::RunTrace::Exec *>> byKernel;
  for (const rt::RunTrace::Exec &e : trace.execs)
    byKernel[kernelName(names, e.funcId)].push_back(&e);
  for (auto &[kernel, execs] : byKernel) {
    Array runs;
    double total = 0, longest = 0;
    for (const rt::RunTrace::Exec *e : execs) {
      double d = e->endUs - e->startUs;
      total += d;
      longest = std::max(longest, d);
      runs.push_back(Object{{"task_id", static_cast<int64_t>(e->taskId)},
                            {"block", e->block},
                            {"core_type", coreName(e->coreType)},
                            {"core_id", static_cast<int64_t>(e->core)},
                            {"start_us", e->startUs},
                            {"duration_us", d}});
    }
    if (std::string err = writeJson(
            root + "/" + kernel + ".json",
            Object{{"kernel", kernel},
                   {"invocations", static_cast<int64_t>(execs.size())},
                   {"total_us", total},
                   {"mean_us", total / double(execs.size())},
                   {"max_us", longest},
                   {"runs", std::move(runs)}});
        !err.empty())
      return err;
    written.push_back(rootName + "/" + kernel + ".json");
  }
  if (std::string err = writeText(
          buildDir + "/latest_all_funcs_kernel_insight_export_root.txt",
          root + "\n");
      !err.empty())
    return err;
  written.push_back("latest_all_funcs_kernel_insight_export_root.txt");
  return "";
}

} // namespace

void DfxOptions::configure(rt::RunTrace &trace) const {
  trace.timeline = l2Swimlane || pmu || exportKernelInsight;
  trace.deps = depGen || l2Swimlane;
  trace.dumpTensors = dumpTensor;
}

std::string writeDfxOutputs(const rt::RunTrace &trace,
                            const DfxOptions &options,
                            const std::string &buildDir,
                            const std::map<int, std::string> &kernelNames,
                            const std::string &timestamp,
                            std::vector<std::string> &written) {
  std::string dir = buildDir + "/dfx_outputs";
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return "cannot create '" + dir + "': " + ec.message();
  std::string err;
  if (options.l2Swimlane)
    err = writeSwimlane(trace, kernelNames, dir, timestamp, written);
  if (err.empty() && options.dumpTensor)
    err = writeTensorDump(trace, dir, written);
  if (err.empty() && options.pmu)
    err = writePmu(trace, options.pmu, dir, written);
  if (err.empty() && options.depGen)
    err = writeDeps(trace, kernelNames, dir, written);
  if (err.empty() && options.exportKernelInsight)
    err = writeKernelInsight(trace, kernelNames, buildDir, timestamp, written);
  return err;
}

} // namespace pypto::harness
