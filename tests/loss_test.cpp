// Losses on every device: values, gradients and grad_fn names of cross_entropy (class
// indices, ignore_index, weights, label smoothing, class probabilities), nll_loss, mse_loss,
// l1_loss and the two BCEs, on the CPU and a simulated GPU; PyTorch's error texts, the
// generated device check of nll_loss_forward. Expected values:
// tests/fixtures/gen_loss.py (torch 2.15).
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/loss.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/shape.h"
#include "tests/test_util.h"

using namespace tp;
namespace F = tp::nn::functional;
using nn::Reduction;

namespace {

using test::use_sim_gpus;

auto fx = test::load_fixture("loss.txt");

void check_values(const Tensor& t, const std::string& key) {
  INFO(key);
  std::vector<double> want = test::parse_numbers(fx.at(key));
  std::vector<double> got = test::values_of(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    if (std::isnan(want[i]) || std::isinf(want[i])) {
      CHECK((std::isnan(got[i]) ? "nan" : std::to_string(got[i])) ==
            (std::isnan(want[i]) ? "nan" : std::to_string(want[i])));
      continue;
    }
    CHECK(got[i] == doctest::Approx(want[i]).epsilon(1e-5).scale(1.0));
  }
}

using Values = std::vector<std::vector<double>>;
const Values X = {{0.2, -1.3, 0.5, 2.0, -0.7}, {1.1, 0.3, -0.4, 0.0, 0.9}, {-2.0, 0.8, 1.5, -0.1, 0.4}};
const std::vector<double> W = {0.5, 1.0, 2.0, 1.5, 0.3};
const Values P = {{0.1, 0.2, 0.3, 0.2, 0.2}, {0.5, 0.1, 0.1, 0.2, 0.1}, {0.0, 0.0, 0.25, 0.25, 0.5}};
const Values PROB = {{0.1, 0.9, 0.5, 0.3, 0.7}, {0.99, 0.01, 0.5, 0.6, 0.2}};
const Values BT = {{0.0, 1.0, 1.0, 0.0, 1.0}, {1.0, 0.0, 0.3, 1.0, 0.0}};

Tensor rows(const Values& v, Device d) {
  std::vector<double> flat;
  for (const auto& r : v) flat.insert(flat.end(), r.begin(), r.end());
  return to(test::make_tensor(flat, {static_cast<int64_t>(v.size()), static_cast<int64_t>(v[0].size())}),
            d, std::nullopt);
}
Tensor vec(const std::vector<double>& v, Device d, DType dt = DType::Float32) {
  return to(test::make_tensor(v, {static_cast<int64_t>(v.size())}, dt), d, std::nullopt);
}

// Runs fn on leaves made from `inputs` on device d and checks value, grad_fn and gradients.
void run_case(const std::string& name, Device d, const std::vector<Tensor>& inputs,
              const std::function<Tensor(const std::vector<Tensor>&)>& fn) {
  INFO(name << " on " << d.str());
  std::vector<Tensor> leaves;
  for (const Tensor& t : inputs) {
    Tensor l = to(t, d, std::nullopt, /*copy=*/true);
    autograd::set_requires_grad(l, true);
    leaves.push_back(l);
  }
  Tensor loss = fn(leaves);
  CHECK(loss.device() == (d.is_cpu() ? Device::cpu() : Device{DeviceType::CUDA, 0}));
  check_values(loss, name + ".value");
  REQUIRE(autograd::grad_fn(loss));
  CHECK(autograd::grad_fn(loss)->name() == fx.at(name + ".grad_fn"));
  autograd::backward(loss, ones_like(loss));
  for (size_t i = 0; i < leaves.size(); ++i) check_values(autograd::grad(leaves[i]), name + ".grad" + std::to_string(i));
}

void run_all_cases(Device d) {
  Device cpu = Device::cpu();
  Tensor t = vec({1, 0, 4}, d, DType::Int64);
  Tensor t_ign = vec({1, -100, 4}, d, DType::Int64);
  Tensor w = vec(W, d);
  Tensor p = rows(P, d);
  Tensor x = rows(X, cpu);
  auto one = [&](const std::string& n, std::function<Tensor(const Tensor&)> f) {
    run_case(n, d, {x}, [&](const std::vector<Tensor>& l) { return f(l[0]); });
  };
  auto two = [&](const std::string& n, const Tensor& a, const Tensor& b,
                 std::function<Tensor(const Tensor&, const Tensor&)> f) {
    run_case(n, d, {a, b}, [&](const std::vector<Tensor>& l) { return f(l[0], l[1]); });
  };
  one("ce_mean", [&](const Tensor& a) { return F::cross_entropy(a, t); });
  one("ce_sum_weight", [&](const Tensor& a) { return F::cross_entropy(a, t, w, -100, Reduction::Sum); });
  one("ce_none_ignore", [&](const Tensor& a) { return F::cross_entropy(a, t_ign, {}, -100, Reduction::None); });
  one("ce_mean_weight_ignore", [&](const Tensor& a) { return F::cross_entropy(a, t_ign, w); });
  one("ce_ignore_in_range", [&](const Tensor& a) { return F::cross_entropy(a, t, {}, 0); });
  one("ce_ls", [&](const Tensor& a) { return F::cross_entropy(a, t, {}, -100, Reduction::Mean, 0.1); });
  one("ce_ls_weight_ignore",
      [&](const Tensor& a) { return F::cross_entropy(a, t_ign, w, -100, Reduction::Mean, 0.2); });
  one("ce_ls_none", [&](const Tensor& a) { return F::cross_entropy(a, t_ign, {}, -100, Reduction::None, 0.2); });
  one("ce_prob_mean", [&](const Tensor& a) { return F::cross_entropy(a, p); });
  one("ce_prob_sum_weight", [&](const Tensor& a) { return F::cross_entropy(a, p, w, -100, Reduction::Sum); });
  one("ce_prob_none_ls", [&](const Tensor& a) { return F::cross_entropy(a, p, {}, -100, Reduction::None, 0.1); });
  one("ce_3d", [&](const Tensor& a) {
    return F::cross_entropy(view(a, {1, 3, 5}), to(test::make_tensor({0, 2, 1, 1, 0}, {1, 5}, DType::Int64), d, std::nullopt));
  });
  one("nll_mean", [&](const Tensor& a) { return F::nll_loss(a, t); });
  one("nll_none_weight", [&](const Tensor& a) { return F::nll_loss(a, t, w, -100, Reduction::None); });
  run_case("ce_1d", d, {vec(X[0], cpu)}, [&](const std::vector<Tensor>& l) {
    return F::cross_entropy(l[0], to(test::make_tensor({3}, {}, DType::Int64), d, std::nullopt));
  });
  Tensor pc = rows(P, cpu);
  two("mse_mean", x, pc, [](const Tensor& a, const Tensor& b) { return F::mse_loss(a, b); });
  two("mse_sum", x, pc, [](const Tensor& a, const Tensor& b) { return F::mse_loss(a, b, Reduction::Sum); });
  two("mse_none_broadcast", x, vec(W, cpu),
      [](const Tensor& a, const Tensor& b) { return F::mse_loss(a, expand(b, {3, 5}), Reduction::None); });
  two("l1_mean", x, pc, [](const Tensor& a, const Tensor& b) { return F::l1_loss(a, b); });
  two("l1_sum", x, pc, [](const Tensor& a, const Tensor& b) { return F::l1_loss(a, b, Reduction::Sum); });
  two("l1_none", x, pc, [](const Tensor& a, const Tensor& b) { return F::l1_loss(a, b, Reduction::None); });
  Tensor prob = rows(PROB, cpu), bt = rows(BT, cpu);
  two("bce_mean", prob, bt, [](const Tensor& a, const Tensor& b) { return F::binary_cross_entropy(a, b); });
  two("bce_sum_weight", prob, bt,
      [&](const Tensor& a, const Tensor& b) { return F::binary_cross_entropy(a, b, w, Reduction::Sum); });
  two("bce_none", prob, bt,
      [](const Tensor& a, const Tensor& b) { return F::binary_cross_entropy(a, b, {}, Reduction::None); });
  two("bce_clamp", vec({0.0, 1.0, 0.5}, cpu), vec({1.0, 0.0, 0.5}, cpu),
      [](const Tensor& a, const Tensor& b) { return F::binary_cross_entropy(a, b, {}, Reduction::None); });
  Tensor x2 = rows({X[0], X[1]}, cpu);
  two("bcel_mean", x2, bt,
      [](const Tensor& a, const Tensor& b) { return F::binary_cross_entropy_with_logits(a, b); });
  Tensor pw = vec({1.0, 2.0, 0.5, 3.0, 1.0}, d);
  two("bcel_weights", x2, bt, [&](const Tensor& a, const Tensor& b) {
    return F::binary_cross_entropy_with_logits(a, b, w, pw, Reduction::Sum);
  });
  two("bcel_none", x2, bt, [](const Tensor& a, const Tensor& b) {
    return F::binary_cross_entropy_with_logits(a, b, {}, {}, Reduction::None);
  });
}

// "RuntimeError: text" -> "text".
std::string text_of(const std::string& key) {
  const std::string& s = fx.at(key);
  return s.substr(s.find(": ") + 2);
}

ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return e.kind();
  }
  return ErrorKind::AssertionError;  // no error: never what these tests expect
}

}  // namespace

