// Bindings of the elementwise math ops (core/ops/elementwise_math.h): torch.hypot, xlogy,
// fmod, gcd, bitwise shifts, polygamma, logit, nan_to_num, mvlgamma, ldexp, float_power,
// isin, the aliases (true_divide, multiply, ...) and their in-place methods; their part of
// the op table. Also torch._C._special, which torch.special wraps.
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/elementwise_math.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

using TTFn = Tensor (*)(const Tensor&, const Tensor&);

py::object self_of(const py::args& a) { return py::reinterpret_borrow<py::object>(a[0]); }

// A number operand as PyTorch wraps it: a 0-dim tensor that promotes like a Python number.
Tensor operand(const OpArgs& p, size_t i, bool numbers) {
  if (numbers && !p.tensor_or_number(i)) return scalar_to_tensor(p.scalar(i));
  return p.tensor(i);
}

// f(input, other): `numbers` says whether other (and input, for the functions) may be a
// Python number, as PyTorch's overloads allow for xlogy, fmod, copysign and the shifts.
template <TTFn f>
py::object binary_op(const char* name, bool numbers, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input", "other"});
  return wrap(f(operand(p, 0, numbers && !OpArgs::next_is_method), operand(p, 1, numbers)));
}

// self.f_(other): written into self, which is returned.
template <TTFn f>
py::object binary_inplace(const char* name, bool numbers, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input", "other"});
  Tensor self = p.tensor(0);
  Tensor other = operand(p, 1, numbers);
  const bool grad = autograd::needs_grad({&self, &other});
  autograd::check_inplace(self, grad);
  assign_inplace_result(self, f(autograd::inplace_operand(self, grad), other));
  return self_of(a);
}

// b_NAME binds torch.NAME / Tensor.NAME; bi_NAME the in-place Tensor.NAME_ where PyTorch has it.
#define TP_BINARY_FUNCTION(name, numbers) \
  py::object b_##name(const py::args& a, const py::kwargs& kw) { return binary_op<name>(#name, numbers, a, kw); }
#define TP_BINARY_BINDING(name, numbers)                                  \
  TP_BINARY_FUNCTION(name, numbers)                                       \
  py::object bi_##name(const py::args& a, const py::kwargs& kw) {        \
    return binary_inplace<name>(#name "_", numbers, a, kw);              \
  }
TP_BINARY_BINDING(hypot, false)
TP_BINARY_FUNCTION(logaddexp, false)
TP_BINARY_FUNCTION(logaddexp2, false)
TP_BINARY_BINDING(xlogy, true)
TP_BINARY_BINDING(fmod, true)
TP_BINARY_BINDING(copysign, true)
TP_BINARY_BINDING(nextafter, false)
TP_BINARY_BINDING(igamma, false)
TP_BINARY_BINDING(igammac, false)
TP_BINARY_FUNCTION(fmax, false)
TP_BINARY_FUNCTION(fmin, false)
TP_BINARY_BINDING(gcd, false)
TP_BINARY_BINDING(lcm, false)
TP_BINARY_BINDING(bitwise_left_shift, true)
TP_BINARY_BINDING(bitwise_right_shift, true)
TP_BINARY_BINDING(ldexp, false)
#undef TP_BINARY_BINDING
#undef TP_BINARY_FUNCTION

Tensor and_tt(const Tensor& a, const Tensor& b) { return bitwise_and(a, b); }
Tensor or_tt(const Tensor& a, const Tensor& b) { return bitwise_or(a, b); }
Tensor xor_tt(const Tensor& a, const Tensor& b) { return bitwise_xor(a, b); }
py::object b_bitwise_and(const py::args& a, const py::kwargs& kw) { return binary_op<and_tt>("bitwise_and", true, a, kw); }
py::object b_bitwise_or(const py::args& a, const py::kwargs& kw) { return binary_op<or_tt>("bitwise_or", true, a, kw); }
py::object b_bitwise_xor(const py::args& a, const py::kwargs& kw) { return binary_op<xor_tt>("bitwise_xor", true, a, kw); }
py::object bi_bitwise_and(const py::args& a, const py::kwargs& kw) { return binary_inplace<and_tt>("bitwise_and_", true, a, kw); }
py::object bi_bitwise_or(const py::args& a, const py::kwargs& kw) { return binary_inplace<or_tt>("bitwise_or_", true, a, kw); }
py::object bi_bitwise_xor(const py::args& a, const py::kwargs& kw) { return binary_inplace<xor_tt>("bitwise_xor_", true, a, kw); }

