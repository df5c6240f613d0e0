// SimArena (sim_arena.h): segments are aligned host allocations, counted against the
// device's capacity.
#include "core/backends/sim/sim_arena.h"

#include <cstdlib>

#include "core/error.h"

namespace tp {

namespace {
constexpr size_t kSegmentAlignment = 512;  // as the allocator's block size
}  // namespace

void* SimArena::acquire(size_t bytes) {
  host_refused_ = 0;
  if (used_ + bytes > capacity_) return nullptr;
  void* mem = std::aligned_alloc(kSegmentAlignment, bytes);
  if (mem == nullptr) {  // the host itself is out of memory
    host_refused_ = bytes;
    return nullptr;
  }
  used_ += bytes;
  return mem;
}

void SimArena::release(void* ptr, size_t bytes) {
  std::free(ptr);
  used_ -= bytes;
}

std::string SimArena::refusal() const {
  if (host_refused_ == 0) return {};
  return str_cat("Simulated GPU: the computer's memory, which holds the simulated GPU's, could not give another ",
                 format_size(host_refused_), " (in tensorplay's web build a browser tab's memory stops at 2 GiB, ",
                 "whatever the simulated GPU's capacity). Free tensors you no longer need (del x) or use smaller ones.");
}

void SimArena::capacity(size_t reserved, size_t* total, size_t* free_bytes) const {
  *total = capacity_;
  *free_bytes = capacity_ - reserved;
}

}  // namespace tp
