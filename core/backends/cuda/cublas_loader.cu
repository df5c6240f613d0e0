// dlopen/dlsym of the cuBLAS functions in cublas_loader.h.
#include <dlfcn.h>

#include <string>

#include "core/backends/cuda/cublas_loader.h"
#include "core/error.h"

namespace tp {

namespace {

template <typename Fn>
void load(void* lib, const char* name, Fn& out) {
  void* sym = dlsym(lib, name);
  TP_CHECK(sym != nullptr, RuntimeError, "cuBLAS has no symbol ", name, ": ", dlerror());
  out = reinterpret_cast<Fn>(sym);
}

CublasApi load_cublas() {
  const std::string soname = "libcublas.so." + std::to_string(CUBLAS_VER_MAJOR);
  void* lib = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) lib = dlopen("libcublas.so", RTLD_NOW | RTLD_LOCAL);
  TP_CHECK(lib != nullptr, RuntimeError, "could not load cuBLAS (", soname, "): ", dlerror());
  CublasApi api{};
  load(lib, "cublasCreate_v2", api.create);
  load(lib, "cublasSetMathMode", api.set_math_mode);
  load(lib, "cublasSgemmStridedBatched", api.sgemm_strided_batched);
  load(lib, "cublasDgemmStridedBatched", api.dgemm_strided_batched);
  load(lib, "cublasGemmStridedBatchedEx", api.gemm_strided_batched_ex);
  return api;
}

}  // namespace

const CublasApi& cublas_api() {
  static const CublasApi api = load_cublas();
  return api;
}

}  // namespace tp
