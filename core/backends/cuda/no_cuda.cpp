// Built when the CUDA toolkit is absent: the real GPU backend is not available.
#include "core/backends/cuda/cuda_runtime_info.h"

namespace tp {

bool cuda_compiled() { return false; }
int cuda_real_device_count() { return 0; }
std::string cuda_runtime_description() { return "built without CUDA"; }

}  // namespace tp
