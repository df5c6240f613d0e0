// One real GPU's device face: memory from its caching allocator (cuda_allocator.h),
// page-locked host memory (cudaHostAlloc), host<->device copies on the current stream, and
// its streams (cuda_streams.h), cudaDeviceSynchronize and cudaEvent_t (times are measured).
// Its kernels are CudaBackend's.
#pragma once

#include "core/backends/device_runtime.h"

namespace tp {

class CudaDevice final : public DeviceRuntime {
 public:
  explicit CudaDevice(int index) : index_(index) {}

  DeviceKind kind() const override { return DeviceKind::Cuda; }
  bool host_addressable() const override { return false; }

  // Memory, pinned host memory, statistics and copies (cuda_device.cu).
  void* allocate(size_t nbytes) override;
  void deallocate(void* ptr, size_t nbytes) override;
  std::shared_ptr<void> allocate_pinned(size_t nbytes) override;
  MemoryStats memory_stats() const override;
  void reset_peak_memory_stats() override;
  void empty_cache() override;
  CachingAllocator* caching_allocator() override;
  void copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) override;
  void copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) override;

  // Streams, cudaDeviceSynchronize and cudaEvent_t (cuda_events.cu).
  void synchronize() override;
  int create_stream(int priority) override;
  int stream_priority(int stream) const override;
  int current_stream() const override;
  void set_current_stream(int stream) override;
  bool stream_query(int stream) const override;
  void stream_synchronize(int stream) override;
  void stream_wait_event(int stream, const DeviceEvent& event) override;
  void record_stream(void* ptr, int stream) override;
  std::unique_ptr<DeviceEvent> create_event(bool enable_timing) override;

 private:
  int index_;  // the CUDA ordinal
};

}  // namespace tp
