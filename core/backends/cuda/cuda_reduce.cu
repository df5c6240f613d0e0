// CudaBackend::reduce and softmax over the rows of a contiguous (outer, inner) tensor.
// Reductions: each row is split into pieces so that few long rows still fill the GPU; a
// block folds a piece (each thread a strided slice, then a tree in shared memory), and a
// second kernel combines each row's pieces in order. Floating sums accumulate in double,
// as cpu_reduce.cpp does, so results agree to the dtype's precision; integer sums and
// products wrap modulo 2^64 like the CPU's. Softmax: one block per row.
#include <algorithm>
#include <cfloat>
#include <type_traits>

#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_scratch.h"
#include "core/backends/cuda/cuda_streams.h"

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

// What a reduction folds, one policy per kind of op: State (the running value), init(),
// fold(state, element, its index), combine(state, state) and finish(state, row) writing the
// row's result. States are combined in a fixed order, so results do not change between runs.
template <typename T>
struct Outputs {
  T* same = nullptr;         // sum, mean, prod, var, std, max, min
  int64_t* index = nullptr;  // argmax, argmin
  uint8_t* boolean = nullptr;  // any, all
  int64_t* indices = nullptr;  // max/min's positions, when asked for
};

// Floating sums and means, accumulated in double as cpu_reduce.cpp does.
template <typename T>
struct FloatSum {
  using State = double;
  bool mean;
  int64_t inner;
  __device__ State init() const { return 0; }
  __device__ State fold(State s, OpMath<T> x, int64_t) const { return s + double(x); }
  __device__ State combine(State a, State b) const { return a + b; }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    out.same[r] = cuda::from_math<T>(static_cast<OpMath<T>>(mean ? s / double(inner) : s));
  }
};

template <typename T>
struct FloatProd {
  using State = double;
  __device__ State init() const { return 1; }
  __device__ State fold(State s, OpMath<T> x, int64_t) const { return s * double(x); }
  __device__ State combine(State a, State b) const { return a * b; }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    out.same[r] = cuda::from_math<T>(static_cast<OpMath<T>>(s));
  }
};

// Variance by Welford's update and Chan's combination, in double: one pass that splits
// across blocks. Too few degrees of freedom divide by zero (inf or nan), as on the CPU.
struct Moments {
  double n, mean, m2;
};
template <typename T>
struct FloatVar {
  using State = Moments;
  bool std;
  int64_t correction;
  __device__ State init() const { return {0, 0, 0}; }
  __device__ State fold(State s, OpMath<T> x, int64_t) const {
    const double v = double(x), d = v - s.mean;
    s.n += 1;
    s.mean += d / s.n;
    s.m2 += d * (v - s.mean);
    return s;
  }
  __device__ State combine(State a, State b) const {
    if (a.n == 0) return b;
    if (b.n == 0) return a;
    const double n = a.n + b.n, d = b.mean - a.mean;
    return {n, a.mean + d * (b.n / n), a.m2 + b.m2 + d * d * (a.n * b.n / n)};
  }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    const double dof = s.n - double(correction) > 0 ? s.n - double(correction) : 0.0;
    const double var = s.m2 / dof;
    out.same[r] = cuda::from_math<T>(static_cast<OpMath<T>>(std ? sqrt(var) : var));
  }
};

// Integer sums and products wrap modulo 2^64 like the CPU's.
template <typename T>
struct IntegerFold {
  using State = uint64_t;
  bool prod;
  __device__ State init() const { return prod ? 1 : 0; }
  __device__ State fold(State s, OpMath<T> x, int64_t) const {
    const auto v = static_cast<uint64_t>(static_cast<int64_t>(x));
    return prod ? s * v : s + v;
  }
  __device__ State combine(State a, State b) const { return prod ? a * b : a + b; }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    out.same[r] = static_cast<T>(static_cast<int64_t>(s));
  }
};

