// dlopen/dlsym of the cuBLAS functions in cublas_loader.h.
#include <string>

#include "core/backends/cuda/cublas_loader.h"
#include "core/backends/cuda/shared_library.h"
#include "core/error.h"

namespace tp {

namespace {

CublasApi load_cublas() {
  void* lib = open_cuda_library("cuBLAS", "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR), "libcublas.so");
  CublasApi api{};
  load_symbol(lib, "cuBLAS", "cublasCreate_v2", api.create);
  load_symbol(lib, "cuBLAS", "cublasSetMathMode", api.set_math_mode);
  load_symbol(lib, "cuBLAS", "cublasSetStream_v2", api.set_stream);
  load_symbol(lib, "cuBLAS", "cublasSgemmStridedBatched", api.sgemm_strided_batched);
  load_symbol(lib, "cuBLAS", "cublasDgemmStridedBatched", api.dgemm_strided_batched);
  load_symbol(lib, "cuBLAS", "cublasGemmStridedBatchedEx", api.gemm_strided_batched_ex);
  return api;
}

}  // namespace

const CublasApi& cublas_api() {
  static const CublasApi api = load_cublas();
  return api;
}

}  // namespace tp
