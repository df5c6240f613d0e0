// CUDA errors read as PyTorch 2.x prints them (c10/cuda/CUDAException.cpp,
// CUDAMiscFunctions.cpp) and are raised as torch.AcceleratorError.
#include <doctest/doctest.h>

#include "core/cuda_error.h"
#include "core/error.h"

using namespace tp;

TEST_CASE("an invalid ordinal gets the out-of-range help line") {
  CHECK(cuda_error_message("invalid device ordinal", "cudaErrorInvalidDevice") ==
        "CUDA error: invalid device ordinal\n"
        "GPU device may be out of range, do you have enough GPUs?\n"
        "For more detailed error information, run with CUDA_LOG_FILE=stderr\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n");
}

TEST_CASE("kernel faults warn that they may be reported late") {
  CHECK(cuda_error_message("an illegal memory access was encountered", "cudaErrorIllegalAddress") ==
        "CUDA error: an illegal memory access was encountered\n"
        "Search for `cudaErrorIllegalAddress' in "
        "https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more "
        "information.\n"
        "CUDA kernel errors might be asynchronously reported at some other API call, so the "
        "stacktrace below might be incorrect.\n"
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n");
}

TEST_CASE("CUDA errors are torch.AcceleratorError") {
  try {
    fail_cuda("invalid configuration argument", "cudaErrorInvalidConfiguration");
    FAIL("expected an error");
  } catch (const TorchError& e) {
    CHECK(e.kind() == ErrorKind::AcceleratorError);
    CHECK(std::string(error_kind_name(e.kind())) == "torch.AcceleratorError");
    CHECK(std::string(e.what()).rfind("CUDA error: invalid configuration argument\n", 0) == 0);
  }
}
