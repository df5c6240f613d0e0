// The three summation orders of pytorch_order_gemm.h. The fused-block kernel packs each K
// block of A and B, then runs 4 rows x 16 columns of outputs at a time in AVX2 FMA registers
// where the CPU has them (std::fma elsewhere: the same roundings, slower), large products'
// rows split across threads. This file is
// compiled with -ffp-contract=off (core/CMakeLists.txt), so `acc + x * y` stays two roundings.
#include "core/backends/cpu/pytorch_order_gemm.h"

#include <algorithm>
#include <cmath>
#include <thread>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace tp::cpu {

int64_t fused_block_size(int64_t k) {
  constexpr int64_t kBlock = 192;
  if (k <= kBlock) return k;
  if (k < 2 * kBlock) return k / 2;
  return kBlock;
}

bool takes_fused_blocks(int64_t m, int64_t n) { return m >= 4 && n >= 12; }

namespace {

// One K block, packed: a[i * depth + p] = A[i][k0 + p], b[p * ldb + j] = B[k0 + p][j]. ldb
// steps off multiples of 128 floats, whose rows would share the same few L1 cache sets.
struct PackedBlock {
  std::vector<float> a, b;
  int64_t depth = 0;
  int64_t ldb = 0;
};

void pack(FloatMatrix a, FloatMatrix b, int64_t m, int64_t n, int64_t k0, int64_t depth,
          PackedBlock& block) {
  block.depth = depth;
  block.ldb = n % 128 == 0 ? n + 16 : n;
  block.a.resize(static_cast<size_t>(m * depth));
  block.b.resize(static_cast<size_t>(depth * block.ldb));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t p = 0; p < depth; ++p) block.a[i * depth + p] = a.at(i, k0 + p);
  for (int64_t p = 0; p < depth; ++p)
    for (int64_t j = 0; j < n; ++j) block.b[p * block.ldb + j] = b.at(k0 + p, j);
}

// The block's chain for output (i, j), from 0, folded into c as the first block (c = chain,
// unless accumulating) or a later one (c = c + chain).
inline void chain_one(const PackedBlock& blk, float* c, int64_t n, int64_t i, int64_t j,
                      bool add_to_c) {
  float acc = 0.0f;
  const float* arow = blk.a.data() + i * blk.depth;
  for (int64_t p = 0; p < blk.depth; ++p) acc = std::fma(arow[p], blk.b[p * blk.ldb + j], acc);
  float& out = c[i * n + j];
  out = add_to_c ? out + acc : acc;
}

// The outputs of one block that one thread computes: rows [begin, end), all columns.
struct Rows {
  int64_t begin, end;
};

void block_portable(const PackedBlock& blk, float* c, int64_t n, Rows rows, bool add_to_c) {
  for (int64_t i = rows.begin; i < rows.end; ++i)
    for (int64_t j = 0; j < n; ++j) chain_one(blk, c, n, i, j, add_to_c);
}

#if defined(__x86_64__)
// 4 rows x 16 columns of chains in eight 8-lane registers, a panel of 256 columns at a time
// (its slice of the packed B stays in L2); the edges go one output at a time.
__attribute__((target("avx2,fma"))) void block_avx2(const PackedBlock& blk, float* c, int64_t n,
                                                    Rows rows, bool add_to_c) {
  constexpr int64_t kPanel = 256;
  const int64_t depth = blk.depth;
  const int64_t i4 = rows.begin + (rows.end - rows.begin) / 4 * 4, n16 = n / 16 * 16;
  for (int64_t j0 = 0; j0 < n16; j0 += kPanel) {
    const int64_t j1 = std::min(n16, j0 + kPanel);
    for (int64_t i = rows.begin; i < i4; i += 4) {
      const float* a0 = blk.a.data() + i * depth;
      for (int64_t j = j0; j < j1; j += 16) {
        __m256 acc[4][2];
        for (auto& row : acc) row[0] = row[1] = _mm256_setzero_ps();
        const float* bp = blk.b.data() + j;
        for (int64_t p = 0; p < depth; ++p, bp += blk.ldb) {
          const __m256 b0 = _mm256_loadu_ps(bp), b1 = _mm256_loadu_ps(bp + 8);
          for (int r = 0; r < 4; ++r) {
            const __m256 av = _mm256_broadcast_ss(a0 + r * depth + p);
            acc[r][0] = _mm256_fmadd_ps(av, b0, acc[r][0]);
            acc[r][1] = _mm256_fmadd_ps(av, b1, acc[r][1]);
          }
        }
        for (int r = 0; r < 4; ++r) {
          float* out = c + (i + r) * n + j;
          for (int h = 0; h < 2; ++h) {
            __m256 v = acc[r][h];
            if (add_to_c) v = _mm256_add_ps(_mm256_loadu_ps(out + 8 * h), v);
            _mm256_storeu_ps(out + 8 * h, v);
          }
        }
      }
    }
  }
  for (int64_t i = rows.begin; i < rows.end; ++i) {
    for (int64_t j = i < i4 ? n16 : 0; j < n; ++j) chain_one(blk, c, n, i, j, add_to_c);
  }
}

