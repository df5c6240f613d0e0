// Autograd against PyTorch: grad_fn names of the differentiable ops, .grad values of a few
// graphs mixing many ops (tests/fixtures/gen_autograd.py), and the API's rules: accumulation,
// retain_graph, the errors of backward/requires_grad_/in-place on a leaf, no_grad,
// retain_grad, detach, autograd.grad and gradients flowing across devices.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <map>
#include <sstream>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

const std::map<std::string, std::string>& fixture() {
  static const std::map<std::string, std::string> f = test::load_fixture("autograd.txt");
  return f;
}

// The leaves of gen_autograd.py: x = (arange(12).reshape(3, 4) - 5.5) / 3, v, b3 = arange(24).
struct Leaves {
  Tensor x, v, b3;
  Leaves() {
    std::vector<double> xs, bs;
    for (int i = 0; i < 12; ++i) xs.push_back((i - 5.5) / 3.0);
    for (int i = 0; i < 24; ++i) bs.push_back(i);
    x = test::make_tensor(xs, {3, 4});
    v = test::make_tensor({0.5, -1.0, 1.5, 2.0}, {4});
    b3 = test::make_tensor(bs, {2, 3, 4});
    for (const Tensor* t : {&x, &v, &b3}) autograd::set_requires_grad(*t, true);
  }
};

Tensor idx(std::vector<double> v) {
  Shape shape{static_cast<int64_t>(v.size())};
  return test::make_tensor(v, shape, DType::Int64);
}

std::string name_of(const Tensor& t) {
  const auto& fn = autograd::grad_fn(t);
  return fn ? fn->class_name() : "NoneType";
}

void check_values(const Tensor& t, const std::string& key) {
  CAPTURE(key);
  std::vector<double> want = test::parse_numbers(fixture().at(key)), got = test::values_of(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    CAPTURE(i);
    CHECK(got[i] == doctest::Approx(want[i]).epsilon(1e-4).scale(1.0));
  }
}

}  // namespace

