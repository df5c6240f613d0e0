// The simulated device's modeled clock. Work is asynchronous as in CUDA: kernels and async
// copies are queued on the device's one stream while the host only pays the cost of issuing
// them; host-side results (.item(), .cpu(), print) and synchronize() make the host wait for
// the stream. Every duration here is modeled (a roofline estimate from the GPU profile),
// never measured, and is labelled so wherever it is shown. Times are nanoseconds on the
// simulated machine's clock (machine_clock.h), which the host's side reads and moves. What it
// logs (ClockRecord, ClockPoint) is the device face's clock vocabulary (device_clock.h).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/backends/device_clock.h"
#include "core/dtype.h"
#include "core/gpu_profile.h"

namespace tp {

class SimClock {
 public:
  explicit SimClock(const GpuProfile& profile);

  // Time of the host (the machine's clock: its own work, launch costs, and jumps to the
  // stream's end when it waits) and of the end of the work queued on the stream.
  double host_ns() const;
  double stream_end_ns() const { return stream_end_ns_; }
  // Waits (in modeled time) for everything queued: torch.cuda.synchronize().
  void synchronize();
  // The host waits until modeled time `ns` (event.synchronize() on an earlier point).
  void wait_host_until(double ns);

  // Queues a kernel on the stream: the host advances by the launch cost only; the kernel
  // starts when both the host has issued it and the stream is free. Returns its duration.
  double launch_kernel(const std::string& name, double flops, int64_t bytes, DType dtype,
                       OpClass op_class);

  // A host<->device copy over the link (transfer_seconds of the profile). A pageable copy,
  // or a pinned one without non_blocking, makes the host wait until it is done, as
  // cudaMemcpy does; a non_blocking pinned copy is queued like a kernel.
  void transfer(int64_t bytes, CopyDirection direction, bool pinned, bool non_blocking);

  // A copy that occupies this stream for `seconds` (device-to-device, peer copies).
  void queue_copy(const std::string& name, int64_t bytes, double seconds);
  // Makes the stream wait until `ns` before its next work (the other side of a peer copy).
  void wait_until(double ns);

  // Total modeled device time: the sum of every kernel's and copy's duration.
  double busy_ns() const { return busy_ns_; }
  ClockPoint point() const;
  // The records queued after `since` (a point taken earlier).
  std::vector<ClockRecord> records_since(const ClockPoint& since) const;
  const std::vector<ClockRecord>& log() const { return log_; }

  // An idle stream with an empty log (:reset); the machine's clock runs on.
  void reset();

  // The log keeps at most this many records; older ones are dropped (counted in busy_ns).
  static constexpr size_t kMaxLog = 10000;

 private:
  void push(ClockRecord record);

  GpuProfile profile_;
  double stream_end_ns_ = 0;
  double busy_ns_ = 0;
  size_t dropped_ = 0;  // records dropped from the front of the log
  std::vector<ClockRecord> log_;
};


}  // namespace tp
