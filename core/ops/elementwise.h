// Elementwise ops: arithmetic, comparisons, logical and bitwise ops, unary math, clamp and
// where, with PyTorch's broadcasting, type promotion, in-place rules and error texts.
// A Scalar operand becomes a wrapped-number tensor, so `int_tensor + 2.5` is float32.
#pragma once

#include <optional>
#include <string>

#include "core/backends/op_kinds.h"
#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// ---- Generic entry points (the named ops below are thin wrappers) ----

// a op b with broadcasting and promotion; comparison and logical ops return bool.
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b);
// self op= other, written into self (which is returned).
const Tensor& binary_(BinaryOp op, const Tensor& self, const Tensor& other);
// op(t) by the op's dtype rule (unary_ops.def: exp of an integer tensor is float); args are
// read by the ops that take arguments (leaky_relu's slope).
Tensor unary(UnaryOp op, const Tensor& t, const UnaryArgs& args = {});
// t.op_(): writes op(t) back into t.
const Tensor& unary_(UnaryOp op, const Tensor& t, const UnaryArgs& args = {});

// ---- Arithmetic (Tensor-Tensor, Tensor-Scalar and the reflected Scalar-Tensor forms) ----

// a + alpha * b
Tensor add(const Tensor& a, const Tensor& b, Scalar alpha = 1);
Tensor add(const Tensor& a, Scalar b, Scalar alpha = 1);
Tensor add(Scalar a, const Tensor& b);
// a - alpha * b; bool tensors are refused as PyTorch does.
Tensor sub(const Tensor& a, const Tensor& b, Scalar alpha = 1);
Tensor sub(const Tensor& a, Scalar b, Scalar alpha = 1);
Tensor sub(Scalar a, const Tensor& b);  // 2 - x (torch.rsub)
Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, Scalar b);
Tensor mul(Scalar a, const Tensor& b);
// True division (integers give float), or rounding_mode "floor" / "trunc".
Tensor div(const Tensor& a, const Tensor& b, std::optional<std::string> rounding_mode = {});
Tensor div(const Tensor& a, Scalar b, std::optional<std::string> rounding_mode = {});
Tensor div(Scalar a, const Tensor& b);  // 2 / x
// a // b (Python's floor division).
Tensor floor_divide(const Tensor& a, const Tensor& b);
Tensor floor_divide(const Tensor& a, Scalar b);
Tensor floor_divide(Scalar a, const Tensor& b);
// a % b; the result takes the sign of b, as in Python.
Tensor remainder(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, Scalar b);
Tensor remainder(Scalar a, const Tensor& b);
// a ** b
Tensor pow(const Tensor& a, const Tensor& b);
Tensor pow(const Tensor& a, Scalar b);
Tensor pow(Scalar a, const Tensor& b);
// Elementwise max / min; NaN propagates.
Tensor maximum(const Tensor& a, const Tensor& b);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor atan2(const Tensor& a, const Tensor& b);

// ---- Comparisons (computed in the promoted dtype, result bool) ----
Tensor eq(const Tensor& a, const Tensor& b);
Tensor eq(const Tensor& a, Scalar b);
Tensor ne(const Tensor& a, const Tensor& b);
Tensor ne(const Tensor& a, Scalar b);
Tensor lt(const Tensor& a, const Tensor& b);
Tensor lt(const Tensor& a, Scalar b);
Tensor le(const Tensor& a, const Tensor& b);
Tensor le(const Tensor& a, Scalar b);
Tensor gt(const Tensor& a, const Tensor& b);
Tensor gt(const Tensor& a, Scalar b);
Tensor ge(const Tensor& a, const Tensor& b);
Tensor ge(const Tensor& a, Scalar b);

// ---- Logical (any dtype, result bool) and bitwise (bool/integer only) ----
Tensor logical_and(const Tensor& a, const Tensor& b);
Tensor logical_or(const Tensor& a, const Tensor& b);
Tensor logical_xor(const Tensor& a, const Tensor& b);
Tensor bitwise_and(const Tensor& a, const Tensor& b);
Tensor bitwise_and(const Tensor& a, Scalar b);
Tensor bitwise_or(const Tensor& a, const Tensor& b);
Tensor bitwise_or(const Tensor& a, Scalar b);
Tensor bitwise_xor(const Tensor& a, const Tensor& b);
Tensor bitwise_xor(const Tensor& a, Scalar b);

