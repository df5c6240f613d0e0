// Walks the elements of N same-shaped strided operands. Dims are coalesced first, so a
// contiguous tensor becomes one flat inner loop that the compiler can vectorise.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "core/tensor.h"

namespace tp::cpu {

// Calls inner(base, step, n) for runs of n elements: operand k's element offsets are
// base[k], base[k] + step[k], ... (offsets and strides in elements).
template <size_t N, typename Inner>
void strided_runs(const Shape& sizes, const std::array<const Shape*, N>& strides, Inner&& inner) {
  // Nothing to walk in an empty tensor (checked first: its other dims may be huge).
  for (int64_t size : sizes) {
    if (size == 0) return;
  }
  // Collapse: drop size-1 dims, merge dims that are contiguous with their neighbour.
  std::vector<int64_t> dsize;
  std::vector<std::array<int64_t, N>> dstride;
  for (size_t d = 0; d < sizes.size(); ++d) {
    if (sizes[d] == 1) continue;
    std::array<int64_t, N> s;
    for (size_t k = 0; k < N; ++k) s[k] = (*strides[k])[d];
    if (!dsize.empty()) {
      bool mergeable = true;
      for (size_t k = 0; k < N; ++k) mergeable &= dstride.back()[k] == s[k] * sizes[d];
      if (mergeable) {
        dsize.back() *= sizes[d];
        dstride.back() = s;
        continue;
      }
    }
    dsize.push_back(sizes[d]);
    dstride.push_back(s);
  }
  std::array<int64_t, N> base{};
  if (dsize.empty()) {
    std::array<int64_t, N> step{};
    inner(base, step, int64_t{1});
    return;
  }
  const size_t nd = dsize.size();
  const int64_t n = dsize[nd - 1];
  const std::array<int64_t, N> step = dstride[nd - 1];
  std::vector<int64_t> counter(nd, 0);
  while (true) {
    inner(base, step, n);
    size_t d = nd - 1;
    while (true) {
      if (d == 0) return;
      --d;
      ++counter[d];
      for (size_t k = 0; k < N; ++k) base[k] += dstride[d][k];
      if (counter[d] < dsize[d]) break;
      for (size_t k = 0; k < N; ++k) base[k] -= dstride[d][k] * dsize[d];
      counter[d] = 0;
    }
  }
}

// Calls f(offsets) once per element, offsets[k] being operand k's element offset.
template <size_t N, typename F>
void strided_for_each(const Shape& sizes, const std::array<const Shape*, N>& strides, F&& f) {
  strided_runs<N>(sizes, strides,
                  [&](const std::array<int64_t, N>& base, const std::array<int64_t, N>& step,
                      int64_t n) {
                    std::array<int64_t, N> off = base;
                    for (int64_t i = 0; i < n; ++i) {
                      f(off);
                      for (size_t k = 0; k < N; ++k) off[k] += step[k];
                    }
                  });
}

}  // namespace tp::cpu
