// CudaBackend::reduce and softmax over the rows of a contiguous (outer, inner) tensor: one
// block per row (grid-stride over rows); each thread folds a strided slice of the row, then
// the block combines the partial results in shared memory. Floating sums accumulate in
// double, as cpu_reduce.cpp does, so results agree to the dtype's precision; integer sums
// and products wrap modulo 2^64 like the CPU's.
#include <cfloat>

#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"

namespace tp {

namespace {

using cuda::OpMath;

// A row's extreme so far: its value, its position (-1: none yet), and whether it is NaN.
template <typename M>
struct Best {
  M v;
  int64_t i;
  bool nan;
};

// The first NaN wins; otherwise the larger (smaller) value; ties go to the earlier index.
template <typename M>
__device__ Best<M> better(Best<M> a, Best<M> b, bool want_max) {
  if (a.i < 0) return b;
  if (b.i < 0) return a;
  if (a.nan || b.nan) {
    if (a.nan && b.nan) return a.i < b.i ? a : b;
    return a.nan ? a : b;
  }
  if (a.v == b.v) return a.i < b.i ? a : b;
  return (want_max ? a.v > b.v : a.v < b.v) ? a : b;
}

// Combines one value per thread into a value every thread gets back.
constexpr int kSharedBytes = cuda::kThreads * 24;
template <typename A, typename F>
__device__ A block_reduce(A v, unsigned char* raw, F combine) {
  static_assert(sizeof(A) <= 24, "shared buffer too small");
  A* shared = reinterpret_cast<A*>(raw);
  shared[threadIdx.x] = v;
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) shared[threadIdx.x] = combine(shared[threadIdx.x], shared[threadIdx.x + s]);
    __syncthreads();
  }
  A result = shared[0];
  __syncthreads();  // the buffer is reused by the next reduction
  return result;
}

template <typename T>
__global__ void reduce_kernel(ReduceOp op, const T* in, int64_t outer, int64_t inner, T* out_same,
                              int64_t* out_index, uint8_t* out_bool, int64_t* indices,
                              int64_t correction) {
  __shared__ alignas(16) unsigned char raw[kSharedBytes];
  using M = OpMath<T>;
  auto add = [](auto a, auto b) { return a + b; };
  auto mul = [](auto a, auto b) { return a * b; };
  for (int64_t r = blockIdx.x; r < outer; r += gridDim.x) {
    const T* row = in + r * inner;
    switch (op) {
      case ReduceOp::Sum:
      case ReduceOp::Prod:
      case ReduceOp::Mean:
      case ReduceOp::Var:
      case ReduceOp::Std:
        if constexpr (std::is_floating_point_v<M>) {
          double result;
          if (op == ReduceOp::Prod) {
            double p = 1;
            for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) p *= double(cuda::to_math(row[j]));
            result = block_reduce(p, raw, mul);
          } else {
            double s = 0;
            for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) s += double(cuda::to_math(row[j]));
            double sum = block_reduce(s, raw, add);
            result = op == ReduceOp::Sum ? sum : sum / double(inner);
            if (op == ReduceOp::Var || op == ReduceOp::Std) {
              // Second pass: squared deviations from the mean; too few degrees of freedom
              // divide by zero (inf or nan), as on the CPU.
              const double mean = result;
              double ss = 0;
              for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
                double d = double(cuda::to_math(row[j])) - mean;
                ss += d * d;
              }
              ss = block_reduce(ss, raw, add);
              double dof = double(inner) - double(correction) > 0 ? double(inner) - double(correction) : 0.0;
              result = ss / dof;
              if (op == ReduceOp::Std) result = sqrt(result);
            }
          }
          if (threadIdx.x == 0) out_same[r] = cuda::from_math<T>(static_cast<M>(result));
        } else {
          uint64_t acc = op == ReduceOp::Prod ? 1 : 0;
          for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
            uint64_t v = static_cast<uint64_t>(static_cast<int64_t>(row[j]));
            acc = op == ReduceOp::Prod ? acc * v : acc + v;
          }
          acc = op == ReduceOp::Prod ? block_reduce(acc, raw, mul) : block_reduce(acc, raw, add);
          if (threadIdx.x == 0) out_same[r] = static_cast<T>(static_cast<int64_t>(acc));
        }
        break;
      case ReduceOp::Max:
      case ReduceOp::Min:
      case ReduceOp::ArgMax:
      case ReduceOp::ArgMin: {
        const bool want_max = op == ReduceOp::Max || op == ReduceOp::ArgMax;
        Best<M> best{M(0), -1, false};
        for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
          M v = cuda::to_math(row[j]);
          best = better(best, Best<M>{v, j, cuda::is_nan(v)}, want_max);
        }
        best = block_reduce(best, raw,
                            [want_max](Best<M> a, Best<M> b) { return better(a, b, want_max); });
        if (threadIdx.x == 0 && best.i >= 0) {
          if (op == ReduceOp::ArgMax || op == ReduceOp::ArgMin) {
            out_index[r] = best.i;
          } else {
            out_same[r] = row[best.i];
            if (indices) indices[r] = best.i;
          }
        }
        break;
      }
      case ReduceOp::Any:
      case ReduceOp::All: {
        const bool want_any = op == ReduceOp::Any;
        int hit = 0;  // some element is nonzero (any) / zero (all)
        for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
          bool nonzero = cuda::to_math(row[j]) != M(0);
          if (nonzero == want_any) hit = 1;
        }
        hit = block_reduce(hit, raw, [](int a, int b) { return a | b; });
        if (threadIdx.x == 0) out_bool[r] = want_any ? hit : !hit;
        break;
      }
    }
  }
}

