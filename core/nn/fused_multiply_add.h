// a * b + c rounded once, as the fused multiply-adds that PyTorch's AVX2 CPU kernels compile
// to (group norm's affine, linear interpolation), composed from core ops for every backend.
#pragma once

#include "core/tensor.h"

namespace tp::nn::functional {

// a * b + c with broadcasting; c may be undefined (zero). Float32 goes through float64, where
// the product is exact and the sum's double rounding equals one rounding except in vanishingly
// rare ties; other dtypes round twice (agreeing with a real fma to their rounding).
Tensor fused_multiply_add(const Tensor& a, const Tensor& b, const Tensor& c);

}  // namespace tp::nn::functional
