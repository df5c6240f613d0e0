// The elementwise math ops beyond the basic arithmetic: the special functions with arguments
// (polygamma, logit, nan_to_num, mvlgamma), the binary math ops (hypot, logaddexp, xlogy,
// fmod, copysign, gcd, shifts, ...) and the composites ldexp, float_power and isin, with
// PyTorch's dtype rules and error texts. The argument-free unary rows (frac, erfinv, ...)
// are tp::NAME from elementwise.h.
#pragma once

#include <optional>

#include "core/backends/op_kinds.h"
#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// ---- unary with arguments ----
// The n-th derivative of digamma; n >= 0.
Tensor polygamma(int64_t n, const Tensor& t);
const Tensor& polygamma_(const Tensor& self, int64_t n);
// log(p / (1 - p)); with eps, p is first clamped to [eps, 1 - eps].
Tensor logit(const Tensor& t, std::optional<double> eps = std::nullopt);
const Tensor& logit_(const Tensor& self, std::optional<double> eps = std::nullopt);
// NaN, +inf and -inf replaced (by 0 and the dtype's largest and lowest finite values unless
// given); integer and bool tensors are returned as a copy.
Tensor nan_to_num(const Tensor& t, std::optional<double> nan = std::nullopt, std::optional<double> posinf = std::nullopt,
                  std::optional<double> neginf = std::nullopt);
const Tensor& nan_to_num_(const Tensor& self, std::optional<double> nan = std::nullopt,
                          std::optional<double> posinf = std::nullopt, std::optional<double> neginf = std::nullopt);
// The multivariate log-gamma of dimension p (ATen's composite: a sum of lgammas).
Tensor mvlgamma(const Tensor& t, int64_t p);
const Tensor& mvlgamma_(const Tensor& self, int64_t p);

// ---- binary ----
Tensor hypot(const Tensor& a, const Tensor& b);
Tensor logaddexp(const Tensor& a, const Tensor& b);
Tensor logaddexp2(const Tensor& a, const Tensor& b);
Tensor xlogy(const Tensor& a, const Tensor& b);  // x * log(y), 0 where x == 0
Tensor xlog1py(const Tensor& a, const Tensor& b);  // x * log1p(y), 0 where x == 0
Tensor fmod(const Tensor& a, const Tensor& b);  // C's remainder: the sign of a
Tensor copysign(const Tensor& a, const Tensor& b);
Tensor nextafter(const Tensor& a, const Tensor& b);
// The regularized lower and upper incomplete gamma functions P(a, x) and Q(a, x).
Tensor igamma(const Tensor& a, const Tensor& x);
Tensor igammac(const Tensor& a, const Tensor& x);
// 0 where a < 0, b where a == 0, 1 where a > 0; a and b of one dtype.
Tensor heaviside(const Tensor& a, const Tensor& b);
Tensor fmax(const Tensor& a, const Tensor& b);  // max ignoring NaN
Tensor fmin(const Tensor& a, const Tensor& b);
Tensor gcd(const Tensor& a, const Tensor& b);
Tensor lcm(const Tensor& a, const Tensor& b);
Tensor bitwise_left_shift(const Tensor& a, const Tensor& b);
Tensor bitwise_right_shift(const Tensor& a, const Tensor& b);
// The heaviside dtype check, shared with heaviside_.
void check_heaviside_dtypes(const Tensor& a, const Tensor& b);

// ---- composites ----
// a * 2 ** b (ATen: mul(a, pow(2, b))).
Tensor ldexp(const Tensor& a, const Tensor& b);
// a ** b computed in float64 (complex128 is not supported here).
Tensor float_power(const Tensor& a, const Tensor& b);
// True where an element of `elements` occurs in `test_elements` (False with invert).
Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert = false);

}  // namespace tp
