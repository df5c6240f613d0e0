// The GPUs' caching allocator (one policy for simulated and real GPUs) against PyTorch's
// rules (c10/cuda/CUDACachingAllocator.cpp): 512-byte rounding, 2 MiB small segments,
// 20 MiB segments for 1-10 MiB, 2 MiB rounding above; caching, empty_cache, peak stats,
// and the 2.x OOM text; here over a simulated device's arena.
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "core/backends/caching_allocator.h"
#include "core/backends/sim/sim_arena.h"
#include "core/cuda_api.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/tensor.h"

using tp::CachingAllocator;

namespace {
constexpr size_t KiB = 1024, MiB = 1024 * 1024;

// The allocator of simulated GPU 0 with `capacity` bytes.
struct SimAllocator : CachingAllocator {
  SimAllocator(int device, size_t capacity)
      : CachingAllocator(device, std::make_unique<tp::SimArena>(capacity)) {}
};
}  // namespace

TEST_CASE("sizes round as PyTorch rounds them") {
  CHECK(CachingAllocator::round_size(1) == 512);
  CHECK(CachingAllocator::round_size(512) == 512);
  CHECK(CachingAllocator::round_size(513) == 1024);
  CHECK(CachingAllocator::allocation_size(512) == 2 * MiB);     // small pool segment
  CHECK(CachingAllocator::allocation_size(1 * MiB) == 2 * MiB);
  CHECK(CachingAllocator::allocation_size(1 * MiB + 512) == 20 * MiB);  // kLargeBuffer
  CHECK(CachingAllocator::allocation_size(10 * MiB - 512) == 20 * MiB);
  CHECK(CachingAllocator::allocation_size(10 * MiB) == 10 * MiB);
  CHECK(CachingAllocator::allocation_size(11 * MiB + 512) == 12 * MiB);  // kRoundLarge
}

TEST_CASE("format_size prints like PyTorch's") {
  CHECK(tp::format_size(512) == "512 bytes");
  CHECK(tp::format_size(1024) == "1024 bytes");
  CHECK(tp::format_size(1536) == "1.50 KiB");
  CHECK(tp::format_size(1 * MiB) == "1024.00 KiB");
  CHECK(tp::format_size(20 * MiB) == "20.00 MiB");
  CHECK(tp::format_size(size_t{3} << 30) == "3.00 GiB");
}

TEST_CASE("small blocks share a 2 MiB segment; freed blocks stay cached") {
  SimAllocator a(0, 64 * MiB);
  void* p = a.allocate(4);  // one float
  CHECK(a.memory_allocated() == 512);
  CHECK(a.memory_reserved() == 2 * MiB);
  void* q = a.allocate(1000);
  CHECK(a.memory_allocated() == 512 + 1024);
  CHECK(a.memory_reserved() == 2 * MiB);  // split from the same segment
  CHECK(static_cast<char*>(q) == static_cast<char*>(p) + 512);
  a.free(p);
  a.free(q);
  CHECK(a.memory_allocated() == 0);
  CHECK(a.memory_reserved() == 2 * MiB);  // cached, as torch.cuda.memory_reserved shows
  void* r = a.allocate(4);
  CHECK(r == p);  // the merged block is reused
  a.free(r);
  a.empty_cache();
  CHECK(a.memory_reserved() == 0);
  CHECK(a.allocate(0) == nullptr);
}

TEST_CASE("large requests: 20 MiB segments below 10 MiB, exact 2 MiB multiples above") {
  SimAllocator a(0, 256 * MiB);
  void* p = a.allocate(4 * MiB);
  CHECK(a.memory_allocated() == 4 * MiB);
  CHECK(a.memory_reserved() == 20 * MiB);
  void* q = a.allocate(4 * MiB);  // fits in the rest of the 20 MiB segment
  CHECK(a.memory_reserved() == 20 * MiB);
  // The 12 MiB left in the segment fits 11 MiB; splitting would leave only 1 MiB (not more
  // than kSmallSize), so the whole 12 MiB block is handed out and counted.
  void* r = a.allocate(11 * MiB);
  CHECK(a.memory_reserved() == 20 * MiB);
  CHECK(a.memory_allocated() == 20 * MiB);
  void* s = a.allocate(11 * MiB);  // no cached block left: a new 12 MiB segment
  CHECK(a.memory_reserved() == 32 * MiB);
  CHECK(a.memory_allocated() == 32 * MiB);
  a.free(s);
  CHECK(a.memory_allocated() == 20 * MiB);  // p, q and r live
  CHECK(a.memory_reserved() == 32 * MiB);   // s's segment stays cached
  a.free(p);
  a.free(q);
  a.free(r);
  CHECK(a.max_memory_allocated() == 32 * MiB);
  a.reset_peak_memory_stats();
  CHECK(a.max_memory_allocated() == 0);
  a.empty_cache();
  CHECK(a.memory_reserved() == 0);
}

