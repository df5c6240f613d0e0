// The SIMT executor: every thread runs once with the right built-in indices, warps and SM
// placement follow the profile's limits, barriers work (threads that exited no longer count),
// every out-of-bounds access names its thread, CUDA's launch errors, traces and determinism.
// The CUDA texts are cudaGetErrorString's (no GPU here to record them; see simt.cpp).
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "core/cuda_error.h"
#include "core/backends/sim/sim_thread.h"
#include "core/backends/sim/simt.h"
#include "core/backends/sim/simt_timing.h"
#include "core/error.h"
#include "core/gpu_profile.h"

using namespace tp;

namespace {


GpuProfile h100() { return find_gpu_profile("h100_sxm"); }

// A small GPU whose limits are easy to count: 2 SMs, warps of 4, at most 16 threads per
// block, 32 threads and 3 blocks per SM, 1 KiB of shared memory per block, 2 KiB per SM.
GpuProfile tiny() {
  GpuProfile p = h100();
  p.sm_count = 2;
  p.warp_size = 4;
  p.max_threads_per_block = 16;
  p.max_threads_per_sm = 32;
  p.max_blocks_per_sm = 3;
  p.shared_memory_per_block_kib = 1;
  p.shared_memory_per_sm_kib = 2;
  return p;
}

std::string hex(const void* p) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx",
                static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return text;
}

LaunchConfig config(const std::string& name, KDim3 grid, KDim3 block, size_t shared = 0,
                    bool barriers = false) {
  LaunchConfig c;
  c.name = name;
  c.grid = grid;
  c.block = block;
  c.shared_bytes = shared;
  c.uses_barriers = barriers;
  return c;
}

bool same_dim(KDim3 a, KDim3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

}  // namespace

TEST_CASE("every thread runs once and sees its blockIdx, threadIdx, blockDim, gridDim") {
  const KDim3 grid{3, 2, 2}, block{4, 3, 2};
  const int per_block = 24, total = 12 * per_block;
  // Each thread records its 8 built-in numbers at its global linear id and counts a visit.
  std::vector<int> seen(static_cast<size_t>(total) * 12, -1);
  std::vector<int> visits(total, 0);
  auto kernel = [&](SimThread& ctx) {
    KDim3 b = ctx.block_idx(), t = ctx.thread_idx(), bd = ctx.block_dim(), gd = ctx.grid_dim();
    int block_linear = b.x + gd.x * (b.y + gd.y * b.z);
    int thread_linear = t.x + bd.x * (t.y + bd.y * t.z);
    int id = block_linear * bd.x * bd.y * bd.z + thread_linear;
    ctx.store(&visits[id], ctx.load(&visits[id]) + 1);
    int vals[12] = {b.x, b.y, b.z, t.x, t.y, t.z, bd.x, bd.y, bd.z, gd.x, gd.y, gd.z};
    for (int i = 0; i < 12; ++i) ctx.store(&seen[id * 12 + i], vals[i]);
  };
  std::vector<BufferRange> buffers = {{seen.data(), seen.size() * sizeof(int)},
                                      {visits.data(), visits.size() * sizeof(int)}};
  KernelStats stats = launch(config("indices", grid, block), h100(), buffers, kernel);
  CHECK(stats.threads == total);
  CHECK(stats.global_reads == total);
  CHECK(stats.global_writes == total * 13);
  for (int id = 0; id < total; ++id) {
    CHECK(visits[id] == 1);
    int b = id / per_block, t = id % per_block;
    std::vector<int> expect = {b % 3, b / 3 % 2, b / 6, t % 4, t / 4 % 3, t / 12, 4, 3, 2, 3, 2, 2};
    std::vector<int> got(seen.begin() + id * 12, seen.begin() + id * 12 + 12);
    CHECK(got == expect);
  }
}

