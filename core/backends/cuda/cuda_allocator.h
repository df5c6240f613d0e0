// The caching allocator of one real GPU, on cudaMalloc, with PyTorch's
// CUDACachingAllocator rules: sizes round up to 512 bytes; requests up to 1 MiB come from
// 2 MiB "small" segments, larger ones from 20 MiB segments (under 10 MiB) or segments
// rounded up to 2 MiB; freed blocks stay cached, are split best-fit and merged with free
// neighbours. On cudaMalloc failure the cache is released and the call retried; then
// torch.OutOfMemoryError is raised with PyTorch 2.x's text. One stream (the default).
#pragma once

#include <cstddef>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace tp {

class CudaCachingAllocator {
 public:
  explicit CudaCachingAllocator(int device);
  ~CudaCachingAllocator();
  CudaCachingAllocator(const CudaCachingAllocator&) = delete;
  CudaCachingAllocator& operator=(const CudaCachingAllocator&) = delete;

  void* allocate(size_t nbytes);
  void free(void* ptr);

  size_t memory_allocated() const;      // bytes in live blocks (rounded sizes)
  size_t memory_reserved() const;       // bytes in segments held from cudaMalloc
  size_t max_memory_allocated() const;  // peaks since the last reset
  size_t max_memory_reserved() const;
  void reset_peak_memory_stats();
  void empty_cache();                   // cudaFree every segment with nothing live in it

  // The PyTorch rules, exposed for tests.
  static size_t round_size(size_t nbytes);       // up to a multiple of 512
  static size_t segment_size(size_t rounded);    // what cudaMalloc is asked for

 private:
  // A piece of a segment; neighbours in the same segment are linked for merging.
  struct Block {
    char* ptr = nullptr;
    size_t size = 0;
    bool small = false;     // belongs to the small pool
    bool allocated = false;
    Block* prev = nullptr;
    Block* next = nullptr;
  };
  // Free blocks ordered by (size, address): lower_bound gives the best fit.
  struct BySize {
    bool operator()(const Block* a, const Block* b) const {
      return a->size != b->size ? a->size < b->size : a->ptr < b->ptr;
    }
  };
  using Pool = std::set<Block*, BySize>;

  Block* find_free(Pool& pool, size_t size);
  Block* new_segment(size_t size, bool small);
  Block* split(Block* block, size_t size, Pool& pool);
  void release_cached_segments();
  [[noreturn]] void out_of_memory(size_t alloc_size);

  int device_;
  mutable std::mutex mutex_;
  Pool small_pool_, large_pool_;
  std::map<void*, Block*> live_;  // allocated blocks by address
  size_t allocated_ = 0, reserved_ = 0, peak_allocated_ = 0, peak_reserved_ = 0;
};

// The allocator of real GPU `device` (created on first use).
CudaCachingAllocator& cuda_allocator(int device);

// PyTorch's format_size: "512 bytes", "2.00 KiB", "20.00 MiB", "1.50 GiB".
std::string cuda_format_size(size_t bytes);

}  // namespace tp
