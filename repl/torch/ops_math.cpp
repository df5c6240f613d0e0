// Bindings of the math ops: elementwise functions and their in-place methods (add, mul, exp,
// relu, clamp, where, comparisons, ...), reductions with dim/keepdim (sum, mean, max -> a
// return_types pair, argmax, std, softmax, ...) and matrix products; their part of the op table.
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/random.h"
#include "core/ops/reduce.h"
#include "repl/torch/args.h"
#include "repl/torch/op_table.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// ---- unary: f(input) and its in-place method f_() ----

using UnaryFn = Tensor (*)(const Tensor&);
using UnaryInplaceFn = const Tensor& (*)(const Tensor&);

Value unary_fn(Interpreter& I, Args a, const char* name, UnaryFn fn) {
  OpArgs p(I, name, a, {"input"});
  return wrap(fn(p.tensor(0)));
}
Value unary_inplace(Interpreter& I, Args a, const char* name, UnaryInplaceFn fn) {
  OpArgs p(I, name, a, {"input"});
  fn(p.tensor(0));
  return a[0];  // the same object: in-place ops return self
}

Value u_neg(Interpreter& I, Args a) { return unary_fn(I, a, "neg", neg); }
Value u_abs(Interpreter& I, Args a) { return unary_fn(I, a, "abs", abs); }
Value u_exp(Interpreter& I, Args a) { return unary_fn(I, a, "exp", exp); }
Value u_log(Interpreter& I, Args a) { return unary_fn(I, a, "log", log); }
Value u_log2(Interpreter& I, Args a) { return unary_fn(I, a, "log2", log2); }
Value u_log10(Interpreter& I, Args a) { return unary_fn(I, a, "log10", log10); }
Value u_log1p(Interpreter& I, Args a) { return unary_fn(I, a, "log1p", log1p); }
Value u_sqrt(Interpreter& I, Args a) { return unary_fn(I, a, "sqrt", sqrt); }
Value u_rsqrt(Interpreter& I, Args a) { return unary_fn(I, a, "rsqrt", rsqrt); }
Value u_reciprocal(Interpreter& I, Args a) { return unary_fn(I, a, "reciprocal", reciprocal); }
Value u_sin(Interpreter& I, Args a) { return unary_fn(I, a, "sin", sin); }
Value u_cos(Interpreter& I, Args a) { return unary_fn(I, a, "cos", cos); }
Value u_tan(Interpreter& I, Args a) { return unary_fn(I, a, "tan", tan); }
Value u_tanh(Interpreter& I, Args a) { return unary_fn(I, a, "tanh", tanh); }
Value u_sigmoid(Interpreter& I, Args a) { return unary_fn(I, a, "sigmoid", sigmoid); }
Value u_relu(Interpreter& I, Args a) { return unary_fn(I, a, "relu", relu); }
Value u_floor(Interpreter& I, Args a) { return unary_fn(I, a, "floor", floor); }
Value u_ceil(Interpreter& I, Args a) { return unary_fn(I, a, "ceil", ceil); }
Value u_round(Interpreter& I, Args a) { return unary_fn(I, a, "round", round); }
Value u_trunc(Interpreter& I, Args a) { return unary_fn(I, a, "trunc", trunc); }
Value u_sign(Interpreter& I, Args a) { return unary_fn(I, a, "sign", sign); }
Value u_square(Interpreter& I, Args a) { return unary_fn(I, a, "square", square); }
Value u_isnan(Interpreter& I, Args a) { return unary_fn(I, a, "isnan", isnan); }
Value u_isinf(Interpreter& I, Args a) { return unary_fn(I, a, "isinf", isinf); }
Value u_isfinite(Interpreter& I, Args a) { return unary_fn(I, a, "isfinite", isfinite); }
Value u_logical_not(Interpreter& I, Args a) { return unary_fn(I, a, "logical_not", logical_not); }
Value u_bitwise_not(Interpreter& I, Args a) { return unary_fn(I, a, "bitwise_not", bitwise_not); }