TEST_CASE("warps and SM placement follow the profile's occupancy limits") {
  // 6 threads per block: warps of 4 -> 2 warps (8 thread slots). By threads 32/8 = 4 blocks
  // per SM, by the block limit 3; without shared memory 3 blocks per SM, 6 per wave.
  GpuProfile p = tiny();
  KernelTrace trace;
  auto nothing = [](SimThread&) {};
  KernelStats stats = launch(config("place", {10, 1, 1}, {3, 2, 1}), p, {}, nothing, &trace);
  CHECK(trace.blocks_per_sm == 3);
  CHECK(trace.waves == 2);
  CHECK(stats.waves == 2);
  REQUIRE(trace.threads.size() == 60);
  for (size_t i = 0; i < trace.threads.size(); ++i) {
    const ThreadTrace& t = trace.threads[i];
    int b = static_cast<int>(i / 6), linear = static_cast<int>(i % 6);
    CHECK(t.block.x == b);
    CHECK(t.warp == linear / 4);
    CHECK(t.sm == (b % 6) % 2);  // slots of a wave are dealt to SMs round-robin
  }
  // 1 KiB of shared memory per block and 2 KiB per SM: 2 blocks per SM, 4 per wave.
  launch(config("place", {10, 1, 1}, {3, 2, 1}, 1024), p, {}, nothing, &trace);
  CHECK(trace.blocks_per_sm == 2);
  CHECK(trace.waves == 3);
  for (size_t i = 0; i < trace.threads.size(); ++i) CHECK(trace.threads[i].sm == (i / 6 % 4) % 2);
  // 16 threads per block: 32/16 = 2 blocks per SM by threads.
  launch(config("place", {5, 1, 1}, {16, 1, 1}), p, {}, nothing, &trace);
  CHECK(trace.blocks_per_sm == 2);
  CHECK(trace.waves == 2);
}

TEST_CASE("a launch beyond the profile's limits fails with CUDA's error") {
  GpuProfile p = tiny();
  auto nothing = [](SimThread&) {};
  const std::string bad_config = cuda_error_message("invalid configuration argument", "cudaErrorInvalidConfiguration");
  CHECK_THROWS_WITH(launch(config("k", {1, 1, 1}, {17, 1, 1}), p, {}, nothing), bad_config.c_str());
  CHECK_THROWS_WITH(launch(config("k", {1, 1, 1}, {2048, 1, 1}), h100(), {}, nothing),
                    bad_config.c_str());
  CHECK_THROWS_WITH(launch(config("k", {1, 1, 1}, {1, 1, 65}), h100(), {}, nothing),
                    bad_config.c_str());
  CHECK_THROWS_WITH(launch(config("k", {0, 1, 1}, {1, 1, 1}), h100(), {}, nothing),
                    bad_config.c_str());
  CHECK_THROWS_WITH(launch(config("k", {1, 65536, 1}, {1, 1, 1}), h100(), {}, nothing),
                    bad_config.c_str());
  const std::string bad_shared = cuda_error_message("invalid argument", "cudaErrorInvalidValue");
  CHECK_THROWS_WITH(launch(config("k", {1, 1, 1}, {4, 1, 1}, 1025), p, {}, nothing),
                    bad_shared.c_str());
  CHECK_THROWS_WITH(launch(config("k", {1, 1, 1}, {4, 1, 1}, 48 * 1024 + 1), h100(), {}, nothing),
                    bad_shared.c_str());
  CHECK_NOTHROW(launch(config("k", {1, 1, 1}, {16, 1, 1}, 1024), p, {}, nothing));
}

TEST_CASE("barriers: a thread reads the value its neighbour wrote to shared memory") {
  const int n = 8, blocks = 3;
  std::vector<float> out(n * blocks, -1.0f);
  auto kernel = [&](SimThread& ctx) {
    float* s = ctx.shared<float>();
    int t = ctx.thread_idx().x, b = ctx.block_idx().x;
    ctx.store_shared(s + t, float(100 * b + t));
    ctx.sync();  // without it, thread t would read s[t+1] before thread t+1 wrote it
    float right = ctx.load_shared(s + (t + 1) % n);
    ctx.sync();
    ctx.store_shared(s + t, right);  // overwrite after everyone has read
    ctx.sync();
    ctx.store(&out[b * n + t], ctx.load_shared(s + (t + n - 1) % n) + right);
  };
  KernelTrace trace;
  KernelStats stats = launch(config("neighbour", {blocks, 1, 1}, {n, 1, 1}, n * sizeof(float), true),
                             h100(), {{out.data(), out.size() * sizeof(float)}}, kernel, &trace);
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < n; ++t) {
      // s[t-1] now holds thread t-1's right neighbour, which is t; right is t+1.
      float expect = float(100 * b + t) + float(100 * b + (t + 1) % n);
      CHECK(out[b * n + t] == expect);
    }
  }
  CHECK(stats.barriers == 3 * n * blocks);
  CHECK(stats.shared_reads == 2 * n * blocks);
  CHECK(stats.shared_writes == 2 * n * blocks);
  for (const ThreadTrace& t : trace.threads) CHECK(t.barriers == 3);
}

