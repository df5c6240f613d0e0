// The GPUs' caching allocator (one policy for simulated and real GPUs) against PyTorch's
// rules (c10/cuda/CUDACachingAllocator.cpp): 512-byte rounding, 2 MiB small segments,
// 20 MiB segments for 1-10 MiB, 2 MiB rounding above; caching, empty_cache, peak stats,
// and the 2.x OOM text; here over a simulated device's arena.
#include <doctest/doctest.h>

#include <memory>
#include <string>
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

TEST_CASE("a simulated GPU whose host memory runs out says so, not CUDA's text") {
  // The device has room for 2^62 bytes, the host (no machine has 4 EiB) has not: the page's
  // case, where a tab's memory stops at 2 GiB under a simulated 16 GB T4.
  SimAllocator a(0, size_t{1} << 63);
  try {
    a.allocate(size_t{1} << 62);
    FAIL("the host gave 4 EiB");
  } catch (const tp::TorchError& e) {
    CHECK(e.kind() == tp::ErrorKind::OutOfMemoryError);
    CHECK(std::string(e.what()) ==
          "Simulated GPU: the computer's memory, which holds the simulated GPU's, could not give another "
          "4294967296.00 GiB (in tensorplay's web build a browser tab's memory stops at 2 GiB, whatever the "
          "simulated GPU's capacity). Free tensors you no longer need (del x) or use smaller ones.");
  }
  void* p = a.allocate(1 * MiB);  // the session goes on
  CHECK(a.memory_allocated() == 1 * MiB);
  a.free(p);
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

TEST_CASE("PyTorch's statistics: current, peak, totals, per pool; inactive split blocks") {
  SimAllocator a(0, 64 * MiB);
  void* p = a.allocate(4000);          // small pool: a 4096-byte block of a 2 MiB segment
  void* q = a.allocate(3 * MiB);       // large pool: 3 MiB of a 20 MiB segment
  tp::AllocatorStats s = a.stats();
  CHECK(s.allocation[0].current == 2);
  CHECK(s.allocated_bytes[1].current == 4096);  // [1]: small_pool
  CHECK(s.allocated_bytes[2].current == 3 * MiB);
  CHECK(s.requested_bytes[0].current == 4000 + 3 * MiB);
  CHECK(s.reserved_bytes[0].current == 22 * MiB);
  CHECK(s.segment[0].current == 2);
  // The rest of each segment is cached but cannot be given back: inactive split.
  CHECK(s.inactive_split[0].current == 2);
  CHECK(s.inactive_split_bytes[0].current == (2 * MiB - 4096) + 17 * MiB);
  a.free(q);
  s = a.stats();
  CHECK(s.allocation[0].current == 1);
  CHECK(s.allocation[0].allocated == 2);
  CHECK(s.allocation[0].freed == 1);
  CHECK(s.allocated_bytes[0].peak == 4096 + 3 * MiB);
  CHECK(s.active[2].current == 0);
  CHECK(s.inactive_split[2].current == 0);  // the large segment is whole again
  a.reset_peak_memory_stats();
  CHECK(a.stats().allocated_bytes[0].peak == 4096);
  a.empty_cache();
  s = a.stats();
  CHECK(s.segment[0].current == 1);
  CHECK(s.reserved_bytes[0].freed == 20 * MiB);
  CHECK(s.num_device_alloc == 2);
  CHECK(s.num_device_free == 1);
  a.reset_accumulated_stats();
  CHECK(a.stats().allocation[0].allocated == 0);
  CHECK(a.stats().allocation[0].current == 1);
  a.free(p);
}

TEST_CASE("snapshot: segments and their blocks; history: allocs, frees, segments, OOM") {
  SimAllocator a(0, 32 * MiB);
  tp::CachingAllocator::set_context_source([] {
    return std::make_shared<const std::vector<tp::AllocFrame>>(std::vector<tp::AllocFrame>{{"train.py", "step", 7}});
  });
  a.record_history(true, 100);
  void* p = a.allocate(1000);
  void* q = a.allocate(2000);
  a.free(p);
  std::vector<tp::SegmentInfo> segs = a.snapshot();
  REQUIRE(segs.size() == 1);
  CHECK(segs[0].small);
  CHECK(segs[0].total == 2 * MiB);
  CHECK(segs[0].allocated == 2048);
  CHECK(segs[0].requested == 2000);
  REQUIRE(segs[0].blocks.size() == 3);
  CHECK(segs[0].blocks[0].state == tp::BlockInfo::State::Inactive);
  CHECK(segs[0].blocks[1].state == tp::BlockInfo::State::ActiveAllocated);
  CHECK(segs[0].blocks[1].context->at(0).line == 7);
  CHECK_THROWS(a.allocate(40 * MiB));
  using A = tp::TraceEntry::Action;
  std::vector<A> actions;
  for (const tp::TraceEntry& e : a.history()) actions.push_back(e.action);
  CHECK(actions == std::vector<A>{A::SegmentAlloc, A::Alloc, A::Alloc, A::FreeRequested, A::FreeCompleted, A::Oom});
  CHECK(a.history().back().size == 40 * MiB);
  a.record_history(false, 0);
  a.free(q);
  CHECK(a.history().size() == 6);  // stopped: kept, not extended
  a.record_history(true, 2);       // a new start clears it, and keeps the last two
  void* r = a.allocate(10);
  a.free(r);
  a.free(a.allocate(10));
  CHECK(a.history().size() == 2);
  tp::CachingAllocator::set_context_source(nullptr);
}