TEST_CASE("losses: values, gradients and grad_fn names match torch on the CPU") {
  run_all_cases(Device::cpu());
}

TEST_CASE("losses: the same on a simulated GPU, computed there") {
  use_sim_gpus(1);
  run_all_cases(Device{DeviceType::CUDA, 0});
}

TEST_CASE("losses: PyTorch's error texts and kinds") {
  Tensor x = rows(X, Device::cpu());
  Tensor t = vec({1, 0, 4}, Device::cpu(), DType::Int64);
  auto idx = [](std::vector<double> v) { return test::make_tensor(v, {static_cast<int64_t>(v.size())}, DType::Int64); };
  struct Case {
    const char* key;
    ErrorKind kind;
    std::function<void()> f;
  };
  std::vector<Case> cases = {
      {"err_target_bounds", ErrorKind::IndexError, [&] { F::cross_entropy(x, idx({1, 5, 0})); }},
      {"err_target_negative", ErrorKind::IndexError, [&] { F::nll_loss(x, idx({1, -1, 0})); }},
      {"err_float_target", ErrorKind::RuntimeError, [&] { F::nll_loss(x, test::make_tensor({1, 0, 2}, {3})); }},
      {"err_int_target", ErrorKind::RuntimeError,
       [&] { F::nll_loss(x, test::make_tensor({1, 0, 2}, {3}, DType::Int32)); }},
      {"err_batch", ErrorKind::ValueError, [&] { F::cross_entropy(x, idx({1, 0})); }},
      {"err_weight", ErrorKind::RuntimeError, [&] { F::nll_loss(x, t, ones({4})); }},
      {"err_multi_target", ErrorKind::RuntimeError, [&] { F::nll_loss(x, zeros({3, 2}, DType::Int64)); }},
      {"err_1d_1d", ErrorKind::ValueError, [&] { F::nll_loss(select(x, 0, 0), idx({1, 2, 3, 4, 0})); }},
      {"err_long_input", ErrorKind::NotImplementedError, [&] { F::nll_loss(cast(x, DType::Int64), t); }},
      {"err_0d_input", ErrorKind::ValueError,
       [&] { F::nll_loss(test::make_tensor({1}, {}), test::make_tensor({0}, {}, DType::Int64)); }},
      {"err_3d_target", ErrorKind::RuntimeError, [&] { F::nll_loss(zeros({2, 3, 4}), zeros({2, 5}, DType::Int64)); }},
      {"err_ignore_prob", ErrorKind::RuntimeError, [&] { F::cross_entropy(x, rows(P, Device::cpu()), {}, 1); }},
      {"err_prob_long", ErrorKind::RuntimeError, [&] { F::cross_entropy(x, zeros({3, 5}, DType::Int64)); }},
      {"err_ls", ErrorKind::RuntimeError, [&] { F::cross_entropy(x, t, {}, -100, Reduction::Mean, 1.5); }},
      {"err_reduction", ErrorKind::ValueError, [&] { nn::parse_reduction("foo"); }},
      {"err_mse_shape", ErrorKind::RuntimeError, [&] { F::mse_loss(x, zeros({3, 4})); }},
      {"err_bce_range", ErrorKind::RuntimeError,
       [&] { F::binary_cross_entropy(test::make_tensor({0.5, 1.5}, {2}), test::make_tensor({0, 1}, {2})); }},
      {"err_bce_size", ErrorKind::ValueError,
       [&] { F::binary_cross_entropy(test::make_tensor({0.5, 0.5}, {2}), test::make_tensor({0, 1, 1}, {3})); }},
      {"err_bce_dtype", ErrorKind::RuntimeError,
       [&] { F::binary_cross_entropy(test::make_tensor({0.5, 0.5}, {2}), idx({0, 1})); }},
      {"err_bcel_size", ErrorKind::ValueError, [&] {
         F::binary_cross_entropy_with_logits(test::make_tensor({0.5, 0.5}, {2}), test::make_tensor({0, 1, 1}, {3}));
       }},
  };
  for (const Case& c : cases) {
    INFO(c.key);
    CHECK_THROWS_WITH(c.f(), text_of(c.key).c_str());
    CHECK(kind_of(c.f) == c.kind);
  }
  CHECK(F::loss_size_warning(x, zeros({5})) == fx.at("warn_mse_size"));
  CHECK(F::loss_size_warning(x, x).empty());
}

