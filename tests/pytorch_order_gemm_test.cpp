// The float32 summation orders of core/backends/cpu/pytorch_order_gemm.h, each kernel against
// its model written out plainly here (one fused multiply-add chain per output and K block;
// rounded products in order; the dot's 4 x 4 lanes). PyTorch's own values for these orders
// are checked by tests/scripts/torch_053_matmul_order.py; this test covers the vectorised,
// blocked and threaded code on the edges those shapes do not reach (rows not a multiple of
// 4, columns not a multiple of 16, a third K block, column panels, accumulation, threads).
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <vector>

#include "core/backends/cpu/pytorch_order_gemm.h"

using namespace tp::cpu;

namespace {

std::vector<float> random_values(int64_t count, unsigned seed) {
  std::mt19937 gen(seed);
  std::normal_distribution<float> dist;
  std::vector<float> v(static_cast<size_t>(count));
  for (float& x : v) x = dist(gen);
  return v;
}

// The model: per output, per K block, a chain of fmas from 0 added to the output.
std::vector<float> fused_model(const std::vector<float>& a, const std::vector<float>& b,
                               std::vector<float> c, int64_t m, int64_t n, int64_t k,
                               bool accumulate) {
  const int64_t block = fused_block_size(k);
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      float out = accumulate ? c[i * n + j] : 0.0f;
      for (int64_t k0 = 0; k0 < k; k0 += block) {
        float chain = 0.0f;
        for (int64_t p = k0; p < std::min(k, k0 + block); ++p)
          chain = std::fma(a[i * k + p], b[p * n + j], chain);
        out = (k0 == 0 && !accumulate) ? chain : out + chain;
      }
      c[i * n + j] = out;
    }
  }
  return c;
}

bool same_bits(const std::vector<float>& x, const std::vector<float>& y) {
  return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(float)) == 0;
}

}  // namespace

TEST_CASE("the K block sizes MKL uses") {
  CHECK(fused_block_size(1) == 1);
  CHECK(fused_block_size(192) == 192);
  CHECK(fused_block_size(193) == 96);
  CHECK(fused_block_size(300) == 150);
  CHECK(fused_block_size(383) == 191);
  CHECK(fused_block_size(384) == 192);
  CHECK(fused_block_size(1000) == 192);
  CHECK(takes_fused_blocks(4, 12));
  CHECK_FALSE(takes_fused_blocks(3, 100));
  CHECK_FALSE(takes_fused_blocks(64, 11));
}

TEST_CASE("the fused-block kernel equals its model bit for bit on every edge") {
  struct Case {
    int64_t m, n, k;
  };
  for (Case s : {Case{4, 16, 5}, Case{7, 45, 200}, Case{13, 300, 500}, Case{130, 520, 390},
                 Case{66, 17, 1}}) {
    for (bool accumulate : {false, true}) {
      for (int threads : {1, 2, 3}) {
        CAPTURE(s.m);
        CAPTURE(s.n);
        CAPTURE(s.k);
        CAPTURE(accumulate);
        CAPTURE(threads);
        auto a = random_values(s.m * s.k, 1), b = random_values(s.k * s.n, 2);
        auto c0 = random_values(s.m * s.n, 3);
        std::vector<float> got = c0;
        gemm_fused_blocks({a.data(), s.k, 1}, {b.data(), s.n, 1}, got.data(), s.m, s.n, s.k,
                          accumulate, threads);
        CHECK(same_bits(got, fused_model(a, b, c0, s.m, s.n, s.k, accumulate)));
      }
    }
  }
}

TEST_CASE("the fused-block kernel reads transposed operands") {
  const int64_t m = 9, n = 20, k = 250;
  auto a = random_values(m * k, 4), b = random_values(k * n, 5);
  std::vector<float> at(a.size()), bt(b.size());  // the same matrices, column-major
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < k; ++p) at[p * m + i] = a[i * k + p];
  for (int64_t p = 0; p < k; ++p)
    for (int64_t j = 0; j < n; ++j) bt[j * k + p] = b[p * n + j];
  std::vector<float> got(m * n);
  gemm_fused_blocks({at.data(), 1, m}, {bt.data(), 1, k}, got.data(), m, n, k, false, 2);
  CHECK(same_bits(got, fused_model(a, b, std::vector<float>(m * n), m, n, k, false)));
}

TEST_CASE("the in-order kernel adds rounded products left to right") {
  const float a[] = {1e8f, 1.0f, -1e8f};
  const float b[] = {1.0f, 1.0f, 1.0f};
  float c = 0.0f;
  gemm_in_order({a, 3, 1}, {b, 1, 1}, &c, 1, 1, 3, false);
  CHECK(c == 0.0f);  // 1e8 + 1 rounds back to 1e8 in float32
  float acc = 5.0f;
  gemm_in_order({a, 3, 1}, {b, 1, 1}, &acc, 1, 1, 3, true);
  CHECK(acc == 5.0f);
}

TEST_CASE("dot sums in 4 accumulators of 4 lanes") {
  // 2^24 + 16 ones: each of the 16 lanes holds 2^20 + 1 exactly, and so does their sum,
  // where a left-to-right float32 sum stops growing at 2^24.
  const int64_t k = (1 << 24) + 16;
  std::vector<float> ones(k, 1.0f);
  CHECK(dot_in_lanes(ones.data(), 1, ones.data(), 1, k) == 16777232.0f);
  const float x[] = {1, 9, 2, 9, 3}, y[] = {4, 9, 5, 9, 6};
  CHECK(dot_in_lanes(x, 2, y, 2, 3) == 32.0f);  // strided: 1*4 + 2*5 + 3*6
}