// max, min, argmax, argmin: the element wins by better(); the value is read back from the
// input so it keeps its exact bits.
template <typename T>
struct Extreme {
  using State = Best<OpMath<T>>;
  bool want_max, want_index;
  const T* in;
  int64_t inner;
  __device__ State init() const { return {OpMath<T>(0), -1, false}; }
  __device__ State fold(State s, OpMath<T> x, int64_t j) const {
    return better(s, State{x, j, cuda::is_nan(x)}, want_max);
  }
  __device__ State combine(State a, State b) const { return better(a, b, want_max); }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    if (s.i < 0) return;
    if (want_index) {
      out.index[r] = s.i;
    } else {
      out.same[r] = in[r * inner + s.i];
      if (out.indices) out.indices[r] = s.i;
    }
  }
};

template <typename T>
struct AnyAll {
  using State = int;  // some element is nonzero (any) / zero (all)
  bool any;
  __device__ State init() const { return 0; }
  __device__ State fold(State s, OpMath<T> x, int64_t) const {
    return s | ((x != OpMath<T>(0)) == any ? 1 : 0);
  }
  __device__ State combine(State a, State b) const { return a | b; }
  __device__ void finish(State s, int64_t r, const Outputs<T>& out) const {
    out.boolean[r] = any ? s : !s;
  }
};

// Phase one: block (piece, row) folds elements [piece * piece_len, +piece_len) of the row,
// each thread a strided slice, then the block combines them in shared memory. With one
// piece per row the block writes the row's result; otherwise its state goes to `partial`.
template <typename T, typename P>
__global__ void reduce_pieces_kernel(P p, const T* in, int64_t outer, int64_t inner,
                                     int64_t piece_len, int64_t pieces,
                                     typename P::State* partial, Outputs<T> out) {
  __shared__ alignas(16) unsigned char raw[kSharedBytes];
  using State = typename P::State;
  const int64_t begin = blockIdx.x * piece_len;
  const int64_t end = begin + piece_len < inner ? begin + piece_len : inner;
  for (int64_t r = blockIdx.y; r < outer; r += gridDim.y) {
    const T* row = in + r * inner;
    State s = p.init();
    for (int64_t j = begin + threadIdx.x; j < end; j += blockDim.x) s = p.fold(s, cuda::to_math(row[j]), j);
    s = block_reduce(s, raw, [&p](State a, State b) { return p.combine(a, b); });
    if (threadIdx.x != 0) continue;
    if (pieces == 1) p.finish(s, r, out);
    else partial[r * pieces + blockIdx.x] = s;
  }
}

// Phase two: one block per row combines the row's pieces in order and writes the result.
template <typename T, typename P>
__global__ void reduce_finish_kernel(P p, const typename P::State* partial, int64_t outer,
                                     int64_t pieces, Outputs<T> out) {
  __shared__ alignas(16) unsigned char raw[kSharedBytes];
  using State = typename P::State;
  for (int64_t r = blockIdx.x; r < outer; r += gridDim.x) {
    State s = p.init();
    for (int64_t c = threadIdx.x; c < pieces; c += blockDim.x) s = p.combine(s, partial[r * pieces + c]);
    s = block_reduce(s, raw, [&p](State a, State b) { return p.combine(a, b); });
    if (threadIdx.x == 0) p.finish(s, r, out);
  }
}

unsigned row_blocks(int64_t outer) { return static_cast<unsigned>(outer < 65535 ? outer : 65535); }

// Splits long rows into pieces so that a few rows still fill the GPU (a full sum of 2^24
// elements in one block ran at 2.7 GB/s on an H200): about 1024 blocks in all, each piece
// at least 16 elements per thread.
int64_t pieces_per_row(int64_t outer, int64_t inner) {
  const int64_t min_piece = int64_t{cuda::kThreads} * 16;
  int64_t pieces = (1024 + outer - 1) / outer;
  const int64_t most = (inner + min_piece - 1) / min_piece;
  if (pieces > most) pieces = most;
  return pieces < 1 ? 1 : pieces;
}

