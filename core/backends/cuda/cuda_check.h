// Every CUDA runtime call goes through CUDA_CHECK and every cuBLAS call through
// CUBLAS_CHECK: a failure becomes a RuntimeError carrying PyTorch 2.x's text
// (c10/cuda/CUDAException.cpp and CUDAMiscFunctions.cpp; see cuda_check.cu).
#pragma once

#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <string>

namespace tp {

// PyTorch's message for a CUDA error, e.g. "CUDA error: invalid device ordinal\nGPU device
// may be out of range, do you have enough GPUs?\n...".
std::string cuda_error_text(cudaError_t err);
// Clears the runtime's last error and raises cuda_error_text(err) as a RuntimeError.
[[noreturn]] void cuda_fail(cudaError_t err);
// Raises "CUDA error: CUBLAS_STATUS_... when calling `<expr>`" (ATen's TORCH_CUDABLAS_CHECK).
[[noreturn]] void cublas_fail(cublasStatus_t status, const char* expr);

}  // namespace tp

#define CUDA_CHECK(call)                                     \
  do {                                                       \
    cudaError_t tp_cuda_err_ = (call);                       \
    if (tp_cuda_err_ != cudaSuccess) ::tp::cuda_fail(tp_cuda_err_); \
  } while (0)

#define CUBLAS_CHECK(call)                                                   \
  do {                                                                       \
    cublasStatus_t tp_cublas_status_ = (call);                               \
    if (tp_cublas_status_ != CUBLAS_STATUS_SUCCESS) ::tp::cublas_fail(tp_cublas_status_, #call); \
  } while (0)

// Checks the launch of the kernel just queued (bad configuration, missing image).
#define CUDA_CHECK_LAUNCH() CUDA_CHECK(cudaGetLastError())