// ---- Unary math ----
// tp::NAME(t) for every unary op without arguments (neg, exp, sigmoid, isnan, ...).
#define TP_UNARY_OP(Enum, name, ...) Tensor name(const Tensor& t);
#define TP_UNARY_OP_ARGS(...)
#include "core/backends/unary_ops.def"
// clamp(t, min, max): at least one bound; promotes like t op bound (int clamp 0.5 -> float).
Tensor clamp(const Tensor& t, std::optional<Scalar> min, std::optional<Scalar> max);
Tensor clamp_min(const Tensor& t, Scalar min);
Tensor clamp_max(const Tensor& t, Scalar max);

// cond ? a : b, broadcast over all three; a and b promote together.
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, const Tensor& a, Scalar b);
Tensor where(const Tensor& cond, Scalar a, const Tensor& b);
Tensor where(const Tensor& cond, Scalar a, Scalar b);

// ---- In-place variants: write into self and return it ----
// Stores an op's result into self (any strides), raising PyTorch's cast error when the
// result dtype cannot be stored in self's dtype.
const Tensor& assign_inplace_result(const Tensor& self, const Tensor& result);
// They raise "result type Float can't be cast to the desired output type Long" when the
// result dtype cannot be stored in self, and refuse to grow self by broadcasting.
const Tensor& add_(const Tensor& self, const Tensor& other, Scalar alpha = 1);
const Tensor& add_(const Tensor& self, Scalar other, Scalar alpha = 1);
const Tensor& sub_(const Tensor& self, const Tensor& other, Scalar alpha = 1);
const Tensor& sub_(const Tensor& self, Scalar other, Scalar alpha = 1);
const Tensor& mul_(const Tensor& self, const Tensor& other);
const Tensor& mul_(const Tensor& self, Scalar other);
const Tensor& div_(const Tensor& self, const Tensor& other,
                   std::optional<std::string> rounding_mode = {});
const Tensor& div_(const Tensor& self, Scalar other, std::optional<std::string> rounding_mode = {});
const Tensor& floor_divide_(const Tensor& self, const Tensor& other);
const Tensor& floor_divide_(const Tensor& self, Scalar other);
const Tensor& remainder_(const Tensor& self, const Tensor& other);
const Tensor& remainder_(const Tensor& self, Scalar other);
const Tensor& pow_(const Tensor& self, const Tensor& other);
const Tensor& pow_(const Tensor& self, Scalar other);
const Tensor& clamp_(const Tensor& self, std::optional<Scalar> min, std::optional<Scalar> max);
const Tensor& clamp_min_(const Tensor& self, Scalar min);
const Tensor& clamp_max_(const Tensor& self, Scalar max);

// ---- C++ operators, for convenience (== and != are left out: eq/ne return tensors,
// and overloading them would break code that compares Tensor handles) ----
Tensor operator+(const Tensor& a, const Tensor& b);
Tensor operator+(const Tensor& a, Scalar b);
Tensor operator+(Scalar a, const Tensor& b);
Tensor operator-(const Tensor& a, const Tensor& b);
Tensor operator-(const Tensor& a, Scalar b);
Tensor operator-(Scalar a, const Tensor& b);
Tensor operator*(const Tensor& a, const Tensor& b);
Tensor operator*(const Tensor& a, Scalar b);
Tensor operator*(Scalar a, const Tensor& b);
Tensor operator/(const Tensor& a, const Tensor& b);
Tensor operator/(const Tensor& a, Scalar b);
Tensor operator/(Scalar a, const Tensor& b);
Tensor operator%(const Tensor& a, const Tensor& b);
Tensor operator%(const Tensor& a, Scalar b);
Tensor operator-(const Tensor& t);
// ~t: like Python's, a TypeError on floating tensors.
Tensor operator~(const Tensor& t);
Tensor operator&(const Tensor& a, const Tensor& b);
Tensor operator|(const Tensor& a, const Tensor& b);
Tensor operator^(const Tensor& a, const Tensor& b);
Tensor operator<(const Tensor& a, const Tensor& b);
Tensor operator<(const Tensor& a, Scalar b);
Tensor operator<=(const Tensor& a, const Tensor& b);
Tensor operator<=(const Tensor& a, Scalar b);
Tensor operator>(const Tensor& a, const Tensor& b);
Tensor operator>(const Tensor& a, Scalar b);
Tensor operator>=(const Tensor& a, const Tensor& b);
Tensor operator>=(const Tensor& a, Scalar b);

}  // namespace tp
