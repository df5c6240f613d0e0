// ATen's isclose (TensorCompare.cpp) composed from elementwise ops; allclose is its all().
#include "core/ops/closeness.h"

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"

namespace tp {

Tensor isclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  TP_CHECK(a.dtype() == b.dtype(), RuntimeError, dtype_legacy_name(a.dtype()), " did not match ",
           dtype_legacy_name(b.dtype()));
  TP_CHECK(rtol >= 0, RuntimeError, "rtol must be greater than or equal to zero, but got ", rtol);
  TP_CHECK(atol >= 0, RuntimeError, "atol must be greater than or equal to zero, but got ", atol);
  autograd::NoGradGuard no_grad;  // a comparison
  Tensor close = eq(a, b);
  const bool inexact = is_floating(a.dtype()) || is_complex(a.dtype());
  if (equal_nan && inexact) close = logical_or(close, logical_and(isnan(a), isnan(b)));
  if (rtol == 0 && atol == 0) return close;
  // Integers are compared in the default float dtype so that the differences cannot overflow.
  Tensor x = inexact ? a : cast(a, default_float_dtype());
  Tensor y = inexact ? b : cast(b, default_float_dtype());
  Tensor allowed = add(abs(mul(y, Scalar(rtol))), Scalar(atol));
  Tensor actual = abs(sub(x, y));
  return logical_or(close, logical_and(isfinite(actual), le(actual, allowed)));
}

bool allclose(const Tensor& a, const Tensor& b, double rtol, double atol, bool equal_nan) {
  return item(all(isclose(a, b, rtol, atol, equal_nan))).to_bool();
}

}  // namespace tp
