// SimBackend's synchronisation and events: the host waits for a device's modeled stream;
// an event marks a point on it, and elapsed times between events are MODELED.
#include <algorithm>

#include "core/backends/sim/sim_backend.h"
#include "core/error.h"

namespace tp {

namespace {

class SimEvent final : public BackendEvent {
 public:
  explicit SimEvent(int index) : index_(index) {}

  // The stream reaches the marker when the work queued before it ends, or at once when
  // it is idle.
  void record() override {
    stream_ns_ = std::max(clock().stream_end_ns(), clock().host_ns());
  }
  bool query() const override { return clock().host_ns() >= stream_ns_; }
  // The host waits until the stream has reached the marker (not for later work).
  void synchronize() const override { clock().wait_host_until(stream_ns_); }
  float elapsed_ms(const BackendEvent& end) const override {
    const auto* other = dynamic_cast<const SimEvent*>(&end);
    TP_ASSERT(other != nullptr && other->index_ == index_);  // CudaEvent checked the pair
    // cudaEventElapsedTime answers a float of milliseconds.
    return static_cast<float>((other->stream_ns_ - stream_ns_) * 1e-6);
  }
  bool modeled() const override { return true; }

 private:
  // Looked up on each use: the devices are rebuilt when the session's are reconfigured.
  SimClock& clock() const { return *sim_backend().device_at(index_).clock; }

  int index_;  // the device's backend index
  double stream_ns_ = 0;
};

}  // namespace

void SimBackend::synchronize(int index) { device_at(index).clock->synchronize(); }

std::unique_ptr<BackendEvent> SimBackend::create_event(int index, bool /*enable_timing*/) {
  return std::make_unique<SimEvent>(index);
}

}  // namespace tp
