// The device face, beside the compute face (backend.h): what a device answers besides its
// kernels. Its kind and capabilities, its memory and the byte copies between it and the
// host, its stream (synchronize, events), its caching allocator's figures, and its stream
// clock. One object per device (cpu, meta, each simulated or real GPU), found with
// runtime_for; ggml splits ggml_backend_device_i from ggml_backend_i the same way.
// Everything outside core/backends asks a device through here (or the registry), never the
// simulator or the CUDA backend directly.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "core/backends/device_clock.h"
#include "core/device.h"

namespace tp {

class CachingAllocator;

// What answers for a device: the host, the meta device (shapes only), a simulated GPU
// (cuda:N or mps:0), or a real one.
enum class DeviceKind { Cpu, Meta, Simulated, Cuda };

// How one host<->device copy runs: the host side is page-locked (pin_memory()) or not, and
// the host goes on before it ends (non_blocking=True, which only a pinned copy honours).
struct CopyOptions {
  bool host_pinned = false;
  bool non_blocking = false;
};

// A device's caching-allocator figures, as torch.cuda.memory_allocated() and friends say.
struct MemoryStats {
  size_t allocated = 0, reserved = 0, max_allocated = 0;
};

// A marker in a device's stream of work (torch.cuda.Event), made by the device.
class DeviceEvent {
 public:
  virtual ~DeviceEvent() = default;
  // Marks the end of the work queued so far on `stream` (0: the default stream).
  virtual void record(int stream = 0) = 0;
  // True when the device has reached the marker.
  virtual bool query() const = 0;
  // The host waits until the device has reached it.
  virtual void synchronize() const = 0;
  // Milliseconds from this marker to `end`, an event of the same device that both were
  // reached.
  virtual float elapsed_ms(const DeviceEvent& end) const = 0;
  // True when the times are modeled (a simulated device), false when measured.
  virtual bool modeled() const = 0;
};

class DeviceRuntime {
 public:
  virtual ~DeviceRuntime() = default;
  virtual DeviceKind kind() const = 0;

  // Capabilities. host_addressable: the host reads and writes its memory directly (the
  // CPU's, and a simulated GPU's, which is host memory). supports_peer_copy: a copy between
  // it and another device of its backend runs device to device, not through the host.
  virtual bool host_addressable() const = 0;
  virtual bool supports_peer_copy() const { return false; }

  // Memory, and plain byte copies between it and host memory.
  virtual void* allocate(size_t nbytes) = 0;
  virtual void deallocate(void* ptr, size_t nbytes) = 0;
  virtual void copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) = 0;
  virtual void copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) = 0;
  // Page-locked host memory for pin_memory(), from this accelerator's host allocator; the
  // pointer owns it and gives it back when the last copy drops (as c10's DataPtr does), so
  // it outlives the device's reconfiguration. The CPU has none and raises PyTorch's text.
  virtual std::shared_ptr<void> allocate_pinned(size_t nbytes);

  // The host waits for all work queued on the device (torch.cuda.synchronize()).
  virtual void synchronize() {}

  // Streams (torch.cuda.Stream): 0 is the default stream, where work goes unless another is
  // current. A device without streams answers 0 for a new one, so its waits hold trivially.
  virtual int create_stream(int /*priority*/) { return 0; }
  virtual int stream_priority(int /*stream*/) const { return 0; }
  virtual int current_stream() const { return 0; }
  virtual void set_current_stream(int /*stream*/) {}
  // True when the work queued on the stream has finished; the host waits for it.
  virtual bool stream_query(int /*stream*/) const { return true; }
  virtual void stream_synchronize(int /*stream*/) { synchronize(); }
  // Work queued on `stream` from now on starts only after `event` (stream.wait_event()).
  virtual void stream_wait_event(int /*stream*/, const DeviceEvent& /*event*/) {}
  // The caching allocator keeps `ptr`'s block from reuse until the work queued on `stream`
  // by the time it is freed has finished (Tensor.record_stream).
  virtual void record_stream(void* /*ptr*/, int /*stream*/) {}
  // A new, unrecorded event on the device's stream.
  virtual std::unique_ptr<DeviceEvent> create_event(bool enable_timing);

  // The caching allocator: its figures, resetting the peak, and giving cached blocks back
  // (torch.cuda.empty_cache()). A device without one answers zeros and does nothing.
  virtual MemoryStats memory_stats() const { return {}; }
  virtual void reset_peak_memory_stats() {}
  virtual void empty_cache() {}
  // The allocator itself, for PyTorch's full statistics, snapshots and history; nullptr for
  // a device without one.
  virtual CachingAllocator* caching_allocator() { return nullptr; }

  // The stream clock (device_clock.h). A simulated GPU models every kernel and copy; the
  // other devices keep no log: an empty point and no records.
  virtual ClockPoint clock_point() const { return {}; }
  virtual std::vector<ClockRecord> clock_records_since(const ClockPoint& /*since*/) const { return {}; }
  // Queues a collective's traffic on the stream: `link_bytes` over the link to the peers
  // (NVLink when the GPU has it, else PCIe peer-to-peer) plus one latency, logged as
  // `name`. Returns the modeled seconds. Only a simulated GPU models collectives.
  virtual double queue_link_collective(const std::string& name, double link_bytes);
};

// The device face of `device`: cpu, meta, or a resolved accelerator (cuda:N, mps:0);
// PyTorch's texts for an accelerator the session lacks, as backend_for.
DeviceRuntime& runtime_for(Device device);

}  // namespace tp
