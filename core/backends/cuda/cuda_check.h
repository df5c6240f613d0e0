// Every CUDA runtime call goes through CUDA_CHECK, which turns a failure into
// PyTorch's RuntimeError text ("CUDA error: invalid device ordinal").
#pragma once

#include <cuda_runtime.h>

#include "core/error.h"

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t tp_cuda_err_ = (call);                                          \
    if (tp_cuda_err_ != cudaSuccess) {                                          \
      ::tp::fail(::tp::ErrorKind::RuntimeError, "CUDA error: ",                 \
                 cudaGetErrorString(tp_cuda_err_),                              \
                 "\nCUDA kernel errors might be asynchronously reported at some other API " \
                 "call, so the stacktrace below might be incorrect.\nFor debugging consider " \
                 "passing CUDA_LAUNCH_BLOCKING=1");                             \
    }                                                                           \
  } while (0)
