// Elementwise ops against torch 2.15: every op on every dtype, scalar promotion, broadcasting,
// in-place variants and error texts come from fixtures/elementwise.txt (gen_elementwise.py);
// the hand-written cases below check what a fixture cannot (aliasing, strides, operators).
#include <doctest/doctest.h>

#include "core/ops/elementwise.h"
#include "core/ops/type_promotion.h"
#include "tests/op_case.h"
#include "tests/test_util.h"

using namespace tp;
using tp::test::make_tensor;
using tp::test::OpCase;
using tp::test::OpRunner;
using tp::test::values_of;

namespace {

using Outs = std::vector<Tensor>;

// Dispatches on the operand kinds: Tensor-Tensor, Tensor-Scalar, Scalar-Tensor.
template <typename TT, typename TS, typename ST>
OpRunner binary_runner(TT tt, TS ts, ST st) {
  return [=](const OpCase& c) -> Outs {
    const auto& a = c.args.at(0);
    const auto& b = c.args.at(1);
    if (!a.is_tensor) return {st(a.scalar, b.tensor)};
    if (!b.is_tensor) return {ts(a.tensor, b.scalar)};
    return {tt(a.tensor, b.tensor)};
  };
}

#define FORMS3(fn)                                                 \
  binary_runner([](const Tensor& a, const Tensor& b) { return fn(a, b); }, \
                [](const Tensor& a, Scalar b) { return fn(a, b); },        \
                [](Scalar a, const Tensor& b) { return fn(a, b); })
#define FORMS2(fn)                                                 \
  binary_runner([](const Tensor& a, const Tensor& b) { return fn(a, b); }, \
                [](const Tensor& a, Scalar b) { return fn(a, b); },        \
                [](Scalar, const Tensor&) -> Tensor { throw std::logic_error("no form"); })
#define FORMS1(fn)                                                 \
  binary_runner([](const Tensor& a, const Tensor& b) { return fn(a, b); }, \
                [](const Tensor&, Scalar) -> Tensor { throw std::logic_error("no form"); }, \
                [](Scalar, const Tensor&) -> Tensor { throw std::logic_error("no form"); })

// In-place ops must hand back self itself.
Outs inplace_result(const Tensor& self, const Tensor& returned) {
  CHECK(returned.is_same(self));
  return {self};
}

// The other operand of an in-place op (a Python number becomes a wrapped tensor).
Tensor other_of(const OpCase& c) {
  const auto& b = c.args.at(1);
  return b.is_tensor ? b.tensor : scalar_to_tensor(b.scalar);
}

std::optional<std::string> rounding_of(const OpCase& c) {
  if (!c.has("rounding_mode")) return std::nullopt;
  return c.kwargs.at("rounding_mode");
}

Scalar alpha_of(const OpCase& c) { return c.has("alpha") ? c.scalar_kw("alpha") : Scalar(1); }

std::optional<Scalar> bound(const OpCase& c, const char* k) {
  if (!c.has(k)) return std::nullopt;
  return c.scalar_kw(k);
}

std::map<std::string, OpRunner> runners() {
  std::map<std::string, OpRunner> r;
  // add/sub carry alpha, div carries rounding_mode: dispatched by hand.
  r["add"] = [](const OpCase& c) -> Outs {
    const auto &a = c.args.at(0), &b = c.args.at(1);
    if (!a.is_tensor) return {add(a.scalar, b.tensor)};
    if (!b.is_tensor) return {add(a.tensor, b.scalar, alpha_of(c))};
    return {add(a.tensor, b.tensor, alpha_of(c))};
  };
  r["sub"] = [](const OpCase& c) -> Outs {
    const auto &a = c.args.at(0), &b = c.args.at(1);
    if (!a.is_tensor) return {sub(a.scalar, b.tensor)};
    if (!b.is_tensor) return {sub(a.tensor, b.scalar, alpha_of(c))};
    return {sub(a.tensor, b.tensor, alpha_of(c))};
  };
  r["div"] = [](const OpCase& c) -> Outs {
    const auto &a = c.args.at(0), &b = c.args.at(1);
    if (!a.is_tensor) return {div(a.scalar, b.tensor)};
    if (!b.is_tensor) return {div(a.tensor, b.scalar, rounding_of(c))};
    return {div(a.tensor, b.tensor, rounding_of(c))};
  };
  r["mul"] = FORMS3(mul);
  r["floor_divide"] = FORMS3(floor_divide);
  r["remainder"] = FORMS3(remainder);
  r["pow"] = FORMS3(tp::pow);
  r["maximum"] = FORMS1(maximum);
  r["minimum"] = FORMS1(minimum);
  r["atan2"] = FORMS1(tp::atan2);
  r["eq"] = FORMS2(eq);
  r["ne"] = FORMS2(ne);
  r["lt"] = FORMS2(lt);
  r["le"] = FORMS2(le);
  r["gt"] = FORMS2(gt);
  r["ge"] = FORMS2(ge);
  r["logical_and"] = FORMS1(logical_and);
  r["logical_or"] = FORMS1(logical_or);
  r["logical_xor"] = FORMS1(logical_xor);
  r["bitwise_and"] = FORMS2(bitwise_and);
  r["bitwise_or"] = FORMS2(bitwise_or);
  r["bitwise_xor"] = FORMS2(bitwise_xor);

  // Every unary op without arguments (unary_ops.def), and its in-place form where it has one.
  for (int k = 0; k < kUnaryOpCount; ++k) {
    const UnaryOp op = static_cast<UnaryOp>(k);
    if (kUnaryOps[k].python == UnaryPython::Own) continue;
    r[kUnaryOps[k].name] = [op](const OpCase& c) -> Outs { return {unary(op, c.args.at(0).tensor)}; };
    if (kUnaryOps[k].inplace == UnaryInplace::No) continue;
    r[kUnaryOps[k].name + std::string("_")] = [op](const OpCase& c) {
      const Tensor& s = c.args.at(0).tensor;
      return inplace_result(s, unary_(op, s));
    };
  }
  r["invert"] = [](const OpCase& c) -> Outs { return {~c.args.at(0).tensor}; };
  r["clamp"] = [](const OpCase& c) -> Outs {
    return {clamp(c.args.at(0).tensor, bound(c, "min"), bound(c, "max"))};
  };
  r["clamp_min"] = [](const OpCase& c) -> Outs {
    return {clamp_min(c.args.at(0).tensor, c.scalar_kw("min"))};
  };
  r["clamp_max"] = [](const OpCase& c) -> Outs {
    return {clamp_max(c.args.at(0).tensor, c.scalar_kw("max"))};
  };
  r["where"] = [](const OpCase& c) -> Outs {
    const Tensor& cond = c.args.at(0).tensor;
    const auto &a = c.args.at(1), &b = c.args.at(2);
    if (a.is_tensor && b.is_tensor) return {where(cond, a.tensor, b.tensor)};
    if (a.is_tensor) return {where(cond, a.tensor, b.scalar)};
    if (b.is_tensor) return {where(cond, a.scalar, b.tensor)};
    return {where(cond, a.scalar, b.scalar)};
  };

  // In-place ops: self is args[0].
  r["add_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, add_(s, other_of(c), alpha_of(c)));
  };
  r["sub_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, sub_(s, other_of(c), alpha_of(c)));
  };
  r["div_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, div_(s, other_of(c), rounding_of(c)));
  };
#define INPLACE2(fn)                                         \
  r[#fn] = [](const OpCase& c) {                             \
    const Tensor& s = c.args.at(0).tensor;                   \
    return inplace_result(s, fn(s, other_of(c)));            \
  }
  INPLACE2(mul_);
  INPLACE2(floor_divide_);
  INPLACE2(remainder_);
  INPLACE2(pow_);
  r["clamp_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, clamp_(s, bound(c, "min"), bound(c, "max")));
  };
  r["clamp_min_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, clamp_min_(s, c.scalar_kw("min")));
  };
  r["clamp_max_"] = [](const OpCase& c) {
    const Tensor& s = c.args.at(0).tensor;
    return inplace_result(s, clamp_max_(s, c.scalar_kw("max")));
  };
  return r;
}

std::vector<double> vals(const Tensor& t) { return values_of(t); }

}  // namespace

