// A simulated GPU's memory: host memory up to the device's capacity, handed to its caching
// allocator (core/backends/caching_allocator.h) in segments, as cudaMalloc hands a real
// GPU's. The capacity is what makes "CUDA out of memory" real on the simulator.
#pragma once

#include <cstddef>

#include "core/backends/caching_allocator.h"

namespace tp {

class SimArena final : public SegmentSource {
 public:
  explicit SimArena(size_t capacity) : capacity_(capacity) {}

  // nullptr past the capacity, or when the host itself has no memory left.
  void* acquire(size_t bytes) override;
  void release(void* ptr, size_t bytes) override;
  // The whole capacity, of which what this device's allocator does not hold is free.
  void capacity(size_t reserved, size_t* total, size_t* free_bytes) const override;
  // After the host refused a segment: says so (the device's capacity was not the limit).
  std::string refusal() const override;

 private:
  size_t capacity_;
  size_t used_ = 0;
  size_t host_refused_ = 0;  // the segment the host could not give last time; 0 when none
};

}  // namespace tp
