// CachingAllocator (caching_allocator.h): PyTorch's caching rules over a SegmentSource. The
// constants and the OOM text are PyTorch 2.x's (c10/cuda/CUDACachingAllocator.cpp).
#include "core/backends/caching_allocator.h"

#include <cstdio>
#include <algorithm>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <vector>

#include "core/error.h"
#include "core/machine_clock.h"
#include "core/profiler.h"

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
  size_t requested = 0;  // the bytes asked for (allocated blocks)
  bool pending = false;  // freed, but another stream may still use it
  std::vector<int> stream_uses;  // other streams that used it (record_stream)
  std::vector<StreamFence> fences;  // freed while in use: cached again once all are passed
  AllocContext context;          // where it was allocated, while history is recorded
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

std::function<AllocContext()>& context_source() {
  static std::function<AllocContext()> source;
  return source;
}

}  // namespace

void AllocStat::increase(int64_t n) {
  current += n;
  allocated += n;
  peak = std::max(peak, current);
}

void AllocStat::decrease(int64_t n) {
  current -= n;
  freed += n;
}

struct CachingAllocator::State {
  int device_index = 0;
  std::unique_ptr<SegmentSource> source;
  mutable std::mutex mutex;
  std::set<CacheBlock*, BySize> small_free, large_free;
  std::map<const void*, CacheBlock*> active;  // allocated blocks by address
  std::map<const char*, CacheBlock*> segments;  // each segment's first block, by address
  std::vector<CacheBlock*> pending_free;  // freed, waiting for other streams' work
  std::function<StreamFence(int)> fence_after_queued;
  AllocatorStats stats;
  bool recording = false;
  size_t max_entries = 0;
  std::deque<TraceEntry> history;

  std::set<CacheBlock*, BySize>& pool(bool small) { return small ? small_free : large_free; }

  // Adds n to a statistic for all pools and for the block's own pool.
  static void increase(AllocStat (&stat)[3], bool small, int64_t n) {
    stat[0].increase(n);
    stat[small ? 1 : 2].increase(n);
  }
  static void decrease(AllocStat (&stat)[3], bool small, int64_t n) {
    stat[0].decrease(n);
    stat[small ? 1 : 2].decrease(n);
  }

  // A cached block that is part of a split segment cannot be given back: "inactive split".
  void pool_insert(CacheBlock* b) {
    pool(b->small).insert(b);
    if (b->prev || b->next) {
      increase(stats.inactive_split, b->small, 1);
      increase(stats.inactive_split_bytes, b->small, static_cast<int64_t>(b->size));
    }
  }
  void pool_erase(CacheBlock* b) {
    pool(b->small).erase(b);
    if (b->prev || b->next) {
      decrease(stats.inactive_split, b->small, 1);
      decrease(stats.inactive_split_bytes, b->small, static_cast<int64_t>(b->size));
    }
  }

  void record(TraceEntry::Action action, const void* addr, size_t size, int stream, AllocContext context = {},
              size_t device_free = 0) {
    if (!recording) return;
    TraceEntry e;
    e.action = action;
    e.addr = reinterpret_cast<uintptr_t>(addr);
    e.size = size;
    e.stream = stream;
    e.time_us = static_cast<int64_t>(machine_clock().now_ns() / 1e3);
    e.device_free = device_free;
    e.context = std::move(context);
    history.push_back(std::move(e));
    while (history.size() > max_entries) history.pop_front();
  }

  AllocContext context() const {
    return recording && context_source() ? context_source()() : AllocContext{};
  }

  // Takes the stream's best-fitting cached block out of its pool, or nullptr.
  CacheBlock* take_free_block(bool small, size_t size, int stream) {
    auto& p = pool(small);
    CacheBlock key;
    key.size = size;
    key.stream = stream;
    auto it = p.lower_bound(&key);
    if (it == p.end() || (*it)->stream != stream) return nullptr;
    CacheBlock* b = *it;
    pool_erase(b);
    return b;
  }

