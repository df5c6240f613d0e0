// The teaching matmul kernels (naive, coalesced, tiled) in the simulator: each equals the
// CPU reference kernel for many shapes, counts the memory accesses its design implies,
// traces every thread with its output element (the one the thread grid's rule names), and
// the modeled times order naive > coalesced > tiled for N >= 32.
#include <doctest/doctest.h>

#include <set>
#include <vector>

#include "core/cuda_error.h"
#include "core/backends/cpu/cpu_matmul.h"
#include "core/gpu_profile.h"
#include "core/teaching.h"
#include "core/tensor.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

const TeachingKernel kKinds[] = {TeachingKernel::Naive, TeachingKernel::Coalesced,
                                 TeachingKernel::Tiled};

// Deterministic, varied values (small integers over 8, so products are exact in float).
std::vector<float> values(int count, int seed) {
  std::vector<float> v(count);
  for (int i = 0; i < count; ++i) v[i] = float((i * 7 + seed * 13) % 17 - 8) / 8.0f;
  return v;
}

// C = A @ B by tp::cpu::matmul_reference.
std::vector<float> reference(const std::vector<float>& a, const std::vector<float>& b, int M,
                             int N, int K) {
  Tensor ta = empty({1, M, K}, TensorOptions(DType::Float32));
  Tensor tb = empty({1, K, N}, TensorOptions(DType::Float32));
  Tensor tc = empty({1, M, N}, TensorOptions(DType::Float32));
  std::copy(a.begin(), a.end(), ta.data<float>());
  std::copy(b.begin(), b.end(), tb.data<float>());
  cpu::matmul_reference(ta, tb, tc);
  return std::vector<float>(tc.data<float>(), tc.data<float>() + M * N);
}

}  // namespace

TEST_CASE("each teaching kernel equals the CPU reference, tile multiples or not") {
  GpuProfile p = find_gpu_profile("t4");
  const int shapes[][3] = {{2, 2, 2},   {3, 5, 4},   {7, 7, 7},    {16, 16, 16}, {17, 9, 23},
                           {31, 33, 32}, {32, 32, 32}, {33, 48, 17}, {40, 64, 50}, {64, 64, 64}};
  for (auto& s : shapes) {
    const int M = s[0], N = s[1], K = s[2];
    std::vector<float> a = values(M * K, 1), b = values(K * N, 2);
    std::vector<float> expect = reference(a, b, M, N, K);
    for (TeachingKernel kind : kKinds) {
      for (int tile : {8, 16}) {
        CAPTURE(M);
        CAPTURE(N);
        CAPTURE(K);
        CAPTURE(tile);
        CAPTURE(teaching_kernel_name(kind));
        std::vector<float> c(M * N, -99.0f);
        run_teaching_matmul(kind, a.data(), b.data(), c.data(), M, N, K, p, tile);
        CHECK(c == expect);  // same summation order as the reference: bit-for-bit equal
      }
    }
  }
}

TEST_CASE("non-integer values: the tiled kernel's order of summation matches too") {
  GpuProfile p = find_gpu_profile("h100_sxm");
  const int M = 21, N = 35, K = 29;
  std::vector<float> a(M * K), b(K * N);
  for (int i = 0; i < M * K; ++i) a[i] = 1.0f / float(i + 3);
  for (int i = 0; i < K * N; ++i) b[i] = float(i % 11) * 0.37f - 1.1f;
  std::vector<float> expect = reference(a, b, M, N, K);
  for (TeachingKernel kind : kKinds) {
    std::vector<float> c(M * N);
    run_teaching_matmul(kind, a.data(), b.data(), c.data(), M, N, K, p, 16);
    CHECK(c == expect);
  }
}

