// CudaDevice's synchronisation and events: cudaDeviceSynchronize and cudaEvent_t, recorded
// on the default stream every kernel and copy is queued on. Times are measured.
#include "core/backends/cuda/cuda_device.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/error.h"

namespace tp {

namespace {

class CudaDeviceEvent final : public DeviceEvent {
 public:
  CudaDeviceEvent(int device, bool enable_timing) : device_(device) {
    CudaDeviceGuard guard(device);
    CUDA_CHECK(cudaEventCreateWithFlags(&event_, enable_timing ? cudaEventDefault
                                                               : cudaEventDisableTiming));
  }
  ~CudaDeviceEvent() override {
    if (event_) cudaEventDestroy(event_);  // in a destructor: no throwing check
  }
  void record(int /*stream: one stream on a real GPU for now*/) override {
    CudaDeviceGuard guard(device_);
    CUDA_CHECK(cudaEventRecord(event_, 0));
  }
  bool query() const override {
    const cudaError_t err = cudaEventQuery(event_);
    if (err == cudaErrorNotReady) {
      cudaGetLastError();  // not an error: the work is still running
      return false;
    }
    CUDA_CHECK(err);
    return true;
  }
  void synchronize() const override { CUDA_CHECK(cudaEventSynchronize(event_)); }
  float elapsed_ms(const DeviceEvent& end) const override {
    const auto* other = dynamic_cast<const CudaDeviceEvent*>(&end);
    TP_ASSERT(other != nullptr);  // CudaEvent checked that both are on one device
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, event_, other->event_));
    return ms;
  }
  bool modeled() const override { return false; }

 private:
  int device_;
  cudaEvent_t event_ = nullptr;
};

}  // namespace

void CudaDevice::synchronize() {
  CudaDeviceGuard guard(index_);
  CUDA_CHECK(cudaDeviceSynchronize());
}

std::unique_ptr<DeviceEvent> CudaDevice::create_event(bool enable_timing) {
  return std::make_unique<CudaDeviceEvent>(index_, enable_timing);
}

}  // namespace tp
