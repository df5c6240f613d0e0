// CUDA errors as PyTorch 2.x reports them, in one place for the real backend and the
// simulator: "CUDA error: <cudaGetErrorString>", a help line, a suffix and the DSA note
// (c10/cuda/CUDAException.cpp, CUDAMiscFunctions.cpp), raised as torch.AcceleratorError.
#pragma once

#include <string>

namespace tp {

// The message for a CUDA error given its string ("invalid device ordinal") and its enum
// name ("cudaErrorInvalidDevice").
std::string cuda_error_message(const std::string& error_string, const std::string& error_name);

// Raises torch.AcceleratorError (a RuntimeError subclass) with that message.
[[noreturn]] void fail_cuda(const std::string& error_string, const std::string& error_name);
// "invalid device ordinal" for cuda:`index`, which the session lacks (the device travels on
// the error, for hints).
[[noreturn]] void fail_missing_ordinal(int index);

}  // namespace tp
