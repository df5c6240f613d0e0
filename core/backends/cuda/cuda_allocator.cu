// CudaCachingAllocator: PyTorch's caching rules (c10/cuda/CUDACachingAllocator.cpp) over
// cudaMalloc for one GPU. The constants and the OOM text are PyTorch 2.x's.
#include "core/backends/cuda/cuda_allocator.h"

#include <iomanip>
#include <memory>
#include <sstream>
#include <vector>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/error.h"

namespace tp {

namespace {
constexpr size_t kMinBlockSize = 512;        // every size rounds up to this
constexpr size_t kSmallSize = 1048576;       // largest "small" request (1 MiB)
constexpr size_t kSmallBuffer = 2097152;     // small segments are 2 MiB
constexpr size_t kMinLargeAlloc = 10485760;  // under 10 MiB: one 20 MiB segment
constexpr size_t kLargeBuffer = 20971520;
constexpr size_t kRoundLarge = 2097152;      // larger segments round up to 2 MiB
}  // namespace

std::string cuda_format_size(size_t bytes) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(2);
  if (bytes <= 1024) {
    os << bytes << " bytes";
  } else if (bytes <= 1048576) {
    os << static_cast<double>(bytes) / 1024.0 << " KiB";
  } else if (bytes <= 1073741824ULL) {
    os << static_cast<double>(bytes) / 1048576.0 << " MiB";
  } else {
    os << static_cast<double>(bytes) / 1073741824.0 << " GiB";
  }
  return os.str();
}

size_t CudaCachingAllocator::round_size(size_t nbytes) {
  if (nbytes < kMinBlockSize) return kMinBlockSize;
  return kMinBlockSize * ((nbytes + kMinBlockSize - 1) / kMinBlockSize);
}

size_t CudaCachingAllocator::segment_size(size_t rounded) {
  if (rounded <= kSmallSize) return kSmallBuffer;
  if (rounded < kMinLargeAlloc) return kLargeBuffer;
  return kRoundLarge * ((rounded + kRoundLarge - 1) / kRoundLarge);
}

CudaCachingAllocator::CudaCachingAllocator(int device) : device_(device) {}

// Segments are not returned at exit: the driver may already be shutting down.
CudaCachingAllocator::~CudaCachingAllocator() = default;

void* CudaCachingAllocator::allocate(size_t nbytes) {
  if (nbytes == 0) return nullptr;  // as PyTorch: an empty tensor holds no memory
  std::lock_guard<std::mutex> lock(mutex_);
  const size_t size = round_size(nbytes);
  const bool small = size <= kSmallSize;
  Pool& pool = small ? small_pool_ : large_pool_;
  Block* block = find_free(pool, size);
  if (!block) block = new_segment(segment_size(size), small);
  // Keep the rest of the block cached when it is big enough to be useful.
  const size_t remaining = block->size - size;
  if (small ? remaining >= kMinBlockSize : remaining > kSmallSize) block = split(block, size, pool);
  block->allocated = true;
  live_[block->ptr] = block;
  allocated_ += block->size;
  if (allocated_ > peak_allocated_) peak_allocated_ = allocated_;
  return block->ptr;
}

CudaCachingAllocator::Block* CudaCachingAllocator::find_free(Pool& pool, size_t size) {
  Block key;
  key.size = size;
  key.ptr = nullptr;
  auto it = pool.lower_bound(&key);  // the smallest free block that fits
  if (it == pool.end()) return nullptr;
  Block* block = *it;
  pool.erase(it);
  return block;
}

CudaCachingAllocator::Block* CudaCachingAllocator::new_segment(size_t size, bool small) {
  CudaDeviceGuard guard(device_);
  void* ptr = nullptr;
  cudaError_t err = cudaMalloc(&ptr, size);
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();  // clear it, give the cache back to the driver, and retry once
    release_cached_segments();
    err = cudaMalloc(&ptr, size);
  }
  if (err == cudaErrorMemoryAllocation) {
    cudaGetLastError();
    out_of_memory(size);
  }
  CUDA_CHECK(err);
  Block* block = new Block;
  block->ptr = static_cast<char*>(ptr);
  block->size = size;
  block->small = small;
  reserved_ += size;
  if (reserved_ > peak_reserved_) peak_reserved_ = reserved_;
  return block;
}

