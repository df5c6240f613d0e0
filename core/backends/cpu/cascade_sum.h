// The order in which PyTorch's CPU sum kernel adds floating values (ATen/native/cpu/
// SumKernel.cpp, one thread, 32-byte vectors, as measured against PyTorch 2.15 on this project's machines),
// so that sum() and mean() on tensorplay's CPU give PyTorch's float32 digits, not values
// that are merely as accurate.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>

namespace tp::cpu {

// How ATen walks one output's values. Chain: one accumulator over all of them; Split: four
// accumulators taking every fourth value (row_sum's "ilp"), added together at the end.
// Vectorized: values in vectors of kLanes, each lane summed as Split, then the tail that
// fills no vector and finally the lanes.
enum class SumWalk { Chain, Split, Vectorized };

// Which walk ATen takes for output `output` of a reduction of `count` values each.
// kept_columns: 0 when the reduced dims are the input's innermost; otherwise ATen sums down
// that many columns (a sum over dim 0 of a matrix) and `output` is one of them, modulo.
template <typename Acc>
SumWalk sum_walk(int64_t kept_columns, int64_t output, int64_t count) {
  constexpr int64_t lanes = 32 / sizeof(Acc);
  if (kept_columns == 0) return count >= lanes ? SumWalk::Vectorized : SumWalk::Split;
  // vectorized_outer_sum (4 vectors of columns at a time) or scalar_outer_sum (4 columns).
  const int64_t group = kept_columns >= lanes ? 4 * lanes : 4;
  const int64_t column = output % kept_columns;
  return column < kept_columns / group * group ? SumWalk::Chain : SumWalk::Split;
}

namespace cascade_detail {

inline int64_t ceil_log2(int64_t x) {
  if (x <= 2) return 1;
  return 64 - __builtin_clzll(static_cast<uint64_t>(x - 1));
}

// multi_row_sum for one accumulator: values at(0..size) through four cascade levels, so
// each level sums at most 2^level_power partial sums of similar size.
template <typename Acc, typename At>
Acc chain(int64_t size, const At& at) {
  const int64_t level_power = std::max<int64_t>(4, ceil_log2(size) / 4);
  const int64_t level_step = int64_t{1} << level_power;
  const int64_t level_mask = level_step - 1;
  std::array<Acc, 4> acc{};
  int64_t i = 0;
  while (i + level_step <= size) {
    for (int64_t j = 0; j < level_step; ++j, ++i) acc[0] += at(i);
    for (int j = 1; j < 4; ++j) {
      acc[j] += acc[j - 1];
      acc[j - 1] = Acc(0);
      if ((i & (level_mask << (j * level_power))) != 0) break;
    }
  }
  for (; i < size; ++i) acc[0] += at(i);
  for (int j = 1; j < 4; ++j) acc[0] += acc[j];
  return acc[0];
}

// row_sum: four interleaved chains, the leftover values into the first, then combined.
template <typename Acc, typename At>
Acc split(int64_t size, const At& at) {
  const int64_t rows = size / 4;
  std::array<Acc, 4> partial;
  for (int64_t k = 0; k < 4; ++k) {
    partial[k] = chain<Acc>(rows, [&](int64_t r) { return at(r * 4 + k); });
  }
  for (int64_t i = rows * 4; i < size; ++i) partial[0] += at(i);
  for (int k = 1; k < 4; ++k) partial[0] += partial[k];
  return partial[0];
}

}  // namespace cascade_detail

// The sum of p[0..n) added in ATen's order for `walk`, accumulated in Acc.
template <typename Acc, typename T>
Acc cascade_sum(const T* p, int64_t n, SumWalk walk) {
  using namespace cascade_detail;
  auto at = [p](int64_t i) { return static_cast<Acc>(p[i]); };
  if (walk == SumWalk::Chain) return chain<Acc>(n, at);
  if (walk == SumWalk::Split) return split<Acc>(n, at);
  constexpr int64_t lanes = 32 / sizeof(Acc);
  const int64_t vectors = n / lanes;
  std::array<Acc, lanes> lane_sums;
  for (int64_t l = 0; l < lanes; ++l) {
    lane_sums[l] = split<Acc>(vectors, [&](int64_t v) { return at(v * lanes + l); });
  }
  Acc total = 0;
  for (int64_t i = vectors * lanes; i < n; ++i) total += at(i);
  for (int64_t l = 0; l < lanes; ++l) total += lane_sums[l];
  return total;
}

}  // namespace tp::cpu
