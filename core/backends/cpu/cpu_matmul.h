// The plain-loop matmul that CpuBackend::matmul uses for non-BLAS dtypes, exposed for every
// dtype so that BLAS results and other backends' kernels can be checked against it.
#pragma once

#include "core/tensor.h"

namespace tp::cpu {

// out[b] = a[b] @ bm[b] for a (B,M,K), bm (B,K,N) with any strides, out (B,M,N) contiguous,
// all CPU tensors of one dtype. Accumulates in float for float/half/bfloat16, double for
// double, and with wrap-around for integers.
void matmul_reference(const Tensor& a, const Tensor& bm, const Tensor& out);

}  // namespace tp::cpu