template <typename T, typename P>
void launch_reduce(const P& p, const T* in, int64_t outer, int64_t inner, const Outputs<T>& out,
                   int device) {
  const int64_t pieces = pieces_per_row(outer, inner);
  const int64_t piece_len = (inner + pieces - 1) / pieces;
  const dim3 grid(static_cast<unsigned>(pieces), row_blocks(outer));
  if (pieces == 1) {
    reduce_pieces_kernel<T, P><<<grid, cuda::kThreads, 0, cuda::current_stream()>>>(
        p, in, outer, inner, piece_len, 1, nullptr, out);
    CUDA_CHECK_LAUNCH();
    return;
  }
  using State = typename P::State;
  cuda::Scratch partial(device, sizeof(State) * pieces * outer);
  auto* states = static_cast<State*>(partial.ptr);
  reduce_pieces_kernel<T, P><<<grid, cuda::kThreads, 0, cuda::current_stream()>>>(
      p, in, outer, inner, piece_len, pieces, states, out);
  CUDA_CHECK_LAUNCH();
  reduce_finish_kernel<T, P><<<row_blocks(outer), cuda::kThreads, 0, cuda::current_stream()>>>(
      p, states, outer, pieces, out);
  CUDA_CHECK_LAUNCH();
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

// sort's order of two values: NaN above every number (ATen's comparators).
template <typename T>
__device__ bool sorts_before(T a, T b, bool descending) {
  const auto x = cuda::to_math(a), y = cuda::to_math(b);
  const bool xn = x != x, yn = y != y;  // NaN (never true for integers)
  if (xn || yn) return descending ? xn && !yn : !xn && yn;
  return descending ? y < x : x < y;
}

// One thread per row: a stable bottom-up merge sort of (value, position) pairs through the
// scratch rows; the CPU's std::stable_sort gives the same order.
template <typename T>
__global__ void sort_rows_kernel(const T* in, T* values, int64_t* indices, T* scratch_values,
                                 int64_t* scratch_indices, int64_t outer, int64_t inner, bool descending) {
  for (int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < outer; r += int64_t(gridDim.x) * blockDim.x) {
    T* v = values + r * inner;
    int64_t* k = indices + r * inner;
    T* tv = scratch_values + r * inner;
    int64_t* tk = scratch_indices + r * inner;
    for (int64_t i = 0; i < inner; ++i) {
      v[i] = in[r * inner + i];
      k[i] = i;
    }
    for (int64_t width = 1; width < inner; width *= 2) {
      for (int64_t lo = 0; lo < inner; lo += 2 * width) {
        const int64_t mid = lo + width < inner ? lo + width : inner;
        const int64_t hi = lo + 2 * width < inner ? lo + 2 * width : inner;
        int64_t a = lo, b = mid, o = lo;
        while (a < mid || b < hi) {
          const bool take_right = a >= mid || (b < hi && sorts_before(v[b], v[a], descending));
          tv[o] = take_right ? v[b] : v[a];
          tk[o++] = take_right ? k[b++] : k[a++];
        }
      }
      T* sv = v;
      v = tv;
      tv = sv;
      int64_t* sk = k;
      k = tk;
      tk = sk;
    }
    if (v != values + r * inner) {  // the last pass wrote the scratch row
      for (int64_t i = 0; i < inner; ++i) {
        values[r * inner + i] = v[i];
        indices[r * inner + i] = k[i];
      }
    }
  }
}

// One thread per row walks it in order, accumulating as the CPU does (double for float32,
// float for the 16-bit floats, int64 for integers), so both give the same running values.
template <typename T, typename Acc>
__global__ void scan_kernel(const T* in, T* out, int64_t outer, int64_t inner, bool product) {
  for (int64_t r = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; r < outer; r += int64_t(gridDim.x) * blockDim.x) {
    Acc acc = product ? Acc(1) : Acc(0);
    for (int64_t i = 0; i < inner; ++i) {
      const Acc x = static_cast<Acc>(cuda::to_math(in[r * inner + i]));
      if constexpr (std::is_integral_v<Acc>) {  // wraps as the CPU's loop does
        using U = std::make_unsigned_t<Acc>;
        acc = static_cast<Acc>(product ? U(acc) * U(x) : U(acc) + U(x));
      } else {
        acc = product ? acc * x : acc + x;
      }
      out[r * inner + i] = cuda::from_math<T>(static_cast<OpMath<T>>(acc));
    }
  }
}

}  // namespace