// heaviside(input, values): values must be a tensor of input's dtype.
py::object b_heaviside(const py::args& a, const py::kwargs& kw) {
  OpArgs p("heaviside", a, kw, {"input", "values"});
  return wrap(heaviside(p.tensor(0), p.tensor(1)));
}
py::object bi_heaviside(const py::args& a, const py::kwargs& kw) {
  OpArgs p("heaviside_", a, kw, {"input", "values"});
  Tensor self = p.tensor(0), values = p.tensor(1);
  check_heaviside_dtypes(self, values);
  binary_(BinaryOp::Heaviside, self, values);
  return self_of(a);
}

// float_power(input, exponent): either may be a number (not both).
py::object b_float_power(const py::args& a, const py::kwargs& kw) {
  OpArgs p("float_power", a, kw, {"input", "exponent"});
  return wrap(float_power(operand(p, 0, !OpArgs::next_is_method), operand(p, 1, true)));
}
py::object bi_float_power(const py::args& a, const py::kwargs& kw) {
  OpArgs p("float_power_", a, kw, {"input", "exponent"});
  Tensor self = p.tensor(0);
  Tensor exponent = operand(p, 1, true);  // parsed first: a wrong type is a TypeError, as PyTorch's
  TP_CHECK(self.dtype() == DType::Float64, RuntimeError, "the base given to float_power_ has dtype ",
           dtype_legacy_name(self.dtype()), " but the operation's result requires dtype Double");
  const bool grad = autograd::needs_grad({&self, &exponent});
  autograd::check_inplace(self, grad);
  assign_inplace_result(self, float_power(autograd::inplace_operand(self, grad), exponent));
  return self_of(a);
}

// The aliases: the same ops under NumPy's names.
py::object b_true_divide(const py::args& a, const py::kwargs& kw) {
  OpArgs p("true_divide", a, kw, {"input", "other"});
  return wrap(div(operand(p, 0, !OpArgs::next_is_method), operand(p, 1, true)));
}
py::object b_multiply(const py::args& a, const py::kwargs& kw) {
  OpArgs p("multiply", a, kw, {"input", "other"});
  return wrap(mul(operand(p, 0, !OpArgs::next_is_method), operand(p, 1, true)));
}
py::object b_subtract(const py::args& a, const py::kwargs& kw) {
  OpArgs p("subtract", a, kw, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  return wrap(sub(operand(p, 0, !OpArgs::next_is_method), operand(p, 1, true), alpha));
}
py::object b_divide(const py::args& a, const py::kwargs& kw) {
  OpArgs p("divide", a, kw, {"input", "other", "rounding_mode"});
  std::optional<std::string> mode;
  if (p.has(2)) {
    if (!py::isinstance<py::str>(p.get(2))) p.type_error(2, "str");
    mode = p.get(2).cast<std::string>();
  }
  return wrap(div(operand(p, 0, !OpArgs::next_is_method), operand(p, 1, true), mode));
}

// Their in-place methods: x.true_divide_(other), ...; other is a tensor or a number.
py::object bi_true_divide(const py::args& a, const py::kwargs& kw) {
  OpArgs p("true_divide_", a, kw, {"input", "other"});
  div_(p.tensor(0), operand(p, 1, true));
  return self_of(a);
}
py::object bi_multiply(const py::args& a, const py::kwargs& kw) {
  OpArgs p("multiply_", a, kw, {"input", "other"});
  mul_(p.tensor(0), operand(p, 1, true));
  return self_of(a);
}
py::object bi_subtract(const py::args& a, const py::kwargs& kw) {
  OpArgs p("subtract_", a, kw, {"input", "other", "alpha"});
  sub_(p.tensor(0), operand(p, 1, true), p.has(2) ? p.scalar(2) : Scalar(int64_t{1}));
  return self_of(a);
}
py::object bi_divide(const py::args& a, const py::kwargs& kw) {
  OpArgs p("divide_", a, kw, {"input", "other", "rounding_mode"});
  std::optional<std::string> mode;
  if (p.has(2)) {
    if (!py::isinstance<py::str>(p.get(2))) p.type_error(2, "str");
    mode = p.get(2).cast<std::string>();
  }
  div_(p.tensor(0), operand(p, 1, true), mode);
  return self_of(a);
}

// ---- unary with arguments ----

std::optional<double> opt_number(const OpArgs& p, size_t i) {
  if (!p.has(i)) return std::nullopt;
  return p.number(i, 0.0);
}

// torch.polygamma(n, input), but Tensor.polygamma(n) (self first).
py::object u_polygamma(const py::args& a, const py::kwargs& kw) {
  if (OpArgs::next_is_method) {
    OpArgs p("polygamma", a, kw, {"input", "n"});
    return wrap(polygamma(p.integer(1), p.tensor(0)));
  }
  OpArgs p("polygamma", a, kw, {"n", "input"});
  return wrap(polygamma(p.integer(0), p.tensor(1)));
}
py::object ui_polygamma(const py::args& a, const py::kwargs& kw) {
  OpArgs p("polygamma_", a, kw, {"input", "n"});
  polygamma_(p.tensor(0), p.integer(1));
  return self_of(a);
}
py::object u_logit(const py::args& a, const py::kwargs& kw) {
  OpArgs p("logit", a, kw, {"input", "eps"});
  return wrap(logit(p.tensor(0), opt_number(p, 1)));
}
py::object ui_logit(const py::args& a, const py::kwargs& kw) {
  OpArgs p("logit_", a, kw, {"input", "eps"});
  logit_(p.tensor(0), opt_number(p, 1));
  return self_of(a);
}
py::object u_nan_to_num(const py::args& a, const py::kwargs& kw) {
  OpArgs p("nan_to_num", a, kw, {"input", "nan", "posinf", "neginf"});
  return wrap(nan_to_num(p.tensor(0), opt_number(p, 1), opt_number(p, 2), opt_number(p, 3)));
}
py::object ui_nan_to_num(const py::args& a, const py::kwargs& kw) {
  OpArgs p("nan_to_num_", a, kw, {"input", "nan", "posinf", "neginf"});
  nan_to_num_(p.tensor(0), opt_number(p, 1), opt_number(p, 2), opt_number(p, 3));
  return self_of(a);
}
py::object u_mvlgamma(const py::args& a, const py::kwargs& kw) {
  OpArgs p("mvlgamma", a, kw, {"input", "p"});
  return wrap(mvlgamma(p.tensor(0), p.integer(1)));
}
py::object ui_mvlgamma(const py::args& a, const py::kwargs& kw) {
  OpArgs p("mvlgamma_", a, kw, {"input", "p"});
  mvlgamma_(p.tensor(0), p.integer(1));
  return self_of(a);
}

// isin(elements, test_elements, *, assume_unique=False, invert=False): either may be a number.
py::object c_isin(const py::args& a, const py::kwargs& kw) {
  OpArgs p("isin", a, kw, {"elements", "test_elements", "assume_unique", "invert"});
  return wrap(isin(operand(p, 0, true), operand(p, 1, true), p.boolean(3, false)));
}

}  // namespace