TEST_CASE("threads that exited no longer count at a barrier (PTX's bar.sync, as for learner kernels)") {
  // Threads 3 and 5 return before the barrier; the others pass it and read what their
  // neighbour wrote before it.
  const int n = 8, blocks = 2;
  std::vector<float> out(n * blocks, -1.0f);
  auto early_exit = [&](SimThread& ctx) {
    float* s = ctx.shared<float>();
    const int t = ctx.thread_idx().x, b = ctx.block_idx().x;
    ctx.store_shared(s + t, float(10 * b + t));
    if (t == 3 || t == 5) return;
    ctx.sync();
    ctx.store(&out[b * n + t], ctx.load_shared(s + (t + 1) % n));
  };
  KernelTrace trace;
  launch(config("early_exit", {blocks, 1, 1}, {n, 1, 1}, n * sizeof(float), true), h100(),
         {{out.data(), out.size() * sizeof(float)}}, early_exit, &trace);
  for (int b = 0; b < blocks; ++b) {
    for (int t = 0; t < n; ++t) {
      const bool exited = t == 3 || t == 5;
      CHECK(out[b * n + t] == (exited ? -1.0f : float(10 * b + (t + 1) % n)));
    }
  }
  for (const ThreadTrace& t : trace.threads)
    CHECK(t.barriers == (t.thread.x == 3 || t.thread.x == 5 ? 0 : 1));
  // A thread leaving after the first of two barriers: the rest pass the second one.
  int second_passed = 0;
  auto late_exit = [&](SimThread& ctx) {
    ctx.sync();
    if (ctx.block_idx().x == 1 && ctx.thread_idx().x == 0) return;
    ctx.sync();
    ++second_passed;
  };
  launch(config("late_exit", {2, 1, 1}, {4, 1, 1}, 0, true), h100(), {}, late_exit);
  CHECK(second_passed == 7);
  // sync() in a kernel launched without barriers is a tensorplay bug, not a learner's error.
  auto unsynced = [](SimThread& ctx) { ctx.sync(); };
  CHECK_THROWS_AS(launch(config("no_fibers", {1, 1, 1}, {2, 1, 1}), h100(), {}, unsynced),
                  InternalError);
}

