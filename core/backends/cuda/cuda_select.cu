// CudaBackend::select (kthvalue, median, nanmedian, mode per row). ATen's CPU kernels pick
// among equal values by the order their serial partitioning leaves them in; so that a CUDA
// tensor gives what the CPU gives, the rows go to host memory, the CPU backend selects there,
// and the picked values and positions come back.
#include <cuda_runtime.h>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/tensor.h"

namespace tp {

void CudaBackend::select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) {
  if (in.numel() == 0) return;
  CudaDeviceGuard guard(in.device().index);
  Tensor host_in = empty(in.sizes(), TensorOptions(in.dtype(), Device::cpu()));
  Tensor host_values = empty(values.sizes(), TensorOptions(values.dtype(), Device::cpu()));
  Tensor host_indices = empty(indices.sizes(), TensorOptions(DType::Int64, Device::cpu()));
  cuda::memcpy_and_sync(host_in.data_ptr(), in.data_ptr(), in.nbytes(), cudaMemcpyDeviceToHost);
  cpu_backend().select(op, host_in, k, host_values, host_indices);
  cuda::memcpy_and_sync(values.data_ptr(), host_values.data_ptr(), values.nbytes(),
                        cudaMemcpyHostToDevice);
  cuda::memcpy_and_sync(indices.data_ptr(), host_indices.data_ptr(), indices.nbytes(),
                        cudaMemcpyHostToDevice);
}

}  // namespace tp
