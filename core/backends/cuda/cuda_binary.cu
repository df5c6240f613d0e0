// CudaBackend::binary and where: one thread per element, the op chosen by a switch in the
// kernel. Same formulas as cpu_binary.cpp (Python's floor division and remainder, NaN-
// propagating maximum/minimum, integer pow by squaring).
//
// Integer division by zero: PyTorch's CUDA kernels do NOT check (BinaryDivTruncKernel.cu
// computes `a / b`; the GPU returns an unspecified value, in practice -1), while its CPU
// kernels raise "ZeroDivisionError". tensorplay keeps one semantics for every backend: the
// kernel sets a device flag and the host raises the CPU's RuntimeError after the launch.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"

namespace tp {

namespace {

using cuda::OpMath;

// float_binary and integral_binary name every BinaryOp: a new one must be added to each.
static_assert(kBinaryOpCount == 37, "a new BinaryOp needs its case in every switch of this file");

// Set by a kernel that divided an integer by zero (one flag per GPU).
__device__ int g_zero_division = 0;

template <typename C>
__device__ C floor_divide_float(C a, C b) {
  if (b == 0) return a / b;
  C mod = fmod(a, b);
  C div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0)) div -= C(1);
  if (div == 0) return copysign(C(0), a / b);
  C floordiv = floor(div);
  if (div - floordiv > C(0.5)) floordiv += C(1);
  return floordiv;
}

template <typename C>
__device__ C remainder_float(C a, C b) {
  C mod = fmod(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}

template <typename C>
__device__ C float_binary(BinaryOp op, C x, C y) {
  switch (op) {
    case BinaryOp::Add: return x + y;
    case BinaryOp::Sub: return x - y;
    case BinaryOp::Mul: return x * y;
    case BinaryOp::Div: return x / y;
    case BinaryOp::FloorDiv: return floor_divide_float(x, y);
    case BinaryOp::Remainder: return remainder_float(x, y);
    case BinaryOp::Pow: return pow(x, y);
    case BinaryOp::Maximum: return cuda::is_nan(x) ? x : cuda::is_nan(y) ? y : (x > y ? x : y);
    case BinaryOp::Minimum: return cuda::is_nan(x) ? x : cuda::is_nan(y) ? y : (x < y ? x : y);
    case BinaryOp::Atan2: return atan2(x, y);
    case BinaryOp::Eq: case BinaryOp::Ne: case BinaryOp::Lt: case BinaryOp::Le:
    case BinaryOp::Gt: case BinaryOp::Ge:
    case BinaryOp::LogicalAnd: case BinaryOp::LogicalOr: case BinaryOp::LogicalXor:
    case BinaryOp::BitwiseAnd: case BinaryOp::BitwiseOr: case BinaryOp::BitwiseXor:
      break;  // comparisons and logical ops go to compare_kernel; bitwise ops are integral
    // Elementwise math: the CPU's formulas (scalar_ops.h).
    case BinaryOp::Hypot: return hypot(x, y);
    case BinaryOp::Logaddexp:
    case BinaryOp::Logaddexp2: {
      if (cuda::is_inf(x) && x == y) return x;
      const C m = x < y ? y : x;
      if (op == BinaryOp::Logaddexp) return m + log1p(exp(-fabs(x - y)));
      return m + log1p(exp2(-fabs(x - y))) * C(1.0 / M_LN2);
    }
    case BinaryOp::Xlogy: return cuda::is_nan(y) ? y : x == C(0) ? C(0) : x * log(y);
    case BinaryOp::Xlog1py: return cuda::is_nan(y) ? y : x == C(0) ? C(0) : x * log1p(y);
    case BinaryOp::Fmod: return fmod(x, y);
    case BinaryOp::Copysign: return copysign(x, y);
    case BinaryOp::Nextafter: return nextafter(x, y);
    case BinaryOp::Heaviside: return x == C(0) ? y : C(x > C(0));
    case BinaryOp::Fmax: return cuda::is_nan(x) ? y : cuda::is_nan(y) ? x : (y > x ? y : x);
    case BinaryOp::Fmin: return cuda::is_nan(x) ? y : cuda::is_nan(y) ? x : (y < x ? y : x);
    case BinaryOp::Gcd: case BinaryOp::Lcm: case BinaryOp::LeftShift: case BinaryOp::RightShift:
      break;  // integral only
  }
  return x;
}

// Euclid's gcd of |a| and |b| in unsigned arithmetic (scalar_ops.h's gcd_int).
template <typename T>
__device__ T gcd_int(T a, T b) {
  using U = std::make_unsigned_t<T>;
  U x = a < T(0) ? static_cast<U>(U(0) - static_cast<U>(a)) : static_cast<U>(a);
  U y = b < T(0) ? static_cast<U>(U(0) - static_cast<U>(b)) : static_cast<U>(b);
  while (x != 0) {
    U c = x;
    x = static_cast<U>(y % x);
    y = c;
  }
  return static_cast<T>(y);
}

template <typename T>
__device__ T pow_int(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (-exp) % 2 ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = static_cast<T>(result * base);
    exp = static_cast<T>(exp / 2);
    base = static_cast<T>(base * base);
  }
  return result;
}