TEST_CASE("grad_fn names match PyTorch's") {
  Leaves L;
  const Tensor &x = L.x, &v = L.v, &b3 = L.b3;
  Slice all{};
  std::map<std::string, std::function<Tensor()>> exprs = {
      {"sum", [&] { return sum(x); }}, {"sum_dim", [&] { return sum(x, {1}); }},
      {"mean", [&] { return mean(x); }}, {"mean_dim", [&] { return mean(x, {0}); }},
      {"prod", [&] { return prod(x); }}, {"prod_dim", [&] { return prod(x, 1); }},
      {"max", [&] { return max(x); }}, {"min", [&] { return min(x); }},
      {"max_dim", [&] { return max(x, 1).values; }}, {"min_dim", [&] { return min(x, 1).values; }},
      {"amax", [&] { return amax(x, {1}); }}, {"amin", [&] { return amin(x, {0}); }},
      {"var", [&] { return var(x); }}, {"std_dim", [&] { return tp::std(x, {1}); }},
      {"softmax", [&] { return softmax(x, 1); }}, {"log_softmax", [&] { return log_softmax(x, 1); }},
      {"logsumexp", [&] { return logsumexp(x, {1}); }}, {"view", [&] { return view(x, {12}); }},
      {"reshape", [&] { return reshape(x, {2, 6}); }}, {"reshape_copy", [&] { return reshape(t(x), {12}); }},
      {"flatten", [&] { return flatten(b3, 1); }}, {"unflatten", [&] { return unflatten(x, 1, {2, 2}); }},
      {"transpose", [&] { return transpose(x, 0, 1); }}, {"swapaxes", [&] { return swapaxes(x, 0, 1); }},
      {"t", [&] { return t(x); }}, {"t_1d", [&] { return t(v); }}, {"T", [&] { return tensor_T(x); }},
      {"mT", [&] { return tensor_mT(b3); }}, {"permute", [&] { return permute(b3, {2, 0, 1}); }},
      {"movedim", [&] { return movedim(b3, {0}, {2}); }},
      {"squeeze", [&] { return squeeze(unsqueeze(x, 0)); }},
      {"squeeze_dim", [&] { return squeeze(unsqueeze(x, 0), 0); }},
      {"squeeze_dims", [&] { return squeeze_dims(unsqueeze(x, 0), {0}); }},
      {"unsqueeze", [&] { return unsqueeze(x, 1); }}, {"expand", [&] { return expand(v, {3, 4}); }},
      {"expand_as", [&] { return expand_as(v, x); }}, {"narrow", [&] { return narrow(x, 1, 1, 2); }},
      {"cat", [&] { return cat({x, x}); }}, {"stack", [&] { return stack({x, x}); }},
      {"split", [&] { return split(x, 2)[0]; }}, {"split_sizes", [&] { return split_with_sizes(x, {1, 2})[1]; }},
      {"chunk", [&] { return chunk(x, 2)[1]; }}, {"unbind", [&] { return unbind(x, 0)[1]; }},
      {"x[0]", [&] { return index(x, {0}); }}, {"x[:, 1]", [&] { return index(x, {all, 1}); }},
      {"x[1:3]", [&] { return index(x, {Slice{1, 3, std::nullopt}}); }}, {"x[:]", [&] { return index(x, {all}); }},
      {"x[...]", [&] { return index(x, {TensorIndex::ellipsis()}); }},
      {"x[None]", [&] { return index(x, {TensorIndex::none()}); }}, {"x[-1]", [&] { return index(x, {-1}); }},
      {"x[idx]", [&] { return index(x, {idx({0, 2})}); }}, {"x[mask]", [&] { return index(x, {gt(x, Scalar(0))}); }},
      {"x[0, idx]", [&] { return index(x, {0, idx({0, 2})}); }},
      {"x[:, idx]", [&] { return index(x, {all, idx({0, 2})}); }},
      {"where", [&] { return where(gt(x, Scalar(0)), x, v); }},
      {"where_scalar", [&] { return where(gt(x, Scalar(0)), x, Scalar(0.0)); }},
      {"double", [&] { return cast(x, DType::Float64); }}, {"half", [&] { return cast(x, DType::Float16); }},
      {"to_float64", [&] { return to(x, std::nullopt, DType::Float64); }}, {"clone", [&] { return clone(x); }},
      {"contiguous", [&] { return contiguous(t(x)); }}, {"add", [&] { return add(x, v); }},
      {"mm", [&] { return matmul(x, t(x)); }}, {"relu", [&] { return relu(x); }},
      {"float_same", [&] { return to(x, std::nullopt, DType::Float32); }},
  };
  auto setitem = [&](const std::string& kind) {
    Tensor y = clone(x);
    if (kind == "int") index_put_(y, {0}, v);
    if (kind == "idx") index_put_(y, {idx({0, 2})}, v);
    if (kind == "mixed") index_put_(y, {0, idx({0, 2})}, Scalar(0.0));
    if (kind == "mask_number") index_put_(y, {gt(x, Scalar(0))}, Scalar(0.0));
    if (kind == "idx_number") index_put_(y, {idx({0, 2})}, Scalar(1.5));
    if (kind == "ellipsis_number") index_put_(y, {TensorIndex::ellipsis()}, Scalar(1.5));
    if (kind == "copy_") copy_(y, v);
    return y;
  };
  for (const char* kind : {"int", "idx", "mixed", "mask_number", "idx_number", "ellipsis_number", "copy_"}) {
    exprs[std::string("setitem_") + kind] = [&setitem, kind] { return setitem(kind); };
  }
  int checked = 0;
  for (const auto& [key, fn] : exprs) {
    CAPTURE(key);
    CHECK(name_of(fn()) == fixture().at("name " + key));
    ++checked;
  }
  CHECK(checked == 72);
  // x.float() on a float tensor is x itself: no new node.
  CHECK(to(x, std::nullopt, DType::Float32).is_same(x));
}