bool has_avx2_fma() {
  static const bool yes = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return yes;
}
#endif

void run_block(const PackedBlock& blk, float* c, int64_t n, Rows rows, bool add_to_c) {
#if defined(__x86_64__)
  if (has_avx2_fma()) return block_avx2(blk, c, n, rows, add_to_c);
#endif
  block_portable(blk, c, n, rows, add_to_c);
}

// Runs the block's rows on up to `threads` threads, in chunks of whole 4-row groups; a
// thread's outputs are its own, so the split does not change any sum.
void run_block_threaded(const PackedBlock& blk, float* c, int64_t m, int64_t n, bool add_to_c,
                        int threads) {
  constexpr double kFlopsPerThread = 4e6;  // below this a thread costs more than it saves
  const double flops = 2.0 * static_cast<double>(m) * static_cast<double>(n) * blk.depth;
  const int64_t groups = (m + 3) / 4;
  const int64_t tasks = std::min<int64_t>(
      {threads, groups, std::max<int64_t>(1, static_cast<int64_t>(flops / kFlopsPerThread))});
  if (tasks <= 1) return run_block(blk, c, n, Rows{0, m}, add_to_c);
  auto chunk = [&](int64_t t) {
    return Rows{std::min(m, groups * t / tasks * 4), std::min(m, groups * (t + 1) / tasks * 4)};
  };
  std::vector<std::thread> workers;
  for (int64_t t = 1; t < tasks; ++t) {
    workers.emplace_back([&blk, c, n, rows = chunk(t), add_to_c] {
      run_block(blk, c, n, rows, add_to_c);
    });
  }
  run_block(blk, c, n, chunk(0), add_to_c);
  for (std::thread& w : workers) w.join();
}

}  // namespace

void gemm_fused_blocks(FloatMatrix a, FloatMatrix b, float* c, int64_t m, int64_t n, int64_t k,
                       bool accumulate, int threads) {
  const int64_t block = fused_block_size(k);
  PackedBlock packed;
  for (int64_t k0 = 0; k0 < k; k0 += block) {
    pack(a, b, m, n, k0, std::min(block, k - k0), packed);
    run_block_threaded(packed, c, m, n, accumulate || k0 > 0, threads);
  }
}

void gemm_in_order(FloatMatrix a, FloatMatrix b, float* c, int64_t m, int64_t n, int64_t k,
                   bool accumulate) {
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int64_t p = 0; p < k; ++p) acc += a.at(i, p) * b.at(p, j);
      float& out = c[i * n + j];
      out = accumulate ? out + acc : acc;
    }
  }
}

float dot_in_lanes(const float* x, int64_t x_stride, const float* y, int64_t y_stride, int64_t k) {
  auto product = [&](int64_t p) { return x[p * x_stride] * y[p * y_stride]; };
  float acc[4][4] = {};
  int64_t p = 0;
  for (; p + 16 <= k; p += 16)
    for (int u = 0; u < 4; ++u)
      for (int l = 0; l < 4; ++l) acc[u][l] += product(p + 4 * u + l);
  for (; p + 4 <= k; p += 4)
    for (int l = 0; l < 4; ++l) acc[0][l] += product(p + l);
  float lane[4];
  for (int l = 0; l < 4; ++l) lane[l] = ((acc[0][l] + acc[1][l]) + acc[2][l]) + acc[3][l];
  float sum = (lane[0] + lane[2]) + (lane[1] + lane[3]);
  for (; p < k; ++p) sum += product(p);
  return sum;
}

}  // namespace tp::cpu