TEST_CASE("an out-of-bounds access is CUDA's illegal memory access, naming the thread") {
  std::vector<float> a(16, 1.0f), b(4, 0.0f);
  std::vector<BufferRange> buffers = {{a.data(), 64}, {b.data(), 16}};
  const std::string head = cuda_error_message("an illegal memory access was encountered",
                                              "cudaErrorIllegalAddress") +
                           "Simulated GPU: kernel ";
  // Block (1,0,0) starts at a[16]: its thread (0,0,0) is the first to fall off buffer 0.
  auto over_read = [&](SimThread& ctx) {
    int i = ctx.block_idx().x * 16 + ctx.thread_idx().x;
    ctx.load(a.data() + i);
  };
  CHECK_THROWS_WITH(launch(config("over_read", {2, 1, 1}, {8, 1, 1}), h100(), buffers, over_read),
                    (head + "'over_read', thread (0,0,0) in block (1,0,0) (warp 0) read 4 bytes " +
                     "of global memory at " + hex(a.data() + 16) + ", 0 bytes past the end of " +
                     "buffer 0 (64 bytes at " + hex(a.data()) + ")")
                        .c_str());
  // A write before the start of buffer 1, by the second warp (warp size 4 on `tiny`).
  auto under_write = [&](SimThread& ctx) {
    if (ctx.thread_idx().x == 5) ctx.store(b.data() - 2, 1.0f);
  };
  CHECK_THROWS_WITH(launch(config("under_write", {1, 1, 1}, {8, 1, 1}), tiny(), {{b.data(), 16}},
                           under_write),
                    (head + "'under_write', thread (5,0,0) in block (0,0,0) (warp 1) wrote 4 " +
                     "bytes of global memory at " + hex(b.data() - 2) + ", 8 bytes before the " +
                     "start of buffer 0 (16 bytes at " + hex(b.data()) + ")")
                        .c_str());
  // A double that starts inside a buffer and runs past its end.
  auto straddle = [&](SimThread& ctx) {
    ctx.load(reinterpret_cast<const double*>(b.data() + 3));
  };
  CHECK_THROWS_WITH(launch(config("straddle", {1, 1, 1}, {1, 1, 1}), h100(), {{b.data(), 16}},
                           straddle),
                    (head + "'straddle', thread (0,0,0) in block (0,0,0) (warp 0) read 8 bytes of " +
                     "global memory at " + hex(b.data() + 3) + ", running past the end of " +
                     "buffer 0 (16 bytes at " + hex(b.data()) + ")")
                        .c_str());
  auto no_buffers = [&](SimThread& ctx) { ctx.load(b.data()); };
  CHECK_THROWS_WITH(launch(config("none", {1, 1, 1}, {1, 1, 1}), h100(), {}, no_buffers),
                    (head + "'none', thread (0,0,0) in block (0,0,0) (warp 0) read 4 bytes of " +
                     "global memory at " + hex(b.data()) + "; the kernel was given no global buffers")
                        .c_str());
}

TEST_CASE("an out-of-bounds shared-memory access names the thread, also inside fibers") {
  const std::string head = cuda_error_message("an illegal memory access was encountered",
                                              "cudaErrorIllegalAddress") +
                           "Simulated GPU: kernel ";
  // 16 bytes of shared memory: thread 4 writes s[4], one float too far, after a barrier.
  auto past_end = [](SimThread& ctx) {
    float* s = ctx.shared<float>();
    ctx.sync();
    ctx.store_shared(s + ctx.thread_idx().x, 1.0f);
  };
  CHECK_THROWS_WITH(launch(config("smem", {1, 1, 1}, {5, 1, 1}, 16, true), h100(), {}, past_end),
                    (head + "'smem', thread (4,0,0) in block (0,0,0) (warp 0) wrote 4 bytes of " +
                     "shared memory at offset 16, past the end of the block's 16 bytes of shared " +
                     "memory")
                        .c_str());
  auto before = [](SimThread& ctx) { ctx.load_shared(ctx.shared<float>() - 1); };
  CHECK_THROWS_WITH(launch(config("smem", {1, 1, 1}, {1, 1, 1}, 16), h100(), {}, before),
                    (head + "'smem', thread (0,0,0) in block (0,0,0) (warp 0) read 4 bytes of " +
                     "shared memory, 4 bytes before the block's 16 bytes of shared memory")
                        .c_str());
  auto none = [](SimThread& ctx) { ctx.load_shared(ctx.shared<float>()); };
  CHECK_THROWS_WITH(launch(config("smem", {1, 1, 1}, {1, 1, 1}), h100(), {}, none),
                    (head + "'smem', thread (0,0,0) in block (0,0,0) (warp 0) read 4 bytes of " +
                     "shared memory but the launch gave the block no shared memory")
                        .c_str());
  // The executor is usable again after a fault inside a fiber.
  std::vector<int> out(4, 0);
  auto fine = [&](SimThread& ctx) {
    ctx.sync();
    ctx.store(&out[ctx.thread_idx().x], 7);
  };
  launch(config("fine", {1, 1, 1}, {4, 1, 1}, 0, true), h100(), {{out.data(), 16}}, fine);
  CHECK(out == std::vector<int>{7, 7, 7, 7});
}