  // A new segment from the source (cudaMalloc), as one free block; nullptr when it won't fit.
  CacheBlock* new_segment(bool small, size_t segment_size, int stream) {
    char* mem = static_cast<char*>(source->acquire(segment_size));
    if (mem == nullptr) return nullptr;
    increase(stats.segment, small, 1);
    increase(stats.reserved_bytes, small, static_cast<int64_t>(segment_size));
    ++stats.num_device_alloc;
    CacheBlock* b = new CacheBlock;
    b->ptr = mem;
    b->size = segment_size;
    b->small = small;
    b->stream = stream;
    segments[mem] = b;
    record(TraceEntry::Action::SegmentAlloc, mem, segment_size, stream, context());
    return b;
  }

  // A block nobody uses any more goes back to its pool, merged with free neighbours so the
  // segment can become one block again (free_block).
  void cache_block(CacheBlock* block) {
    decrease(stats.active, block->small, 1);
    decrease(stats.active_bytes, block->small, static_cast<int64_t>(block->size));
    record(TraceEntry::Action::FreeCompleted, block->ptr, block->size, block->stream, block->context);
    block->allocated = false;
    block->pending = false;
    block->stream_uses.clear();
    block->fences.clear();
    block->context.reset();
    block->requested = 0;
    if (CacheBlock* prev = block->prev; prev && !prev->allocated) {
      pool_erase(prev);
      prev->size += block->size;
      prev->next = block->next;
      if (block->next) block->next->prev = prev;
      delete block;
      block = prev;
    }
    if (CacheBlock* next = block->next; next && !next->allocated) {
      pool_erase(next);
      block->size += next->size;
      block->next = next->next;
      if (next->next) next->next->prev = block;
      delete next;
    }
    pool_insert(block);
  }

  // Caches the pending blocks whose streams have finished with them (process_events).
  void cache_finished_blocks() {
    if (pending_free.empty()) return;
    auto done =
        std::stable_partition(pending_free.begin(), pending_free.end(), [](const CacheBlock* b) {
          return !std::all_of(b->fences.begin(), b->fences.end(),
                              [](const StreamFence& f) { return f(); });
        });
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
          decrease(stats.segment, b->small, 1);
          decrease(stats.reserved_bytes, b->small, static_cast<int64_t>(b->size));
          ++stats.num_device_free;
          record(TraceEntry::Action::SegmentFree, b->ptr, b->size, b->stream, context());
          segments.erase(b->ptr);
          source->release(b->ptr, b->size);
          delete b;
          it = p->erase(it);
        } else {
          ++it;
        }
      }
    }
  }

  size_t allocated() const { return static_cast<size_t>(stats.allocated_bytes[0].current); }
  size_t reserved() const { return static_cast<size_t>(stats.reserved_bytes[0].current); }

  // PyTorch 2.x's text without NVML (DeviceCachingAllocator::malloc).
  [[noreturn]] void out_of_memory(size_t alloc_size) {
    size_t total = 0, free_bytes = 0;
    source->capacity(reserved(), &total, &free_bytes);
    ++stats.num_ooms;
    record(TraceEntry::Action::Oom, nullptr, alloc_size, 0, context(), free_bytes);
    if (std::string why = source->refusal(); !why.empty()) throw TorchError(ErrorKind::OutOfMemoryError, why);
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
         " memory in use. Of the allocated memory ", format_size(allocated()),
         " is allocated by PyTorch, and ", format_size(reserved() - allocated()),
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
  for (auto& [ptr, head] : state_->segments) {
    size_t bytes = 0;
    for (CacheBlock* b = head; b != nullptr;) {
      bytes += b->size;
      CacheBlock* next = b->next;
      if (b != head) delete b;
      b = next;
    }
    state_->source->release(head->ptr, bytes);
    delete head;
  }
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
    ++s.stats.num_alloc_retries;
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
    s.pool_insert(rest);
  }
  block->allocated = true;
  block->requested = nbytes;
  block->context = s.context();
  s.active[block->ptr] = block;
  State::increase(s.stats.allocation, small, 1);
  State::increase(s.stats.allocated_bytes, small, static_cast<int64_t>(block->size));
  State::increase(s.stats.active, small, 1);
  State::increase(s.stats.active_bytes, small, static_cast<int64_t>(block->size));
  State::increase(s.stats.requested_bytes, small, static_cast<int64_t>(nbytes));
  s.record(TraceEntry::Action::Alloc, block->ptr, block->size, stream, block->context);
  profiler::memory_delta(true, static_cast<int64_t>(block->size));
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
  State::decrease(s.stats.allocation, block->small, 1);
  State::decrease(s.stats.allocated_bytes, block->small, static_cast<int64_t>(block->size));
  State::decrease(s.stats.requested_bytes, block->small, static_cast<int64_t>(block->requested));
  s.record(TraceEntry::Action::FreeRequested, block->ptr, block->size, block->stream, s.context());
  profiler::memory_delta(true, -static_cast<int64_t>(block->size));
  if (!block->stream_uses.empty() && s.fence_after_queued) {
    // Other streams may still be reading or writing it: keep it (still "active") until the
    // work they have queued so far is done, as PyTorch's events on those streams say.
    for (int st : block->stream_uses) block->fences.push_back(s.fence_after_queued(st));
    block->pending = true;
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

void CachingAllocator::set_stream_fences(std::function<StreamFence(int)> fence_after_queued) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  state_->fence_after_queued = std::move(fence_after_queued);
}