std::vector<OpSpec> elementwise_ops() {
  using W = OpWhere;
  return {
      {"hypot", b_hypot, W::Both, "hypot(input, other): sqrt(input ** 2 + other ** 2)"},
      {"logaddexp", b_logaddexp, W::Both, "logaddexp(input, other): log(exp(input) + exp(other))"},
      {"logaddexp2", b_logaddexp2, W::Both, "logaddexp2(input, other): log2(2 ** input + 2 ** other)"},
      {"xlogy", b_xlogy, W::Both, "xlogy(input, other): input * log(other), 0 where input == 0"},
      {"fmod", b_fmod, W::Both, "fmod(input, other): C's remainder, with the sign of input"},
      {"copysign", b_copysign, W::Both, "copysign(input, other): |input| with the sign of other"},
      {"nextafter", b_nextafter, W::Both, "nextafter(input, other): the next float after input towards other"},
      {"igamma", b_igamma, W::Both, "igamma(input, other): the regularized lower incomplete gamma function P(input, other)"},
      {"igammac", b_igammac, W::Both, "igammac(input, other): the regularized upper incomplete gamma function Q(input, other)"},
      {"heaviside", b_heaviside, W::Both, "heaviside(input, values): the step function"},
      {"fmax", b_fmax, W::Both, "fmax(input, other): elementwise max, NaN ignored"},
      {"fmin", b_fmin, W::Both, "fmin(input, other): elementwise min, NaN ignored"},
      {"gcd", b_gcd, W::Both, "gcd(input, other): greatest common divisor"},
      {"lcm", b_lcm, W::Both, "lcm(input, other): least common multiple"},
      {"bitwise_and", b_bitwise_and, W::Both, "bitwise_and(input, other): input & other"},
      {"bitwise_or", b_bitwise_or, W::Both, "bitwise_or(input, other): input | other"},
      {"bitwise_xor", b_bitwise_xor, W::Both, "bitwise_xor(input, other): input ^ other"},
      {"bitwise_left_shift", b_bitwise_left_shift, W::Both, "bitwise_left_shift(input, other): input << other"},
      {"bitwise_right_shift", b_bitwise_right_shift, W::Both, "bitwise_right_shift(input, other): input >> other"},
      {"ldexp", b_ldexp, W::Both, "ldexp(input, other): input * 2 ** other"},
      {"float_power", b_float_power, W::Both, "float_power(input, exponent): pow in float64"},
      {"true_divide", b_true_divide, W::Both, "true_divide(input, other): alias of div"},
      {"multiply", b_multiply, W::Both, "multiply(input, other): alias of mul"},
      {"subtract", b_subtract, W::Both, "subtract(input, other, alpha=1): alias of sub"},
      {"divide", b_divide, W::Both, "divide(input, other, rounding_mode=None): alias of div"},
      {"polygamma", u_polygamma, W::Both, "polygamma(n, input): the n-th derivative of digamma"},
      {"logit", u_logit, W::Both, "logit(input, eps=None): log(p / (1 - p))"},
      {"nan_to_num", u_nan_to_num, W::Both, "nan_to_num(input, nan=0.0, posinf=None, neginf=None)"},
      {"mvlgamma", u_mvlgamma, W::Both, "mvlgamma(input, p): multivariate log-gamma"},
      {"isin", c_isin, W::Function, "isin(elements, test_elements, *, assume_unique=False, invert=False)"},
      {"hypot_", bi_hypot, W::Method, "x.hypot_(other): in place"},
      {"xlogy_", bi_xlogy, W::Both, "xlogy_(input, other): in place"},
      {"fmod_", bi_fmod, W::Method, "x.fmod_(other): in place"},
      {"copysign_", bi_copysign, W::Method, "x.copysign_(other): in place"},
      {"nextafter_", bi_nextafter, W::Method, "x.nextafter_(other): in place"},
      {"igamma_", bi_igamma, W::Method, "x.igamma_(other): in place"},
      {"igammac_", bi_igammac, W::Method, "x.igammac_(other): in place"},
      {"heaviside_", bi_heaviside, W::Method, "x.heaviside_(values): in place"},
      {"gcd_", bi_gcd, W::Both, "gcd_(input, other): in place"},
      {"lcm_", bi_lcm, W::Both, "lcm_(input, other): in place"},
      {"bitwise_and_", bi_bitwise_and, W::Method, "x.bitwise_and_(other): in place"},
      {"bitwise_or_", bi_bitwise_or, W::Method, "x.bitwise_or_(other): in place"},
      {"bitwise_xor_", bi_bitwise_xor, W::Method, "x.bitwise_xor_(other): in place"},
      {"bitwise_left_shift_", bi_bitwise_left_shift, W::Method, "x.bitwise_left_shift_(other): in place"},
      {"bitwise_right_shift_", bi_bitwise_right_shift, W::Method, "x.bitwise_right_shift_(other): in place"},
      {"ldexp_", bi_ldexp, W::Both, "ldexp_(input, other): in place"},
      {"float_power_", bi_float_power, W::Method, "x.float_power_(exponent): in place (x must be float64)"},
      {"polygamma_", ui_polygamma, W::Method, "x.polygamma_(n): in place"},
      {"logit_", ui_logit, W::Both, "logit_(input, eps=None): in place"},
      {"nan_to_num_", ui_nan_to_num, W::Both, "nan_to_num_(input, nan=0.0, posinf=None, neginf=None): in place"},
      {"mvlgamma_", ui_mvlgamma, W::Method, "x.mvlgamma_(p): in place"},
      {"true_divide_", bi_true_divide, W::Method, "x.true_divide_(other): in place"},
      {"multiply_", bi_multiply, W::Method, "x.multiply_(other): in place"},
      {"subtract_", bi_subtract, W::Method, "x.subtract_(other, alpha=1): in place"},
      {"divide_", bi_divide, W::Method, "x.divide_(other, rounding_mode=None): in place"},
  };
}

// torch._C._special: special_NAME for the rows of unary_ops.def marked Special (i1, entr),
// and special_xlog1py (which torch.special also takes a number for).
void bind_special(py::module_& m) {
  py::module_ special = m.def_submodule("_special", "torch.special's kernels");
  for (int k = 0; k < kUnaryOpCount; ++k) {
    const UnaryOpInfo& info = kUnaryOps[k];
    if (info.python != UnaryPython::Special) continue;
    const UnaryOp op = static_cast<UnaryOp>(k);
    const std::string name = std::string("special_") + info.name;
    special.def(name.c_str(), [op, name](const py::args& a, const py::kwargs& kw) {
      OpArgs p(name.c_str(), a, kw, {"input"});
      return wrap(unary(op, p.tensor(0)));
    }, info.help);
  }
  special.def("special_xlog1py", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("special_xlog1py", a, kw, {"input", "other"});
    return wrap(xlog1py(operand(p, 0, true), operand(p, 1, true)));
  }, "special_xlog1py(input, other): input * log1p(other), 0 where input == 0");
}

}  // namespace tp::torchpy