// Bool and integer arithmetic; Div truncates (rounding_mode='trunc').
template <typename T>
__device__ T integral_binary(BinaryOp op, T x, T y) {
  const bool divides = op == BinaryOp::Div || op == BinaryOp::FloorDiv || op == BinaryOp::Remainder ||
                       op == BinaryOp::Fmod;
  if (divides && y == T(0)) {
    g_zero_division = 1;
    return T(0);
  }
  switch (op) {
    case BinaryOp::Add: return static_cast<T>(x + y);
    case BinaryOp::Sub: return static_cast<T>(x - y);
    case BinaryOp::Mul: return static_cast<T>(x * y);
    case BinaryOp::Div: return static_cast<T>(x / y);
    case BinaryOp::FloorDiv: {
      T quot = static_cast<T>(x / y);
      T rem = static_cast<T>(x % y);
      return (rem != T(0) && (x < T(0)) != (y < T(0))) ? static_cast<T>(quot - 1) : quot;
    }
    case BinaryOp::Remainder: {
      T rem = static_cast<T>(x % y);
      return (rem != T(0) && (rem < T(0)) != (y < T(0))) ? static_cast<T>(rem + y) : rem;
    }
    case BinaryOp::Pow: return pow_int<T>(x, y);
    case BinaryOp::Maximum: return x > y ? x : y;
    case BinaryOp::Minimum: return x < y ? x : y;
    case BinaryOp::BitwiseAnd: return static_cast<T>(x & y);
    case BinaryOp::BitwiseOr: return static_cast<T>(x | y);
    case BinaryOp::BitwiseXor: return static_cast<T>(x ^ y);
    case BinaryOp::Fmod: return y == T(-1) ? T(0) : static_cast<T>(x % y);
    case BinaryOp::Heaviside: return x == T(0) ? y : static_cast<T>(x > T(0));
    case BinaryOp::Fmax: return x > y ? x : y;
    case BinaryOp::Fmin: return x < y ? x : y;
    case BinaryOp::Gcd:
    case BinaryOp::Lcm:
      if constexpr (std::is_same_v<T, bool>) {
        return x;  // the op layer refuses bool
      } else {
        const T g = gcd_int<T>(x, y);
        if (op == BinaryOp::Gcd || g == T(0)) return g;
        const T r = static_cast<T>((x / g) * y);
        return r < T(0) ? static_cast<T>(-r) : r;
      }
    case BinaryOp::LeftShift:
    case BinaryOp::RightShift:
      if constexpr (std::is_same_v<T, bool>) {
        return x;  // the op layer refuses bool
      } else {
        constexpr int64_t bits = sizeof(T) * 8;
        const bool out_of_range = static_cast<int64_t>(static_cast<std::make_signed_t<T>>(y)) < 0;
        if (op == BinaryOp::LeftShift) {
          if (out_of_range || static_cast<int64_t>(y) >= bits) return T(0);
          return static_cast<T>(static_cast<std::make_unsigned_t<T>>(x) << y);
        }
        constexpr int64_t max_shift = bits - std::is_signed_v<T>;
        if (out_of_range || static_cast<int64_t>(y) >= max_shift) return static_cast<T>(x >> max_shift);
        return static_cast<T>(x >> y);
      }
    case BinaryOp::Hypot: case BinaryOp::Logaddexp: case BinaryOp::Logaddexp2: case BinaryOp::Xlogy:
    case BinaryOp::Xlog1py: case BinaryOp::Copysign: case BinaryOp::Nextafter:
    case BinaryOp::Atan2:
    case BinaryOp::Eq: case BinaryOp::Ne: case BinaryOp::Lt: case BinaryOp::Le:
    case BinaryOp::Gt: case BinaryOp::Ge:
    case BinaryOp::LogicalAnd: case BinaryOp::LogicalOr: case BinaryOp::LogicalXor:
      break;  // atan2 promotes to float; comparisons and logical ops go to compare_kernel
  }
  return x;
}

