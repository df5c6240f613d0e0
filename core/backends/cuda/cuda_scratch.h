// Device scratch memory from the caching allocator, given back when the scope ends (also
// on an error); later work on the one stream is ordered after the kernels that used it.
#pragma once

#include <cstddef>

#include "core/backends/caching_allocator.h"

namespace tp::cuda {

struct Scratch {
  CachingAllocator& alloc;
  void* ptr;
  Scratch(CachingAllocator& a, size_t nbytes) : alloc(a), ptr(a.allocate(nbytes)) {}
  ~Scratch() { alloc.free(ptr); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

}  // namespace tp::cuda
