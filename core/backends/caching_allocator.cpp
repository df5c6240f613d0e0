// CachingAllocator (caching_allocator.h): PyTorch's caching rules over a SegmentSource. The
// constants and the OOM text are PyTorch 2.x's (c10/cuda/CUDACachingAllocator.cpp).
#include "core/backends/caching_allocator.h"

#include <cstdio>
#include <algorithm>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "core/error.h"

namespace tp {

namespace {

constexpr size_t kMinBlockSize = 512;       // every size rounds up to a multiple of this
constexpr size_t kSmallSize = 1 << 20;      // requests up to 1 MiB use the small pool
constexpr size_t kSmallBuffer = 2 << 20;    // small-pool segments are 2 MiB
constexpr size_t kLargeBuffer = 20 << 20;   // one 20 MiB segment serves 1-10 MiB requests
constexpr size_t kMinLargeAlloc = 10 << 20; // from 10 MiB, segments fit the request
constexpr size_t kRoundLarge = 2 << 20;     // ... rounded up to 2 MiB

// A piece of a segment: allocated to a tensor, or free and cached in its pool.
struct CacheBlock {
  char* ptr = nullptr;
  size_t size = 0;
  bool allocated = false;
  bool small = false;  // which pool it belongs to
  int stream = 0;      // the stream its segment serves
  std::vector<int> stream_uses;  // other streams that used it (record_stream)
  double ready_ns = 0;           // freed while in use: cached again from this time
  CacheBlock* prev = nullptr;  // neighbours inside the same segment
  CacheBlock* next = nullptr;
};

// Best fit among the stream's blocks: the smallest free block that is large enough, lowest
// address first.
struct BySize {
  bool operator()(const CacheBlock* a, const CacheBlock* b) const {
    if (a->stream != b->stream) return a->stream < b->stream;
    if (a->size != b->size) return a->size < b->size;
    return a->ptr < b->ptr;
  }
};

}  // namespace

struct CachingAllocator::State {
  int device_index = 0;
  std::unique_ptr<SegmentSource> source;
  std::mutex mutex;
  std::set<CacheBlock*, BySize> small_free, large_free;
  std::map<const void*, CacheBlock*> active;  // allocated blocks by address
  std::vector<CacheBlock*> pending_free;  // freed, waiting for other streams' work
  std::function<double(int)> stream_end_ns;
  std::function<double()> now_ns;
  size_t allocated = 0, reserved = 0, peak = 0;

  std::set<CacheBlock*, BySize>& pool(bool small) { return small ? small_free : large_free; }

  // Takes the stream's best-fitting cached block out of its pool, or nullptr.
  CacheBlock* take_free_block(bool small, size_t size, int stream) {
    auto& p = pool(small);
    CacheBlock key;
    key.size = size;
    key.stream = stream;
    auto it = p.lower_bound(&key);
    if (it == p.end() || (*it)->stream != stream) return nullptr;
    CacheBlock* b = *it;
    p.erase(it);
    return b;
  }

  // A new segment from the source (cudaMalloc), as one free block; nullptr when it won't fit.
  CacheBlock* new_segment(bool small, size_t segment_size, int stream) {
    char* mem = static_cast<char*>(source->acquire(segment_size));
    if (mem == nullptr) return nullptr;
    reserved += segment_size;
    CacheBlock* b = new CacheBlock;
    b->ptr = mem;
    b->size = segment_size;
    b->small = small;
    b->stream = stream;
    return b;
  }

  // A block nobody uses any more goes back to its pool, merged with free neighbours so the
  // segment can become one block again (free_block).
  void cache_block(CacheBlock* block) {
    block->allocated = false;
    block->stream_uses.clear();
    auto& p = pool(block->small);
    if (CacheBlock* prev = block->prev; prev && !prev->allocated) {
      p.erase(prev);
      prev->size += block->size;
      prev->next = block->next;
      if (block->next) block->next->prev = prev;
      delete block;
      block = prev;
    }
    if (CacheBlock* next = block->next; next && !next->allocated) {
      p.erase(next);
      block->size += next->size;
      block->next = next->next;
      if (next->next) next->next->prev = block;
      delete next;
    }
    p.insert(block);
  }

