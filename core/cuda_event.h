// torch.cuda.Event and torch.cuda.synchronize for every accelerator of the session. On a
// simulated device an event marks a point on the modeled stream and elapsed_time is
// MODELED time (modeled() says so); on a real GPU it is a cudaEvent_t and measured.
#pragma once

#include <memory>

#include "core/device.h"

namespace tp {

class DeviceEvent;

class CudaEvent {
 public:
  // torch.cuda.Event(enable_timing=...).
  explicit CudaEvent(bool enable_timing = false);
  ~CudaEvent();
  CudaEvent(const CudaEvent&) = delete;
  CudaEvent& operator=(const CudaEvent&) = delete;

  // event.record(stream): marks the end of the work queued so far on `device`'s stream
  // (0: its default stream).
  void record(Device device, int stream = 0);
  // event.wait(stream): work queued on that stream from now on starts after this marker
  // (nothing to wait for when never recorded).
  void block(Device device, int stream) const;
  // event.query(): true when that work has finished (also when never recorded).
  bool query() const;
  // event.synchronize(): the host waits for that work.
  void synchronize() const;
  // start.elapsed_time(end): milliseconds between the two events, raising PyTorch's errors
  // when timing was not enabled, an event was not recorded, or the work has not finished.
  double elapsed_time(const CudaEvent& end) const;

  bool enable_timing() const { return enable_timing_; }
  bool recorded() const { return event_ != nullptr; }
  // True unless the event was recorded on a real GPU: its times are modeled, not measured.
  bool modeled() const;
  Device device() const { return device_; }

 private:
  bool enable_timing_;
  Device device_;
  std::unique_ptr<DeviceEvent> event_;  // made by the device on first record
};

// torch.cuda.synchronize(device): the host waits for all work queued on the device.
void cuda_synchronize(Device device);

}  // namespace tp
