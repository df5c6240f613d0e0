// Device scratch memory from the caching allocator, given back when the scope ends (also
// on an error). It is allocated for the current stream, so work queued on that stream later
// is ordered after the kernels that used it, and no other stream is handed it meanwhile.
#pragma once

#include <cstddef>

#include "core/backends/cuda/cuda_allocator.h"
#include "core/backends/cuda/cuda_streams.h"

namespace tp::cuda {

struct Scratch {
  CachingAllocator& alloc;
  void* ptr;
  Scratch(int device, size_t nbytes)
      : alloc(cuda_allocator(device)), ptr(alloc.allocate(nbytes, current_stream_id(device))) {}
  ~Scratch() { alloc.free(ptr); }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
};

}  // namespace tp::cuda
