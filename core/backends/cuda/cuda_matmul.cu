// CudaBackend::matmul: float32/float64 through cublas{S,D}gemmStridedBatched, half and
// bfloat16 through cublasGemmStridedBatchedEx (float accumulation), reading transposed
// operands in place as cpu_matmul.cpp does; other dtypes through a plain kernel that
// mirrors tp::cpu::matmul_reference (uint64 accumulation for integers).
//
// cuBLAS is column-major. A row-major C (M,N) is the column-major C^T (N,M) = B^T A^T, so
// we ask for C^T = op(B) op(A): an operand stored row-major is, read column-major, its own
// transpose (op N), and one stored column-major needs op T.
#include <algorithm>
#include <vector>

#include "core/backends/cuda/cublas_loader.h"
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_streams.h"

namespace tp {

namespace {

// One cuBLAS handle per GPU, created on first use and kept for the session; its work goes
// to the GPU's current stream.
cublasHandle_t cublas_handle(int device) {
  static std::vector<cublasHandle_t> handles;
  if (handles.size() <= static_cast<size_t>(device)) handles.resize(device + 1, nullptr);
  if (!handles[device]) CUBLAS_CHECK(cublas_api().create(&handles[device]));
  // PyTorch's default: no TF32 for float32 matmul (torch.backends.cuda.matmul.allow_tf32).
  CUBLAS_CHECK(cublas_api().set_math_mode(handles[device], CUBLAS_DEFAULT_MATH));
  CUBLAS_CHECK(cublas_api().set_stream(handles[device], cuda::current_stream()));
  return handles[device];
}

// How cuBLAS reads one (B,R,C) operand.
struct GemmOperand {
  Tensor tensor;  // the operand, or a contiguous copy when cuBLAS can't read it
  int64_t batch_stride = 0;
  cublasOperation_t op = CUBLAS_OP_N;
  int64_t ld = 1;
};

// Row-major (op N) or column-major (op T) in its last two dims, else a contiguous copy.
GemmOperand gemm_operand(const Tensor& t, CudaBackend& cuda) {
  int64_t rows = t.sizes()[1], cols = t.sizes()[2];
  int64_t row_stride = t.strides()[1], col_stride = t.strides()[2];
  bool row_major = (cols == 1 || col_stride == 1) &&
                   (rows == 1 || row_stride >= std::max<int64_t>(1, cols));
  if (row_major) {
    return {t, t.strides()[0], CUBLAS_OP_N, rows == 1 ? std::max<int64_t>(1, cols) : row_stride};
  }
  bool col_major = (rows == 1 || row_stride == 1) &&
                   (cols == 1 || col_stride >= std::max<int64_t>(1, rows));
  if (col_major) {
    return {t, t.strides()[0], CUBLAS_OP_T, cols == 1 ? std::max<int64_t>(1, rows) : col_stride};
  }
  Tensor copy = empty(t.sizes(), TensorOptions(t.dtype(), t.device()));
  cuda.copy(t, copy);
  return {copy, rows * cols, CUBLAS_OP_N, std::max<int64_t>(1, cols)};
}

int to_int(int64_t v) {
  TP_CHECK(v <= 2147483647, RuntimeError, "matmul dimension ", v, " is too large for cuBLAS");
  return static_cast<int>(v);
}

void cublas_matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                   CudaBackend& cuda) {
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  GemmOperand lhs = gemm_operand(a, cuda), rhs = gemm_operand(bm, cuda);
  cublasHandle_t h = cublas_handle(out.device().index);
  const int N = to_int(n), M = to_int(m), K = to_int(k), B = to_int(batches);
  const int ldb = to_int(rhs.ld), lda = to_int(lhs.ld);
  switch (out.dtype()) {
    case DType::Float32: {
      const float alpha = 1, beta = accumulate ? 1 : 0;
      CUBLAS_CHECK(cublas_api().sgemm_strided_batched(h, rhs.op, lhs.op, N, M, K, &alpha,
                                             rhs.tensor.data<float>(), ldb, rhs.batch_stride,
                                             lhs.tensor.data<float>(), lda, lhs.batch_stride,
                                             &beta, out.data<float>(), N, m * n, B));
      return;
    }
    case DType::Float64: {
      const double alpha = 1, beta = accumulate ? 1 : 0;
      CUBLAS_CHECK(cublas_api().dgemm_strided_batched(h, rhs.op, lhs.op, N, M, K, &alpha,
                                             rhs.tensor.data<double>(), ldb, rhs.batch_stride,
                                             lhs.tensor.data<double>(), lda, lhs.batch_stride,
                                             &beta, out.data<double>(), N, m * n, B));
      return;
    }
    default: {  // Float16 / BFloat16 with float accumulation
      const cudaDataType_t type = out.dtype() == DType::Float16 ? CUDA_R_16F : CUDA_R_16BF;
      const float alpha = 1, beta = accumulate ? 1 : 0;
      CUBLAS_CHECK(cublas_api().gemm_strided_batched_ex(h, rhs.op, lhs.op, N, M, K, &alpha,
                                              rhs.tensor.data_ptr(), type, ldb, rhs.batch_stride,
                                              lhs.tensor.data_ptr(), type, lda, lhs.batch_stride,
                                              &beta, out.data_ptr(), type, N, m * n, B,
                                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));
      return;
    }
  }
}

struct MatmulShape {
  int64_t batches, m, n, k;
  int64_t sa[3], sb[3];  // strides of a (B,M,K) and bm (B,K,N)
};

// out[b][i][j] = sum_p a[b][i][p] * bm[b][p][j], one thread per output element; integers
// accumulate in uint64 (wrapping like PyTorch's), bool as "any product is true".
template <typename T>
__global__ void loop_matmul_kernel(MatmulShape s, const T* a, const T* bm, T* out, bool accumulate) {
  const int64_t total = s.batches * s.m * s.n;
  for (int64_t e = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; e < total;
       e += int64_t{gridDim.x} * blockDim.x) {
    const int64_t j = e % s.n, i = (e / s.n) % s.m, b = e / (s.n * s.m);
    uint64_t acc = accumulate ? static_cast<uint64_t>(out[e]) : 0;
    for (int64_t p = 0; p < s.k; ++p) {
      T x = a[b * s.sa[0] + i * s.sa[1] + p * s.sa[2]];
      T y = bm[b * s.sb[0] + p * s.sb[1] + j * s.sb[2]];
      acc += static_cast<uint64_t>(x) * static_cast<uint64_t>(y);
    }
    if constexpr (std::is_same_v<T, bool>) {
      out[e] = acc != 0;
    } else {
      out[e] = static_cast<T>(acc);
    }
  }
}

}  // namespace

