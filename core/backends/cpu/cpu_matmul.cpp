// CpuBackend::matmul: float32 in PyTorch's summation order (pytorch_order_gemm.h), float64
// through BLAS (blas.h: one gemm per batch, reading transposed operands in place), every other
// dtype through plain loops. The loops are the reference that the other backends' matmul
// kernels are checked against.
#include <algorithm>
#include <cstring>
#include <type_traits>

#include "core/backends/cpu/blas.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/cpu_matmul.h"
#include "core/backends/cpu/pytorch_order_gemm.h"

namespace tp {
namespace {

// How BLAS reads one (B,R,C) operand: a base pointer, a step between batches, and either
// row-major or column-major (transposed) matrices with leading dimension `ld`.
struct BlasOperand {
  Tensor tensor;  // the operand itself, or a contiguous copy when BLAS can't read it
  int64_t batch_stride = 0;
  bool transposed = false;
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
    return {t, t.strides()[0], false, rows == 1 ? std::max<int64_t>(1, cols) : row_stride};
  }
  bool col_major = (rows == 1 || row_stride == 1) &&
                   (cols == 1 || col_stride >= std::max<int64_t>(1, rows));
  if (col_major) {
    return {t, t.strides()[0], true, cols == 1 ? std::max<int64_t>(1, rows) : col_stride};
  }
  Tensor copy = empty(t.sizes(), TensorOptions(t.dtype()));
  cpu.copy(t, copy);
  return {copy, rows * cols, false, std::max<int64_t>(1, cols)};
}

// out[b] (M,N) = a[b] (M,K) @ bm[b] (K,N) in float64 through BLAS, or out[b] += that when
// accumulating (BLAS's beta = 1).
void blas_matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                 CpuBackend& cpu) {
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  BlasOperand lhs = blas_operand(a, cpu), rhs = blas_operand(bm, cpu);
  const double* a_base = lhs.tensor.data<double>();
  const double* b_base = rhs.tensor.data<double>();
  double* c = out.data<double>();
  for (int64_t i = 0; i < batches; ++i) {
    cpu::blas::dgemm(lhs.transposed, rhs.transposed, static_cast<int>(m), static_cast<int>(n), static_cast<int>(k),
                     a_base + i * lhs.batch_stride, static_cast<int>(lhs.ld), b_base + i * rhs.batch_stride,
                     static_cast<int>(rhs.ld), accumulate, c + i * m * n, static_cast<int>(n));
  }
}

// float32: each batch's product in the order PyTorch's CPU build sums it.
void float_matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                  ProductKind kind) {
  const int64_t batches = out.sizes()[0], m = out.sizes()[1], n = out.sizes()[2];
  const int64_t k = a.sizes()[2];
  const Shape& sa = a.strides();
  const Shape& sb = bm.strides();
  for (int64_t i = 0; i < batches; ++i) {
    cpu::FloatMatrix lhs{a.data<float>() + i * sa[0], sa[1], sa[2]};
    cpu::FloatMatrix rhs{bm.data<float>() + i * sb[0], sb[1], sb[2]};
    float* c = out.data<float>() + i * m * n;
    if (kind == ProductKind::Vector && m == 1 && n == 1) {  // torch.dot, and mv of one row (sdot)
      float sum = cpu::dot_in_lanes(lhs.data, lhs.col_stride, rhs.data, rhs.row_stride, k);
      *c = accumulate ? *c + sum : sum;
    } else if (cpu::takes_fused_blocks(m, n)) {
      cpu::gemm_fused_blocks(lhs, rhs, c, m, n, k, accumulate, cpu::blas_threads());
    } else {
      cpu::gemm_in_order(lhs, rhs, c, m, n, k, accumulate);
    }
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

}  // namespace cpu

void CpuBackend::matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                        ProductKind kind) {
  // a is (B,M,K), bm is (B,K,N), out is (B,M,N) contiguous.
  if (out.numel() == 0) return;
  if (a.sizes()[2] == 0) {  // an empty sum: all zeros (the bit pattern of 0 in every dtype)
    if (!accumulate) std::memset(out.data_ptr(), 0, out.nbytes());
    return;
  }
  switch (out.dtype()) {
    case DType::Float32: return float_matmul(a, bm, out, accumulate, kind);
    case DType::Float64: return blas_matmul(a, bm, out, accumulate, *this);
    default: break;
  }
  if (!accumulate) return cpu::matmul_reference(a, bm, out);
  Tensor product = empty(out.sizes(), TensorOptions(out.dtype()));
  cpu::matmul_reference(a, bm, product);
  binary(BinaryOp::Add, out, product, out);
}

}  // namespace tp
