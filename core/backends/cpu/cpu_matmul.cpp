// CpuBackend::matmul: float32/float64 through OpenBLAS (one gemm per batch, reading
// transposed operands in place), every other dtype through plain loops. The loops are the
// reference that the other backends' matmul kernels are checked against.
#include <cblas.h>

#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/cpu_matmul.h"

namespace tp {
namespace {

// How BLAS reads one (B,R,C) operand: a base pointer, a step between batches, and either
// row-major (NoTrans) or column-major (Trans) matrices with leading dimension `ld`.
struct BlasOperand {
  Tensor tensor;  // the operand itself, or a contiguous copy when BLAS can't read it
  int64_t batch_stride = 0;
  CBLAS_TRANSPOSE trans = CblasNoTrans;
  int64_t ld = 1;
};

// Reads t in place when its last two dims are row- or column-major (a size-1 dim's stride
// never matters); otherwise, e.g. for a strided slice, copies it to contiguous.
BlasOperand blas_operand(const Tensor& t, CpuBackend& cpu) {
  int64_t rows = t.sizes()[1], cols = t.sizes()[2];
  int64_t row_stride = t.strides()[1], col_stride = t.strides()[2];
  bool row_major = (cols == 1 || col_stride == 1) &&
                   (rows == 1 || row_stride >= std::max<int64_t>(1, cols));
  if (row_major) {
    return {t, t.strides()[0], CblasNoTrans, rows == 1 ? std::max<int64_t>(1, cols) : row_stride};
  }
  bool col_major = (rows == 1 || row_stride == 1) &&
                   (cols == 1 || col_stride >= std::max<int64_t>(1, rows));
  if (col_major) {
    return {t, t.strides()[0], CblasTrans, cols == 1 ? std::max<int64_t>(1, rows) : col_stride};
  }
  Tensor copy = empty(t.sizes(), TensorOptions(t.dtype()));
  cpu.copy(t, copy);
  return {copy, rows * cols, CblasNoTrans, std::max<int64_t>(1, cols)};
}

void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const float* a, int lda,
          const float* b, int ldb, float* c) {
  cblas_sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, a, lda, b, ldb, 0.0f, c, n);
}

void gemm(CBLAS_TRANSPOSE ta, CBLAS_TRANSPOSE tb, int m, int n, int k, const double* a, int lda,
          const double* b, int ldb, double* c) {
  cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, 0.0, c, n);
}

// out[b] (M,N) = a[b] (M,K) @ bm[b] (K,N) through BLAS; beta = 0, so out needs no zeroing.
template <typename T>
void blas_matmul(const Tensor& a, const Tensor& bm, const Tensor& out, CpuBackend& cpu) {
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  BlasOperand lhs = blas_operand(a, cpu), rhs = blas_operand(bm, cpu);
  const T* a_base = lhs.tensor.data<T>();
  const T* b_base = rhs.tensor.data<T>();
  T* c = out.data<T>();
  for (int64_t i = 0; i < batches; ++i) {
    gemm(lhs.trans, rhs.trans, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
         a_base + i * lhs.batch_stride, static_cast<int>(lhs.ld), b_base + i * rhs.batch_stride,
         static_cast<int>(rhs.ld), c + i * m * n);
  }
}

// The reference: out[b][i][j] = sum_k a[b][i][k] * bm[b][k][j], reading any strides.
// Acc is the accumulator: float for float/half/bfloat16 (as PyTorch's CPU kernels), and
// uint64 for integers, whose wrap-around matches PyTorch's modular integer products.
template <typename T, typename Acc>
void loop_matmul(const Tensor& a, const Tensor& bm, const Tensor& out) {
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  const Shape& sa = a.strides();
  const Shape& sb = bm.strides();
  const T* pa = a.data<T>();
  const T* pb = bm.data<T>();
  T* pc = out.data<T>();  // out is (B,M,N) contiguous
  for (int64_t b = 0; b < batches; ++b) {
    for (int64_t i = 0; i < m; ++i) {
      for (int64_t j = 0; j < n; ++j) {
        Acc acc = 0;
        for (int64_t p = 0; p < k; ++p) {
          T x = pa[b * sa[0] + i * sa[1] + p * sa[2]];
          T y = pb[b * sb[0] + p * sb[1] + j * sb[2]];
          acc += static_cast<Acc>(x) * static_cast<Acc>(y);
        }
        if constexpr (std::is_same_v<T, bool>) {
          pc[(b * m + i) * n + j] = acc != 0;
        } else {
          pc[(b * m + i) * n + j] = static_cast<T>(acc);
        }
      }
    }
  }
}

// PyTorch's CPU build (MKL) sums each dot product of a float32 product with 2, 3, 4 or 8
// columns in order, without fused multiply-adds: measured against PyTorch 2.15, every
// element equal for a contiguous right operand (M up to 1024, K up to 4096), and for a
// transposed one (nn.Linear's weight.t()) while K is small. OpenBLAS fuses them, which moved
// a small model's (nn.Linear(3, 2)) outputs and gradients by an ulp. Other widths go
// through OpenBLAS: MKL's blocking there is its own and not something to copy.
bool sums_in_order_like_pytorch(int64_t columns) {
  return columns == 2 || columns == 3 || columns == 4 || columns == 8;
}

}  // namespace

namespace cpu {

void matmul_reference(const Tensor& a, const Tensor& bm, const Tensor& out) {
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      loop_matmul<T, uint64_t>(a, bm, out);
    } else if constexpr (std::is_same_v<T, double>) {
      loop_matmul<T, double>(a, bm, out);
    } else {
      loop_matmul<T, float>(a, bm, out);
    }
  });
}

int blas_threads() { return openblas_get_num_threads(); }

void set_blas_threads(int threads) { openblas_set_num_threads(threads); }

}  // namespace cpu

void CpuBackend::matmul(const Tensor& a, const Tensor& bm, const Tensor& out) {
  // a is (B,M,K), bm is (B,K,N), out is (B,M,N) contiguous.
  if (out.numel() == 0) return;
  if (a.sizes()[2] == 0) {  // an empty sum: all zeros (the bit pattern of 0 in every dtype)
    std::memset(out.data_ptr(), 0, out.nbytes());
    return;
  }
  switch (out.dtype()) {
    case DType::Float32:
      if (sums_in_order_like_pytorch(out.sizes()[2])) return cpu::matmul_reference(a, bm, out);
      return blas_matmul<float>(a, bm, out, *this);
    case DType::Float64: return blas_matmul<double>(a, bm, out, *this);
    default: return cpu::matmul_reference(a, bm, out);
  }
}

}  // namespace tp
