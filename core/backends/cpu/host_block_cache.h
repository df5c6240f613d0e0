// Small host blocks kept for reuse: a training step frees and allocates the same few
// tensor sizes every time, and glibc's malloc/free/consolidate on those blocks took a
// quarter of a small model's step. Blocks up to kMaxBlock bytes wait in a free list per
// 64-byte size class, at most kMaxCached bytes in all; larger ones go straight to the system.
#pragma once

#include <array>
#include <cstddef>
#include <mutex>
#include <vector>

namespace tp::cpu {

class HostBlockCache {
 public:
  static constexpr size_t kAlign = 64;
  static constexpr size_t kMaxBlock = 64 * 1024;
  static constexpr size_t kMaxCached = 32 * 1024 * 1024;

  // A 64-byte aligned block of at least nbytes; throws std::bad_alloc when there is none.
  void* allocate(size_t nbytes);
  // Gives back a block from allocate(nbytes).
  void release(void* ptr, size_t nbytes);

 private:
  static size_t rounded(size_t nbytes) { return nbytes == 0 ? kAlign : (nbytes + kAlign - 1) / kAlign * kAlign; }

  std::mutex mutex_;  // the GUI's benchmark thread allocates too
  std::array<std::vector<void*>, kMaxBlock / kAlign> free_;  // index: rounded size / kAlign - 1
  size_t cached_bytes_ = 0;
};

}  // namespace tp::cpu