TEST_CASE("every elementwise case recorded from torch 2.15") {
  int n = tp::test::run_fixture("elementwise.txt", runners());
  CHECK(n > 1400);
}

TEST_CASE("in-place ops return self, share its storage and update its views") {
  Tensor base = make_tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor row = base.as_strided({3}, {1}, 3);  // base[1]
  auto storage = base.storage();
  const Tensor& r = add_(row, 10);
  CHECK(r.is_same(row));
  CHECK(row.storage() == storage);
  CHECK(vals(base) == std::vector<double>{1, 2, 3, 14, 15, 16});
  // A strided (column) view written by a unary in-place op.
  Tensor col = base.as_strided({2}, {3}, 1);  // base[:, 1]
  unary_(UnaryOp::Neg, col);
  CHECK(vals(base) == std::vector<double>{1, -2, 3, 14, -15, 16});
  // Operands that alias self are read before self is written.
  Tensor sq = make_tensor({1, 2, 3, 4}, {2, 2});
  Tensor sq_t = sq.as_strided({2, 2}, {1, 2}, 0);  // sq.t()
  add_(sq, sq_t);
  CHECK(vals(sq) == std::vector<double>{2, 5, 5, 8});
  // A float result cast into an integer self is refused and leaves self unchanged.
  Tensor ints = make_tensor({1, 2}, {2}, DType::Int64);
  CHECK_THROWS_WITH(mul_(ints, 0.5), "result type Float can't be cast to the desired output type Long");
  CHECK(vals(ints) == std::vector<double>{1, 2});
}