void CudaBackend::matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                         ProductKind) {
  // a is (B,M,K), bm is (B,K,N), out is (B,M,N) contiguous.
  const int64_t total = out.numel();
  if (total == 0) return;
  CudaDeviceGuard guard(out.device().index);
  if (a.sizes()[2] == 0) {  // an empty sum: zeros, the bit pattern of 0 in every dtype
    if (!accumulate)
      CUDA_CHECK(cudaMemsetAsync(out.data_ptr(), 0, out.nbytes(), cuda::current_stream()));
    return;
  }
  if (is_floating(out.dtype())) {
    cublas_matmul(a, bm, out, accumulate, *this);
    return;
  }
  MatmulShape s{out.sizes()[0], out.sizes()[1], out.sizes()[2], a.sizes()[2], {}, {}};
  for (int d = 0; d < 3; ++d) {
    s.sa[d] = a.strides()[d];
    s.sb[d] = bm.strides()[d];
  }
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      loop_matmul_kernel<T><<<cuda::blocks_for(total), cuda::kThreads, 0, cuda::current_stream()>>>(
          s, a.data<T>(), bm.data<T>(), out.data<T>(), accumulate);
      CUDA_CHECK_LAUNCH();
    } else {
      TP_ASSERT(false && "floating matmul goes to cuBLAS");
    }
  });
}

}  // namespace tp
