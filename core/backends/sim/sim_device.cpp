// SimDevice's memory, statistics and clock log: allocation through the device's own caching
// allocator over its SimArena, and pinned host memory (plain host memory: nothing to
// page-lock, but the copy model moves it faster).
#include "core/backends/sim/sim_device.h"

#include "core/backends/cpu/cpu_device.h"
#include "core/backends/sim/sim_arena.h"

namespace tp {

SimDevice::SimDevice(Device device, const GpuProfile& profile, size_t capacity_bytes)
    : device(device),
      profile(profile),
      allocator(std::make_unique<CachingAllocator>(device.type == DeviceType::MPS ? 0 : device.index,
                                                   std::make_unique<SimArena>(capacity_bytes))),
      clock(std::make_unique<SimClock>(profile, device.type == DeviceType::MPS ? 0 : device.index)) {
  // A block freed while another stream used it (record_stream) is handed out again once the
  // machine's clock has passed the end of the work queued on that stream when it was freed.
  SimClock* c = clock.get();
  allocator->set_stream_fences([c](int stream) -> StreamFence {
    const double end_ns = c->stream_end_ns(stream);
    return [c, end_ns] { return c->host_ns() >= end_ns; };
  });
}

// A block serves the stream that is current when it is allocated, as in PyTorch.
void* SimDevice::allocate(size_t nbytes) { return allocator->allocate(nbytes, clock->current_stream()); }

void SimDevice::deallocate(void* ptr, size_t /*nbytes*/) { allocator->free(ptr); }

// Host memory as the CPU hands it out (PyTorch's text when there is none left), given back
// to the CPU: it needs nothing of this device, which a :reset may replace first.
std::shared_ptr<void> SimDevice::allocate_pinned(size_t nbytes) {
  return std::shared_ptr<void>(cpu_device().allocate(nbytes),
                               [nbytes](void* p) { cpu_device().deallocate(p, nbytes); });
}

MemoryStats SimDevice::memory_stats() const {
  return {allocator->memory_allocated(), allocator->memory_reserved(), allocator->max_memory_allocated()};
}

void SimDevice::reset_peak_memory_stats() { allocator->reset_peak_memory_stats(); }

void SimDevice::empty_cache() { allocator->empty_cache(); }

ClockPoint SimDevice::clock_point() const { return clock->point(); }

std::vector<ClockRecord> SimDevice::clock_records_since(const ClockPoint& since) const {
  return clock->records_since(since);
}

}  // namespace tp
