// The plain-loop matmul that CpuBackend::matmul uses for non-BLAS dtypes, exposed for every
// dtype so that BLAS results and other backends' kernels can be checked against it; and the
// number of threads BLAS splits a product across.
#pragma once

#include "core/tensor.h"

namespace tp::cpu {

// out[b] = a[b] @ bm[b] for a (B,M,K), bm (B,K,N) with any strides, out (B,M,N) contiguous,
// all CPU tensors of one dtype. Accumulates in float for float/half/bfloat16, double for
// double, and with wrap-around for integers.
void matmul_reference(const Tensor& a, const Tensor& bm, const Tensor& out);

// The threads a float32/float64 product is split across (OpenBLAS's setting, which the
// float32 kernel follows too; one per core by default). One setting for the whole process.
int blas_threads();
void set_blas_threads(int threads);

}  // namespace tp::cpu