TEST_CASE("gradients of graphs mixing many ops match PyTorch") {
  Leaves L;
  const Tensor &x = L.x, &v = L.v, &b3 = L.b3;
  Slice all{};
  std::map<std::string, std::function<Tensor()>> graphs = {
      {"mlp",
       [&] {
         Tensor h = relu(add(mul(softmax(mm(x, t(x)), 1), Scalar(2)), sum(x, {1}, true)));
         return add(sum(max(h, 1).values), mean(logsumexp(h, {0})));
       }},
      {"shapes",
       [&] {
         Tensor y = cat({t(x), unsqueeze(v, 1)}, 1);
         std::vector<Tensor> p = split_with_sizes(y, {2, 2}, 0);
         Tensor s = sum(prod(mul(p[0], p[1]), 1));
         return add(add(s, tp::std(index(y, {idx({0, 2})}))), var(index(y, {all, 1})));
       }},
      {"index",
       [&] {
         Tensor y = mul(x, v);
         index_put_(y, {0}, mul(v, Scalar(3)));
         index_put_(y, {idx({2})}, exp(index(y, {1})));
         Tensor a = sum(amax(y, {1}));
         Tensor b = sum(pow(index(y, {gt(y, Scalar(0))}), Scalar(2)));
         return add(add(a, b), sum(where(gt(y, Scalar(0.5)), y, v)));
       }},
      {"batched",
       [&] {
         Tensor z = matmul(permute(b3, {0, 2, 1}), div(index(b3, {all, all, Slice{std::nullopt, 2, std::nullopt}}), Scalar(10)));
         return add(mean(log_softmax(z, -1)), min(narrow(flatten(z), 0, 3, 5)));
       }},
  };
  for (const auto& [key, fn] : graphs) {
    CAPTURE(key);
    for (const Tensor* t : {&x, &v, &b3}) autograd::set_grad(*t, Tensor());
    Tensor out = fn();
    check_values(out, "value " + key);
    autograd::backward(out);
    const char* names[] = {"x", "v", "b3"};
    const Tensor* leaves[] = {&x, &v, &b3};
    for (int i = 0; i < 3; ++i) {
      std::string want = fixture().at("grad " + key + " " + names[i]);
      Tensor g = autograd::grad(*leaves[i]);
      if (want == "none") CHECK_FALSE(g.defined());
      else check_values(g, "grad " + key + " " + names[i]);
    }
  }
}

TEST_CASE("backward accumulates, retains the graph on request, and refuses a freed graph") {
  Tensor x = test::make_tensor({1, 2, 3}, {3});
  autograd::set_requires_grad(x, true);
  Tensor y = sum(mul(x, x));
  autograd::backward(y, {}, /*retain_graph=*/true);
  CHECK(test::values_of(autograd::grad(x)) == std::vector<double>{2, 4, 6});
  autograd::backward(y);  // the graph was retained: a second pass adds up
  CHECK(test::values_of(autograd::grad(x)) == std::vector<double>{4, 8, 12});
  CHECK_THROWS_WITH(autograd::backward(y),
                    "Trying to backward through the graph a second time (or directly access saved tensors "
                    "after they have already been freed). Saved intermediate values of the graph are freed "
                    "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
                    "backward through the graph a second time or if you need to access saved tensors after "
                    "calling backward.");
}

TEST_CASE("the errors of backward, requires_grad_ and in-place ops on leaves") {
  Tensor x = test::make_tensor({1, 2, 3}, {3});
  CHECK_THROWS_WITH(autograd::backward(sum(x)),
                    "element 0 of tensors does not require grad and does not have a grad_fn");
  autograd::set_requires_grad(x, true);
  CHECK_THROWS_WITH(autograd::backward(mul(x, Scalar(2))), "grad can be implicitly created only for scalar outputs");
  CHECK_THROWS_WITH(autograd::set_requires_grad(mul(x, Scalar(2)), false),
                    "you can only change requires_grad flags of leaf variables. If you want to use a "
                    "computed variable in a subgraph that doesn't require differentiation use "
                    "var_no_grad = var.detach().");
  CHECK_THROWS_WITH(autograd::set_requires_grad(test::make_tensor({1}, {1}, DType::Int64), true),
                    "only Tensors of floating point dtype can require gradients");
  const char* leaf = "a leaf Variable that requires grad is being used in an in-place operation.";
  CHECK_THROWS_WITH(add_(x, Scalar(1)), leaf);
  // x[0] = 1 writes through the view x[0]: PyTorch names it so.
  CHECK_THROWS_WITH(index_put_(x, {0}, Scalar(1.0)),
                    "a view of a leaf Variable that requires grad is being used in an in-place operation.");
  CHECK_THROWS_WITH(copy_(x, test::make_tensor({4, 5, 6}, {3})), leaf);
  {
    autograd::NoGradGuard no_grad;  // torch.no_grad(): in-place on a leaf is allowed
    add_(x, Scalar(1));
  }
  CHECK(test::values_of(x) == std::vector<double>{2, 3, 4});
}