template <typename T>
__global__ void softmax_kernel(const T* in, T* out, int64_t outer, int64_t inner, bool log_out) {
  __shared__ alignas(16) unsigned char raw[kSharedBytes];
  for (int64_t r = blockIdx.x; r < outer; r += gridDim.x) {
    const T* x = in + r * inner;
    T* y = out + r * inner;
    // Subtracting the row max keeps exp() from overflowing; a NaN is skipped here as
    // std::max skips it on the CPU, and then makes the whole row NaN.
    double mx = -DBL_MAX * 2;  // -inf
    for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
      double v = double(cuda::to_math(x[j]));
      mx = mx < v ? v : mx;
    }
    mx = block_reduce(mx, raw, [](double a, double b) { return a < b ? b : a; });
    double sum = 0;
    for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) sum += exp(double(cuda::to_math(x[j])) - mx);
    sum = block_reduce(sum, raw, [](double a, double b) { return a + b; });
    const double log_sum = log(sum);
    for (int64_t j = threadIdx.x; j < inner; j += blockDim.x) {
      double v = double(cuda::to_math(x[j])) - mx;
      y[j] = cuda::from_math<T>(static_cast<OpMath<T>>(log_out ? v - log_sum : exp(v) / sum));
    }
  }
}

unsigned row_blocks(int64_t outer) { return static_cast<unsigned>(outer < 65535 ? outer : 65535); }

}  // namespace

void CudaBackend::reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                         int64_t correction, int64_t /*kept_columns*/) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  if (outer == 0) return;
  CudaDeviceGuard guard(out.device().index);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const bool arg = op == ReduceOp::ArgMax || op == ReduceOp::ArgMin;
    const bool boolean = op == ReduceOp::Any || op == ReduceOp::All;
    T* out_same = arg || boolean ? nullptr : out.data<T>();
    int64_t* out_index = arg ? out.data<int64_t>() : nullptr;
    uint8_t* out_bool = boolean ? static_cast<uint8_t*>(out.data_ptr()) : nullptr;
    int64_t* idx = indices.defined() ? indices.data<int64_t>() : nullptr;
    reduce_kernel<T><<<row_blocks(outer), cuda::kThreads>>>(op, in.data<T>(), outer, inner, out_same,
                                                            out_index, out_bool, idx, correction);
    CUDA_CHECK_LAUNCH();
  });
}

void CudaBackend::softmax(const Tensor& in, const Tensor& out, bool log) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  if (outer == 0 || inner == 0) return;
  CudaDeviceGuard guard(out.device().index);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_floating_point_v<OpMath<T>>) {
      softmax_kernel<T><<<row_blocks(outer), cuda::kThreads>>>(in.data<T>(), out.data<T>(), outer,
                                                               inner, log);
      CUDA_CHECK_LAUNCH();
    } else {
      TP_ASSERT(false && "softmax of a non-floating dtype");
    }
  });
}

}  // namespace tp