  // Caches the pending blocks whose streams have finished with them (process_events).
  void cache_finished_blocks() {
    if (pending_free.empty()) return;
    const double now = now_ns();
    auto done = std::stable_partition(pending_free.begin(), pending_free.end(),
                                      [now](const CacheBlock* b) { return b->ready_ns > now; });
    std::vector<CacheBlock*> finished(done, pending_free.end());
    pending_free.erase(done, pending_free.end());
    for (CacheBlock* b : finished) cache_block(b);
  }

  // Frees every segment that is one whole free block (release_cached_blocks).
  void release_cached_segments() {
    for (auto* p : {&small_free, &large_free}) {
      for (auto it = p->begin(); it != p->end();) {
        CacheBlock* b = *it;
        if (b->prev == nullptr && b->next == nullptr) {
          reserved -= b->size;
          source->release(b->ptr, b->size);
          delete b;
          it = p->erase(it);
        } else {
          ++it;
        }
      }
    }
  }

  // PyTorch 2.x's text without NVML (DeviceCachingAllocator::malloc).
  [[noreturn]] void out_of_memory(size_t alloc_size) {
    size_t total = 0, free_bytes = 0;
    source->capacity(reserved, &total, &free_bytes);
    DeviceProblem problem;
    problem.kind = DeviceProblem::Kind::OutOfMemory;
    problem.device = Device::cuda(device_index);
    problem.requested = alloc_size;
    problem.capacity = total;
    problem.free_bytes = free_bytes;
    throw TorchError(ErrorKind::OutOfMemoryError, str_cat("CUDA out of memory. Tried to allocate ",
         format_size(alloc_size), ". GPU ", device_index, " has a total capacity of ",
         format_size(total), " of which ", format_size(free_bytes), " is free. ",
         "Including non-PyTorch memory, this process has ", format_size(total - free_bytes),
         " memory in use. Of the allocated memory ", format_size(allocated),
         " is allocated by PyTorch, and ", format_size(reserved - allocated),
         " is reserved by PyTorch but unallocated. If reserved but unallocated memory is large "
         "try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
         "See documentation for Memory Management  "
         "(https://docs.pytorch.org/docs/stable/notes/cuda.html"
         "#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)"), problem);
  }
};

size_t CachingAllocator::round_size(size_t nbytes) {
  if (nbytes < kMinBlockSize) return kMinBlockSize;
  return kMinBlockSize * ((nbytes + kMinBlockSize - 1) / kMinBlockSize);
}

size_t CachingAllocator::allocation_size(size_t rounded) {
  if (rounded <= kSmallSize) return kSmallBuffer;
  if (rounded < kMinLargeAlloc) return kLargeBuffer;
  return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

CachingAllocator::CachingAllocator(int device_index, std::unique_ptr<SegmentSource> source)
    : state_(std::make_unique<State>()) {
  state_->device_index = device_index;
  state_->source = std::move(source);
}

CachingAllocator::~CachingAllocator() {
  // Tensors still alive when a simulated device is rebuilt lose their memory with it: give
  // every segment back (a real GPU's allocator is never destroyed).
  std::set<CacheBlock*> blocks(state_->small_free.begin(), state_->small_free.end());
  blocks.insert(state_->large_free.begin(), state_->large_free.end());
  for (auto& [ptr, b] : state_->active) blocks.insert(b);
  blocks.insert(state_->pending_free.begin(), state_->pending_free.end());
  for (CacheBlock* b : blocks) {
    if (b->prev == nullptr) {  // the first block of a segment: the segment's whole extent
      size_t bytes = 0;
      for (CacheBlock* p = b; p != nullptr; p = p->next) bytes += p->size;
      state_->source->release(b->ptr, bytes);
    }
  }
  for (CacheBlock* b : blocks) delete b;
}

void* CachingAllocator::allocate(size_t nbytes, int stream) {
  if (nbytes == 0) return nullptr;  // as CUDA's allocator: no memory for empty tensors
  State& s = *state_;
  std::lock_guard<std::mutex> lock(s.mutex);
  s.cache_finished_blocks();
  size_t size = round_size(nbytes);
  bool small = size <= kSmallSize;
  size_t alloc_size = allocation_size(size);

  CacheBlock* block = s.take_free_block(small, size, stream);
  if (block == nullptr) block = s.new_segment(small, alloc_size, stream);
  if (block == nullptr) {
    // Give cached segments back to the arena and try once more, as PyTorch does.
    s.release_cached_segments();
    block = s.new_segment(small, alloc_size, stream);
  }
  if (block == nullptr) s.out_of_memory(alloc_size);

  // Split off what the request doesn't need if the rest is worth keeping.
  size_t remaining = block->size - size;
  if (small ? remaining >= kMinBlockSize : remaining > kSmallSize) {
    CacheBlock* rest = new CacheBlock;
    rest->ptr = block->ptr + size;
    rest->size = remaining;
    rest->small = small;
    rest->stream = stream;
    rest->prev = block;
    rest->next = block->next;
    if (block->next) block->next->prev = rest;
    block->next = rest;
    block->size = size;
    s.pool(small).insert(rest);
  }
  block->allocated = true;
  s.active[block->ptr] = block;
  s.allocated += block->size;
  if (s.allocated > s.peak) s.peak = s.allocated;
  return block->ptr;
}

void CachingAllocator::free(void* ptr) {
  if (ptr == nullptr) return;
  State& s = *state_;
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.active.find(ptr);
  TP_ASSERT(it != s.active.end());
  CacheBlock* block = it->second;
  s.active.erase(it);
  s.allocated -= block->size;
  if (!block->stream_uses.empty() && s.stream_end_ns) {
    // Other streams may still be reading or writing it: keep it (still "active") until the
    // work they have queued so far is done, as PyTorch's events on those streams say.
    block->ready_ns = 0;
    for (int st : block->stream_uses) block->ready_ns = std::max(block->ready_ns, s.stream_end_ns(st));
    s.pending_free.push_back(block);
    return;
  }
  s.cache_block(block);
}

void CachingAllocator::record_stream(void* ptr, int stream) {
  if (ptr == nullptr) return;  // an empty tensor holds no block
  State& s = *state_;
  std::lock_guard<std::mutex> lock(s.mutex);
  auto it = s.active.find(ptr);
  if (it == s.active.end()) return;  // a view's pointer inside a block: PyTorch records by block too
  CacheBlock* b = it->second;
  if (stream != b->stream && std::find(b->stream_uses.begin(), b->stream_uses.end(), stream) == b->stream_uses.end())
    b->stream_uses.push_back(stream);
}

void CachingAllocator::set_stream_clock(std::function<double(int)> stream_end_ns, std::function<double()> now_ns) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->stream_end_ns = std::move(stream_end_ns);
  state_->now_ns = std::move(now_ns);
}

size_t CachingAllocator::memory_allocated() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->allocated;
}

size_t CachingAllocator::memory_reserved() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->reserved;
}

size_t CachingAllocator::max_memory_allocated() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->peak;
}

void CachingAllocator::reset_peak_memory_stats() {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->peak = state_->allocated;
}

void CachingAllocator::empty_cache() {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->cache_finished_blocks();
  state_->release_cached_segments();
}

std::string format_size(uint64_t bytes) {
  // c10/cuda/CUDACachingAllocator.cpp format_size: each unit up to and including its limit.
  char buf[64];
  if (bytes <= 1024) {
    std::snprintf(buf, sizeof buf, "%llu bytes", static_cast<unsigned long long>(bytes));
  } else if (bytes <= 1048576) {
    std::snprintf(buf, sizeof buf, "%.2f KiB", static_cast<double>(bytes) / 1024.0);
  } else if (bytes <= 1073741824ULL) {
    std::snprintf(buf, sizeof buf, "%.2f MiB", static_cast<double>(bytes) / 1048576.0);
  } else {
    std::snprintf(buf, sizeof buf, "%.2f GiB", static_cast<double>(bytes) / 1073741824.0);
  }
  return buf;
}

}  // namespace tp
