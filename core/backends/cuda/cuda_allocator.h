// A real GPU's memory for its caching allocator (core/backends/caching_allocator.h, the same
// policy and OOM text as the simulator's): segments come from cudaMalloc and go back with
// cudaFree; the OOM text reports cudaMemGetInfo's figures.
#pragma once

#include "core/backends/caching_allocator.h"

namespace tp {

class CudaSegments final : public SegmentSource {
 public:
  explicit CudaSegments(int device) : device_(device) {}
  // nullptr when cudaMalloc reports cudaErrorMemoryAllocation; other errors raise.
  void* acquire(size_t bytes) override;
  void release(void* ptr, size_t bytes) override;
  void capacity(size_t reserved, size_t* total, size_t* free_bytes) const override;

 private:
  int device_;
};

// The caching allocator of real GPU `device` (created on first use, never destroyed: the
// driver may be shutting down at exit).
CachingAllocator& cuda_allocator(int device);

}  // namespace tp