TEST_CASE("access counters: naive reads 2K per thread, tiled moves the reads to shared") {
  GpuProfile p = find_gpu_profile("h100_sxm");
  const int M = 32, N = 32, K = 48, T = 16;
  std::vector<float> a = values(M * K, 3), b = values(K * N, 4), c(M * N);
  for (TeachingKernel kind : {TeachingKernel::Naive, TeachingKernel::Coalesced}) {
    KernelStats stats;
    KernelTrace trace = run_teaching_matmul(kind, a.data(), b.data(), c.data(), M, N, K, p, T, &stats);
    CHECK(stats.threads == M * N);
    CHECK(stats.global_reads == int64_t{2} * K * M * N);
    CHECK(stats.global_writes == M * N);
    CHECK(stats.shared_reads == 0);
    CHECK(stats.barriers == 0);
    for (const ThreadTrace& t : trace.threads) {
      CHECK(t.global_reads == 2 * K);
      CHECK(t.global_writes == 1);
    }
  }
  // Tiled: K/T = 3 tiles; per tile each thread reads one A and one B element from global
  // memory, writes both to shared memory, reads 2T from shared memory, and waits twice.
  KernelStats stats;
  KernelTrace trace = run_teaching_matmul(TeachingKernel::Tiled, a.data(), b.data(), c.data(), M,
                                          N, K, p, T, &stats);
  CHECK(stats.global_reads == int64_t{2} * 3 * M * N);
  CHECK(stats.global_writes == M * N);
  CHECK(stats.shared_writes == int64_t{2} * 3 * M * N);
  CHECK(stats.shared_reads == int64_t{2} * T * 3 * M * N);
  CHECK(stats.barriers == int64_t{2} * 3 * M * N);
  for (const ThreadTrace& t : trace.threads) {
    CHECK(t.global_reads == 6);
    CHECK(t.shared_reads == 2 * T * 3);
    CHECK(t.barriers == 6);
  }
  // Off the tile grid (M = N = 20 with T = 16), edge threads load zeros instead of reading.
  std::vector<float> c20(20 * 20);
  run_teaching_matmul(TeachingKernel::Tiled, a.data(), b.data(), c20.data(), 20, 20, 20, p, T, &stats);
  CHECK(stats.threads == 32 * 32);  // a 2 x 2 grid of 16 x 16 blocks
  // Each element of A (20x20) is read once by each of the 2 block columns, each of B once
  // by each of the 2 block rows: 2 * 400 * 2 reads, not the naive 2K per output element.
  CHECK(stats.global_reads == 2 * 400 * 2);
  CHECK(stats.global_writes == 20 * 20);
}

TEST_CASE("the trace has one record per thread and covers every output element once") {
  GpuProfile p = find_gpu_profile("t4");
  const int M = 20, N = 13, K = 9, T = 8;
  std::vector<float> a = values(M * K, 5), b = values(K * N, 6), c(M * N);
  for (TeachingKernel kind : kKinds) {
    KernelTrace trace = run_teaching_matmul(kind, a.data(), b.data(), c.data(), M, N, K, p, T);
    CHECK(trace.config.name == teaching_kernel_name(kind));
    CHECK(trace.threads.size() == size_t(3 * 2 * T * T));  // 3 x 2 (or 2 x 3) blocks of 64
    std::set<int64_t> outputs;
    int idle = 0;
    for (const ThreadTrace& t : trace.threads) {
      if (t.output < 0) {
        ++idle;
        continue;
      }
      CHECK(outputs.insert(t.output).second);  // no element computed twice
      // The thread that computed an element is the one the grid's rule names for it.
      const TeachingThread named = teaching_thread_for(kind, int(t.output / N), int(t.output % N), T);
      CHECK(named.block.x == t.block.x);
      CHECK(named.block.y == t.block.y);
      CHECK(named.thread.x == t.thread.x);
      CHECK(named.thread.y == t.thread.y);
      CHECK(t.warp == (t.thread.y * T + t.thread.x) / p.warp_size);
    }
    CHECK(outputs.size() == size_t(M * N));
    CHECK(idle == 3 * 2 * T * T - M * N);
  }
}

