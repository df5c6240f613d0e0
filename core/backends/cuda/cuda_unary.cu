// CudaBackend::unary: one thread per element, the op chosen by a switch inside the kernel
// (one kernel per dtype, not per op). The formulas are the CPU's (unary_formulas.h); half
// and bfloat16 are computed in float and rounded on store.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"
#include "core/backends/formula_dispatch.h"

namespace tp {

namespace {

using cuda::OpMath;

// op's value on x when its formula (unary_formulas.h) gives an R for compute type M; the
// op chosen by a switch derived from unary_ops.def.
template <typename R, typename M>
__device__ R unary_result(UnaryOp op, M x, const UnaryArgs& args) {
  switch (op) {
#define TP_UNARY_OP(Enum, ...)                                                  \
  case UnaryOp::Enum:                                                           \
    if constexpr (formula::unary_applies<formula::unary::Enum, M>) {            \
      using Result = decltype(formula::unary_value<formula::unary::Enum>(x, args)); \
      if constexpr (std::is_same_v<Result, R>) {                                \
        return formula::unary_value<formula::unary::Enum>(x, args);             \
      }                                                                         \
    }                                                                           \
    break;
#include "core/backends/unary_ops.def"
  }
  return R{};  // never reached: the op layer sends each op only the dtypes it has a formula for
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
      out[at[k]] = cuda::from_math<T>(unary_result<OpMath<T>>(op, x[k], args));
    }
  }
}

// The predicates (isnan, logical_not, signbit...): any dtype in, bool out.
template <typename T>
__global__ void predicate_kernel(UnaryOp op, UnaryArgs args, cuda::StridedOperands<2> ops,
                                 int64_t n, const T* in, bool* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[2];
    ops.offsets(i, off);
    out[off[0]] = unary_result<bool>(op, cuda::to_math(in[off[1]]), args);
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
      predicate_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
          op, args, ops, n, in.data<T>(), out.data<bool>());
    } else {
      unary_kernel<T><<<cuda::blocks_for_unrolled(n), cuda::kThreads, 0, cuda::current_stream()>>>(
          op, args, ops, n, in.data<T>(), out.data<T>());
    }
    CUDA_CHECK_LAUNCH();
  });
}

}  // namespace tp