TEST_CASE("a full arena releases cached segments and retries before failing") {
  SimAllocator a(0, 40 * MiB);
  void* p = a.allocate(30 * MiB);
  a.free(p);  // 30 MiB stays cached
  void* q = a.allocate(12 * MiB);  // a cached 30 MiB block fits: best fit reuses it
  a.free(q);
  void* r = a.allocate(36 * MiB);  // needs the cache released first
  CHECK(a.memory_reserved() == 36 * MiB);
  a.free(r);
}

TEST_CASE("out of memory: PyTorch 2.x's text, and nothing leaked") {
  SimAllocator a(0, 100 * MiB);
  void* p = a.allocate(60 * MiB);
  void* small = a.allocate(100 * KiB);
  a.free(small);  // a cached 2 MiB segment: released by the retry before the error
  const char* expected =
      "CUDA out of memory. Tried to allocate 50.00 MiB. GPU 0 has a total capacity of "
      "100.00 MiB of which 40.00 MiB is free. Including non-PyTorch memory, this process has "
      "60.00 MiB memory in use. Of the allocated memory 60.00 MiB is allocated by PyTorch, and "
      "0 bytes is reserved by PyTorch but unallocated. If reserved but unallocated memory is "
      "large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
      "fragmentation.  See documentation for Memory Management  "
      "(https://docs.pytorch.org/docs/stable/notes/cuda.html"
      "#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)";
  CHECK_THROWS_WITH(a.allocate(50 * MiB), expected);
  try {
    a.allocate(50 * MiB);
  } catch (const tp::TorchError& e) {
    CHECK(e.kind() == tp::ErrorKind::OutOfMemoryError);
  }
  CHECK(a.memory_allocated() == 60 * MiB);
  a.free(p);
  void* again = a.allocate(90 * MiB);  // the session goes on
  CHECK(a.memory_allocated() == 90 * MiB);
  a.free(again);
  CHECK(a.memory_allocated() == 0);
}

TEST_CASE("device tensors allocate from the device's allocator; OOM then recovery") {
  tp::DeviceConfig config;
  config.sim_memory_limit = 64 * MiB;
  tp::configure_devices(config);
  CHECK(tp::cuda::memory_allocated() == 0);
  {
    std::vector<tp::Tensor> held;
    tp::Tensor x = tp::empty({1000}, tp::TensorOptions(tp::DType::Float32, tp::Device::cuda(0)));
    CHECK(tp::cuda::memory_allocated() == 4096);
    CHECK(tp::cuda::memory_reserved() == 2 * MiB);
    bool oom = false;
    try {
      for (int i = 0; i < 100; ++i) {
        held.push_back(tp::empty({4 * 1024 * 1024}, tp::TensorOptions(tp::DType::Float32,
                                                                      tp::Device::cuda(0))));
      }
    } catch (const tp::TorchError& e) {
      oom = e.kind() == tp::ErrorKind::OutOfMemoryError;
    }
    CHECK(oom);
    CHECK(held.size() == 3);  // 3 x 16 MiB + the 2 MiB segment fit in 64 MiB
  }
  CHECK(tp::cuda::memory_allocated() == 0);
  CHECK(tp::cuda::max_memory_allocated() == 4096 + 3 * 16 * MiB);
  tp::cuda::empty_cache();
  CHECK(tp::cuda::memory_reserved() == 0);
  tp::Tensor y = tp::empty({4 * 1024 * 1024}, tp::TensorOptions(tp::DType::Float32,
                                                                 tp::Device::cuda(0)));
  CHECK(tp::cuda::memory_allocated() == 16 * MiB);
  tp::cuda::reset_peak_memory_stats();
  CHECK(tp::cuda::max_memory_allocated() == 16 * MiB);
}
