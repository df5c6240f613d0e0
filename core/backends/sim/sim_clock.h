// The simulated device's modeled clock: its streams, its SMs and its copy engines. Work is
// asynchronous as in CUDA: kernels and async copies are queued on a stream (the current one,
// torch.cuda.current_stream()) while the host only pays the cost of issuing them; host-side
// results (.item(), .cpu(), print) and synchronize() make the host wait. The model, the
// same for every profile:
//   - work on one stream runs in issue order;
//   - a kernel asks for a share of the SMs: one block of 256 threads per 256 elements it
//     touches, out of sm_count x max_threads_per_sm / 256 resident blocks (at most all of
//     them); it starts when its stream is free AND that share is free for its whole
//     duration, so kernels of different streams overlap only as far as the SMs allow. It is
//     placed once, at launch, in issue order; nothing is pre-empted, and a stream's priority
//     is kept but does not reorder work;
//   - a host<->device copy runs on a copy engine, not on the SMs: one engine each way when
//     the profile has two or more (copy_engines), else one shared; so a pinned non_blocking
//     copy on a side stream overlaps kernels. A pageable copy (or one without non_blocking)
//     is staged by the driver and the host waits for it, as cudaMemcpy does.
// Every duration here is modeled (a roofline estimate from the GPU profile), never measured,
// and is labelled so wherever it is shown. Times are nanoseconds on the simulated machine's
// clock (machine_clock.h), which the host's side reads and moves. What it logs (ClockRecord,
// ClockPoint) is the device face's clock vocabulary (device_clock.h).
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
  // `device`: the N of cuda:N, for the profiler's records.
  explicit SimClock(const GpuProfile& profile, int device = 0);

  // Time of the host (the machine's clock: its own work, launch costs, and jumps to a
  // stream's end when it waits).
  double host_ns() const;
  // The end of the work queued on the current stream / on `stream` / on every stream.
  double stream_end_ns() const { return stream_end_ns(current_); }
  double stream_end_ns(int stream) const;
  double all_streams_end_ns() const;
  // Waits (in modeled time) for everything queued on every stream: torch.cuda.synchronize().
  void synchronize();
  // The host waits until modeled time `ns` in runtime call `name` (event.synchronize() on
  // an earlier point: "cudaEventSynchronize").
  void wait_host_until(double ns, const char* name = "cudaEventSynchronize");

  // Streams: 0 is the default stream. A new stream's id (torch.cuda.Stream(priority=)).
  int create_stream(int priority);
  int stream_priority(int stream) const;
  int current_stream() const { return current_; }
  void set_current_stream(int stream);
  // Makes `stream` wait until `ns` before its next work (stream.wait_event()).
  void stream_wait_until(int stream, double ns);

  // Queues a kernel on the current stream: the host advances by the launch cost only; the
  // kernel starts when the host has issued it, its stream is free and its SMs are free
  // (the model above). Returns its duration.
  double launch_kernel(const std::string& name, double flops, int64_t bytes, DType dtype,
                       OpClass op_class);

  // Queues a kernel whose duration the caller modeled itself (a learner's numba kernel,
  // warp_program.h), holding `sm_share` of the SMs; the same placement as launch_kernel.
  void launch_modeled_kernel(const std::string& name, double duration_ns, double flops, int64_t bytes,
                             double sm_share);
  // A host<->device copy over the link (transfer_seconds of the profile) on the current
  // stream and the direction's copy engine. A pageable copy, or a pinned one without
  // non_blocking, makes the host wait until it is done; a non_blocking pinned copy is queued.
  void transfer(int64_t bytes, CopyDirection direction, bool pinned, bool non_blocking);

  // A copy that occupies the current stream for `seconds` (peer copies, collectives).
  void queue_copy(const std::string& name, int64_t bytes, double seconds);
  // Makes the current stream wait until `ns` before its next work (a peer copy's other side).
  void wait_until(double ns) { stream_wait_until(current_, ns); }

  // Total modeled device time: the sum of every kernel's and copy's duration.
  double busy_ns() const { return busy_ns_; }
  ClockPoint point() const;
  // The records queued after `since` (a point taken earlier), then the host's waits
  // (ClockLane::HostWait) that began after it.
  std::vector<ClockRecord> records_since(const ClockPoint& since) const;
  // The device's work only.
  const std::vector<ClockRecord>& log() const { return log_; }

  // One stream, idle, and an empty log (:reset); the machine's clock runs on.
  void reset();

  // The log keeps at most this many records; older ones are dropped (counted in busy_ns).
  static constexpr size_t kMaxLog = 10000;
  // Threads per block the SM model assumes for every kernel.
  static constexpr int kThreadsPerBlock = 256;

 private:
  struct Stream {
    double end_ns = 0;
    int priority = 0;
  };
  // A kernel holding `share` of the SMs from start to end.
  struct SmUse {
    double start_ns, end_ns, share;
  };

  Stream& stream(int id);
  // The earliest start >= ready at which `share` of the SMs is free for `duration`.
  double sm_slot(double ready, double duration, double share) const;
  double sm_share(int64_t bytes, DType dtype) const;
  // Logs the record, and hands it to an open profile with the runtime call that queued it.
  void push(ClockRecord record, int64_t correlation);
  // The host waits until `ns`; an open profile sees the runtime call `name` that waited.
  void host_wait(const char* name, double ns);
  // Logs the host's wait since `from`, if it waited, named by its cause (profiler.h's
  // wait_cause) or else by the runtime call.
  void log_host_wait(const char* runtime_call, double from);

  GpuProfile profile_;
  int device_ = 0;
  std::vector<Stream> streams_{1};
  int current_ = 0;
  std::vector<SmUse> sm_uses_;     // kernels that may still hold SMs
  double sm_uses_end_ns_ = 0;      // the latest end among them
  double copy_engine_free_ns_[2] = {0, 0};  // [HtoD, DtoH] (one shared when the profile has one)
  double busy_ns_ = 0;
  size_t dropped_ = 0;  // records dropped from the front of the log
  std::vector<ClockRecord> log_;
  std::vector<ClockRecord> host_waits_;  // the host's waits for this device, kept as long
};

}  // namespace tp
