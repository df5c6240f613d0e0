// The elementwise math ops with arguments, the binary math ops and the composites ldexp,
// float_power and isin: PyTorch's argument checks and dtype rules, then the generic unary /
// binary entry points (core/ops/elementwise*.cpp), which run the rows of unary_ops.def and
// binary_ops.def on every backend and record their gradients.
#include "core/ops/elementwise_math.h"

#include <cmath>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

// The largest finite value of a floating dtype (nan_to_num's default for +inf).
double largest_finite(DType dtype) {
  switch (dtype) {
    case DType::Float16: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e38;
    case DType::Float32: return std::numeric_limits<float>::max();
    default: return std::numeric_limits<double>::max();
  }
}

UnaryArgs nan_to_num_args(DType dtype, std::optional<double> nan, std::optional<double> posinf,
                          std::optional<double> neginf) {
  UnaryArgs args;
  args.nan = nan.value_or(0.0);
  args.posinf = posinf.value_or(largest_finite(dtype));
  args.neginf = neginf.value_or(-largest_finite(dtype));
  return args;
}

void check_polygamma_order(int64_t n) {
  TP_CHECK(n >= 0, RuntimeError, "polygamma(n, x) does not support negative n.");
}

void check_mvlgamma(const Tensor& t, int64_t p) {
  TP_CHECK(t.dtype() != DType::Bool, RuntimeError, "The input tensor may not be a boolean tensor.");
  TP_CHECK(p >= 1, RuntimeError, "p has to be greater than or equal to 1");
}

// The p arguments x - j/2 (j = 0 .. p-1) of mvlgamma's lgammas, along a new last dim.
Tensor mvlgamma_arguments(const Tensor& t, int64_t p, DType dtype) {
  Tensor offsets = arange(Scalar(-static_cast<double>(p) * 0.5 + 0.5), Scalar(0.5), Scalar(0.5), dtype, t.device());
  return add(offsets, unsqueeze(t, -1));
}

}  // namespace

// ---- unary with arguments ----

Tensor polygamma(int64_t n, const Tensor& t) {
  check_polygamma_order(n);
  UnaryArgs args;
  args.n = n;
  return unary(UnaryOp::Polygamma, t, args);
}
const Tensor& polygamma_(const Tensor& self, int64_t n) {
  check_polygamma_order(n);
  UnaryArgs args;
  args.n = n;
  return unary_(UnaryOp::Polygamma, self, args);
}

Tensor logit(const Tensor& t, std::optional<double> eps) {
  UnaryArgs args;
  args.eps = eps.value_or(-1.0);
  return unary(UnaryOp::Logit, t, args);
}
const Tensor& logit_(const Tensor& self, std::optional<double> eps) {
  UnaryArgs args;
  args.eps = eps.value_or(-1.0);
  return unary_(UnaryOp::Logit, self, args);
}

Tensor nan_to_num(const Tensor& t, std::optional<double> nan, std::optional<double> posinf,
                  std::optional<double> neginf) {
  return unary(UnaryOp::NanToNum, t, nan_to_num_args(t.dtype(), nan, posinf, neginf));
}
const Tensor& nan_to_num_(const Tensor& self, std::optional<double> nan, std::optional<double> posinf,
                          std::optional<double> neginf) {
  return unary_(UnaryOp::NanToNum, self, nan_to_num_args(self.dtype(), nan, posinf, neginf));
}

Tensor mvlgamma(const Tensor& t, int64_t p) {
  check_mvlgamma(t, p);
  const DType dtype = is_integral(t.dtype(), /*include_bool=*/true) ? default_float_dtype() : t.dtype();
  const double constant = static_cast<double>(p) * static_cast<double>(p - 1) * std::log(M_PI) * 0.25;
  return autograd::record_op(
      {t}, [&] { return add(sum(lgamma(mvlgamma_arguments(t, p, dtype)), DimList{-1}), Scalar(constant)); },
      [&](const Tensor&) {
        // g * sum_j digamma(x - j/2) (ATen's mvlgamma_backward)
        return autograd::make_node("MvlgammaBackward0", {t}, [p](const TensorList& g, const TensorList& s, const Node&) {
          Tensor args = mvlgamma_arguments(s[0], p, s[0].dtype());
          return TensorList{mul(g[0], sum(digamma(args), DimList{-1}))};
        });
      });
}
const Tensor& mvlgamma_(const Tensor& self, int64_t p) {
  autograd::check_inplace(self);
  return assign_inplace_result(self, mvlgamma(autograd::inplace_operand(self, autograd::needs_grad({&self})), p));
}

// ---- binary ----

Tensor hypot(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Hypot, a, b); }
Tensor logaddexp(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Logaddexp, a, b); }
Tensor logaddexp2(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Logaddexp2, a, b); }
Tensor xlogy(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Xlogy, a, b); }
Tensor xlog1py(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Xlog1py, a, b); }
Tensor fmod(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Fmod, a, b); }
Tensor copysign(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Copysign, a, b); }
Tensor nextafter(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Nextafter, a, b); }
Tensor igamma(const Tensor& a, const Tensor& x) { return binary(BinaryOp::Igamma, a, x); }
Tensor igammac(const Tensor& a, const Tensor& x) { return binary(BinaryOp::Igammac, a, x); }
void check_heaviside_dtypes(const Tensor& a, const Tensor& b) {
  TP_CHECK(a.dtype() == b.dtype(), RuntimeError, "heaviside is not yet implemented for tensors with different dtypes.");
}
Tensor heaviside(const Tensor& a, const Tensor& b) {
  check_heaviside_dtypes(a, b);
  return binary(BinaryOp::Heaviside, a, b);
}
Tensor fmax(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Fmax, a, b); }
Tensor fmin(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Fmin, a, b); }
Tensor gcd(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Gcd, a, b); }
Tensor lcm(const Tensor& a, const Tensor& b) { return binary(BinaryOp::Lcm, a, b); }
Tensor bitwise_left_shift(const Tensor& a, const Tensor& b) { return binary(BinaryOp::LeftShift, a, b); }
Tensor bitwise_right_shift(const Tensor& a, const Tensor& b) { return binary(BinaryOp::RightShift, a, b); }

// ---- composites ----

// An integer exponent is raised in the result's floating dtype, as ATen does (ldexp of a
// float64 by 997 is finite); a floating exponent in its own dtype.
Tensor ldexp(const Tensor& a, const Tensor& b) {
  if (is_floating(b.dtype())) return mul(a, pow(Scalar(2.0), b));
  const DType promoted = result_type(a, b);
  return mul(a, pow(Scalar(2.0), cast(b, is_floating(promoted) ? promoted : default_float_dtype())));
}

Tensor float_power(const Tensor& a, const Tensor& b) {
  // A number exponent or base stays a number (pow's scalar forms and their grad_fn).
  Tensor base = a.is_wrapped_number() ? a : cast(a, DType::Float64);
  if (b.is_wrapped_number()) return pow(base, item(b).to_double());
  Tensor exponent = cast(b, DType::Float64);
  if (a.is_wrapped_number()) return pow(Scalar(item(a).to_double()), exponent);
  return pow(base, exponent);
}

Tensor isin(const Tensor& elements, const Tensor& test_elements, bool invert) {
  // Every element against every test element, then any() along the test elements.
  Tensor column = reshape(elements, {elements.numel(), 1});
  Tensor row = reshape(test_elements, {1, test_elements.numel()});
  Tensor found = reshape(any(eq(column, row), 1), elements.sizes());
  return invert ? logical_not(found) : found;
}

}  // namespace tp
