// The simulated GPU's memory: a caching allocator over its own arena, modeled on
// PyTorch's CUDACachingAllocator (block rounding, small/large pools, segments), so
// memory_allocated / memory_reserved / empty_cache and "CUDA out of memory" behave as
// a learner sees them on a real GPU.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tp {

class SimAllocator {
 public:
  // `capacity` bytes may be reserved in all for device `device_index`.
  SimAllocator(int device_index, size_t capacity);
  ~SimAllocator();
  SimAllocator(const SimAllocator&) = delete;
  SimAllocator& operator=(const SimAllocator&) = delete;

  // Memory for nbytes (rounded as PyTorch rounds). When the arena is full, cached free
  // segments are released and the allocation retried; then torch.OutOfMemoryError with
  // PyTorch 2.x's text is raised and nothing is left allocated.
  void* allocate(size_t nbytes);
  void free(void* ptr);

  size_t memory_allocated() const;      // bytes in live blocks (rounded sizes)
  size_t memory_reserved() const;       // bytes in segments held from the arena
  size_t max_memory_allocated() const;  // peak of memory_allocated since reset
  void reset_peak_memory_stats();
  void empty_cache();                   // returns unused cached segments to the arena
  size_t capacity() const;

  // Live blocks, for the GUI's memory map.
  struct Block {
    const void* ptr;
    size_t size;
  };
  std::vector<Block> live_blocks() const;

  // PyTorch's rounding rules, public so tests and the GUI can show them.
  static size_t round_size(size_t nbytes);       // to a multiple of 512 bytes
  static size_t allocation_size(size_t rounded);  // segment size a new block would take

 private:
  struct State;  // segments, block lists and counters (sim_allocator.cpp)
  std::unique_ptr<State> state_;
};

// PyTorch's format_size: "512 bytes", "2.00 KiB", "20.00 MiB", "1.50 GiB".
std::string format_size(uint64_t bytes);

}  // namespace tp