Value ui_neg(Interpreter& I, Args a) { return unary_inplace(I, a, "neg_", neg_); }
Value ui_abs(Interpreter& I, Args a) { return unary_inplace(I, a, "abs_", abs_); }
Value ui_exp(Interpreter& I, Args a) { return unary_inplace(I, a, "exp_", exp_); }
Value ui_log(Interpreter& I, Args a) { return unary_inplace(I, a, "log_", log_); }
Value ui_sqrt(Interpreter& I, Args a) { return unary_inplace(I, a, "sqrt_", sqrt_); }
Value ui_sin(Interpreter& I, Args a) { return unary_inplace(I, a, "sin_", sin_); }
Value ui_cos(Interpreter& I, Args a) { return unary_inplace(I, a, "cos_", cos_); }
Value ui_tanh(Interpreter& I, Args a) { return unary_inplace(I, a, "tanh_", tanh_); }
Value ui_sigmoid(Interpreter& I, Args a) { return unary_inplace(I, a, "sigmoid_", sigmoid_); }
Value ui_relu(Interpreter& I, Args a) { return unary_inplace(I, a, "relu_", relu_); }
Value ui_floor(Interpreter& I, Args a) { return unary_inplace(I, a, "floor_", floor_); }
Value ui_ceil(Interpreter& I, Args a) { return unary_inplace(I, a, "ceil_", ceil_); }
Value ui_round(Interpreter& I, Args a) { return unary_inplace(I, a, "round_", round_); }
Value ui_trunc(Interpreter& I, Args a) { return unary_inplace(I, a, "trunc_", trunc_); }
Value ui_reciprocal(Interpreter& I, Args a) { return unary_inplace(I, a, "reciprocal_", reciprocal_); }
Value ui_square(Interpreter& I, Args a) { return unary_inplace(I, a, "square_", square_); }
Value ui_zero(Interpreter& I, Args a) { return unary_inplace(I, a, "zero_", zero_); }

// ---- binary: f(input, other) with a tensor or a number as other ----

using TTFn = Tensor (*)(const Tensor&, const Tensor&);
using TSFn = Tensor (*)(const Tensor&, Scalar);

Value binary_fn(Interpreter& I, Args a, const char* name, TTFn tt, TSFn ts) {
  OpArgs p(I, name, a, {"input", "other"});
  Tensor x = p.tensor(0);
  if (!ts || p.tensor_or_number(1)) return wrap(tt(x, p.tensor(1)));
  return wrap(ts(x, p.scalar(1)));
}

Tensor mul_tt(const Tensor& a, const Tensor& b) { return mul(a, b); }
Tensor mul_ts(const Tensor& a, Scalar b) { return mul(a, b); }
Tensor pow_tt(const Tensor& a, const Tensor& b) { return pow(a, b); }
Tensor pow_ts(const Tensor& a, Scalar b) { return pow(a, b); }
Tensor fdiv_tt(const Tensor& a, const Tensor& b) { return floor_divide(a, b); }
Tensor fdiv_ts(const Tensor& a, Scalar b) { return floor_divide(a, b); }
Tensor rem_tt(const Tensor& a, const Tensor& b) { return remainder(a, b); }
Tensor rem_ts(const Tensor& a, Scalar b) { return remainder(a, b); }
Tensor eq_tt(const Tensor& a, const Tensor& b) { return eq(a, b); }
Tensor eq_ts(const Tensor& a, Scalar b) { return eq(a, b); }
Tensor ne_tt(const Tensor& a, const Tensor& b) { return ne(a, b); }
Tensor ne_ts(const Tensor& a, Scalar b) { return ne(a, b); }
Tensor lt_tt(const Tensor& a, const Tensor& b) { return lt(a, b); }
Tensor lt_ts(const Tensor& a, Scalar b) { return lt(a, b); }
Tensor le_tt(const Tensor& a, const Tensor& b) { return le(a, b); }
Tensor le_ts(const Tensor& a, Scalar b) { return le(a, b); }
Tensor gt_tt(const Tensor& a, const Tensor& b) { return gt(a, b); }
Tensor gt_ts(const Tensor& a, Scalar b) { return gt(a, b); }
Tensor ge_tt(const Tensor& a, const Tensor& b) { return ge(a, b); }
Tensor ge_ts(const Tensor& a, Scalar b) { return ge(a, b); }