// Operands: 0 = out, 1 = a, 2 = b. Each thread takes cuda::kUnroll elements a block apart
// and loads them all before computing any (cuda_loops.cuh).
template <typename T>
__global__ void binary_kernel(BinaryOp op, cuda::StridedOperands<3> ops, int64_t n, const T* a,
                              const T* b, T* out) {
  constexpr int U = cuda::kUnroll;
  const int64_t per_block = int64_t{blockDim.x} * U;
  for (int64_t base = blockIdx.x * per_block + threadIdx.x; base < n; base += int64_t{gridDim.x} * per_block) {
    OpMath<T> x[U], y[U];
    int64_t at[U];
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const int64_t i = base + int64_t{k} * blockDim.x;
      if (i >= n) break;
      int64_t off[3];
      ops.offsets(i, off);
      at[k] = off[0];
      x[k] = cuda::to_math(a[off[1]]);
      y[k] = cuda::to_math(b[off[2]]);
    }
#pragma unroll
    for (int k = 0; k < U; ++k) {
      if (base + int64_t{k} * blockDim.x >= n) break;
      if constexpr (std::is_floating_point_v<OpMath<T>>) {
        out[at[k]] = cuda::from_math<T>(float_binary(op, x[k], y[k]));
      } else {
        out[at[k]] = integral_binary<T>(op, x[k], y[k]);
      }
    }
  }
}

// Comparisons and logical ops: any dtype in, bool out.
template <typename T>
__global__ void compare_kernel(BinaryOp op, cuda::StridedOperands<3> ops, int64_t n, const T* a,
                               const T* b, bool* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[3];
    ops.offsets(i, off);
    auto x = cuda::to_math(a[off[1]]);
    auto y = cuda::to_math(b[off[2]]);
    using M = decltype(x);
    bool r = false;
    switch (op) {
      case BinaryOp::Eq: r = x == y; break;
      case BinaryOp::Ne: r = x != y; break;
      case BinaryOp::Lt: r = x < y; break;
      case BinaryOp::Le: r = x <= y; break;
      case BinaryOp::Gt: r = x > y; break;
      case BinaryOp::Ge: r = x >= y; break;
      case BinaryOp::LogicalAnd: r = x != M(0) && y != M(0); break;
      case BinaryOp::LogicalOr: r = x != M(0) || y != M(0); break;
      case BinaryOp::LogicalXor: r = (x != M(0)) != (y != M(0)); break;
      default: break;  // only comparisons and logical ops are launched here
    }
    out[off[0]] = r;
  }
}

// Operands: 0 = out, 1 = cond (one byte, nonzero is true), 2 = a, 3 = b.
template <typename T>
__global__ void where_kernel(cuda::StridedOperands<4> ops, int64_t n, const uint8_t* cond,
                             const T* a, const T* b, T* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[4];
    ops.offsets(i, off);
    out[off[0]] = cond[off[1]] ? a[off[2]] : b[off[3]];
  }
}

}  // namespace

void CudaBackend::binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  const int64_t n = out.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(out.device().index);
  auto ops = cuda::make_strided<3>(out.sizes(), {&out.strides(), &a.strides(), &b.strides()});
  const bool checks_zero = is_integral(a.dtype(), /*include_bool=*/true) &&
                           (op == BinaryOp::Div || op == BinaryOp::FloorDiv ||
                            op == BinaryOp::Remainder || op == BinaryOp::Fmod);
  if (checks_zero) {
    const int zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbol(g_zero_division, &zero, sizeof zero));
  }
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (binary_op_returns_bool(op)) {
      compare_kernel<T><<<cuda::blocks_for(n), cuda::kThreads>>>(op, ops, n, a.data<T>(),
                                                                 b.data<T>(), out.data<bool>());
    } else {
      binary_kernel<T><<<cuda::blocks_for_unrolled(n), cuda::kThreads>>>(op, ops, n, a.data<T>(),
                                                                         b.data<T>(), out.data<T>());
    }
    CUDA_CHECK_LAUNCH();
  });
  if (checks_zero) {
    int flag = 0;  // reading the flag waits for the kernel
    CUDA_CHECK(cudaMemcpyFromSymbol(&flag, g_zero_division, sizeof flag));
    TP_CHECK(flag == 0, RuntimeError, "ZeroDivisionError");
  }
}

void CudaBackend::where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  const int64_t n = out.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(out.device().index);
  auto ops = cuda::make_strided<4>(
      out.sizes(), {&out.strides(), &cond.strides(), &a.strides(), &b.strides()});
  const uint8_t* pc = static_cast<const uint8_t*>(cond.data_ptr());
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    where_kernel<T><<<cuda::blocks_for(n), cuda::kThreads>>>(ops, n, pc, a.data<T>(), b.data<T>(),
                                                             out.data<T>());
    CUDA_CHECK_LAUNCH();
  });
}

}  // namespace tp