TEST_CASE("a trace has one record per thread, with its output, and repeats exactly") {
  std::vector<float> x(20, 2.0f), y(20, 0.0f);
  auto kernel = [&](SimThread& ctx) {
    int i = ctx.block_idx().x * ctx.block_dim().x + ctx.thread_idx().x;
    if (i >= 20) return;  // the last block is partly idle
    ctx.output(i);
    ctx.store(&y[i], ctx.load(&x[i]) * 3.0f);
  };
  std::vector<BufferRange> buffers = {{x.data(), 80}, {y.data(), 80}};
  KernelTrace first, second;
  launch(config("triple", {3, 1, 1}, {8, 1, 1}), tiny(), buffers, kernel, &first);
  launch(config("triple", {3, 1, 1}, {8, 1, 1}), tiny(), buffers, kernel, &second);
  REQUIRE(first.threads.size() == 24);
  CHECK(first.config.name == "triple");
  CHECK(first.duration_ns > 0);
  for (int i = 0; i < 24; ++i) {
    const ThreadTrace& t = first.threads[i];
    CHECK(t.output == (i < 20 ? i : -1));
    CHECK(t.global_reads == (i < 20 ? 1 : 0));
    CHECK(t.global_writes == (i < 20 ? 1 : 0));
    CHECK(t.start_ns <= t.end_ns);
    CHECK(t.end_ns <= first.duration_ns);
  }
  for (float v : y) CHECK(v == 6.0f);
  // Determinism: the same launch gives the same trace, field by field.
  CHECK(second.duration_ns == first.duration_ns);
  for (int i = 0; i < 24; ++i) {
    const ThreadTrace &a = first.threads[i], &b = second.threads[i];
    CHECK(same_dim(a.block, b.block));
    CHECK(same_dim(a.thread, b.thread));
    CHECK((a.warp == b.warp && a.sm == b.sm && a.output == b.output));
    CHECK((a.start_ns == b.start_ns && a.end_ns == b.end_ns));
  }
}

TEST_CASE("modeled timing: later waves start after earlier ones; uncoalesced costs more") {
  // 8 blocks of 16 threads on `tiny`: 2 per SM by threads, 4 per wave, so 2 waves. A
  // slow memory (20 GB/s, 10 per SM) makes the bandwidth term matter at this size.
  GpuProfile p = tiny();
  p.memory_bandwidth_gbps = 20;
  std::vector<float> x(64 * 64, 1.0f);
  auto row_per_thread = [&](SimThread& ctx) {  // thread t reads row t: 64 floats apart
    for (int k = 0; k < 4; ++k) ctx.load(&x[ctx.thread_idx().x * 64 + k]);
  };
  auto consecutive = [&](SimThread& ctx) {  // thread t reads column t: consecutive floats
    for (int k = 0; k < 4; ++k) ctx.load(&x[k * 64 + ctx.thread_idx().x]);
  };
  std::vector<BufferRange> buffers = {{x.data(), x.size() * sizeof(float)}};
  KernelTrace strided, coalesced;
  launch(config("strided", {8, 1, 1}, {16, 1, 1}), p, buffers, row_per_thread, &strided);
  launch(config("coalesced", {8, 1, 1}, {16, 1, 1}), p, buffers, consecutive, &coalesced);
  CHECK(strided.waves == 2);
  double first_wave_end = 0;
  for (const ThreadTrace& t : strided.threads) {
    if (t.block.x < 4) first_wave_end = std::max(first_wave_end, t.end_ns);
  }
  for (const ThreadTrace& t : strided.threads) {
    if (t.block.x >= 4) CHECK(t.start_ns == first_wave_end);
  }
  CHECK(strided.duration_ns == 2 * first_wave_end);  // both waves take the same time
  // 4 loads of 400 cycles each are the latency chain either way; the strided kernel moves
  // 16 segments per warp load instead of 1, which makes it bandwidth-bound and slower.
  SimTiming model(p);
  CHECK(coalesced.duration_ns == doctest::Approx(2 * 4 * model.global_latency_ns));
  CHECK(strided.duration_ns > coalesced.duration_ns);
}
