// The texts CUDA_CHECK and CUBLAS_CHECK raise, as PyTorch 2.x builds them:
//   "CUDA error: " + cudaGetErrorString + help + suffix + "\n" + DSA note
// from c10/cuda/CUDAException.cpp (c10_cuda_check_implementation) and
// c10/cuda/CUDAMiscFunctions.cpp (get_cuda_error_help, get_cuda_async_error_suffix), and
// c10/cuda/CUDADeviceAssertionHost.cpp's note for builds without TORCH_USE_CUDA_DSA.
// PyTorch raises torch.AcceleratorError, a RuntimeError subclass; we raise RuntimeError.
#include <cstdlib>
#include <cstring>

#include "core/backends/cuda/cuda_check.h"
#include "core/error.h"

namespace tp {

namespace {

// get_cuda_error_help: a hint for the common errors, else where to look the name up.
std::string error_help(cudaError_t err) {
  if (err == cudaErrorInvalidDevice) return "\nGPU device may be out of range, do you have enough GPUs?";
  return std::string("\nSearch for `") + cudaGetErrorName(err) +
         "' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for "
         "more information.";
}

bool launch_blocking() {
  const char* v = std::getenv("CUDA_LAUNCH_BLOCKING");
  return v && (std::strcmp(v, "1") == 0 || std::strcmp(v, "true") == 0 ||
               std::strcmp(v, "ON") == 0);
}

// get_cuda_async_error_suffix: kernel faults may surface at a later call.
std::string async_suffix(cudaError_t err) {
  switch (err) {
    case cudaErrorLaunchFailure:
    case cudaErrorIllegalAddress:
    case cudaErrorAssert:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
      if (launch_blocking()) return "";
      return "\nCUDA kernel errors might be asynchronously reported at some other API call, "
             "so the stacktrace below might be incorrect.\nFor debugging consider passing "
             "CUDA_LAUNCH_BLOCKING=1";
    default:
      return "\nFor more detailed error information, run with CUDA_LOG_FILE=stderr";
  }
}

// cublasStatus_t as ATen's _cublasGetErrorEnum names it.
const char* cublas_status_name(cublasStatus_t s) {
  switch (s) {
    case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
    case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
    case CUBLAS_STATUS_ALLOC_FAILED: return "CUBLAS_STATUS_ALLOC_FAILED";
    case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
    case CUBLAS_STATUS_ARCH_MISMATCH: return "CUBLAS_STATUS_ARCH_MISMATCH";
    case CUBLAS_STATUS_MAPPING_ERROR: return "CUBLAS_STATUS_MAPPING_ERROR";
    case CUBLAS_STATUS_EXECUTION_FAILED: return "CUBLAS_STATUS_EXECUTION_FAILED";
    case CUBLAS_STATUS_INTERNAL_ERROR: return "CUBLAS_STATUS_INTERNAL_ERROR";
    case CUBLAS_STATUS_NOT_SUPPORTED: return "CUBLAS_STATUS_NOT_SUPPORTED";
    case CUBLAS_STATUS_LICENSE_ERROR: return "CUBLAS_STATUS_LICENSE_ERROR";
  }
  return "<unknown>";
}

}  // namespace

std::string cuda_error_text(cudaError_t err) {
  return std::string("CUDA error: ") + cudaGetErrorString(err) + error_help(err) +
         async_suffix(err) + "\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n";
}

void cuda_fail(cudaError_t err) {
  cudaGetLastError();  // clear a non-sticky error so the session can go on
  fail(ErrorKind::RuntimeError, cuda_error_text(err));
}

void cublas_fail(cublasStatus_t status, const char* expr) {
  fail(ErrorKind::RuntimeError, "CUDA error: ", cublas_status_name(status), " when calling `",
       expr, "`");
}

}  // namespace tp
