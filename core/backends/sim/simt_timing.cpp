// The modeled block timing (see simt_timing.h for the model in words).
#include "core/backends/sim/simt_timing.h"

#include <algorithm>

#include "core/error.h"

namespace tp {

namespace {
// Modeled cycle counts: typical orders of magnitude for NVIDIA GPUs, not datasheet figures.
constexpr double kGlobalLatencyCycles = 400;
constexpr double kSharedLatencyCycles = 30;
constexpr double kBarrierCycles = 20;
}  // namespace

SimTiming::SimTiming(const GpuProfile& profile) {
  TP_ASSERT(profile.boost_clock_mhz > 0 && profile.sm_count > 0);
  ns_per_cycle = 1e3 / profile.boost_clock_mhz;
  global_latency_ns = kGlobalLatencyCycles * ns_per_cycle;
  shared_latency_ns = kSharedLatencyCycles * ns_per_cycle;
  barrier_ns = kBarrierCycles * ns_per_cycle;
  sm_bytes_per_ns = profile.memory_bandwidth_gbps / profile.sm_count;  // GB/s == bytes/ns
}

double SimTiming::warp_segment_ns(const std::vector<const SimThread*>& warp,
                                  const std::vector<size_t>& begin,
                                  const std::vector<size_t>& end, double& segments) const {
  size_t steps = 0;
  for (size_t t = 0; t < warp.size(); ++t) steps = std::max(steps, end[t] - begin[t]);
  double ns = 0;
  std::vector<uintptr_t> read_lines, write_lines;
  for (size_t i = 0; i < steps; ++i) {
    // Instruction i of the warp: the i-th access of every thread that has one.
    read_lines.clear();
    write_lines.clear();
    bool shared = false;
    for (size_t t = 0; t < warp.size(); ++t) {
      if (begin[t] + i >= end[t]) continue;
      const Access& a = warp[t]->accesses()[begin[t] + i];
      uintptr_t line = a.address / static_cast<uintptr_t>(segment_bytes);
      if (a.kind == AccessKind::GlobalRead) read_lines.push_back(line);
      if (a.kind == AccessKind::GlobalWrite) write_lines.push_back(line);
      if (a.kind == AccessKind::SharedRead || a.kind == AccessKind::SharedWrite) shared = true;
    }
    for (auto* lines : {&read_lines, &write_lines}) {
      std::sort(lines->begin(), lines->end());
      segments += static_cast<double>(std::unique(lines->begin(), lines->end()) - lines->begin());
    }
    if (!read_lines.empty()) ns += global_latency_ns;
    if (shared) ns += shared_latency_ns;
  }
  return ns;
}

double SimTiming::block_ns(const std::vector<SimThread>& threads, int warp_size, int blocks_on_sm,
                           std::vector<double>& warp_end_ns) const {
  int n = static_cast<int>(threads.size());
  int warps = (n + warp_size - 1) / warp_size;
  // Where each thread's log is split by its barriers: cuts[t] = {0, b1+1, b2+1, ..., size}.
  std::vector<std::vector<size_t>> cuts(n);
  size_t phases = 1;
  for (int t = 0; t < n; ++t) {
    const auto& log = threads[t].accesses();
    cuts[t].push_back(0);
    for (size_t i = 0; i < log.size(); ++i)
      if (log[i].kind == AccessKind::Barrier) cuts[t].push_back(i + 1);
    cuts[t].push_back(log.size() + 1);  // +1: every phase ends one past its last access
    phases = std::max(phases, cuts[t].size() - 1);
  }

  warp_end_ns.assign(warps, 0.0);
  double segments = 0, phase_start = 0, latency = 0;
  for (size_t p = 0; p < phases; ++p) {
    double phase_end = phase_start;
    for (int w = 0; w < warps; ++w) {
      std::vector<const SimThread*> warp;
      std::vector<size_t> begin, end;
      for (int t = w * warp_size; t < std::min(n, (w + 1) * warp_size); ++t) {
        warp.push_back(&threads[t]);
        size_t b = p + 1 < cuts[t].size() ? cuts[t][p] : 0;
        size_t e = p + 1 < cuts[t].size() ? cuts[t][p + 1] - 1 : 0;  // barrier excluded
        begin.push_back(b);
        end.push_back(e);
      }
      warp_end_ns[w] = phase_start + warp_segment_ns(warp, begin, end, segments);
      phase_end = std::max(phase_end, warp_end_ns[w]);
    }
    latency = phase_end;
    phase_start = phase_end + (p + 1 < phases ? barrier_ns : 0);
  }

  double bandwidth = segments * segment_bytes / (sm_bytes_per_ns / std::max(1, blocks_on_sm));
  double total = std::max(latency, bandwidth);
  if (latency > 0) {
    for (double& t : warp_end_ns) t *= total / latency;
  } else {
    for (double& t : warp_end_ns) t = total;
  }
  return total;
}

}  // namespace tp
