// cuBLAS, loaded with dlopen on the first matmul on a real GPU. Its libraries are huge:
// linking them made every tensorplay start (even --version on a GPU-less laptop) pay
// about 100 ms of library initialisation.
#pragma once

#include <cublas_v2.h>

namespace tp {

// The cuBLAS entry points tensorplay uses.
struct CublasApi {
  decltype(&cublasCreate_v2) create;
  decltype(&cublasSetMathMode) set_math_mode;
  decltype(&cublasSetStream_v2) set_stream;
  decltype(&cublasSgemmStridedBatched) sgemm_strided_batched;
  decltype(&cublasDgemmStridedBatched) dgemm_strided_batched;
  // Spelled out: the header also declares a C++ overload taking a cudaDataType compute type.
  cublasStatus_t (*gemm_strided_batched_ex)(cublasHandle_t, cublasOperation_t, cublasOperation_t,
                                            int m, int n, int k, const void* alpha,
                                            const void* A, cudaDataType Atype, int lda,
                                            long long strideA, const void* B, cudaDataType Btype,
                                            int ldb, long long strideB, const void* beta, void* C,
                                            cudaDataType Ctype, int ldc, long long strideC,
                                            int batch_count, cublasComputeType_t compute_type,
                                            cublasGemmAlgo_t algo);
};

// Loads libcublas on first use; raises a RuntimeError naming the library if it can't.
const CublasApi& cublas_api();

}  // namespace tp