// Cuts `block` into [size | rest]; the rest goes back to the pool.
CudaCachingAllocator::Block* CudaCachingAllocator::split(Block* block, size_t size, Pool& pool) {
  Block* rest = new Block;
  rest->ptr = block->ptr + size;
  rest->size = block->size - size;
  rest->small = block->small;
  rest->prev = block;
  rest->next = block->next;
  if (rest->next) rest->next->prev = rest;
  block->next = rest;
  block->size = size;
  pool.insert(rest);
  return block;
}

void CudaCachingAllocator::free(void* ptr) {
  if (!ptr) return;
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = live_.find(ptr);
  TP_ASSERT(it != live_.end());
  Block* block = it->second;
  live_.erase(it);
  allocated_ -= block->size;
  block->allocated = false;
  Pool& pool = block->small ? small_pool_ : large_pool_;
  // Merge with free neighbours so the segment can be reused whole.
  if (block->prev && !block->prev->allocated) {
    Block* prev = block->prev;
    pool.erase(prev);
    prev->size += block->size;
    prev->next = block->next;
    if (prev->next) prev->next->prev = prev;
    delete block;
    block = prev;
  }
  if (block->next && !block->next->allocated) {
    Block* next = block->next;
    pool.erase(next);
    block->size += next->size;
    block->next = next->next;
    if (block->next) block->next->prev = block;
    delete next;
  }
  pool.insert(block);
}

// cudaFree every segment that is one whole free block.
void CudaCachingAllocator::release_cached_segments() {
  CudaDeviceGuard guard(device_);
  for (Pool* pool : {&small_pool_, &large_pool_}) {
    for (auto it = pool->begin(); it != pool->end();) {
      Block* block = *it;
      if (block->prev || block->next) {
        ++it;
        continue;
      }
      CUDA_CHECK(cudaFree(block->ptr));
      reserved_ -= block->size;
      it = pool->erase(it);
      delete block;
    }
  }
}

void CudaCachingAllocator::out_of_memory(size_t alloc_size) {
  size_t free_bytes = 0, total_bytes = 0;
  CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  // PyTorch 2.x without NVML (DeviceCachingAllocator::malloc).
  fail(ErrorKind::OutOfMemoryError, "CUDA out of memory. Tried to allocate ",
       cuda_format_size(alloc_size), ". GPU ", device_, " has a total capacity of ",
       cuda_format_size(total_bytes), " of which ", cuda_format_size(free_bytes),
       " is free. Including non-PyTorch memory, this process has ",
       cuda_format_size(total_bytes - free_bytes), " memory in use. Of the allocated memory ",
       cuda_format_size(allocated_), " is allocated by PyTorch, and ",
       cuda_format_size(reserved_ - allocated_),
       " is reserved by PyTorch but unallocated. If reserved but unallocated memory is large "
       "try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
       "See documentation for Memory Management  "
       "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)");
}

size_t CudaCachingAllocator::memory_allocated() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return allocated_;
}
size_t CudaCachingAllocator::memory_reserved() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return reserved_;
}
size_t CudaCachingAllocator::max_memory_allocated() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return peak_allocated_;
}
size_t CudaCachingAllocator::max_memory_reserved() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return peak_reserved_;
}
void CudaCachingAllocator::reset_peak_memory_stats() {
  std::lock_guard<std::mutex> lock(mutex_);
  peak_allocated_ = allocated_;
  peak_reserved_ = reserved_;
}
void CudaCachingAllocator::empty_cache() {
  std::lock_guard<std::mutex> lock(mutex_);
  release_cached_segments();
}

CudaCachingAllocator& cuda_allocator(int device) {
  // Never destroyed: see the destructor's comment.
  static std::mutex mutex;
  static std::vector<CudaCachingAllocator*>* allocators = new std::vector<CudaCachingAllocator*>();
  std::lock_guard<std::mutex> lock(mutex);
  TP_ASSERT(device >= 0 && device < cuda_real_device_count());
  if (allocators->size() <= static_cast<size_t>(device)) allocators->resize(device + 1, nullptr);
  if (!(*allocators)[device]) (*allocators)[device] = new CudaCachingAllocator(device);
  return *(*allocators)[device];
}

}  // namespace tp
