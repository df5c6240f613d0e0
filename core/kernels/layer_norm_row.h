// One row of layer normalization, written once for the CPU backend (which the simulated GPU
// reuses) and the CUDA backend's one-thread-per-row kernel: the row's mean and variance in
// the order ATen's CPU kernel takes (RowwiseMoments: Welford updates in 8 lanes of float, 4
// of double, over chunks of 16 steps merged as a cascade; the tail and the lanes merged
// last), then y = fma((x - mean) * rstd, weight, bias). Measured against PyTorch 2.15: every
// mean, rstd and output bit equal (its layer norm runs the AVX2 kernel, 256-bit vectors).
#pragma once

#include <cmath>
#include <cstdint>

#include "core/kernels/kernel_ctx.h"
#include "core/kernels/rounded_ops.h"

namespace tp::kernels {

template <typename T>
struct RowMoments {
  T mean, var;  // var: biased (divided by the row's length)
};

// ATen's moments of `count` values merged into a running (m0, m1, m2), one lane.
template <typename T>
TP_KERNEL_FN void merge_moments(int64_t count, T mean_add, T m2_add, int64_t& m0, T& m1, T& m2) {
  const int64_t n = m0 + count;
  const T c = n == 0 ? T(0) : T(count) / T(n);
  const T delta = sub_rn(mean_add, m1);
  m1 = fma_rn(c, delta, m1);
  m2 = add_rn(m2, fma_rn(mul_rn(mul_rn(delta, delta), c), T(m0), m2_add));
  m0 = n;
}

// The same merge for a whole vector of lanes (AddMomentsVec).
template <typename T, int kLanes>
TP_KERNEL_FN void merge_lanes(int64_t count, const T* mean_add, const T* m2_add, int64_t& m0,
                              T* m1, T* m2) {
  const int64_t n = m0 + count;
  const T c = n == 0 ? T(0) : T(count) / T(n);
  for (int l = 0; l < kLanes; ++l) {
    const T delta = sub_rn(mean_add[l], m1[l]);
    const T sum_m2 = add_rn(m2[l], m2_add[l]);
    const T c_delta = mul_rn(c, delta);
    const T m0_delta = mul_rn(delta, T(m0));
    m1[l] = add_rn(m1[l], c_delta);
    m2[l] = fma_rn(m0_delta, c_delta, sum_m2);
  }
  m0 = n;
}

// The mean and biased variance of x[0..n) in ATen's RowwiseMoments order.
template <typename T>
TP_KERNEL_FN RowMoments<T> row_moments(const T* x, int64_t n) {
  constexpr int kLanes = 32 / sizeof(T);  // one 256-bit vector
  constexpr int64_t kChunk = 16;
  constexpr int kMaxDepth = 64;
  const int64_t vectors = n / kLanes;
  const int64_t chunks = (vectors + kChunk - 1) / kChunk;
  int depth = 0;
  while ((int64_t{1} << depth) < chunks) ++depth;
  int64_t m0_stack[kMaxDepth] = {};
  T m1_stack[kMaxDepth][kLanes] = {};
  T m2_stack[kMaxDepth][kLanes] = {};
  for (int64_t i = 0; i < chunks; ++i) {
    const T* chunk = x + i * kChunk * kLanes;
    const int64_t steps = kChunk < vectors - i * kChunk ? kChunk : vectors - i * kChunk;
    T m1[kLanes] = {}, m2[kLanes] = {};
    for (int64_t j = 0; j < steps; ++j) {
      const T inv = T(1) / T(j + 1);
      for (int l = 0; l < kLanes; ++l) {
        const T v = chunk[j * kLanes + l];
        const T delta = sub_rn(v, m1[l]);
        m1[l] = fma_rn(inv, delta, m1[l]);
        m2[l] = fma_rn(delta, sub_rn(v, m1[l]), m2[l]);
      }
    }
    merge_lanes<T, kLanes>(steps, m1, m2, m0_stack[0], m1_stack[0], m2_stack[0]);
    // A binary counter of merged chunks: a full level merges into the next (pairwise).
    int64_t mask = i + 1;
    for (int d = 1; d < depth && (mask & 1) == 0; ++d) {
      merge_lanes<T, kLanes>(m0_stack[d - 1], m1_stack[d - 1], m2_stack[d - 1], m0_stack[d],
                             m1_stack[d], m2_stack[d]);
      m0_stack[d - 1] = 0;
      for (int l = 0; l < kLanes; ++l) m1_stack[d - 1][l] = m2_stack[d - 1][l] = T(0);
      mask >>= 1;
    }
  }
  for (int d = 1; d < depth; ++d)
    merge_lanes<T, kLanes>(m0_stack[d], m1_stack[d], m2_stack[d], m0_stack[0], m1_stack[0],
                           m2_stack[0]);
  int64_t m0 = 0;
  T m1 = 0, m2 = 0;
  for (int64_t i = vectors * kLanes; i < n; ++i) {  // the tail, one value at a time
    const T delta = sub_rn(x[i], m1);
    ++m0;
    m1 = add_rn(m1, delta / T(m0));
    m2 = add_rn(m2, mul_rn(delta, sub_rn(x[i], m1)));  // not fused here (measured)
  }
  for (int l = 0; l < kLanes; ++l) merge_moments(vectors, m1_stack[0][l], m2_stack[0][l], m0, m1, m2);
  return {m1, m2 / T(n)};
}

// y[0..n) for one row, and its mean and 1 / sqrt(var + eps); weight/bias may be null.
template <typename T>
TP_KERNEL_FN void layer_norm_row(const T* x, const T* weight, const T* bias, T eps, int64_t n,
                                 T* y, T* mean_out, T* rstd_out) {
  const RowMoments<T> m = row_moments(x, n);
  const T rstd = T(1) / sqrt_rn(add_rn(m.var, eps));
  for (int64_t j = 0; j < n; ++j) {
    const T centered = mul_rn(sub_rn(x[j], m.mean), rstd);
    y[j] = fma_rn(centered, weight ? weight[j] : T(1), bias ? bias[j] : T(0));
  }
  *mean_out = m.mean;
  *rstd_out = rstd;
}

}  // namespace tp::kernels
