// NVRTC and the runtime's library API for a learner's kernel (core/cuda_source_kernel.h).
// libnvrtc is dlopen'ed on first use, as cuBLAS is: a program that never compiles a kernel
// never pays for it, and a machine without it still starts.
#include <cuda_runtime.h>
#include <nvrtc.h>

#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/backends/cuda/shared_library.h"
#include "core/cuda_source_kernel.h"
#include "core/error.h"

namespace tp {

namespace {

struct NvrtcApi {
  decltype(&nvrtcCreateProgram) create;
  decltype(&nvrtcCompileProgram) compile;
  decltype(&nvrtcGetProgramLogSize) log_size;
  decltype(&nvrtcGetProgramLog) log;
  decltype(&nvrtcGetCUBINSize) cubin_size;
  decltype(&nvrtcGetCUBIN) cubin;
  decltype(&nvrtcDestroyProgram) destroy;
  decltype(&nvrtcGetErrorString) error_string;
};

const NvrtcApi& nvrtc() {
  static const NvrtcApi api = [] {
    void* lib = open_cuda_library("NVRTC", "libnvrtc.so." + std::to_string(CUDART_VERSION / 1000), "libnvrtc.so");
    NvrtcApi a{};
    load_symbol(lib, "NVRTC", "nvrtcCreateProgram", a.create);
    load_symbol(lib, "NVRTC", "nvrtcCompileProgram", a.compile);
    load_symbol(lib, "NVRTC", "nvrtcGetProgramLogSize", a.log_size);
    load_symbol(lib, "NVRTC", "nvrtcGetProgramLog", a.log);
    load_symbol(lib, "NVRTC", "nvrtcGetCUBINSize", a.cubin_size);
    load_symbol(lib, "NVRTC", "nvrtcGetCUBIN", a.cubin);
    load_symbol(lib, "NVRTC", "nvrtcDestroyProgram", a.destroy);
    load_symbol(lib, "NVRTC", "nvrtcGetErrorString", a.error_string);
    return a;
  }();
  return api;
}

// The cubin of `source` for the current device's architecture.
std::vector<char> compile(const std::string& source, int major, int minor) {
  const NvrtcApi& api = nvrtc();
  nvrtcProgram prog;
  nvrtcResult r = api.create(&prog, source.c_str(), "numba_kernel.cu", 0, nullptr, nullptr);
  TP_CHECK(r == NVRTC_SUCCESS, RuntimeError, "NVRTC: ", api.error_string(r));
  const std::string arch = "--gpu-architecture=sm_" + std::to_string(major * 10 + minor);
  const char* options[] = {arch.c_str(), "--std=c++17", "--fmad=false"};
  r = api.compile(prog, 3, options);
  if (r != NVRTC_SUCCESS) {
    size_t n = 0;
    api.log_size(prog, &n);
    std::string log(n, '\0');
    api.log(prog, log.data());
    api.destroy(&prog);
    fail(ErrorKind::RuntimeError, "NVRTC could not compile the kernel's CUDA C++: ", api.error_string(r), "\n", log);
  }
  size_t n = 0;
  api.cubin_size(prog, &n);
  std::vector<char> cubin(n);
  api.cubin(prog, cubin.data());
  api.destroy(&prog);
  return cubin;
}

}  // namespace

size_t compile_cuda_source(const std::string& source, int major, int minor) {
  return compile(source, major, minor).size();
}

double run_cuda_source_kernel(const std::string& source, const std::string& name,
                              const std::vector<SourceKernelArray>& arrays, KDim3 grid, KDim3 block,
                              size_t shared_bytes) {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  cudaDeviceProp prop{};
  CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
  // One library per (device, source): kernels are compiled once per argument types.
  static std::mutex guard;
  static std::map<std::pair<int, std::string>, cudaLibrary_t> libraries;
  cudaLibrary_t library;
  {
    std::lock_guard<std::mutex> lock(guard);
    auto it = libraries.find({device, source});
    if (it == libraries.end()) {
      std::vector<char> cubin = compile(source, prop.major, prop.minor);
      CUDA_CHECK(cudaLibraryLoadData(&library, cubin.data(), nullptr, nullptr, 0, nullptr, nullptr, 0));
      libraries[{device, source}] = library;
    } else {
      library = it->second;
    }
  }
  cudaKernel_t kernel;
  CUDA_CHECK(cudaLibraryGetKernel(&kernel, library, name.c_str()));
  // The parameters as the generated source declares them: each TpArray, then the dynamic
  // shared memory's size.
  struct TpArray {
    unsigned char* data;
    long long shape[3];
    long long strides[3];
  };
  std::vector<TpArray> params(arrays.size());
  std::vector<void*> args;
  for (size_t i = 0; i < arrays.size(); ++i) {
    params[i].data = static_cast<unsigned char*>(arrays[i].data);
    for (int d = 0; d < 3; ++d) {
      params[i].shape[d] = arrays[i].shape[d];
      params[i].strides[d] = arrays[i].strides[d];
    }
    args.push_back(&params[i]);
  }
  long long dynamic_bytes = static_cast<long long>(shared_bytes);
  args.push_back(&dynamic_bytes);
  // On the current stream (numba's kernel[grid, block, stream] makes its stream current).
  cudaStream_t stream = cuda::current_stream();
  cudaEvent_t start, stop;
  CUDA_CHECK(cudaEventCreate(&start));
  CUDA_CHECK(cudaEventCreate(&stop));
  CUDA_CHECK(cudaEventRecord(start, stream));
  CUDA_CHECK(cudaLaunchKernel(reinterpret_cast<const void*>(kernel), dim3(grid.x, grid.y, grid.z),
                              dim3(block.x, block.y, block.z), args.data(), shared_bytes, stream));
  CUDA_CHECK(cudaEventRecord(stop, stream));
  CUDA_CHECK(cudaEventSynchronize(stop));
  float ms = 0;
  CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return ms;
}

}  // namespace tp