Value b_add(Interpreter& I, Args a) {
  OpArgs p(I, "add", a, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (p.tensor_or_number(1)) return wrap(add(p.tensor(0), p.tensor(1), alpha));
  return wrap(add(p.tensor(0), p.scalar(1), alpha));
}
Value b_sub(Interpreter& I, Args a) {
  OpArgs p(I, "sub", a, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (p.tensor_or_number(1)) return wrap(sub(p.tensor(0), p.tensor(1), alpha));
  return wrap(sub(p.tensor(0), p.scalar(1), alpha));
}
Value b_mul(Interpreter& I, Args a) { return binary_fn(I, a, "mul", mul_tt, mul_ts); }
Value b_div(Interpreter& I, Args a) {
  OpArgs p(I, "div", a, {"input", "other", "rounding_mode"});
  std::optional<std::string> mode;
  if (p.has(2)) {
    if (!is_str(p.get(2))) p.type_error(2, "str");
    mode = str_of(p.get(2));
  }
  if (p.tensor_or_number(1)) return wrap(div(p.tensor(0), p.tensor(1), mode));
  return wrap(div(p.tensor(0), p.scalar(1), mode));
}
Value b_pow(Interpreter& I, Args a) { return binary_fn(I, a, "pow", pow_tt, pow_ts); }
Value b_floor_divide(Interpreter& I, Args a) { return binary_fn(I, a, "floor_divide", fdiv_tt, fdiv_ts); }
Value b_remainder(Interpreter& I, Args a) { return binary_fn(I, a, "remainder", rem_tt, rem_ts); }
Value b_maximum(Interpreter& I, Args a) { return binary_fn(I, a, "maximum", maximum, nullptr); }
Value b_minimum(Interpreter& I, Args a) { return binary_fn(I, a, "minimum", minimum, nullptr); }
Value b_atan2(Interpreter& I, Args a) { return binary_fn(I, a, "atan2", atan2, nullptr); }
Value b_eq(Interpreter& I, Args a) { return binary_fn(I, a, "eq", eq_tt, eq_ts); }
Value b_ne(Interpreter& I, Args a) { return binary_fn(I, a, "ne", ne_tt, ne_ts); }
Value b_lt(Interpreter& I, Args a) { return binary_fn(I, a, "lt", lt_tt, lt_ts); }
Value b_le(Interpreter& I, Args a) { return binary_fn(I, a, "le", le_tt, le_ts); }
Value b_gt(Interpreter& I, Args a) { return binary_fn(I, a, "gt", gt_tt, gt_ts); }
Value b_ge(Interpreter& I, Args a) { return binary_fn(I, a, "ge", ge_tt, ge_ts); }
Value b_logical_and(Interpreter& I, Args a) { return binary_fn(I, a, "logical_and", logical_and, nullptr); }
Value b_logical_or(Interpreter& I, Args a) { return binary_fn(I, a, "logical_or", logical_or, nullptr); }
Value b_logical_xor(Interpreter& I, Args a) { return binary_fn(I, a, "logical_xor", logical_xor, nullptr); }

Value b_equal(Interpreter& I, Args a) {
  OpArgs p(I, "equal", a, {"input", "other"});
  Tensor x = p.tensor(0), y = p.tensor(1);
  if (x.sizes() != y.sizes()) return Value::boolean(false);
  return Value::boolean(item(all(eq(x, y))).to_bool());
}
Value b_allclose(Interpreter& I, Args a) {
  OpArgs p(I, "allclose", a, {"input", "other", "rtol", "atol", "equal_nan"});
  Tensor x = p.tensor(0), y = p.tensor(1);
  double rtol = p.number(2, 1e-5), atol = p.number(3, 1e-8);
  Tensor diff = abs(sub(x, y));
  Tensor bound = add(mul(abs(y), Scalar(rtol)), Scalar(atol));
  return Value::boolean(item(all(le(diff, bound))).to_bool());
}

// ---- in-place binary methods: return self ----

Value bi_add(Interpreter& I, Args a) {
  OpArgs p(I, "add_", a, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (is_tensor(p.get(1))) add_(p.tensor(0), p.tensor(1), alpha);
  else add_(p.tensor(0), p.scalar(1), alpha);
  return a[0];
}
Value bi_sub(Interpreter& I, Args a) {
  OpArgs p(I, "sub_", a, {"input", "other", "alpha"});
  Scalar alpha = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  if (is_tensor(p.get(1))) sub_(p.tensor(0), p.tensor(1), alpha);
  else sub_(p.tensor(0), p.scalar(1), alpha);
  return a[0];
}
Value bi_mul(Interpreter& I, Args a) {
  OpArgs p(I, "mul_", a, {"input", "other"});
  if (is_tensor(p.get(1))) mul_(p.tensor(0), p.tensor(1));
  else mul_(p.tensor(0), p.scalar(1));
  return a[0];
}
Value bi_div(Interpreter& I, Args a) {
  OpArgs p(I, "div_", a, {"input", "other"});
  if (is_tensor(p.get(1))) div_(p.tensor(0), p.tensor(1));
  else div_(p.tensor(0), p.scalar(1));
  return a[0];
}
Value bi_pow(Interpreter& I, Args a) {
  OpArgs p(I, "pow_", a, {"input", "exponent"});
  if (is_tensor(p.get(1))) pow_(p.tensor(0), p.tensor(1));
  else pow_(p.tensor(0), p.scalar(1));
  return a[0];
}
Value bi_fill(Interpreter& I, Args a) {
  OpArgs p(I, "fill_", a, {"input", "value"});
  fill_(p.tensor(0), p.scalar(1));
  return a[0];
}
Value bi_copy(Interpreter& I, Args a) {
  OpArgs p(I, "copy_", a, {"input", "src", "non_blocking"});
  copy_(p.tensor(0), p.tensor(1));
  return a[0];
}
Value bi_uniform(Interpreter& I, Args a) {
  OpArgs p(I, "uniform_", a, {"input", "from", "to"});
  uniform_(p.tensor(0), p.number(1, 0.0), p.number(2, 1.0));
  return a[0];
}
Value bi_normal(Interpreter& I, Args a) {
  OpArgs p(I, "normal_", a, {"input", "mean", "std"});
  normal_(p.tensor(0), p.number(1, 0.0), p.number(2, 1.0));
  return a[0];
}

// ---- clamp and where ----

std::optional<Scalar> opt_scalar(const OpArgs& p, size_t i) {
  if (!p.has(i)) return std::nullopt;
  return p.scalar(i);
}
Value c_clamp(Interpreter& I, Args a) {
  OpArgs p(I, "clamp", a, {"input", "min", "max"});
  return wrap(clamp(p.tensor(0), opt_scalar(p, 1), opt_scalar(p, 2)));
}
Value c_clamp_(Interpreter& I, Args a) {
  OpArgs p(I, "clamp_", a, {"input", "min", "max"});
  clamp_(p.tensor(0), opt_scalar(p, 1), opt_scalar(p, 2));
  return a[0];
}
Value c_where(Interpreter& I, Args a) {
  OpArgs p(I, "where", a, {"condition", "input", "other"});
  Tensor cond = p.tensor(0);
  bool ta = is_tensor(p.get(1)), tb = is_tensor(p.get(2));
  if (ta && tb) return wrap(where(cond, p.tensor(1), p.tensor(2)));
  if (ta) return wrap(where(cond, p.tensor(1), p.scalar(2)));
  if (tb) return wrap(where(cond, p.scalar(1), p.tensor(2)));
  return wrap(where(cond, p.scalar(1), p.scalar(2)));
}

// ---- reductions ----

// dim given as an int or a tuple of ints; empty when absent.
DimList dims_of(const OpArgs& p, size_t i) {
  if (!p.has(i)) return {};
  return p.int_list(i);
}

Value r_sum(Interpreter& I, Args a) {
  OpArgs p(I, "sum", a, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(sum(p.tensor(0), p.dtype(3)));
  return wrap(sum(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
Value r_mean(Interpreter& I, Args a) {
  OpArgs p(I, "mean", a, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(mean(p.tensor(0), p.dtype(3)));
  return wrap(mean(p.tensor(0), dims_of(p, 1), p.boolean(2, false), p.dtype(3)));
}
Value r_prod(Interpreter& I, Args a) {
  OpArgs p(I, "prod", a, {"input", "dim", "keepdim", "dtype"});
  if (!p.has(1)) return wrap(prod(p.tensor(0), p.dtype(3)));
  return wrap(prod(p.tensor(0), p.integer(1), p.boolean(2, false), p.dtype(3)));
}
// max(input) / max(input, dim, keepdim) -> (values, indices) / max(input, other).
Value max_min(Interpreter& I, Args a, const char* name, bool is_max) {
  OpArgs p(I, name, a, {"input", "dim", "keepdim"});
  Tensor x = p.tensor(0);
  if (!p.has(1)) return wrap(is_max ? max(x) : min(x));
  if (is_tensor(p.get(1))) return wrap(is_max ? maximum(x, p.tensor(1)) : minimum(x, p.tensor(1)));
  ValuesIndices r = is_max ? max(x, p.integer(1), p.boolean(2, false)) : min(x, p.integer(1), p.boolean(2, false));
  return Value::object(new ReturnTypesObject(name, r.values, r.indices));
}
Value r_max(Interpreter& I, Args a) { return max_min(I, a, "max", true); }
Value r_min(Interpreter& I, Args a) { return max_min(I, a, "min", false); }
Value r_amax(Interpreter& I, Args a) {
  OpArgs p(I, "amax", a, {"input", "dim", "keepdim"});
  return wrap(amax(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}
Value r_amin(Interpreter& I, Args a) {
  OpArgs p(I, "amin", a, {"input", "dim", "keepdim"});
  return wrap(amin(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}
Value r_argmax(Interpreter& I, Args a) {
  OpArgs p(I, "argmax", a, {"input", "dim", "keepdim"});
  return wrap(argmax(p.tensor(0), p.opt_int(1), p.boolean(2, false)));
}
Value r_argmin(Interpreter& I, Args a) {
  OpArgs p(I, "argmin", a, {"input", "dim", "keepdim"});
  return wrap(argmin(p.tensor(0), p.opt_int(1), p.boolean(2, false)));
}
// std/var(input, dim=None, unbiased=True, keepdim=False, *, correction=1).
Value var_std(Interpreter& I, Args a, const char* name, bool is_std) {
  OpArgs p(I, name, a, {"input", "dim", "unbiased", "keepdim", "correction"});
  int64_t correction = p.has(4) ? p.integer(4) : (p.boolean(2, true) ? 1 : 0);
  if (p.get(1).is_bool()) correction = p.get(1).as_bool() ? 1 : 0;  // std(x, False): unbiased
  DimList dims = p.get(1).is_bool() ? DimList{} : dims_of(p, 1);
  Tensor x = p.tensor(0);
  bool keep = p.boolean(3, false);
  return wrap(is_std ? tp::std(x, dims, correction, keep) : var(x, dims, correction, keep));
}
Value r_std(Interpreter& I, Args a) { return var_std(I, a, "std", true); }
Value r_var(Interpreter& I, Args a) { return var_std(I, a, "var", false); }
Value r_any(Interpreter& I, Args a) {
  OpArgs p(I, "any", a, {"input", "dim", "keepdim"});
  if (!p.has(1)) return wrap(any(p.tensor(0)));
  return wrap(any(p.tensor(0), p.integer(1), p.boolean(2, false)));
}
Value r_all(Interpreter& I, Args a) {
  OpArgs p(I, "all", a, {"input", "dim", "keepdim"});
  if (!p.has(1)) return wrap(all(p.tensor(0)));
  return wrap(all(p.tensor(0), p.integer(1), p.boolean(2, false)));
}
Value r_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "softmax", a, {"input", "dim", "dtype"});
  return wrap(softmax(p.tensor(0), p.integer(1), p.dtype(2)));
}
Value r_log_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "log_softmax", a, {"input", "dim", "dtype"});
  return wrap(log_softmax(p.tensor(0), p.integer(1), p.dtype(2)));
}
Value r_logsumexp(Interpreter& I, Args a) {
  OpArgs p(I, "logsumexp", a, {"input", "dim", "keepdim"});
  return wrap(logsumexp(p.tensor(0), dims_of(p, 1), p.boolean(2, false)));
}

// ---- matrix products ----

Value l_matmul(Interpreter& I, Args a) { return binary_fn(I, a, "matmul", matmul, nullptr); }
Value l_mm(Interpreter& I, Args a) { return binary_fn(I, a, "mm", mm, nullptr); }
Value l_bmm(Interpreter& I, Args a) { return binary_fn(I, a, "bmm", bmm, nullptr); }
Value l_mv(Interpreter& I, Args a) { return binary_fn(I, a, "mv", mv, nullptr); }
Value l_dot(Interpreter& I, Args a) { return binary_fn(I, a, "dot", dot, nullptr); }
Value l_addmm(Interpreter& I, Args a) {
  OpArgs p(I, "addmm", a, {"input", "mat1", "mat2", "beta", "alpha"});
  Scalar beta = p.has(3) ? p.scalar(3) : Scalar(int64_t{1});
  Scalar alpha = p.has(4) ? p.scalar(4) : Scalar(int64_t{1});
  return wrap(addmm(p.tensor(0), p.tensor(1), p.tensor(2), beta, alpha));
}

}  // namespace

std::vector<OpSpec> math_ops() {
  using W = OpWhere;
  return {
      {"add", b_add, W::Both, "add(input, other, alpha=1): input + alpha * other"},
      {"sub", b_sub, W::Both, "sub(input, other, alpha=1): input - alpha * other"},
      {"mul", b_mul, W::Both, "mul(input, other): elementwise product"},
      {"div", b_div, W::Both, "div(input, other, rounding_mode=None): true division"},
      {"pow", b_pow, W::Both, "pow(input, exponent): elementwise power"},
      {"floor_divide", b_floor_divide, W::Both, "floor_divide(input, other): input // other"},
      {"remainder", b_remainder, W::Both, "remainder(input, other): input % other"},
      {"maximum", b_maximum, W::Both, "maximum(input, other): elementwise max"},
      {"minimum", b_minimum, W::Both, "minimum(input, other): elementwise min"},
      {"atan2", b_atan2, W::Both, "atan2(input, other): elementwise arctangent of input/other"},
      {"eq", b_eq, W::Both, "eq(input, other): input == other"},
      {"ne", b_ne, W::Both, "ne(input, other): input != other"},
      {"lt", b_lt, W::Both, "lt(input, other): input < other"},
      {"le", b_le, W::Both, "le(input, other): input <= other"},
      {"gt", b_gt, W::Both, "gt(input, other): input > other"},
      {"ge", b_ge, W::Both, "ge(input, other): input >= other"},
      {"logical_and", b_logical_and, W::Both, "logical_and(input, other)"},
      {"logical_or", b_logical_or, W::Both, "logical_or(input, other)"},
      {"logical_xor", b_logical_xor, W::Both, "logical_xor(input, other)"},
      {"logical_not", u_logical_not, W::Both, "logical_not(input)"},
      {"bitwise_not", u_bitwise_not, W::Both, "bitwise_not(input): ~input"},
      {"equal", b_equal, W::Both, "equal(input, other): True when same shape and values"},
      {"allclose", b_allclose, W::Both, "allclose(input, other, rtol=1e-05, atol=1e-08)"},
      {"neg", u_neg, W::Both, "neg(input): -input"},
      {"abs", u_abs, W::Both, "abs(input): absolute value"},
      {"exp", u_exp, W::Both, "exp(input): e ** input"},
      {"log", u_log, W::Both, "log(input): natural logarithm"},
      {"log2", u_log2, W::Both, "log2(input)"},
      {"log10", u_log10, W::Both, "log10(input)"},
      {"log1p", u_log1p, W::Both, "log1p(input): log(1 + input)"},
      {"sqrt", u_sqrt, W::Both, "sqrt(input): square root"},
      {"rsqrt", u_rsqrt, W::Both, "rsqrt(input): 1 / sqrt(input)"},
      {"reciprocal", u_reciprocal, W::Both, "reciprocal(input): 1 / input"},
      {"sin", u_sin, W::Both, "sin(input)"},
      {"cos", u_cos, W::Both, "cos(input)"},
      {"tan", u_tan, W::Both, "tan(input)"},
      {"tanh", u_tanh, W::Both, "tanh(input)"},
      {"sigmoid", u_sigmoid, W::Both, "sigmoid(input): 1 / (1 + exp(-input))"},
      {"relu", u_relu, W::Both, "relu(input): max(input, 0)"},
      {"floor", u_floor, W::Both, "floor(input)"},
      {"ceil", u_ceil, W::Both, "ceil(input)"},
      {"round", u_round, W::Both, "round(input): round half to even"},
      {"trunc", u_trunc, W::Both, "trunc(input)"},
      {"sign", u_sign, W::Both, "sign(input): -1, 0 or 1"},
      {"square", u_square, W::Both, "square(input): input ** 2"},
      {"isnan", u_isnan, W::Both, "isnan(input)"},
      {"isinf", u_isinf, W::Both, "isinf(input)"},
      {"isfinite", u_isfinite, W::Both, "isfinite(input)"},
      {"clamp", c_clamp, W::Both, "clamp(input, min=None, max=None)"},
      {"clip", c_clamp, W::Both, "clip(input, min=None, max=None): alias of clamp"},
      {"where", c_where, W::Both, "where(condition, input, other): input where condition else other"},
      {"add_", bi_add, W::Method, "x.add_(other, alpha=1): in place"},
      {"sub_", bi_sub, W::Method, "x.sub_(other, alpha=1): in place"},
      {"mul_", bi_mul, W::Method, "x.mul_(other): in place"},
      {"div_", bi_div, W::Method, "x.div_(other): in place"},
      {"pow_", bi_pow, W::Method, "x.pow_(exponent): in place"},
      {"clamp_", c_clamp_, W::Method, "x.clamp_(min=None, max=None): in place"},
      {"fill_", bi_fill, W::Method, "x.fill_(value): every element set to value"},
      {"zero_", ui_zero, W::Method, "x.zero_(): every element set to 0"},
      {"copy_", bi_copy, W::Method, "x.copy_(src): copy src's values into x (any device)"},
      {"uniform_", bi_uniform, W::Method, "x.uniform_(from=0, to=1): in place"},
      {"normal_", bi_normal, W::Method, "x.normal_(mean=0, std=1): in place"},
      {"neg_", ui_neg, W::Method, "x.neg_(): in place"},
      {"abs_", ui_abs, W::Method, "x.abs_(): in place"},
      {"exp_", ui_exp, W::Method, "x.exp_(): in place"},
      {"log_", ui_log, W::Method, "x.log_(): in place"},
      {"sqrt_", ui_sqrt, W::Method, "x.sqrt_(): in place"},
      {"sin_", ui_sin, W::Method, "x.sin_(): in place"},
      {"cos_", ui_cos, W::Method, "x.cos_(): in place"},
      {"tanh_", ui_tanh, W::Method, "x.tanh_(): in place"},
      {"sigmoid_", ui_sigmoid, W::Method, "x.sigmoid_(): in place"},
      {"relu_", ui_relu, W::Both, "relu_(x): in place"},
      {"floor_", ui_floor, W::Method, "x.floor_(): in place"},
      {"ceil_", ui_ceil, W::Method, "x.ceil_(): in place"},
      {"round_", ui_round, W::Method, "x.round_(): in place"},
      {"trunc_", ui_trunc, W::Method, "x.trunc_(): in place"},
      {"reciprocal_", ui_reciprocal, W::Method, "x.reciprocal_(): in place"},
      {"square_", ui_square, W::Method, "x.square_(): in place"},
      {"sum", r_sum, W::Both, "sum(input, dim=None, keepdim=False, dtype=None)"},
      {"mean", r_mean, W::Both, "mean(input, dim=None, keepdim=False, dtype=None)"},
      {"prod", r_prod, W::Both, "prod(input, dim=None, keepdim=False, dtype=None)"},
      {"max", r_max, W::Both, "max(input) / max(input, dim, keepdim=False) -> (values, indices)"},
      {"min", r_min, W::Both, "min(input) / min(input, dim, keepdim=False) -> (values, indices)"},
      {"amax", r_amax, W::Both, "amax(input, dim=(), keepdim=False)"},
      {"amin", r_amin, W::Both, "amin(input, dim=(), keepdim=False)"},
      {"argmax", r_argmax, W::Both, "argmax(input, dim=None, keepdim=False): index of the max"},
      {"argmin", r_argmin, W::Both, "argmin(input, dim=None, keepdim=False): index of the min"},
      {"std", r_std, W::Both, "std(input, dim=None, unbiased=True, keepdim=False)"},
      {"var", r_var, W::Both, "var(input, dim=None, unbiased=True, keepdim=False)"},
      {"any", r_any, W::Both, "any(input, dim=None, keepdim=False)"},
      {"all", r_all, W::Both, "all(input, dim=None, keepdim=False)"},
      {"softmax", r_softmax, W::Both, "softmax(input, dim): exp normalised along dim"},
      {"log_softmax", r_log_softmax, W::Both, "log_softmax(input, dim)"},
      {"logsumexp", r_logsumexp, W::Both, "logsumexp(input, dim, keepdim=False)"},
      {"matmul", l_matmul, W::Both, "matmul(input, other): matrix product (also input @ other)"},
      {"mm", l_mm, W::Both, "mm(input, mat2): 2-D matrix product"},
      {"bmm", l_bmm, W::Both, "bmm(input, mat2): batched matrix product"},
      {"mv", l_mv, W::Both, "mv(input, vec): matrix-vector product"},
      {"dot", l_dot, W::Both, "dot(input, other): 1-D dot product"},
      {"addmm", l_addmm, W::Both, "addmm(input, mat1, mat2, beta=1, alpha=1)"},
  };
}

}  // namespace tp::torchlang
