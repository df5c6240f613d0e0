// CudaBackend::binary and where: one thread per element, the op chosen by a switch in the
// kernel. The formulas are the CPU's (binary_formulas.h).
//
// Integer division by zero: PyTorch's CUDA kernels do NOT check (BinaryDivTruncKernel.cu
// computes `a / b`; the GPU returns an unspecified value, in practice -1), while its CPU
// kernels raise "ZeroDivisionError". tensorplay keeps one semantics for every backend: the
// kernel sets a device flag and the host raises the CPU's RuntimeError after the launch.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"
#include "core/backends/formula_dispatch.h"

namespace tp {

namespace {

using cuda::OpMath;

// Set by a kernel that divided an integer by zero (one flag per GPU).
__device__ int g_zero_division = 0;

// op's value on (x, y) when its formula (binary_formulas.h) gives an R for compute type M;
// the op chosen by a switch derived from binary_ops.def. An integer divided by zero raises
// the flag instead.
template <typename F, typename R, typename M>
__device__ R binary_case(M x, M y) {
  if constexpr (formula::binary_applies<F, M>) {
    if constexpr (std::is_same_v<decltype(formula::binary_value<F>(x, y)), R>) {
      if constexpr (formula::binary_divides<F, M>) {
        if (y == M(0)) {
          g_zero_division = 1;
          return R{};
        }
      }
      return formula::binary_value<F>(x, y);
    }
  }
  return R{};  // never reached: the op layer sends each op only the dtypes it has a formula for
}

template <typename R, typename M>
__device__ R binary_result(BinaryOp op, M x, M y) {
  switch (op) {
#define TP_BINARY_OP(Enum, ...) \
  case BinaryOp::Enum: return binary_case<formula::binary::Enum, R>(x, y);
#include "core/backends/binary_ops.def"
  }
  return R{};
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
      out[at[k]] = cuda::from_math<T>(binary_result<OpMath<T>>(op, x[k], y[k]));
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
    out[off[0]] = binary_result<bool>(op, cuda::to_math(a[off[1]]), cuda::to_math(b[off[2]]));
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
  const bool checks_zero =
      is_integral(a.dtype(), /*include_bool=*/true) && formula::divides_integers(op);
  if (checks_zero) {
    const int zero = 0;
    CUDA_CHECK(cudaMemcpyToSymbolAsync(g_zero_division, &zero, sizeof zero, 0,
                                       cudaMemcpyHostToDevice, cuda::current_stream()));
  }
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (binary_op_returns_bool(op)) {
      compare_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
          op, ops, n, a.data<T>(), b.data<T>(), out.data<bool>());
    } else {
      binary_kernel<T><<<cuda::blocks_for_unrolled(n), cuda::kThreads, 0, cuda::current_stream()>>>(
          op, ops, n, a.data<T>(), b.data<T>(), out.data<T>());
    }
    CUDA_CHECK_LAUNCH();
  });
  if (checks_zero) {
    int flag = 0;  // reading the flag waits for the kernel
    CUDA_CHECK(cudaMemcpyFromSymbolAsync(&flag, g_zero_division, sizeof flag, 0,
                                         cudaMemcpyDeviceToHost, cuda::current_stream()));
    CUDA_CHECK(cudaStreamSynchronize(cuda::current_stream()));
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
  visit_any_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    where_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        ops, n, pc, a.data<T>(), b.data<T>(), out.data<T>());
    CUDA_CHECK_LAUNCH();
  });
}

}  // namespace tp