TEST_CASE("non-contiguous and broadcast operands") {
  Tensor a = make_tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor at = a.as_strided({3, 2}, {1, 3}, 0);  // a.t()
  Tensor b = make_tensor({10, 20}, {2});
  Tensor sum = add(at, b);
  CHECK(sum.sizes() == Shape{3, 2});
  CHECK(vals(sum) == std::vector<double>{11, 24, 12, 25, 13, 26});
  CHECK(vals(tp::exp(at.as_strided({3}, {1}, 0))) ==
        vals(tp::exp(make_tensor({1, 2, 3}, {3}))));
  // where over a transposed condition.
  Tensor cond = make_tensor({1, 0, 1, 0, 1, 0}, {2, 3}, DType::Bool).as_strided({3, 2}, {1, 3}, 0);
  CHECK(vals(where(cond, at, 0.0)) == std::vector<double>{1, 0, 0, 5, 3, 0});
}

TEST_CASE("C++ operators follow the named ops") {
  Tensor x = make_tensor({1, 2, 3}, {3}, DType::Int64);
  CHECK(vals(x + 1) == std::vector<double>{2, 3, 4});
  CHECK((x + 2.5).dtype() == DType::Float32);
  CHECK(vals(2 - x) == std::vector<double>{1, 0, -1});
  CHECK(vals(x * x) == std::vector<double>{1, 4, 9});
  CHECK(vals(x / 2) == std::vector<double>{0.5, 1, 1.5});
  CHECK(vals(6 / x) == std::vector<double>{6, 3, 2});
  CHECK(vals(x % 2) == std::vector<double>{1, 0, 1});
  CHECK(vals(-x) == std::vector<double>{-1, -2, -3});
  CHECK(vals(~x) == std::vector<double>{-2, -3, -4});
  CHECK(vals(x & x) == std::vector<double>{1, 2, 3});
  CHECK(vals(x | make_tensor({4, 4, 4}, {3}, DType::Int64)) == std::vector<double>{5, 6, 7});
  CHECK(vals(x ^ x) == std::vector<double>{0, 0, 0});
  CHECK(vals(x < 2) == std::vector<double>{1, 0, 0});
  CHECK(vals(x <= 2) == std::vector<double>{1, 1, 0});
  CHECK(vals(x > x) == std::vector<double>{0, 0, 0});
  CHECK((x >= 2.5).dtype() == DType::Bool);
  CHECK_THROWS_WITH(~make_tensor({1}, {1}),
                    "~ (operator.invert) is only implemented on integer and Boolean-type tensors");
  CHECK_THROWS_WITH(-make_tensor({1}, {1}, DType::Bool),
                    "Negation, the `-` operator, on a bool tensor is not supported. If you are "
                    "trying to invert a mask, use the `~` or `logical_not()` operator instead.");
}
