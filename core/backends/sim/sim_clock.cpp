// The modeled clock: one stream timeline per simulated device, moved by roofline
// estimates from the GPU profile, against the machine's host clock (machine_clock.h).
#include "core/backends/sim/sim_clock.h"

#include "core/machine_clock.h"

#include <algorithm>
#include <map>
#include <mutex>

namespace tp {

SimClock::SimClock(const GpuProfile& profile) : profile_(profile) {}

double SimClock::host_ns() const { return machine_clock().now_ns(); }

void SimClock::synchronize() { machine_clock().wait_until(stream_end_ns_); }

void SimClock::wait_host_until(double ns) { machine_clock().wait_until(ns); }

double SimClock::launch_kernel(const std::string& name, double flops, int64_t bytes, DType dtype,
                               OpClass op_class) {
  ClockRecord r;
  r.name = name;
  r.flops = flops;
  r.bytes = bytes;
  r.issue_ns = host_ns();
  r.start_ns = std::max(r.issue_ns, stream_end_ns_);
  r.end_ns = r.start_ns + profile_.kernel_ns(flops, bytes, dtype, op_class);
  // The host only pays for issuing the launch; the kernel runs behind its back.
  machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);
  stream_end_ns_ = r.end_ns;
  const double duration = r.end_ns - r.start_ns;
  push(std::move(r));
  return duration;
}

void SimClock::transfer(int64_t bytes, CopyDirection direction, bool pinned, bool non_blocking) {
  ClockRecord r;
  r.name = std::string(direction == CopyDirection::HostToDevice ? "memcpy HtoD" : "memcpy DtoH") +
           (pinned ? " (pinned)" : " (pageable)");
  r.bytes = bytes;
  r.is_copy = true;
  r.issue_ns = host_ns();
  // Copies are ordered on the stream: they start after the work queued before them.
  r.start_ns = std::max(r.issue_ns, stream_end_ns_);
  r.end_ns = r.start_ns + profile_.transfer_seconds(bytes, direction, pinned) * 1e9;
  stream_end_ns_ = r.end_ns;
  if (pinned && non_blocking) {
    machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);  // only issuing it
  } else {
    machine_clock().wait_until(r.end_ns);  // cudaMemcpy returns when the data has arrived
  }
  push(std::move(r));
}

void SimClock::queue_copy(const std::string& name, int64_t bytes, double seconds) {
  ClockRecord r;
  r.name = name;
  r.bytes = bytes;
  r.is_copy = true;
  r.issue_ns = host_ns();
  r.start_ns = std::max(r.issue_ns, stream_end_ns_);
  r.end_ns = r.start_ns + seconds * 1e9;
  machine_clock().spend(profile_.kernel_launch_latency_us * 1e3);
  stream_end_ns_ = r.end_ns;
  push(std::move(r));
}

void SimClock::wait_until(double ns) { stream_end_ns_ = std::max(stream_end_ns_, ns); }

ClockPoint SimClock::point() const {
  return {host_ns(), stream_end_ns_, busy_ns_, dropped_ + log_.size()};
}

std::vector<ClockRecord> SimClock::records_since(const ClockPoint& since) const {
  const size_t first = since.records > dropped_ ? since.records - dropped_ : 0;
  if (first >= log_.size()) return {};
  return std::vector<ClockRecord>(log_.begin() + static_cast<std::ptrdiff_t>(first), log_.end());
}

void SimClock::reset() {
  stream_end_ns_ = busy_ns_ = 0;
  dropped_ = 0;
  log_.clear();
}

void SimClock::push(ClockRecord record) {
  busy_ns_ += record.end_ns - record.start_ns;
  if (log_.size() >= kMaxLog) {
    // Drop the older half at once so a long session does not shift the log every launch.
    const size_t drop = kMaxLog / 2;
    log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(drop));
    dropped_ += drop;
  }
  log_.push_back(std::move(record));
}

}  // namespace tp
