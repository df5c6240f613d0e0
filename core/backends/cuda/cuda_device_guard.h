// Makes one GPU current for a scope and restores the previous one, as c10::cuda::CUDAGuard.
#pragma once

#include "core/backends/cuda/cuda_check.h"

namespace tp {

class CudaDeviceGuard {
 public:
  explicit CudaDeviceGuard(int device) {
    CUDA_CHECK(cudaGetDevice(&previous_));
    if (device != previous_) CUDA_CHECK(cudaSetDevice(device));
  }
  ~CudaDeviceGuard() { cudaSetDevice(previous_); }  // a destructor must not throw
  CudaDeviceGuard(const CudaDeviceGuard&) = delete;
  CudaDeviceGuard& operator=(const CudaDeviceGuard&) = delete;

 private:
  int previous_ = 0;
};

}  // namespace tp
