// Asks the CUDA runtime for real GPUs. A machine without a driver reports 0 devices.
#include <cuda_runtime.h>

#include <string>

#include "core/backends/cuda/cuda_runtime_info.h"

namespace tp {

bool cuda_compiled() { return true; }

int cuda_real_device_count() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess) {
    cudaGetLastError();  // clear the sticky "no driver" error
    return 0;
  }
  return count;
}

std::string cuda_runtime_description() {
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  if (cudaDriverGetVersion(&driver) != cudaSuccess || driver == 0) {
    return "CUDA runtime " + std::to_string(runtime / 1000) + "." +
           std::to_string(runtime % 1000 / 10) + ", no NVIDIA driver";
  }
  return "CUDA runtime " + std::to_string(runtime / 1000) + "." +
         std::to_string(runtime % 1000 / 10);
}

}  // namespace tp