void CudaBackend::reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                         int64_t correction, int64_t /*kept_columns*/) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  if (outer == 0) return;
  const int device = out.device().index;
  CudaDeviceGuard guard(device);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    constexpr bool floating = std::is_floating_point_v<OpMath<T>>;
    const T* data = in.data<T>();
    Outputs<T> outs;
    switch (op) {
      case ReduceOp::Sum:
      case ReduceOp::Mean:
      case ReduceOp::Prod:
      case ReduceOp::Var:
      case ReduceOp::Std:
        outs.same = out.data<T>();
        if constexpr (floating) {
          if (op == ReduceOp::Prod) launch_reduce(FloatProd<T>{}, data, outer, inner, outs, device);
          else if (op == ReduceOp::Var || op == ReduceOp::Std)
            launch_reduce(FloatVar<T>{op == ReduceOp::Std, correction}, data, outer, inner, outs, device);
          else launch_reduce(FloatSum<T>{op == ReduceOp::Mean, inner}, data, outer, inner, outs, device);
        } else {
          launch_reduce(IntegerFold<T>{op == ReduceOp::Prod}, data, outer, inner, outs, device);
        }
        break;
      case ReduceOp::Max:
      case ReduceOp::Min:
      case ReduceOp::ArgMax:
      case ReduceOp::ArgMin: {
        const bool want_index = op == ReduceOp::ArgMax || op == ReduceOp::ArgMin;
        if (want_index) outs.index = out.data<int64_t>();
        else outs.same = out.data<T>();
        if (indices.defined()) outs.indices = indices.data<int64_t>();
        const bool want_max = op == ReduceOp::Max || op == ReduceOp::ArgMax;
        launch_reduce(Extreme<T>{want_max, want_index, data, inner}, data, outer, inner, outs, device);
        break;
      }
      case ReduceOp::Any:
      case ReduceOp::All:
        outs.boolean = static_cast<uint8_t*>(out.data_ptr());
        launch_reduce(AnyAll<T>{op == ReduceOp::Any}, data, outer, inner, outs, device);
        break;
    }
  });
}

void CudaBackend::sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  if (outer == 0 || inner == 0) return;
  CudaDeviceGuard guard(values.device().index);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const int device = values.device().index;
    cuda::Scratch scratch_values(device, sizeof(T) * in.numel());
    cuda::Scratch scratch_indices(device, sizeof(int64_t) * in.numel());
    const int blocks = static_cast<int>(std::min<int64_t>((outer + cuda::kThreads - 1) / cuda::kThreads, 65535));
    sort_rows_kernel<T><<<blocks, cuda::kThreads, 0, cuda::current_stream()>>>(
        in.data<T>(), values.data<T>(), indices.data<int64_t>(),
        static_cast<T*>(scratch_values.ptr), static_cast<int64_t*>(scratch_indices.ptr), outer,
        inner, descending);
    CUDA_CHECK_LAUNCH();
  });
}

void CudaBackend::scan(ScanOp op, const Tensor& in, const Tensor& out) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  if (outer == 0 || inner == 0) return;
  CudaDeviceGuard guard(out.device().index);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using M = OpMath<T>;
    using Acc = std::conditional_t<std::is_floating_point_v<M>, std::conditional_t<sizeof(T) == 2, float, double>, int64_t>;
    const int blocks = static_cast<int>(std::min<int64_t>((outer + cuda::kThreads - 1) / cuda::kThreads, 65535));
    scan_kernel<T, Acc><<<blocks, cuda::kThreads, 0, cuda::current_stream()>>>(
        in.data<T>(), out.data<T>(), outer, inner, op == ScanOp::Prod);
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
      softmax_kernel<T><<<row_blocks(outer), cuda::kThreads, 0, cuda::current_stream()>>>(
          in.data<T>(), out.data<T>(), outer, inner, log);
      CUDA_CHECK_LAUNCH();
    } else {
      TP_ASSERT(false && "softmax of a non-floating dtype");
    }
  });
}

}  // namespace tp
