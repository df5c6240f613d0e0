// SimArena (sim_arena.h): segments are aligned host allocations, counted against the
// device's capacity.
#include "core/backends/sim/sim_arena.h"

#include <cstdlib>

namespace tp {

namespace {
constexpr size_t kSegmentAlignment = 512;  // as the allocator's block size
}  // namespace

void* SimArena::acquire(size_t bytes) {
  if (used_ + bytes > capacity_) return nullptr;
  void* mem = std::aligned_alloc(kSegmentAlignment, bytes);
  if (mem == nullptr) return nullptr;  // the host itself is out of memory
  used_ += bytes;
  return mem;
}

void SimArena::release(void* ptr, size_t bytes) {
  std::free(ptr);
  used_ -= bytes;
}

void SimArena::capacity(size_t reserved, size_t* total, size_t* free_bytes) const {
  *total = capacity_;
  *free_bytes = capacity_ - reserved;
}

}  // namespace tp
