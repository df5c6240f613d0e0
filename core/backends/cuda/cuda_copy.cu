// CudaBackend::copy (strided, converting dtype) and fill: one thread per element in a
// grid-stride loop. A contiguous same-dtype copy is one cudaMemcpyAsync.
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"

namespace tp {

namespace {

// dst[i] = convert(src[i]); operand 0 is dst, 1 is src.
template <typename D, typename S>
__global__ void copy_kernel(cuda::StridedOperands<2> ops, int64_t n, D* dst, const S* src) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[2];
    ops.offsets(i, off);
    dst[off[0]] = cuda::convert<D>(src[off[1]]);
  }
}

template <typename T>
__global__ void fill_kernel(cuda::StridedOperands<1> ops, int64_t n, T* dst, T value) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[1];
    ops.offsets(i, off);
    dst[off[0]] = value;
  }
}

}  // namespace

void CudaBackend::copy(const Tensor& src, const Tensor& dst) {
  const int64_t n = dst.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(dst.device().index);
  if (src.dtype() == dst.dtype() && src.is_contiguous() && dst.is_contiguous() &&
      src.sizes() == dst.sizes()) {
    CUDA_CHECK(cudaMemcpyAsync(dst.data_ptr(), src.data_ptr(), dst.nbytes(),
                               cudaMemcpyDeviceToDevice, cuda::current_stream()));
    return;
  }
  auto ops = cuda::make_strided<2>(dst.sizes(), {&dst.strides(), &src.strides()});
  visit_any_dtype(src.dtype(), [&](auto stag) {
    using S = typename decltype(stag)::type;
    visit_any_dtype(dst.dtype(), [&](auto dtag) {
      using D = typename decltype(dtag)::type;
      copy_kernel<D, S><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
          ops, n, dst.data<D>(), src.data<S>());
      CUDA_CHECK_LAUNCH();
    });
  });
}

void CudaBackend::fill(const Tensor& dst, Scalar value) {
  const int64_t n = dst.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(dst.device().index);
  auto ops = cuda::make_strided<1>(dst.sizes(), {&dst.strides()});
  visit_any_dtype(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    // The value is converted on the host, exactly as the CPU's fill converts it.
    fill_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        ops, n, dst.data<T>(), value.to<T>());
    CUDA_CHECK_LAUNCH();
  });
}

}  // namespace tp