TEST_CASE("losses: a target on another device fails nll_loss_forward's generated check") {
  use_sim_gpus(2);
  Device cuda0{DeviceType::CUDA, 0};
  Tensor x = rows(X, cuda0);
  Tensor t = vec({1, 0, 4}, Device::cpu(), DType::Int64);
  // Texts: /work/shared/reference/pytorch_device_semantics.md row 4 (2.8+ form).
  CHECK_THROWS_WITH(F::cross_entropy(x, t),
                    "Expected all tensors to be on the same device, but got target is on cpu, different "
                    "from other tensors on cuda:0 (when checking argument in method "
                    "wrapper_CUDA_nll_loss_forward)");
  CHECK_THROWS_WITH(F::nll_loss(x, to(t, Device{DeviceType::CUDA, 1}, std::nullopt)),
                    "Expected all tensors to be on the same device, but got target is on cuda:1, "
                    "different from other tensors on cuda:0 (when checking argument in method "
                    "wrapper_CUDA_nll_loss_forward)");
  CHECK_THROWS_WITH(F::nll_loss(rows(X, Device::cpu()), to(t, cuda0, std::nullopt)),
                    "Expected all tensors to be on the same device, but got target is on cuda:0, "
                    "different from other tensors on cpu (when checking argument in method "
                    "wrapper_CUDA_nll_loss_forward)");
  // mse_loss is a TensorIterator op: the elementwise form (row 1a).
  CHECK_THROWS_WITH(F::mse_loss(x, rows(P, Device::cpu())),
                    "Expected all tensors to be on the same device, but found at least two devices, "
                    "cuda:0 and cpu!");
}
