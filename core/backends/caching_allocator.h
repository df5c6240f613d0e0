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
#include <vector>

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
  // When the last acquire() failed although the device had room (a simulated GPU whose host
  // memory ran out): the error to raise instead of CUDA's out-of-memory text; "" otherwise.
  virtual std::string refusal() const { return {}; }
};

// One statistic as PyTorch's allocator keeps it: its value now, its peak, and the totals
// added to it and taken from it.
struct AllocStat {
  int64_t current = 0, peak = 0, allocated = 0, freed = 0;
  void increase(int64_t n);
  void decrease(int64_t n);
};

// torch.cuda.memory_stats()'s figures, each for [all, small_pool, large_pool].
struct AllocatorStats {
  AllocStat allocation[3], segment[3], active[3], inactive_split[3];
  AllocStat allocated_bytes[3], reserved_bytes[3], active_bytes[3], inactive_split_bytes[3], requested_bytes[3];
  int64_t num_alloc_retries = 0, num_ooms = 0, num_device_alloc = 0, num_device_free = 0;
};

// Where a block was allocated or freed: the learner's Python stack, innermost first.
struct AllocFrame {
  std::string filename, name;
  int line = 0;
};
using AllocContext = std::shared_ptr<const std::vector<AllocFrame>>;

// A point in one stream's work: true once the device has finished the work queued on the
// stream before it (PyTorch's allocator records a CUDA event there).
using StreamFence = std::function<bool()>;

// One block of a segment, as torch.cuda.memory_snapshot() lists it.
struct BlockInfo {
  enum class State { ActiveAllocated, ActivePendingFree, Inactive };
  uintptr_t address = 0;
  size_t size = 0, requested = 0;
  State state = State::Inactive;
  AllocContext context;  // where it was allocated (history on), else empty
};

// One segment (a cudaMalloc) and its blocks, lowest address first.
struct SegmentInfo {
  uintptr_t address = 0;
  size_t total = 0, allocated = 0, active = 0, requested = 0;
  int stream = 0;
  bool small = false;
  std::vector<BlockInfo> blocks;
};

// One event of the allocation history (torch.cuda.memory._record_memory_history).
struct TraceEntry {
  enum class Action { Alloc, FreeRequested, FreeCompleted, SegmentAlloc, SegmentFree, Oom };
  Action action = Action::Alloc;
  uintptr_t addr = 0;
  size_t size = 0;
  int stream = 0;
  int64_t time_us = 0;     // the simulated machine's clock (or the host's, on a real GPU)
  size_t device_free = 0;  // Oom: what the device had free
  AllocContext context;
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
  // Where record_stream's waits come from: a fence after the work queued on a stream so far
  // (a device without it never holds a block back).
  void set_stream_fences(std::function<StreamFence(int stream)> fence_after_queued);

  // PyTorch's statistics, the segments and blocks now, and the recorded history.
  AllocatorStats stats() const;
  void reset_accumulated_stats();
  std::vector<SegmentInfo> snapshot() const;
  // Starts (max_entries > 0) or stops recording the history; entries beyond max_entries drop
  // the oldest. Stopping keeps what was recorded until the next start.
  void record_history(bool enabled, size_t max_entries);
  std::vector<TraceEntry> history() const;
  // Where allocations happen (the front end's stack), asked only while history is recorded;
  // one for every allocator of the process.
  static void set_context_source(std::function<AllocContext()> source);

  size_t memory_allocated() const;      // bytes in live blocks (rounded sizes)
  size_t memory_reserved() const;       // bytes in segments held from the source
  size_t max_memory_allocated() const;  // peak of memory_allocated since the last reset
  void reset_peak_memory_stats();       // every statistic's peak becomes its current value
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
