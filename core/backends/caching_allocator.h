// The caching allocator of a GPU, simulated or real: a small port of PyTorch's
// c10/cuda/CUDACachingAllocator.cpp. Sizes round to 512 bytes; requests up to 1 MiB share
// 2 MiB segments (the small pool); larger ones get their own segments (20 MiB for 1-10 MiB,
// else rounded to 2 MiB); the best-fitting cached block is split; freed blocks merge and
// stay cached until empty_cache. When no segment can be had, the cached ones are released
// and the request retried; then torch.OutOfMemoryError with PyTorch 2.x's text. A segment
// serves the stream it was allocated for; a block freed while other streams still use it
// (record_stream) waits until their work is done before it is cached again. Where the
// segments come from is the device's business (SegmentSource: the simulator's arena, or
// cudaMalloc).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace tp {

// A device's memory, handed out in whole segments.
class SegmentSource {
 public:
  virtual ~SegmentSource() = default;
  // A new segment of `bytes`, or nullptr when the device has no room for it.
  virtual void* acquire(size_t bytes) = 0;
  virtual void release(void* ptr, size_t bytes) = 0;
  // The device's total memory and what is free now, as the OOM text reports them;
  // `reserved` is what this allocator holds.
  virtual void capacity(size_t reserved, size_t* total, size_t* free_bytes) const = 0;
};

class CachingAllocator {
 public:
  CachingAllocator(int device_index, std::unique_ptr<SegmentSource> source);
  ~CachingAllocator();
  CachingAllocator(const CachingAllocator&) = delete;
  CachingAllocator& operator=(const CachingAllocator&) = delete;

  // Memory for nbytes (rounded as PyTorch rounds) for work on `stream`, or
  // torch.OutOfMemoryError with nothing left allocated; nullptr for 0 bytes (an empty tensor
  // holds no memory).
  void* allocate(size_t nbytes, int stream = 0);
  void free(void* ptr);
  // Tensor.record_stream: `ptr`'s block is also used by `stream`; when it is freed it is
  // cached again only once the work queued on that stream by then has finished.
  void record_stream(void* ptr, int stream);
  // Where record_stream's waits are read: when a stream's queued work ends, and the time now
  // (a device without it never holds a block back).
  void set_stream_clock(std::function<double(int)> stream_end_ns, std::function<double()> now_ns);

  size_t memory_allocated() const;      // bytes in live blocks (rounded sizes)
  size_t memory_reserved() const;       // bytes in segments held from the source
  size_t max_memory_allocated() const;  // peak of memory_allocated since the last reset
  void reset_peak_memory_stats();
  void empty_cache();                   // gives every wholly free segment back

  // PyTorch's rounding rules, public for tests.
  static size_t round_size(size_t nbytes);       // to a multiple of 512 bytes
  static size_t allocation_size(size_t rounded);  // the segment a new block would take

 private:
  struct State;  // segments, pools and counters (caching_allocator.cpp)
  std::unique_ptr<State> state_;
};

// PyTorch's format_size: "512 bytes", "2.00 KiB", "20.00 MiB", "1.50 GiB".
std::string format_size(uint64_t bytes);

}  // namespace tp
