// SimDevice's synchronisation and events: the host waits for the device's modeled stream;
// an event marks a point on it, and elapsed times between events are MODELED.
#include <algorithm>

#include "core/backends/sim/sim_backend.h"
#include "core/error.h"

namespace tp {

namespace {

class SimEvent final : public DeviceEvent {
 public:
  explicit SimEvent(Device device) : device_(device) {}

  // The stream reaches the marker when the work queued before it ends, or at once when
  // it is idle.
  void record() override {
    stream_ns_ = std::max(clock().stream_end_ns(), clock().host_ns());
  }
  bool query() const override { return clock().host_ns() >= stream_ns_; }
  // The host waits until the stream has reached the marker (not for later work).
  void synchronize() const override { clock().wait_host_until(stream_ns_); }
  float elapsed_ms(const DeviceEvent& end) const override {
    const auto* other = dynamic_cast<const SimEvent*>(&end);
    TP_ASSERT(other != nullptr && other->device_ == device_);  // CudaEvent checked the pair
    // cudaEventElapsedTime answers a float of milliseconds.
    return static_cast<float>((other->stream_ns_ - stream_ns_) * 1e-6);
  }
  bool modeled() const override { return true; }

 private:
  // Looked up on each use: the devices are rebuilt when the session's are reconfigured.
  SimClock& clock() const { return *sim_backend().device(device_).clock; }

  Device device_;
  double stream_ns_ = 0;
};

}  // namespace

void SimDevice::synchronize() { clock->synchronize(); }

std::unique_ptr<DeviceEvent> SimDevice::create_event(bool /*enable_timing*/) {
  return std::make_unique<SimEvent>(device);
}

}  // namespace tp
