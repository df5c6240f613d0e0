// CPU reductions over the rows of a contiguous (outer, inner) tensor, and softmax along
// rows. float32 and float64 sums and means add in PyTorch's order (cascade_sum.h); the
// other floating reductions accumulate in double.
#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <vector>

#include "core/backends/cpu/cascade_sum.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/scalar_ops.h"
#include "core/error.h"

namespace tp {

namespace {

using scalar::as_double;
using scalar::is_float_like;

// Pairwise sum of p[0..n) in double: error grows with log(n), not n.
template <typename T>
double pairwise_sum(const T* p, int64_t n) {
  if (n <= 16) {
    double s = 0;
    for (int64_t i = 0; i < n; ++i) s += as_double(p[i]);
    return s;
  }
  int64_t half = n / 2;
  return pairwise_sum(p, half) + pairwise_sum(p + half, n - half);
}

// Sum, product, mean, variance and std of one row of a floating dtype.
template <typename T>
double float_row(ReduceOp op, const T* row, int64_t n, int64_t correction) {
  switch (op) {
    case ReduceOp::Sum: return pairwise_sum(row, n);
    case ReduceOp::Mean: return pairwise_sum(row, n) / static_cast<double>(n);
    case ReduceOp::Prod: {
      double p = 1;
      for (int64_t i = 0; i < n; ++i) p *= as_double(row[i]);
      return p;
    }
    case ReduceOp::Var:
    case ReduceOp::Std: {
      // Two passes: mean, then squared deviations. Too few degrees of freedom divide
      // by zero (inf or nan), as PyTorch does after its warning.
      double mean = pairwise_sum(row, n) / static_cast<double>(n);
      double ss = 0;
      for (int64_t i = 0; i < n; ++i) {
        double d = as_double(row[i]) - mean;
        ss += d * d;
      }
      double dof = std::max<double>(0.0, static_cast<double>(n) - static_cast<double>(correction));
      double var = ss / dof;
      return op == ReduceOp::Std ? std::sqrt(var) : var;
    }
    default: break;
  }
  TP_ASSERT(false && "not a floating row reduction");
  return 0;
}

// Sum or product of one integer row, wrapping on overflow like int64 arithmetic does.
template <typename T>
T integral_row(ReduceOp op, const T* row, int64_t n) {
  uint64_t acc = op == ReduceOp::Prod ? 1 : 0;
  for (int64_t i = 0; i < n; ++i) {
    uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(row[i]));
    acc = op == ReduceOp::Prod ? acc * v : acc + v;
  }
  return static_cast<T>(static_cast<int64_t>(acc));
}

// Index of a row's max (or min): the first NaN if there is one, else the first extreme.
template <typename T>
int64_t extreme_index(const T* row, int64_t n, bool want_max) {
  int64_t best = 0;
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (is_float_like<T>) {
      double v = as_double(row[i]);
      if (std::isnan(v)) return i;
      double b = as_double(row[best]);
      if (want_max ? v > b : v < b) best = i;
    } else {
      if (want_max ? row[i] > row[best] : row[i] < row[best]) best = i;
    }
  }
  return best;
}

}  // namespace

void CpuBackend::reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                        int64_t correction, int64_t kept_columns) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = in.data<T>();
    for (int64_t r = 0; r < outer; ++r) {
      const T* row = src + r * inner;
      switch (op) {
        case ReduceOp::Sum:
        case ReduceOp::Mean:
          if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
            // PyTorch's mean is its sum, divided by the count in T.
            T sum = cpu::cascade_sum<T>(row, inner, cpu::sum_walk<T>(kept_columns, r, inner));
            out.data<T>()[r] = op == ReduceOp::Sum ? sum : sum / static_cast<T>(inner);
            break;
          }
          [[fallthrough]];
        case ReduceOp::Prod:
        case ReduceOp::Var:
        case ReduceOp::Std:
          if constexpr (is_float_like<T>) {
            out.data<T>()[r] = static_cast<T>(float_row(op, row, inner, correction));
          } else {
            TP_ASSERT(op == ReduceOp::Sum || op == ReduceOp::Prod);
            out.data<T>()[r] = integral_row(op, row, inner);
          }
          break;
        case ReduceOp::Max:
        case ReduceOp::Min: {
          int64_t i = extreme_index(row, inner, op == ReduceOp::Max);
          out.data<T>()[r] = row[i];
          if (indices.defined()) indices.data<int64_t>()[r] = i;
          break;
        }
        case ReduceOp::ArgMax:
        case ReduceOp::ArgMin:
          out.data<int64_t>()[r] = extreme_index(row, inner, op == ReduceOp::ArgMax);
          break;
        case ReduceOp::Any:
        case ReduceOp::All: {
          // out is bool, or uint8 for a uint8 input (PyTorch keeps uint8 there).
          bool want_any = op == ReduceOp::Any;
          bool result = !want_any;
          for (int64_t i = 0; i < inner; ++i) {
            bool nonzero = as_double(row[i]) != 0.0;
            if (nonzero == want_any) {
              result = want_any;
              break;
            }
          }
          static_cast<uint8_t*>(out.data_ptr())[r] = result ? 1 : 0;
          break;
        }
      }
    }
  });
}

void CpuBackend::scan(ScanOp op, const Tensor& in, const Tensor& out) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = scalar::ScanAcc<T>;
    const T* src = in.data<T>();
    T* dst = out.data<T>();
    for (int64_t r = 0; r < outer; ++r) {
      Acc acc = op == ScanOp::Sum ? Acc(0) : Acc(1);
      for (int64_t i = 0; i < inner; ++i) {
        const Acc x = static_cast<Acc>(src[r * inner + i]);
        acc = scalar::scan_step(acc, x, op == ScanOp::Prod);
        dst[r * inner + i] = static_cast<T>(acc);
      }
    }
  });
}

void CpuBackend::sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = in.data<T>();
    T* out = values.data<T>();
    int64_t* idx = indices.data<int64_t>();
    std::vector<int64_t> order(static_cast<size_t>(inner));
    for (int64_t r = 0; r < outer; ++r) {
      const T* row = src + r * inner;
      for (int64_t i = 0; i < inner; ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
        return scalar::sorts_before(row[a], row[b], descending);
      });
      for (int64_t i = 0; i < inner; ++i) {
        out[r * inner + i] = row[order[i]];
        idx[r * inner + i] = order[i];
      }
    }
  });
}

void CpuBackend::softmax(const Tensor& in, const Tensor& out, bool log) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_like<T>) {
      const T* src = in.data<T>();
      T* dst = out.data<T>();
      for (int64_t r = 0; r < outer; ++r) {
        const T* x = src + r * inner;
        T* y = dst + r * inner;
        // Subtracting the row max keeps exp() from overflowing.
        double mx = -std::numeric_limits<double>::infinity();
        for (int64_t i = 0; i < inner; ++i) mx = std::max(mx, as_double(x[i]));
        double sum = 0;
        for (int64_t i = 0; i < inner; ++i) sum += std::exp(as_double(x[i]) - mx);
        double log_sum = std::log(sum);
        for (int64_t i = 0; i < inner; ++i) {
          double v = as_double(x[i]) - mx;
          y[i] = static_cast<T>(log ? v - log_sum : std::exp(v) / sum);
        }
      }
    } else {
      TP_ASSERT(false && "softmax of a non-floating dtype");
    }
  });
}

}  // namespace tp
