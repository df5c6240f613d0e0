// Optimizers: three steps of SGD (momentum, dampening, Nesterov, weight decay, maximize,
// param groups), Adam (weight decay, amsgrad, maximize) and AdamW from fixed parameters and
// gradients match torch's foreach=False results, on the CPU and on a simulated GPU; the
// reprs, zero_grad and the constructor errors. Expected values: tests/fixtures/gen_optim.py.
#include <doctest/doctest.h>

#include <functional>
#include <memory>
#include <sstream>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/optim/adam.h"
#include "core/optim/sgd.h"
#include "tests/test_util.h"

using namespace tp;
using namespace tp::optim;

namespace {

using test::use_sim_gpus;

auto fx = test::load_fixture("optim.txt");

void check_values(const Tensor& t, const std::string& key) {
  INFO(key);
  std::vector<double> want = test::parse_numbers(fx.at(key));
  std::vector<double> got = test::values_of(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < want.size(); ++i) CHECK(got[i] == doctest::Approx(want[i]).epsilon(1e-5).scale(1.0));
}

Tensor param(const std::vector<double>& v, const Shape& s, Device d) {
  Tensor t = to(test::make_tensor(v, s), d, std::nullopt);
  autograd::make_parameter(t, true);
  return t;
}

using Make = std::function<std::unique_ptr<Optimizer>(std::vector<Tensor>)>;

// The fixture's scenario: w (2,3) and b (2,), three steps with fixed gradients; b has no
// gradient on the second step, so it is skipped there. Returns {w, b} after the steps.
std::vector<Tensor> run(Device d, const Make& make) {
  const std::vector<std::vector<double>> gw = {{0.1, -0.2, 0.3, 0.0, 0.5, -0.1},
                                               {-0.3, 0.1, 0.2, 0.4, -0.2, 0.0},
                                               {0.05, 0.05, -0.5, 1.0, 0.3, -0.7}};
  const std::vector<std::vector<double>> gb = {{0.3, -0.1}, {}, {-0.2, 0.6}};
  Tensor w = param({0.5, -1.0, 2.0, 0.1, 0.0, -0.3}, {2, 3}, d);
  Tensor b = param({0.2, -0.4}, {2}, d);
  std::unique_ptr<Optimizer> opt = make({w, b});
  for (int k = 0; k < 3; ++k) {
    autograd::set_grad(w, to(test::make_tensor(gw[k], {2, 3}), d, std::nullopt));
    autograd::set_grad(b, gb[k].empty() ? Tensor() : to(test::make_tensor(gb[k], {2}), d, std::nullopt));
    opt->step();
  }
  CHECK(w.device() == d);
  return {w, b};
}

struct Scenario {
  const char* name;
  Make make;
};

std::vector<Scenario> scenarios() {
  auto sgd = [](SGDOptions o) {
    return [o](std::vector<Tensor> p) { return std::make_unique<SGD>(std::move(p), o) ; };
  };
  auto adam = [](AdamOptions o) {
    return [o](std::vector<Tensor> p) { return std::make_unique<Adam>(std::move(p), o); };
  };
  auto adamw = [](AdamOptions o) {
    return [o](std::vector<Tensor> p) { return std::make_unique<AdamW>(std::move(p), o); };
  };
  AdamOptions amsgrad;
  amsgrad.lr = 0.02;
  amsgrad.betas = {0.8, 0.9};
  amsgrad.eps = 1e-6;
  amsgrad.weight_decay = 0.1;
  amsgrad.amsgrad = true;
  AdamOptions adamw_ams = AdamW::default_options();
  adamw_ams.lr = 0.05;
  adamw_ams.weight_decay = 0.5;
  adamw_ams.amsgrad = true;
  AdamOptions adamw_plain = AdamW::default_options();
  adamw_plain.lr = 0.01;
  return {
      {"sgd", sgd({.lr = 0.1})},
      {"sgd_momentum", sgd({.lr = 0.1, .momentum = 0.9, .dampening = 0.1})},
      {"sgd_nesterov_wd", sgd({.lr = 0.05, .momentum = 0.8, .weight_decay = 0.01, .nesterov = true})},
      {"sgd_maximize", sgd({.lr = 0.1, .momentum = 0.5, .maximize = true})},
      {"adam", adam({.lr = 0.01})},
      {"adam_wd_amsgrad", adam(amsgrad)},
      {"adam_maximize", adam({.lr = 0.01, .maximize = true})},
      {"adamw", adamw(adamw_plain)},
      {"adamw_amsgrad", adamw(adamw_ams)},
      {"sgd_groups",
       [](std::vector<Tensor> p) {
         std::vector<ParamGroup> groups = {{{p[0]}, {}}, {{p[1]}, {{"lr", Scalar(0.5)}}}};
         return std::make_unique<SGD>(std::move(groups), SGDOptions{.lr = 0.1, .momentum = 0.9});
       }},
  };
}

}  // namespace

TEST_CASE("optimizers: three steps match torch (foreach=False) on the CPU") {
  for (const Scenario& s : scenarios()) {
    INFO(s.name);
    std::vector<Tensor> wb = run(Device::cpu(), s.make);
    check_values(wb[0], std::string(s.name) + ".w");
    check_values(wb[1], std::string(s.name) + ".b");
  }
}

