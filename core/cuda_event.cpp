// torch.cuda.Event and torch.cuda.synchronize: simulated devices read their modeled clock,
// real GPUs go through the CUDA backend's event functions (cuda_runtime_info.h).
#include "core/cuda_event.h"

#include <algorithm>

#include "core/cuda_error.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/sim/sim_backend.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

namespace {

SimClock& clock_of(Device device) { return *sim_backend().device(device).clock; }

}  // namespace

CudaEvent::CudaEvent(bool enable_timing) : enable_timing_(enable_timing) {}

CudaEvent::~CudaEvent() {
  if (handle_) cuda_event_destroy(handle_);
}

void CudaEvent::record(Device device) {
  Device d = resolve_device(device);
  simulated_ = device_entry(d).simulated;
  if (simulated_) {
    // The stream reaches the event when the work queued before it ends, or at once
    // when it is idle.
    SimClock& clock = clock_of(d);
    stream_ns_ = std::max(clock.stream_end_ns(), clock.host_ns());
  } else {
    // Like PyTorch, the cudaEvent_t is created on first record, on that device.
    if (!handle_) handle_ = cuda_event_create(d.index, enable_timing_);
    cuda_event_record(handle_, d.index);
  }
  device_ = d;
  recorded_ = true;
}

bool CudaEvent::query() const {
  if (!recorded_) return true;
  if (!simulated_) return cuda_event_query(handle_);
  return clock_of(device_).host_ns() >= stream_ns_;
}

void CudaEvent::synchronize() const {
  if (!recorded_) return;
  if (!simulated_) return cuda_event_synchronize(handle_);
  // The host waits until the stream has reached the event (not for later work).
  SimClock& clock = clock_of(device_);
  if (clock.host_ns() < stream_ns_) clock.wait_host_until(stream_ns_);
}

double CudaEvent::elapsed_time(const CudaEvent& end) const {
  TP_CHECK(enable_timing_ && end.enable_timing_, ValueError,
           "Both events must be created with argument 'enable_timing=True'.");
  TP_CHECK(recorded_ && end.recorded_, ValueError,
           "Both events must be recorded before calculating elapsed time.");
  if (!simulated_ && !end.simulated_) return cuda_event_elapsed_ms(handle_, end.handle_);
  // cudaEventElapsedTime fails with cudaErrorNotReady until both events have completed,
  // and with cudaErrorInvalidResourceHandle for events of different devices.
  TP_CHECK(simulated_ && end.simulated_ && device_ == end.device_, AcceleratorError,
           cuda_error_message("invalid resource handle", "cudaErrorInvalidResourceHandle"));
  TP_CHECK(query() && end.query(), AcceleratorError,
           cuda_error_message("device not ready", "cudaErrorNotReady"));
  // cudaEventElapsedTime answers a float of milliseconds.
  return static_cast<float>((end.stream_ns_ - stream_ns_) * 1e-6);
}

void cuda_synchronize(Device device) {
  Device d = resolve_device(device);
  if (device_entry(d).simulated) {
    clock_of(d).synchronize();
  } else {
    cuda_device_synchronize(d.index);
  }
}

}  // namespace tp