size_t CachingAllocator::memory_allocated() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->allocated();
}

size_t CachingAllocator::memory_reserved() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->reserved();
}

size_t CachingAllocator::max_memory_allocated() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return static_cast<size_t>(state_->stats.allocated_bytes[0].peak);
}

AllocatorStats CachingAllocator::stats() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return state_->stats;
}

namespace {

// Applies fn to every statistic of the allocator.
template <typename Fn>
void each_stat(AllocatorStats& s, Fn fn) {
  for (AllocStat* group : {s.allocation, s.segment, s.active, s.inactive_split, s.allocated_bytes, s.reserved_bytes,
                           s.active_bytes, s.inactive_split_bytes, s.requested_bytes})
    for (int i = 0; i < 3; ++i) fn(group[i]);
}

}  // namespace

void CachingAllocator::reset_peak_memory_stats() {
  std::lock_guard<std::mutex> lock(state_->mutex);
  each_stat(state_->stats, [](AllocStat& a) { a.peak = a.current; });
}

void CachingAllocator::reset_accumulated_stats() {
  std::lock_guard<std::mutex> lock(state_->mutex);
  AllocatorStats& s = state_->stats;
  each_stat(s, [](AllocStat& a) { a.allocated = a.freed = 0; });
  s.num_alloc_retries = s.num_ooms = s.num_device_alloc = s.num_device_free = 0;
}

std::vector<SegmentInfo> CachingAllocator::snapshot() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  std::vector<SegmentInfo> out;
  for (const auto& [ptr, head] : state_->segments) {
    SegmentInfo seg;
    seg.address = reinterpret_cast<uintptr_t>(head->ptr);
    seg.stream = head->stream;
    seg.small = head->small;
    for (const CacheBlock* b = head; b != nullptr; b = b->next) {
      BlockInfo info;
      info.address = reinterpret_cast<uintptr_t>(b->ptr);
      info.size = b->size;
      info.requested = b->requested;
      info.context = b->context;
      info.state = !b->allocated ? BlockInfo::State::Inactive
                   : b->pending  ? BlockInfo::State::ActivePendingFree
                                 : BlockInfo::State::ActiveAllocated;
      seg.total += b->size;
      if (info.state == BlockInfo::State::ActiveAllocated) {
        seg.allocated += b->size;
        seg.requested += b->requested;
      }
      if (info.state != BlockInfo::State::Inactive) seg.active += b->size;
      seg.blocks.push_back(std::move(info));
    }
    out.push_back(std::move(seg));
  }
  return out;
}

void CachingAllocator::record_history(bool enabled, size_t max_entries) {
  std::lock_guard<std::mutex> lock(state_->mutex);
  if (enabled && !state_->recording) state_->history.clear();
  state_->recording = enabled && max_entries > 0;
  state_->max_entries = max_entries;
}

std::vector<TraceEntry> CachingAllocator::history() const {
  std::lock_guard<std::mutex> lock(state_->mutex);
  return {state_->history.begin(), state_->history.end()};
}

void CachingAllocator::set_context_source(std::function<AllocContext()> source) {
  context_source() = std::move(source);
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
