// isclose / allclose: PyTorch's one closeness rule, |a - b| <= atol + rtol * |b| elementwise
// (equal values always close, NaNs close only with equal_nan), with its dtype and tolerance
// checks.
#pragma once

#include "core/tensor.h"

namespace tp {

// Bool tensor of a and b broadcast together; a and b must share a dtype.
Tensor isclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);
// True when every element is close.
bool allclose(const Tensor& a, const Tensor& b, double rtol = 1e-5, double atol = 1e-8, bool equal_nan = false);

}  // namespace tp
