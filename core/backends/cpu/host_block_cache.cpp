#include "core/backends/cpu/host_block_cache.h"

#include <cstdlib>
#include <new>

namespace tp::cpu {

void* HostBlockCache::allocate(size_t nbytes) {
  const size_t size = rounded(nbytes);
  if (size <= kMaxBlock) {
    std::lock_guard<std::mutex> lock(mutex_);
    std::vector<void*>& list = free_[size / kAlign - 1];
    if (!list.empty()) {
      void* p = list.back();
      list.pop_back();
      cached_bytes_ -= size;
      return p;
    }
  }
  void* p = std::aligned_alloc(kAlign, size);
  if (!p) throw std::bad_alloc();
  return p;
}

void HostBlockCache::release(void* ptr, size_t nbytes) {
  const size_t size = rounded(nbytes);
  if (size <= kMaxBlock) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (cached_bytes_ + size <= kMaxCached) {
      free_[size / kAlign - 1].push_back(ptr);
      cached_bytes_ += size;
      return;
    }
  }
  std::free(ptr);
}

}  // namespace tp::cpu
