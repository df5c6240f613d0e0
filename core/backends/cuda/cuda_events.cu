// CudaDevice's streams, synchronisation and events: the pooled streams of cuda_streams.h,
// cudaDeviceSynchronize, and cudaEvent_t recorded on a stream. Times are measured.
#include "core/backends/cuda/cuda_allocator.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_streams.h"
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
  void record(int stream) override {
    CudaDeviceGuard guard(device_);
    CUDA_CHECK(cudaEventRecord(event_, cuda::stream_handle(device_, stream)));
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
  cudaEvent_t handle() const { return event_; }

 private:
  int device_;
  cudaEvent_t event_ = nullptr;
};

}  // namespace

void CudaDevice::synchronize() {
  CudaDeviceGuard guard(index_);
  CUDA_CHECK(cudaDeviceSynchronize());
}

int CudaDevice::create_stream(int priority) {
  return cuda::pooled_stream(index_, priority);
}

int CudaDevice::stream_priority(int stream) const {
  return cuda::stream_priority_of(stream);
}

int CudaDevice::current_stream() const {
  return cuda::current_stream_id(index_);
}

void CudaDevice::set_current_stream(int stream) {
  cuda::set_current_stream_id(index_, stream);
}

bool CudaDevice::stream_query(int stream) const {
  CudaDeviceGuard guard(index_);
  const cudaError_t err = cudaStreamQuery(cuda::stream_handle(index_, stream));
  if (err == cudaErrorNotReady) {
    cudaGetLastError();  // not an error: the work is still running
    return false;
  }
  CUDA_CHECK(err);
  return true;
}

void CudaDevice::stream_synchronize(int stream) {
  CudaDeviceGuard guard(index_);
  CUDA_CHECK(cudaStreamSynchronize(cuda::stream_handle(index_, stream)));
}

// cudaStreamWaitEvent takes an event of any GPU, as PyTorch's wait_event does.
void CudaDevice::stream_wait_event(int stream, const DeviceEvent& event) {
  const auto* cuda_event = dynamic_cast<const CudaDeviceEvent*>(&event);
  TP_ASSERT(cuda_event != nullptr);  // a real GPU's session has only real GPUs' events
  CudaDeviceGuard guard(index_);
  CUDA_CHECK(cudaStreamWaitEvent(cuda::stream_handle(index_, stream), cuda_event->handle(), 0));
}

void CudaDevice::record_stream(void* ptr, int stream) {
  cuda_allocator(index_).record_stream(ptr, stream);
}

std::unique_ptr<DeviceEvent> CudaDevice::create_event(bool enable_timing) {
  return std::make_unique<CudaDeviceEvent>(index_, enable_timing);
}

}  // namespace tp