TEST_CASE("no_grad records nothing; detach and retain_grad") {
  Tensor x = test::make_tensor({1, 2, 3}, {3});
  autograd::set_requires_grad(x, true);
  {
    autograd::GradModeGuard off(false);
    Tensor y = sum(index(mul(x, x), {Slice{1, std::nullopt, std::nullopt}}));
    CHECK_FALSE(y.requires_grad());
    CHECK(name_of(y) == "NoneType");
  }
  Tensor d = autograd::detach(x);
  CHECK_FALSE(d.requires_grad());
  CHECK(d.data_ptr() == x.data_ptr());
  Tensor h = mul(x, Scalar(3));
  autograd::retain_grad(h);
  Tensor unused = mul(x, Scalar(5));
  autograd::backward(sum(mul(h, d)));
  CHECK(test::values_of(autograd::grad(h)) == std::vector<double>{1, 2, 3});
  CHECK(test::values_of(autograd::grad(x)) == std::vector<double>{3, 6, 9});
  CHECK_FALSE(autograd::grad(unused).defined());
}

TEST_CASE("autograd::grad returns gradients and honours allow_unused") {
  Tensor x = test::make_tensor({1, 2}, {2});
  Tensor w = test::make_tensor({3, 4}, {2});
  autograd::set_requires_grad(x, true);
  autograd::set_requires_grad(w, true);
  Tensor y = sum(pow(x, Scalar(3)));
  TensorList g = autograd::grad({y}, {x, w}, {}, /*retain_graph=*/true, /*allow_unused=*/true);
  CHECK(test::values_of(g[0]) == std::vector<double>{3, 12});
  CHECK_FALSE(g[1].defined());
  CHECK_FALSE(autograd::grad(x).defined());  // .grad is left alone
  CHECK_THROWS_WITH(autograd::grad({y}, {x, w}, {}, true, false),
                    "The differentiated Tensor at index 1 appears to not have been used in the graph. "
                    "Set allow_unused=True if this is the desired behavior.");
}

TEST_CASE("gradients flow back across devices") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  {
    Tensor x = test::make_tensor({1, 2, 3}, {3});
    autograd::set_requires_grad(x, true);
    Tensor dev = to(x, Device::cuda(0), std::nullopt);
    CHECK(name_of(dev) == "ToCopyBackward0");
    Tensor y = sum(mul(softmax(dev, 0), index(dev, {idx({2, 0, 1})})));
    CHECK(y.device() == Device::cuda(0));
    autograd::backward(y);
    Tensor g = autograd::grad(x);
    REQUIRE(g.defined());
    CHECK(g.device() == Device::cpu());
    // The same graph on the CPU gives the same gradient.
    Tensor x2 = test::make_tensor({1, 2, 3}, {3});
    autograd::set_requires_grad(x2, true);
    autograd::backward(sum(mul(softmax(x2, 0), index(x2, {idx({2, 0, 1})}))));
    std::vector<double> a = test::values_of(g), b = test::values_of(autograd::grad(x2));
    for (size_t i = 0; i < a.size(); ++i) CHECK(a[i] == doctest::Approx(b[i]));
  }
  configure_devices(DeviceConfig::from_environment());
}
