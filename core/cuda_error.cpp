// See cuda_error.h. Help and suffix follow get_cuda_error_help and
// get_cuda_async_error_suffix; kernel faults may surface at a later call.
#include "core/cuda_error.h"

#include <cstdlib>
#include <cstring>

#include "core/error.h"

namespace tp {

namespace {

bool launch_blocking() {
  const char* v = std::getenv("CUDA_LAUNCH_BLOCKING");
  return v && (std::strcmp(v, "1") == 0 || std::strcmp(v, "true") == 0 ||
               std::strcmp(v, "ON") == 0);
}

bool is_async_fault(const std::string& name) {
  return name == "cudaErrorLaunchFailure" || name == "cudaErrorIllegalAddress" ||
         name == "cudaErrorAssert" || name == "cudaErrorIllegalInstruction" ||
         name == "cudaErrorMisalignedAddress";
}

}  // namespace

std::string cuda_error_message(const std::string& error_string, const std::string& error_name) {
  std::string help =
      error_name == "cudaErrorInvalidDevice"
          ? "\nGPU device may be out of range, do you have enough GPUs?"
          : "\nSearch for `" + error_name +
                "' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html "
                "for more information.";
  std::string suffix;
  if (!is_async_fault(error_name)) {
    suffix = "\nFor more detailed error information, run with CUDA_LOG_FILE=stderr";
  } else if (!launch_blocking()) {
    suffix = "\nCUDA kernel errors might be asynchronously reported at some other API call, so "
             "the stacktrace below might be incorrect.\nFor debugging consider passing "
             "CUDA_LAUNCH_BLOCKING=1";
  }
  return "CUDA error: " + error_string + help + suffix +
         "\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n";
}

void fail_cuda(const std::string& error_string, const std::string& error_name) {
  throw TorchError(ErrorKind::AcceleratorError, cuda_error_message(error_string, error_name));
}

void fail_missing_ordinal(int index) {
  DeviceProblem problem;
  problem.kind = DeviceProblem::Kind::MissingOrdinal;
  problem.device = Device::cuda(index);
  throw TorchError(ErrorKind::AcceleratorError, cuda_error_message("invalid device ordinal", "cudaErrorInvalidDevice"),
                   problem);
}

}  // namespace tp
