// CpuBackend::select: kthvalue, median, nanmedian and mode of each row, picking among equal
// values the position ATen's CPU kernels pick (aten/src/ATen/native/Sorting.cpp and
// SortingUtils.h: a quickselect for kthvalue, std::nth_element over positions for the
// medians, std::sort of (value, position) pairs for mode).
#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/scalar_ops.h"

namespace tp {

namespace {

// Values compared as ATen compares them: 16-bit floats through float, others as they are.
template <typename T>
scalar::OpMath<T> math(T v) {
  return static_cast<scalar::OpMath<T>>(v);
}

template <typename T>
bool is_nan(T v) {
  if constexpr (scalar::is_float_like<T>) return std::isnan(math(v));
  else return false;
}

// ATen's quick_select_template with NaN above every number: partitions vals (and their
// positions alongside) until position k holds the k-th smallest. Median-of-three pivot,
// Hoare partition; which of several equal values lands at k follows from these swaps.
template <typename T>
void quick_select(T* vals, int64_t* pos, int64_t n, int64_t k) {
  auto gt_or_nan = [](T x, T y) { return (is_nan(x) && !is_nan(y)) || math(x) > math(y); };
  auto swap_at = [&](int64_t i, int64_t j) {
    std::swap(vals[i], vals[j]);
    std::swap(pos[i], pos[j]);
  };
  int64_t lo = 0, hi = n - 1;
  while (true) {
    if (hi <= lo) return;
    if (hi == lo + 1) {
      if (gt_or_nan(vals[lo], vals[hi])) swap_at(lo, hi);
      return;
    }
    const int64_t mid = lo + (hi - lo) / 2;
    swap_at(mid, lo + 1);
    if (gt_or_nan(vals[lo + 1], vals[hi])) swap_at(lo + 1, hi);
    if (gt_or_nan(vals[lo], vals[hi])) swap_at(lo, hi);
    if (gt_or_nan(vals[lo + 1], vals[lo])) swap_at(lo + 1, lo);
    int64_t i = lo + 1, j = hi;
    const T pivot = vals[lo];
    while (true) {
      do ++i; while (gt_or_nan(pivot, vals[i]));
      do --j; while (gt_or_nan(vals[j], pivot));
      if (j < i) break;
      swap_at(i, j);
    }
    swap_at(lo, j);
    if (j <= k) lo = i;
    if (j >= k) hi = j - 1;
  }
}

// kthvalue of one row: the value and position quickselect leaves at k.
template <typename T>
std::pair<T, int64_t> kth_of(const T* row, int64_t n, int64_t k) {
  std::unique_ptr<T[]> vals(new T[n]);  // not std::vector: vector<bool> has no element references
  std::copy(row, row + n, vals.get());
  std::vector<int64_t> pos(static_cast<size_t>(n));
  std::iota(pos.begin(), pos.end(), 0);
  quick_select(vals.get(), pos.data(), n, k);
  return {vals[k], pos[k]};
}

// median / nanmedian of one row (ATen's median_with_indices_impl): median returns the first
// NaN if there is one; both partition positions by (value, position), NaNs last, around the
// lower median of the values they consider.
template <typename T>
std::pair<T, int64_t> median_of(const T* row, int64_t n, bool ignore_nan) {
  if (!ignore_nan) {
    const T* nan = std::find_if(row, row + n, [](T v) { return is_nan(v); });
    if (nan != row + n) return {*nan, nan - row};
  }
  const int64_t nans = ignore_nan ? std::count_if(row, row + n, [](T v) { return is_nan(v); }) : 0;
  std::vector<int64_t> pos(static_cast<size_t>(n));
  std::iota(pos.begin(), pos.end(), 0);
  auto kth = pos.begin() + (n - nans - 1) / 2;
  // nanmedian's order also puts NaNs after every number (all NaNs are alike to it).
  std::nth_element(pos.begin(), kth, pos.end(), [row, ignore_nan](int64_t i, int64_t j) {
    return math(row[i]) < math(row[j]) || (math(row[i]) == math(row[j]) && i < j) ||
           (ignore_nan && is_nan(row[j]) && !is_nan(row[i]));
  });
  return {row[*kth], *kth};
}

// mode of one row (ATen's mode_kernel_impl): (value, position) pairs sorted by value with
// std::sort, then the first value (in that order) of the longest run; its position is
// that of the run's last pair.
template <typename T>
std::pair<T, int64_t> mode_of(const T* row, int64_t n) {
  std::vector<std::pair<T, int64_t>> elements(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) elements[i] = {row[i], i};
  std::sort(elements.begin(), elements.end(), [](const auto& a, const auto& b) { return math(a.first) < math(b.first); });
  T mode = T(0);
  int64_t mode_pos = 0, run = 0, best = 0;
  for (int64_t i = 0; i < n; ++i) {
    ++run;
    if (i == n - 1 || math(elements[i].first) != math(elements[i + 1].first)) {
      if (run > best) {
        mode = elements[i].first;
        mode_pos = elements[i].second;
        best = run;
      }
      run = 0;
    }
  }
  return {mode, mode_pos};
}

}  // namespace

void CpuBackend::select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = in.data<T>();
    for (int64_t r = 0; r < outer; ++r) {
      const T* row = src + r * inner;
      std::pair<T, int64_t> picked;
      switch (op) {
        case SelectOp::Kth: picked = kth_of(row, inner, k); break;
        case SelectOp::Median: picked = median_of(row, inner, false); break;
        case SelectOp::NanMedian: picked = median_of(row, inner, true); break;
        case SelectOp::Mode: picked = mode_of(row, inner); break;
      }
      values.data<T>()[r] = picked.first;
      indices.data<int64_t>()[r] = picked.second;
    }
  });
}

}  // namespace tp
