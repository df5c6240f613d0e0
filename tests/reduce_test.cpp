// Reductions and softmax against torch 2.15: every op over every dim, keepdim, dim lists,
// dtypes, 0-dim and empty inputs, NaN and ties, and error texts, from fixtures/reduce.txt
// (gen_reduce.py); hand-written cases check strided inputs and result layout.
#include <doctest/doctest.h>

#include "core/ops/reduce.h"
#include "tests/op_case.h"
#include "tests/test_util.h"

using namespace tp;
using tp::test::make_tensor;
using tp::test::OpCase;
using tp::test::OpRunner;
using tp::test::values_of;

namespace {

using Outs = std::vector<Tensor>;

DimList dims_of(const OpCase& c) { return c.has("dims") ? c.list_kw("dims") : DimList{}; }
bool keepdim_of(const OpCase& c) { return c.has("keepdim") && c.int_kw("keepdim") != 0; }
std::optional<DType> dtype_of(const OpCase& c) {
  if (!c.has("dtype")) return std::nullopt;
  return c.dtype_kw("dtype");
}
const Tensor& input(const OpCase& c) { return c.args.at(0).tensor; }

std::map<std::string, OpRunner> runners() {
  std::map<std::string, OpRunner> r;
  r["sum"] = [](const OpCase& c) -> Outs {
    if (!c.has("dims") && !c.has("keepdim")) return {sum(input(c), dtype_of(c))};
    return {sum(input(c), dims_of(c), keepdim_of(c), dtype_of(c))};
  };
  r["mean"] = [](const OpCase& c) -> Outs {
    if (!c.has("dims") && !c.has("keepdim")) return {mean(input(c), dtype_of(c))};
    return {mean(input(c), dims_of(c), keepdim_of(c), dtype_of(c))};
  };
  r["prod"] = [](const OpCase& c) -> Outs {
    if (!c.has("dim")) return {prod(input(c), dtype_of(c))};
    return {prod(input(c), c.int_kw("dim"), keepdim_of(c), dtype_of(c))};
  };
  r["max"] = [](const OpCase& c) -> Outs {
    if (!c.has("dim")) return {tp::max(input(c))};
    ValuesIndices vi = tp::max(input(c), c.int_kw("dim"), keepdim_of(c));
    return {vi.values, vi.indices};
  };
  r["min"] = [](const OpCase& c) -> Outs {
    if (!c.has("dim")) return {tp::min(input(c))};
    ValuesIndices vi = tp::min(input(c), c.int_kw("dim"), keepdim_of(c));
    return {vi.values, vi.indices};
  };
  r["amax"] = [](const OpCase& c) -> Outs { return {amax(input(c), dims_of(c), keepdim_of(c))}; };
  r["amin"] = [](const OpCase& c) -> Outs { return {amin(input(c), dims_of(c), keepdim_of(c))}; };
  r["argmax"] = [](const OpCase& c) -> Outs {
    std::optional<int64_t> dim;
    if (c.has("dim")) dim = c.int_kw("dim");
    return {argmax(input(c), dim, keepdim_of(c))};
  };
  r["argmin"] = [](const OpCase& c) -> Outs {
    std::optional<int64_t> dim;
    if (c.has("dim")) dim = c.int_kw("dim");
    return {argmin(input(c), dim, keepdim_of(c))};
  };
  r["var"] = [](const OpCase& c) -> Outs {
    int64_t corr = c.has("correction") ? c.int_kw("correction") : 1;
    return {var(input(c), dims_of(c), corr, keepdim_of(c))};
  };
  r["std"] = [](const OpCase& c) -> Outs {
    int64_t corr = c.has("correction") ? c.int_kw("correction") : 1;
    return {tp::std(input(c), dims_of(c), corr, keepdim_of(c))};
  };
  r["any"] = [](const OpCase& c) -> Outs {
    if (!c.has("dim")) return {any(input(c))};
    return {any(input(c), c.int_kw("dim"), keepdim_of(c))};
  };
  r["all"] = [](const OpCase& c) -> Outs {
    if (!c.has("dim")) return {all(input(c))};
    return {all(input(c), c.int_kw("dim"), keepdim_of(c))};
  };
  r["softmax"] = [](const OpCase& c) -> Outs {
    return {softmax(input(c), c.int_kw("dim"), dtype_of(c))};
  };
  r["log_softmax"] = [](const OpCase& c) -> Outs {
    return {log_softmax(input(c), c.int_kw("dim"), dtype_of(c))};
  };
  r["logsumexp"] = [](const OpCase& c) -> Outs {
    return {logsumexp(input(c), dims_of(c), keepdim_of(c))};
  };
  return r;
}

}  // namespace

TEST_CASE("every reduction case recorded from torch 2.15") {
  int n = tp::test::run_fixture("reduce.txt", runners());
  CHECK(n > 1600);
}

TEST_CASE("reductions of strided views and the layout of their results") {
  // x = [[0, 1, 2], [3, 4, 5]]; x.t() is (3, 2) and not contiguous.
  Tensor x = make_tensor({0, 1, 2, 3, 4, 5}, {2, 3});
  Tensor xt = x.as_strided({3, 2}, {1, 3}, 0);
  CHECK(values_of(sum(xt, {0})) == std::vector<double>{3, 12});
  CHECK(values_of(sum(xt, {1})) == std::vector<double>{3, 5, 7});
  ValuesIndices m = tp::max(xt, 1, true);
  CHECK(m.values.sizes() == Shape{3, 1});
  CHECK(values_of(m.indices) == std::vector<double>{1, 1, 1});
  // A view with an offset: the second row.
  Tensor row = x.as_strided({3}, {1}, 3);
  CHECK(values_of(sum(row)) == std::vector<double>{12});
  CHECK(values_of(argmin(row)) == std::vector<double>{0});
  // softmax over dim 0 of a transposed input returns a contiguous tensor of its shape.
  Tensor s = softmax(xt, 0);
  CHECK(s.sizes() == Shape{3, 2});
  CHECK(s.is_contiguous());
  std::vector<double> col = values_of(sum(s, {0}));
  CHECK(col[0] == doctest::Approx(1.0));
  CHECK(col[1] == doctest::Approx(1.0));
  // The input is left untouched.
  CHECK(values_of(x) == std::vector<double>{0, 1, 2, 3, 4, 5});
}
