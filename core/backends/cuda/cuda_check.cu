// The texts CUDA_CHECK and CUBLAS_CHECK raise, as PyTorch 2.x builds them:
//   "CUDA error: " + cudaGetErrorString + help + suffix + "\n" + DSA note
// from c10/cuda/CUDAException.cpp (c10_cuda_check_implementation) and
// c10/cuda/CUDAMiscFunctions.cpp (get_cuda_error_help, get_cuda_async_error_suffix), and
// c10/cuda/CUDADeviceAssertionHost.cpp's note for builds without TORCH_USE_CUDA_DSA.
// The text itself is built in core/cuda_error.cpp, shared with the simulator.
#include <cstdlib>
#include <cstring>

#include "core/backends/cuda/cuda_check.h"
#include "core/cuda_error.h"
#include "core/error.h"

namespace tp {

namespace {

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
  return cuda_error_message(cudaGetErrorString(err), cudaGetErrorName(err));
}

void cuda_fail(cudaError_t err) {
  cudaGetLastError();  // clear a non-sticky error so the session can go on
  fail_cuda(cudaGetErrorString(err), cudaGetErrorName(err));
}

void cublas_fail(cublasStatus_t status, const char* expr) {
  fail(ErrorKind::RuntimeError, "CUDA error: ", cublas_status_name(status), " when calling `",
       expr, "`");
}

}  // namespace tp