TEST_CASE("the thread grid's rule: the tile it launches with, who computes C[i][j], the launch in words") {
  CHECK(teaching_grid_tile(2, 2) == 4);
  CHECK(teaching_grid_tile(3, 8) == 4);
  CHECK(teaching_grid_tile(1, 9) == 8);
  CHECK(teaching_grid_tile(64, 64) == 8);
  // Naive: block x and thread x walk the rows of C; the others walk its columns.
  const TeachingThread naive = teaching_thread_for(TeachingKernel::Naive, 37, 5, 8);
  CHECK((naive.block.x == 4 && naive.block.y == 0 && naive.thread.x == 5 && naive.thread.y == 5));
  const TeachingThread coalesced = teaching_thread_for(TeachingKernel::Coalesced, 2, 9, 4);
  CHECK((coalesced.block.x == 2 && coalesced.block.y == 0 && coalesced.thread.x == 1 && coalesced.thread.y == 2));
  // 2x3 @ 3x2: C is 2 x 2, one block of 4 x 4 threads.
  CHECK(teaching_launch_text(TeachingKernel::Naive, 2, 2, 4) ==
        "a grid of (1, 1) blocks of (4, 4) threads: 4 compute an element of C each, 12 fall "
        "outside C and return at once");
  // 3x2 @ 2x4: C is 3 x 4; naive puts rows on x, the coalesced kernel columns.
  CHECK(teaching_launch_text(TeachingKernel::Coalesced, 3, 4, 4).rfind("a grid of (1, 1) blocks", 0) == 0);
  CHECK(teaching_launch_text(TeachingKernel::Naive, 1, 9, 8) ==
        "a grid of (1, 2) blocks of (8, 8) threads: 9 compute an element of C each, 119 fall "
        "outside C and return at once");
  CHECK(teaching_launch_text(TeachingKernel::Tiled, 1, 1, 4) ==
        "a grid of (1, 1) blocks of (4, 4) threads: 1 computes the one element of C, 15 fall "
        "outside C and only help load the tiles");
  CHECK(teaching_launch_text(TeachingKernel::Tiled, 16, 16, 8) ==
        "a grid of (2, 2) blocks of (8, 8) threads: each computes one element of C");
}

TEST_CASE("a launch with barriers repeats exactly: same values, same trace") {
  GpuProfile p = find_gpu_profile("t4");
  const int n = 37;
  std::vector<float> a = values(n * n, 9), b = values(n * n, 10), c1(n * n), c2(n * n);
  KernelTrace t1 = run_teaching_matmul(TeachingKernel::Tiled, a.data(), b.data(), c1.data(), n, n, n, p, 8);
  KernelTrace t2 = run_teaching_matmul(TeachingKernel::Tiled, a.data(), b.data(), c2.data(), n, n, n, p, 8);
  CHECK(c1 == c2);
  CHECK(t1.duration_ns == t2.duration_ns);
  REQUIRE(t1.threads.size() == t2.threads.size());
  for (size_t i = 0; i < t1.threads.size(); ++i) {
    const ThreadTrace &x = t1.threads[i], &y = t2.threads[i];
    CHECK((x.output == y.output && x.sm == y.sm && x.warp == y.warp));
    CHECK((x.start_ns == y.start_ns && x.end_ns == y.end_ns));
    CHECK((x.global_reads == y.global_reads && x.shared_reads == y.shared_reads));
  }
}

TEST_CASE("modeled time: naive > coalesced > tiled for N >= 32, on every profile") {
  for (const std::string& id : {"h100_sxm", "t4", "a100_sxm_80gb", "rtx_4090", "apple_m2"}) {
    GpuProfile p = find_gpu_profile(id);
    for (int n : {32, 48, 64}) {
      std::vector<float> a = values(n * n, 7), b = values(n * n, 8), c(n * n);
      double ns[3];
      for (int i = 0; i < 3; ++i)
        ns[i] = run_teaching_matmul(kKinds[i], a.data(), b.data(), c.data(), n, n, n, p, 16)
                    .duration_ns;
      CAPTURE(id);
      CAPTURE(n);
      CHECK(ns[0] > ns[1]);
      CHECK(ns[1] > ns[2]);
      CHECK(ns[2] > 0);
    }
  }
}

TEST_CASE("tensors in, trace out; and the launch limits apply to the tile") {
  GpuProfile p = find_gpu_profile("t4");
  Tensor A = test::make_tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor B = test::make_tensor({1, 0, 0, 1, 1, 1}, {3, 2});
  Tensor C = empty({2, 2}, TensorOptions(DType::Float32));
  KernelTrace trace = run_teaching_matmul(TeachingKernel::Tiled, A, B, C, p, 4);
  CHECK(test::values_of(C) == std::vector<double>{4, 5, 10, 11});
  CHECK(trace.threads.size() == 16);
  CHECK_THROWS_WITH(run_teaching_matmul(TeachingKernel::Naive, A, A, C, p),
                    "teaching matmul: shapes (2, 3) @ (2, 3) -> (2, 2) do not match");
  // 33 x 33 = 1089 threads per block is more than CUDA allows.
  CHECK_THROWS_WITH(run_teaching_matmul(TeachingKernel::Naive, A, B, C, p, 33),
                    cuda_error_message("invalid configuration argument",
                                       "cudaErrorInvalidConfiguration")
                        .c_str());
}
