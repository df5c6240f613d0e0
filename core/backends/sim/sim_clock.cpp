// The modeled clock: each simulated device's streams, SMs and copy engines, moved by roofline
// estimates from the GPU profile, against the machine's host clock (machine_clock.h). The
// model is described in sim_clock.h.
#include "core/backends/sim/sim_clock.h"

#include "core/error.h"
#include "core/machine_clock.h"
#include "core/profiler.h"

#include <algorithm>
#include <cmath>

namespace tp {

SimClock::SimClock(const GpuProfile& profile, int device) : profile_(profile), device_(device) {}

double SimClock::host_ns() const { return machine_clock().now_ns(); }

SimClock::Stream& SimClock::stream(int id) {
  TP_ASSERT(id >= 0);
  // A stream made before a :reset keeps its id; it comes back idle.
  if (static_cast<size_t>(id) >= streams_.size()) streams_.resize(static_cast<size_t>(id) + 1);
  return streams_[static_cast<size_t>(id)];
}

double SimClock::stream_end_ns(int id) const {
  return static_cast<size_t>(id) < streams_.size() ? streams_[static_cast<size_t>(id)].end_ns : 0.0;
}

double SimClock::all_streams_end_ns() const {
  double end = 0;
  for (const Stream& s : streams_) end = std::max(end, s.end_ns);
  return end;
}

void SimClock::synchronize() { host_wait("cudaDeviceSynchronize", all_streams_end_ns()); }

void SimClock::wait_host_until(double ns, const char* name) { host_wait(name, ns); }

void SimClock::host_wait(const char* name, double ns) {
  const double from = host_ns();
  machine_clock().wait_until(ns);
  profiler::runtime_call(name, from, host_ns());
  log_host_wait(name, from);
}

void SimClock::log_host_wait(const char* runtime_call, double from) {
  const double to = host_ns();
  if (to <= from) return;  // nothing left to wait for
  ClockRecord r;
  const char* cause = profiler::wait_cause();
  r.name = cause ? cause : runtime_call;
  r.lane = ClockLane::HostWait;
  r.stream = current_;
  r.issue_ns = r.start_ns = from;
  r.end_ns = to;
  if (host_waits_.size() >= kMaxLog) host_waits_.erase(host_waits_.begin(), host_waits_.begin() + kMaxLog / 2);
  host_waits_.push_back(std::move(r));
}

int SimClock::create_stream(int priority) {
  streams_.push_back({0.0, priority});
  return static_cast<int>(streams_.size()) - 1;
}

int SimClock::stream_priority(int id) const {
  return static_cast<size_t>(id) < streams_.size() ? streams_[static_cast<size_t>(id)].priority : 0;
}

void SimClock::set_current_stream(int id) {
  stream(id);
  current_ = id;
}

void SimClock::stream_wait_until(int id, double ns) {
  Stream& s = stream(id);
  s.end_ns = std::max(s.end_ns, ns);
}

double SimClock::sm_share(int64_t bytes, DType dtype) const {
  const double elements = static_cast<double>(bytes) / static_cast<double>(itemsize(dtype));
  const double blocks = std::max(1.0, std::ceil(elements / kThreadsPerBlock));
  const double resident = static_cast<double>(profile_.sm_count) * profile_.max_threads_per_sm / kThreadsPerBlock;
  return std::min(1.0, blocks / resident);
}

double SimClock::sm_slot(double ready, double duration, double share) const {
  if (ready >= sm_uses_end_ns_) return ready;  // nothing else holds SMs then (one stream's usual case)
  // Candidates: `ready`, and each moment a kernel lets its SMs go; the first one at which the
  // SMs in use over [t, t + duration) never exceed 1 - share.
  std::vector<double> starts{ready};
  for (const SmUse& u : sm_uses_)
    if (u.end_ns > ready) starts.push_back(u.end_ns);
  std::sort(starts.begin(), starts.end());
  constexpr double kSlack = 1e-9;
  for (double t : starts) {
    const double end = t + duration;
    // The use is piecewise constant; its peak in the window is at t or at a start inside it.
    bool fits = true;
    std::vector<double> probes{t};
    for (const SmUse& u : sm_uses_)
      if (u.start_ns > t && u.start_ns < end) probes.push_back(u.start_ns);
    for (double p : probes) {
      double used = 0;
      for (const SmUse& u : sm_uses_)
        if (u.start_ns <= p && u.end_ns > p) used += u.share;
      if (used + share > 1.0 + kSlack) {
        fits = false;
        break;
      }
    }
    if (fits) return t;
  }
  return std::max(ready, sm_uses_end_ns_);
}

double SimClock::launch_kernel(const std::string& name, double flops, int64_t bytes, DType dtype,
                               OpClass op_class) {
  const double duration = profile_.kernel_ns(flops, bytes, dtype, op_class);
  launch_modeled_kernel(name, duration, flops, bytes, sm_share(bytes, dtype));
  return duration;
}

void SimClock::launch_modeled_kernel(const std::string& name, double duration, double flops, int64_t bytes,
                                     double share) {
  ClockRecord r;
  r.name = name;
  r.flops = flops;
  r.bytes = bytes;
  r.stream = current_;
  r.lane = ClockLane::Compute;
  r.sm_share = share;
  r.op = profiler::current_op();
  r.issue_ns = host_ns();
  r.start_ns = sm_slot(std::max(r.issue_ns, stream(current_).end_ns), duration, r.sm_share);
  r.end_ns = r.start_ns + duration;
  // The host only pays for issuing the launch; the kernel runs behind its back.
  machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);
  const int64_t correlation = profiler::runtime_call("cudaLaunchKernel", r.issue_ns, host_ns());
  stream(current_).end_ns = r.end_ns;
  // Kernels that ended before the host's present can hold no SMs a later launch could want.
  const double now = r.issue_ns;
  sm_uses_.erase(std::remove_if(sm_uses_.begin(), sm_uses_.end(), [now](const SmUse& u) { return u.end_ns <= now; }),
                 sm_uses_.end());
  sm_uses_.push_back({r.start_ns, r.end_ns, r.sm_share});
  sm_uses_end_ns_ = std::max(sm_uses_end_ns_, r.end_ns);
  push(std::move(r), correlation);
}

