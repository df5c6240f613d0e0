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

}  // namespace tp