TEST_CASE("optimizers: a simulated GPU gives the CPU's results, and state stays on the GPU") {
  use_sim_gpus(1);
  Device gpu{DeviceType::CUDA, 0};
  for (const Scenario& s : scenarios()) {
    INFO(s.name);
    std::vector<Tensor> on_gpu = run(gpu, s.make);
    std::vector<Tensor> on_cpu = run(Device::cpu(), s.make);
    for (int i = 0; i < 2; ++i) {
      std::vector<double> g = test::values_of(on_gpu[i]), c = test::values_of(on_cpu[i]);
      for (size_t k = 0; k < c.size(); ++k) CHECK(g[k] == doctest::Approx(c[k]).epsilon(1e-6));
    }
  }
  Tensor w = param({1, 2}, {2}, gpu);
  Adam adam({w});
  autograd::set_grad(w, ones({2}, TensorOptions(DType::Float32, gpu)));
  adam.step();
  CHECK(adam.state(w).at("exp_avg").device() == gpu);
  CHECK(adam.state(w).at("step").device() == Device::cpu());  // as PyTorch (not capturable)
  CHECK(item(adam.state(w).at("step")).to_double() == 1.0);
}

TEST_CASE("optimizers: zero_grad drops or zeroes the gradients; params without grad are skipped") {
  Tensor w = param({1, 2}, {2}, Device::cpu());
  Tensor b = param({3}, {1}, Device::cpu());
  SGD sgd({w, b}, {.lr = 0.1});
  autograd::set_grad(w, test::make_tensor({1, 1}, {2}));
  sgd.step();
  CHECK(test::values_of(w)[0] == doctest::Approx(0.9));
  CHECK(test::values_of(w)[1] == doctest::Approx(1.9));
  CHECK(test::values_of(b) == std::vector<double>{3.0});
  sgd.zero_grad(false);
  CHECK(test::values_of(autograd::grad(w)) == std::vector<double>{0, 0});
  sgd.zero_grad();
  CHECK_FALSE(autograd::grad(w).defined());
  CHECK_FALSE(sgd.has_state(w));
}

TEST_CASE("optimizers: PyTorch's reprs") {
  Tensor p = param({1, 1}, {2}, Device::cpu());
  CHECK(SGD({p}, {.lr = 0.1}).repr() == fx.at("repr_sgd"));
  CHECK(SGD({p}, {.lr = 1, .momentum = 0.9, .nesterov = true}).repr() == fx.at("repr_sgd_nesterov"));
  CHECK(Adam({p}).repr() == fx.at("repr_adam"));
  AdamOptions o = AdamW::default_options();
  o.lr = 0.01;
  o.amsgrad = true;
  CHECK(AdamW({p}, o).repr() == fx.at("repr_adamw"));
  SGD groups({p}, {.lr = 0.1});
  groups.add_param_group({{param({1}, {1}, Device::cpu())}, {{"lr", Scalar(0.5)}}});
  CHECK(groups.repr() == fx.at("repr_groups"));
  CHECK(groups.param_groups()[1].number("lr") == 0.5);
  CHECK(groups.param_groups()[1].number("momentum") == 0.0);
}

TEST_CASE("optimizers: constructor errors with PyTorch's texts") {
  Tensor p = param({1, 1}, {2}, Device::cpu());
  auto text = [](const char* key) {
    const std::string& s = fx.at(key);
    return s.substr(s.find(": ") + 2);
  };
  CHECK_THROWS_WITH(SGD({p}, {.lr = -1}), text("err_lr").c_str());
  CHECK_THROWS_WITH(SGD({p}, {.lr = -0.5}), text("err_lr_float").c_str());
  CHECK_THROWS_WITH(SGD(std::vector<Tensor>{}, {.lr = 0.1}), text("err_empty").c_str());
  CHECK_THROWS_WITH(SGD({p}, {.lr = 0.1, .momentum = -1}), text("err_momentum").c_str());
  CHECK_THROWS_WITH(SGD({p}, {.lr = 0.1, .weight_decay = -1}), text("err_wd").c_str());
  CHECK_THROWS_WITH(SGD({p}, {.lr = 0.1, .nesterov = true}), text("err_nesterov").c_str());
  CHECK_THROWS_WITH(SGD({p}, {.lr = 0.1, .momentum = 0.9, .dampening = 0.1, .nesterov = true}),
                    text("err_nesterov_dampening").c_str());
  CHECK_THROWS_WITH(Adam({p}, {.eps = -1.0}), text("err_adam_eps").c_str());
  CHECK_THROWS_WITH(Adam({p}, {.betas = {1.0, 0.9}}), text("err_adam_beta0").c_str());
  CHECK_THROWS_WITH(Adam({p}, {.betas = {0.9, -0.1}}), text("err_adam_beta1").c_str());
  CHECK_THROWS_WITH(Adam({p}, {.weight_decay = -1}), text("err_adam_wd").c_str());
  SGD sgd({p}, {.lr = 0.1});
  CHECK_THROWS_WITH(sgd.add_param_group({{p}, {}}), text("err_duplicate").c_str());
  Tensor non_leaf = mul(p, Scalar(2));
  CHECK_THROWS_WITH(SGD({non_leaf}, {.lr = 0.1}), text("err_non_leaf").c_str());
  try {
    SGD({p}, {.lr = -1});
  } catch (const TorchError& e) {
    CHECK(e.kind() == ErrorKind::ValueError);
  }
}
