// What the CUDA runtime reports about real GPUs. Built from cuda_runtime_info.cu when
// the toolkit is found, else from no_cuda.cpp, which answers "not available".
#pragma once

#include <string>

namespace tp {

// True when this binary was built with the CUDA backend.
bool cuda_compiled();
// Number of real GPUs; 0 without a driver or without the backend (never throws).
int cuda_real_device_count();
// "CUDA runtime 13.0" or why none is available.
std::string cuda_runtime_description();

}  // namespace tp
