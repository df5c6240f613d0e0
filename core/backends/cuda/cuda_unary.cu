// CudaBackend::unary: one thread per element, the op chosen by a switch inside the kernel
// (one kernel per dtype, not per op). Same formulas as cpu_unary.cpp; half and bfloat16
// are computed in float and rounded on store.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/special_math.h"

namespace tp {

namespace {

using cuda::OpMath;

// Every switch below names every UnaryOp: a new one must be added to each (no default).
static_assert(kUnaryOpCount == 66, "a new UnaryOp needs its case in every switch of this file");

// Ops on floating types; C is float or double (CUDA's math functions overload both).
template <typename C>
__device__ C float_unary(UnaryOp op, C x, const UnaryArgs& args) {
  switch (op) {
    case UnaryOp::Neg: return -x;
    case UnaryOp::Abs: return fabs(x);
    case UnaryOp::Exp: return exp(x);
    case UnaryOp::Log: return log(x);
    case UnaryOp::Log2: return log2(x);
    case UnaryOp::Log10: return log10(x);
    case UnaryOp::Log1p: return log1p(x);
    case UnaryOp::Expm1: return expm1(x);
    case UnaryOp::Sqrt: return sqrt(x);
    case UnaryOp::Rsqrt: return C(1) / sqrt(x);
    case UnaryOp::Reciprocal: return C(1) / x;
    case UnaryOp::Sin: return sin(x);
    case UnaryOp::Cos: return cos(x);
    case UnaryOp::Tan: return tan(x);
    case UnaryOp::Tanh: return tanh(x);
    case UnaryOp::Sigmoid: return C(1) / (C(1) + exp(-x));
    case UnaryOp::Relu: return cuda::is_nan(x) || x > C(0) ? x : C(0);  // NaN passes through
    case UnaryOp::Floor: return floor(x);
    case UnaryOp::Ceil: return ceil(x);
    case UnaryOp::Round: return rint(x);  // half to even, like torch.round
    case UnaryOp::Trunc: return trunc(x);
    case UnaryOp::Sign: return C((C(0) < x) - (x < C(0)));
    case UnaryOp::Square: return x * x;
    case UnaryOp::Erf: return erf(x);
    case UnaryOp::Erfc: return erfc(x);
    case UnaryOp::Sinh: return sinh(x);
    case UnaryOp::Cosh: return cosh(x);
    case UnaryOp::Asin: return asin(x);
    case UnaryOp::Acos: return acos(x);
    case UnaryOp::Atan: return atan(x);
    case UnaryOp::Asinh: return asinh(x);
    case UnaryOp::Acosh: return acosh(x);
    case UnaryOp::Atanh: return atanh(x);
    case UnaryOp::Exp2: return exp2(x);
    case UnaryOp::Silu: return x / (C(1) + exp(-x));
    case UnaryOp::Mish: return x * tanh(log1p(exp(x)));
    case UnaryOp::LogSigmoid: return (x < C(0) ? x : C(0)) - log1p(exp(-fabs(x)));
    case UnaryOp::Gelu:
      if (args.tanh) {
        const C beta = C(M_SQRT2 * M_2_SQRTPI * 0.5), kappa = C(0.044715);
        return C(0.5) * x * (C(1) + tanh(beta * (x + kappa * (x * x * x))));
      }
      return x * C(0.5) * (C(1) + erf(x * C(M_SQRT1_2)));
    case UnaryOp::Softplus:
      return x * C(args.beta) > C(args.threshold) ? x : log1p(exp(x * C(args.beta))) / C(args.beta);
    case UnaryOp::LeakyRelu: return x > C(0) ? x : x * C(args.negative_slope);
    case UnaryOp::Elu:
    case UnaryOp::Celu:
      return x <= C(0) ? (exp(x * C(args.input_scale)) - C(1)) * (C(args.alpha) * C(args.scale))
                       : x * C(args.scale);
    case UnaryOp::Hardtanh:  // clamp(x, min_val, max_val)
    case UnaryOp::Clamp:
      if (cuda::is_nan(x)) return x;
      if (args.has_min && x < C(args.min)) x = C(args.min);
      if (args.has_max && x > C(args.max)) x = C(args.max);
      return x;
    case UnaryOp::LogicalNot:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite:
    case UnaryOp::BitwiseNot:
      break;  // predicates go to predicate_kernel; the op layer rejects bitwise_not of floats
    // Elementwise math: the CPU's formulas (special_math.h).
    case UnaryOp::Frac: return x - trunc(x);
    case UnaryOp::Sgn: return C((C(0) < x) - (x < C(0)));
    case UnaryOp::Deg2Rad: return x * C(M_PI / 180.0);
    case UnaryOp::Rad2Deg: return x * C(180.0 / M_PI);
    case UnaryOp::Erfinv: return special::erfinv<C>(x);
    case UnaryOp::Sinc: return special::sinc<C>(x);
    case UnaryOp::I0: return special::i0<C>(x);
    case UnaryOp::Lgamma: return lgamma(x);
    case UnaryOp::Digamma: return special::digamma<C>(x);
    case UnaryOp::I1: return special::i1<C>(x);
    case UnaryOp::Entr: return special::entr<C>(x);
    case UnaryOp::Polygamma: return special::polygamma<C>(args.n, x);
    case UnaryOp::Logit: return special::logit<C>(x, args.eps >= 0, C(args.eps));
    case UnaryOp::NanToNum:
      if (cuda::is_nan(x)) return C(args.nan);
      if (cuda::is_inf(x)) return x > C(0) ? C(args.posinf) : C(args.neginf);
      return x;
    case UnaryOp::Signbit:
    case UnaryOp::IsNegInf:
    case UnaryOp::IsPosInf:
      break;  // predicates go to predicate_kernel
  }
  return x;
}

// Ops on bool and integer types (the op layer promotes for the float functions).
template <typename T>
__device__ T integral_unary(UnaryOp op, T x, const UnaryArgs& args) {
  switch (op) {
    case UnaryOp::Neg: return static_cast<T>(-x);
    case UnaryOp::Abs: return static_cast<T>(x < T(0) ? -x : x);
    case UnaryOp::Relu: return x > T(0) ? x : T(0);
    case UnaryOp::Sign: return static_cast<T>((T(0) < x) - (x < T(0)));
    case UnaryOp::Square: return static_cast<T>(x * x);
    case UnaryOp::Hardtanh:
    case UnaryOp::Clamp:
      if (args.has_min && x < static_cast<T>(args.min)) x = static_cast<T>(args.min);
      if (args.has_max && x > static_cast<T>(args.max)) x = static_cast<T>(args.max);
      return x;
    case UnaryOp::BitwiseNot:
      if constexpr (std::is_same_v<T, bool>) return !x;
      else return static_cast<T>(~x);
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc:
    case UnaryOp::NanToNum:
      return x;  // an integer is its own floor, ceil, round and trunc, and has no NaN
    case UnaryOp::Sgn: return static_cast<T>((T(0) < x) - (x < T(0)));
    case UnaryOp::Exp: case UnaryOp::Log: case UnaryOp::Log2: case UnaryOp::Log10:
    case UnaryOp::Log1p: case UnaryOp::Expm1: case UnaryOp::Sqrt: case UnaryOp::Rsqrt:
    case UnaryOp::Reciprocal: case UnaryOp::Sin: case UnaryOp::Cos: case UnaryOp::Tan:
    case UnaryOp::Tanh: case UnaryOp::Sigmoid: case UnaryOp::Erf: case UnaryOp::Erfc:
    case UnaryOp::Sinh: case UnaryOp::Cosh: case UnaryOp::Asin: case UnaryOp::Acos:
    case UnaryOp::Atan: case UnaryOp::Asinh: case UnaryOp::Acosh: case UnaryOp::Atanh:
    case UnaryOp::Exp2:
    case UnaryOp::Silu: case UnaryOp::Mish: case UnaryOp::LogSigmoid: case UnaryOp::Gelu:
    case UnaryOp::Softplus: case UnaryOp::LeakyRelu: case UnaryOp::Elu: case UnaryOp::Celu:
    case UnaryOp::LogicalNot: case UnaryOp::IsNan: case UnaryOp::IsInf: case UnaryOp::IsFinite:
    case UnaryOp::Frac: case UnaryOp::Deg2Rad: case UnaryOp::Rad2Deg: case UnaryOp::Erfinv:
    case UnaryOp::Sinc: case UnaryOp::I0: case UnaryOp::Lgamma: case UnaryOp::Digamma:
    case UnaryOp::I1: case UnaryOp::Entr: case UnaryOp::Polygamma: case UnaryOp::Logit:
    case UnaryOp::Signbit: case UnaryOp::IsNegInf: case UnaryOp::IsPosInf:
      break;  // the op layer promotes (or refuses) integers first; predicates have their kernel
  }
  return x;
}

// Each thread takes cuda::kUnroll elements a block apart and loads them all before computing
// any (cuda_loops.cuh).
template <typename T>
__global__ void unary_kernel(UnaryOp op, UnaryArgs args, cuda::StridedOperands<2> ops, int64_t n,
                             const T* in, T* out) {
  constexpr int U = cuda::kUnroll;
  const int64_t per_block = int64_t{blockDim.x} * U;
  for (int64_t base = blockIdx.x * per_block + threadIdx.x; base < n; base += int64_t{gridDim.x} * per_block) {
    OpMath<T> x[U];
    int64_t at[U];
#pragma unroll
    for (int k = 0; k < U; ++k) {
      const int64_t i = base + int64_t{k} * blockDim.x;
      if (i >= n) break;
      int64_t off[2];
      ops.offsets(i, off);
      at[k] = off[0];
      x[k] = cuda::to_math(in[off[1]]);
    }
#pragma unroll
    for (int k = 0; k < U; ++k) {
      if (base + int64_t{k} * blockDim.x >= n) break;
      if constexpr (std::is_floating_point_v<OpMath<T>>) {
        out[at[k]] = cuda::from_math<T>(float_unary(op, x[k], args));
      } else {
        out[at[k]] = integral_unary<T>(op, x[k], args);
      }
    }
  }
}

// logical_not, isnan, isinf, isfinite: any dtype in, bool out.
template <typename T>
__global__ void predicate_kernel(UnaryOp op, cuda::StridedOperands<2> ops, int64_t n, const T* in,
                                 bool* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[2];
    ops.offsets(i, off);
    auto x = cuda::to_math(in[off[1]]);
    using M = decltype(x);
    bool r = false;
    switch (op) {
      case UnaryOp::LogicalNot: r = x == M(0); break;
      case UnaryOp::IsNan: r = cuda::is_nan(x); break;
      case UnaryOp::IsInf: r = cuda::is_inf(x); break;
      case UnaryOp::IsFinite: r = !cuda::is_nan(x) && !cuda::is_inf(x); break;
      case UnaryOp::Signbit:
        if constexpr (std::is_floating_point_v<M>) r = signbit(x);
        else if constexpr (std::is_signed_v<M>) r = x < M(0);
        break;
      case UnaryOp::IsNegInf: r = cuda::is_inf(x) && x < M(0); break;
      case UnaryOp::IsPosInf: r = cuda::is_inf(x) && x > M(0); break;
      default: break;  // only the BoolOut ops are launched here (is_predicate)
    }
    out[off[0]] = r;
  }
}

bool is_predicate(UnaryOp op) { return unary_op_info(op).dtypes == UnaryDtypes::BoolOut; }

}  // namespace

void CudaBackend::unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  const int64_t n = out.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(out.device().index);
  auto ops = cuda::make_strided<2>(out.sizes(), {&out.strides(), &in.strides()});
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (is_predicate(op)) {
      predicate_kernel<T><<<cuda::blocks_for(n), cuda::kThreads>>>(op, ops, n, in.data<T>(),
                                                                   out.data<bool>());
    } else {
      unary_kernel<T><<<cuda::blocks_for_unrolled(n), cuda::kThreads>>>(op, args, ops, n,
                                                                        in.data<T>(), out.data<T>());
    }
    CUDA_CHECK_LAUNCH();
  });
}

}  // namespace tp
