// torch.cuda.Event and torch.cuda.synchronize over the device's face: a simulated device's
// events mark its modeled stream, a real GPU's are cudaEvent_t (the device's DeviceEvent
// either way); here only PyTorch's rules and texts.
#include "core/cuda_event.h"

#include "core/backends/device_runtime.h"
#include "core/cuda_error.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

CudaEvent::CudaEvent(bool enable_timing) : enable_timing_(enable_timing) {}

CudaEvent::~CudaEvent() = default;

void CudaEvent::record(Device device, int stream) {
  Device d = resolve_device(device);
  // Like PyTorch, the event is created on first record, on that device, and stays there.
  if (event_) {
    TP_CHECK(d == device_, RuntimeError, "Event device ", device_.index, " does not match recording stream's device ",
             d.index, ".");
  } else {
    event_ = runtime_for(d).create_event(enable_timing_);
    device_ = d;
  }
  event_->record(stream);
}

void CudaEvent::block(Device device, int stream) const {
  if (event_) runtime_for(resolve_device(device)).stream_wait_event(stream, *event_);
}

bool CudaEvent::query() const { return !event_ || event_->query(); }

void CudaEvent::synchronize() const {
  if (event_) event_->synchronize();
}

double CudaEvent::elapsed_time(const CudaEvent& end) const {
  TP_CHECK(enable_timing_ && end.enable_timing_, ValueError,
           "Both events must be created with argument 'enable_timing=True'.");
  TP_CHECK(event_ && end.event_, ValueError,
           "Both events must be recorded before calculating elapsed time.");
  // cudaEventElapsedTime fails with cudaErrorInvalidResourceHandle for events of different
  // devices, and with cudaErrorNotReady until both events have completed.
  TP_CHECK(device_ == end.device_, AcceleratorError,
           cuda_error_message("invalid resource handle", "cudaErrorInvalidResourceHandle"));
  TP_CHECK(query() && end.query(), AcceleratorError,
           cuda_error_message("device not ready", "cudaErrorNotReady"));
  return event_->elapsed_ms(*end.event_);
}

bool CudaEvent::modeled() const { return !event_ || event_->modeled(); }

void cuda_synchronize(Device device) {
  runtime_for(resolve_device(device)).synchronize();
}

}  // namespace tp
