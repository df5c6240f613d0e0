// One simulated GPU (cuda:N or mps:0) and its device face: memory from its own caching
// allocator over a SimArena (host memory, capped), host<->device copies over the modeled
// link, its modeled streams (synchronize, events) and their clock (sim_clock.h). Its kernels are SimBackend's, which find it by Device.
#pragma once

#include <memory>

#include "core/backends/caching_allocator.h"
#include "core/backends/device_runtime.h"
#include "core/backends/sim/sim_clock.h"
#include "core/gpu_profile.h"

namespace tp {

struct SimDevice final : DeviceRuntime {
  // `capacity_bytes`: the memory the device may hand out (the registry's capped figure).
  SimDevice(Device device, const GpuProfile& profile, size_t capacity_bytes);

  Device device;  // cuda:N or mps:0
  GpuProfile profile;
  std::unique_ptr<CachingAllocator> allocator;  // over the device's SimArena
  std::unique_ptr<SimClock> clock;

  DeviceKind kind() const override { return DeviceKind::Simulated; }
  bool host_addressable() const override { return true; }
  bool supports_peer_copy() const override { return true; }  // NVLink / PCIe peer model

  // Memory and statistics (sim_device.cpp). Pinned host memory is ordinary host memory
  // here; only the copy model treats it apart.
  void* allocate(size_t nbytes) override;
  void deallocate(void* ptr, size_t nbytes) override;
  std::shared_ptr<void> allocate_pinned(size_t nbytes) override;
  MemoryStats memory_stats() const override;
  void reset_peak_memory_stats() override;
  void empty_cache() override;
  CachingAllocator* caching_allocator() override { return allocator.get(); }

  // Host<->device copies (sim_copy.cpp): memcpy, timed by the link model.
  void copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) override;
  void copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) override;

  // The modeled streams (sim_events.cpp): the host waits for them; events mark points on
  // them; the allocator holds blocks another stream still uses.
  void synchronize() override;
  std::unique_ptr<DeviceEvent> create_event(bool enable_timing) override;
  int create_stream(int priority) override;
  int stream_priority(int stream) const override;
  int current_stream() const override;
  void set_current_stream(int stream) override;
  bool stream_query(int stream) const override;
  void stream_synchronize(int stream) override;
  void stream_wait_event(int stream, const DeviceEvent& event) override;
  void record_stream(void* ptr, int stream) override;

  // The stream's clock (sim_device.cpp) and collectives over the link (sim_collective.cpp).
  ClockPoint clock_point() const override;
  std::vector<ClockRecord> clock_records_since(const ClockPoint& since) const override;
  double queue_link_collective(const std::string& name, double link_bytes) override;
};

}  // namespace tp