void SimClock::transfer(int64_t bytes, CopyDirection direction, bool pinned, bool non_blocking) {
  const bool to_device = direction == CopyDirection::HostToDevice;
  ClockRecord r;
  r.name = std::string(to_device ? "memcpy HtoD" : "memcpy DtoH") + (pinned ? " (pinned)" : " (pageable)");
  r.bytes = bytes;
  r.is_copy = true;
  r.stream = current_;
  r.lane = to_device ? ClockLane::CopyHtoD : ClockLane::CopyDtoH;
  r.op = profiler::current_op();
  r.issue_ns = host_ns();
  // Ordered on its stream, and on its copy engine behind the copies queued there before it.
  double& engine = copy_engine_free_ns_[profile_.copy_engines >= 2 && !to_device ? 1 : 0];
  r.start_ns = std::max({r.issue_ns, stream(current_).end_ns, engine});
  r.end_ns = r.start_ns + profile_.transfer_seconds(bytes, direction, pinned) * 1e9;
  stream(current_).end_ns = r.end_ns;
  engine = r.end_ns;
  if (pinned && non_blocking) {
    machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);  // only issuing it
  } else {
    machine_clock().wait_until(r.end_ns);  // cudaMemcpy returns when the data has arrived
  }
  const double issued = r.issue_ns;
  const int64_t correlation = profiler::runtime_call("cudaMemcpyAsync", issued, host_ns());
  push(std::move(r), correlation);
  if (!(pinned && non_blocking)) log_host_wait("cudaMemcpyAsync", issued);
}

void SimClock::queue_copy(const std::string& name, int64_t bytes, double seconds) {
  ClockRecord r;
  r.name = name;
  r.bytes = bytes;
  r.is_copy = true;
  r.stream = current_;
  r.lane = ClockLane::Peer;
  r.op = profiler::current_op();
  r.issue_ns = host_ns();
  r.start_ns = std::max(r.issue_ns, stream(current_).end_ns);
  r.end_ns = r.start_ns + seconds * 1e9;
  machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);
  stream(current_).end_ns = r.end_ns;
  const int64_t correlation = profiler::runtime_call("cudaMemcpyAsync", r.issue_ns, host_ns());
  push(std::move(r), correlation);
}

ClockPoint SimClock::point() const {
  return {host_ns(), all_streams_end_ns(), busy_ns_, dropped_ + log_.size()};
}

std::vector<ClockRecord> SimClock::records_since(const ClockPoint& since) const {
  const size_t first = since.records > dropped_ ? since.records - dropped_ : 0;
  std::vector<ClockRecord> out;
  if (first < log_.size()) out.assign(log_.begin() + static_cast<std::ptrdiff_t>(first), log_.end());
  for (const ClockRecord& w : host_waits_)
    if (w.start_ns >= since.host_ns) out.push_back(w);
  return out;
}

void SimClock::reset() {
  streams_.assign(1, Stream{});
  current_ = 0;
  sm_uses_.clear();
  sm_uses_end_ns_ = 0;
  copy_engine_free_ns_[0] = copy_engine_free_ns_[1] = 0;
  busy_ns_ = 0;
  dropped_ = 0;
  log_.clear();
  host_waits_.clear();
}

void SimClock::push(ClockRecord record, int64_t correlation) {
  busy_ns_ += record.end_ns - record.start_ns;
  profiler::device_work(device_, record, correlation);
  if (log_.size() >= kMaxLog) {
    // Drop the older half at once so a long session does not shift the log every launch.
    const size_t drop = kMaxLog / 2;
    log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(drop));
    dropped_ += drop;
  }
  log_.push_back(std::move(record));
}

}  // namespace tp
