// SimDevice's streams, synchronisation and events: the host waits for the device's modeled
// streams; an event marks a point on one, another stream can wait for it, and elapsed times
// between events are MODELED.
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
  void record(int stream) override {
    stream_ns_ = std::max(clock().stream_end_ns(stream), clock().host_ns());
  }
  // When the stream reaches the marker, in machine time (the same for every device).
  double reached_ns() const { return stream_ns_; }
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

int SimDevice::create_stream(int priority) { return clock->create_stream(priority); }

int SimDevice::stream_priority(int stream) const { return clock->stream_priority(stream); }

int SimDevice::current_stream() const { return clock->current_stream(); }

void SimDevice::set_current_stream(int stream) { clock->set_current_stream(stream); }

bool SimDevice::stream_query(int stream) const { return clock->host_ns() >= clock->stream_end_ns(stream); }

void SimDevice::stream_synchronize(int stream) {
  clock->wait_host_until(clock->stream_end_ns(stream), "cudaStreamSynchronize");
}

void SimDevice::stream_wait_event(int stream, const DeviceEvent& event) {
  // An event of another simulated GPU marks the same machine clock, so it orders this
  // stream just the same (cudaStreamWaitEvent works across devices).
  const auto* sim = dynamic_cast<const SimEvent*>(&event);
  TP_ASSERT(sim != nullptr);  // every accelerator of a session is simulated, or none is
  clock->stream_wait_until(stream, sim->reached_ns());
}

void SimDevice::record_stream(void* ptr, int stream) { allocator->record_stream(ptr, stream); }

std::unique_ptr<DeviceEvent> SimDevice::create_event(bool /*enable_timing*/) {
  return std::make_unique<SimEvent>(device);
}

}  // namespace tp
