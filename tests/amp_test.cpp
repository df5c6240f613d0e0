// Mixed precision: CPU autocast (bfloat16) against torch, CUDA autocast on a simulated GPU
// (float16 matrix products, float32 softmax/sum/exp/losses, the banned binary_cross_entropy),
// gradients flowing back to float32 leaves, nested guards, and GradScaler's growth, backoff,
// skipped steps and errors. Expected values: tests/fixtures/gen_amp.py (torch 2.15, CPU);
// the CUDA expectations follow aten/src/ATen/autocast_mode.h's CUDA lists, as noted below.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "core/amp/autocast.h"
#include "core/amp/grad_scaler.h"
#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/loss.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/optim/sgd.h"
#include "tests/test_util.h"

using namespace tp;
namespace F = tp::nn::functional;

namespace {

auto fx = test::load_fixture("amp.txt");

void configure(int sim_gpus, bool no_sim = false) {
  DeviceConfig c;
  c.force_sim = !no_sim;
  c.sim_gpus = sim_gpus;
  c.no_sim = no_sim;
  c.sim_memory_limit = size_t{256} << 20;
  configure_devices(c);
}

std::string vals(const Tensor& t) {
  std::ostringstream os;
  std::vector<double> v = test::values_of(t);
  for (size_t i = 0; i < v.size(); ++i) os << (i ? " " : "") << v[i];
  return os.str();
}

Tensor leaf(const std::vector<double>& v, const Shape& s, Device d) {
  Tensor t = to(test::make_tensor(v, s), d, std::nullopt);
  autograd::set_requires_grad(t, true);
  return t;
}

std::string text_of(const std::string& key) {
  const std::string& s = fx.at(key);
  return s.substr(s.find(": ") + 2);
}

const Device kCuda0{DeviceType::CUDA, 0};

}  // namespace

TEST_CASE("autocast state: defaults per device type, guards nest and restore") {
  CHECK_FALSE(amp::is_enabled(DeviceType::CPU));
  CHECK(dtype_repr(amp::get_dtype(DeviceType::CPU)) == "torch.bfloat16");
  CHECK(dtype_repr(amp::get_dtype(DeviceType::CUDA)) == "torch.float16");
  CHECK(fx.at("cpu_state") == "False torch.bfloat16 torch.float16");
  Tensor a = test::make_tensor({1, 2, 3, 4}, {2, 2});
  std::string inner, outer;
  {
    amp::AutocastGuard half(DeviceType::CPU, DType::Float16);
    {
      amp::AutocastGuard off(DeviceType::CPU, std::nullopt, false);
      inner = dtype_repr(mm(a, a).dtype());
    }
    outer = dtype_repr(mm(a, a).dtype());
    CHECK(amp::is_enabled(DeviceType::CPU));
  }
  CHECK(inner + " " + outer == fx.at("cpu_nested"));
  CHECK_FALSE(amp::is_enabled(DeviceType::CPU));
  CHECK(amp::get_dtype(DeviceType::CPU) == DType::BFloat16);
}

TEST_CASE("CPU autocast: bfloat16 matrix products, float32 losses, gradients in float32") {
  Tensor a = leaf({1, 2, 3, 4}, {2, 2}, Device::cpu());
  Tensor b = test::make_tensor({0.5, -1.0, 2.0, 0.25}, {2, 2});
  std::vector<Tensor> outs;
  Tensor mse, mmr;
  {
    amp::AutocastGuard autocast(DeviceType::CPU);
    mmr = matmul(a, b);
    outs.push_back(mmr);
    outs.push_back(addmm(zeros({2}), a, b));
    outs.push_back(sum(mmr));
    outs.push_back(softmax(mmr, 1));  // not on the CPU list: stays bfloat16
    outs.push_back(exp(mmr));
    mse = F::mse_loss(mmr, b);
    outs.push_back(mse);
    outs.push_back(F::binary_cross_entropy(sigmoid(mmr), ones({2, 2})));  // CPU: float32, not banned
    outs.push_back(F::cross_entropy(mmr, test::make_tensor({0, 1}, {2}, DType::Int64)));
    outs.push_back(matmul(cast(a, DType::Float64), cast(b, DType::Float64)));  // float64 is not cast
  }
  std::string dtypes;
  for (const Tensor& t : outs) dtypes += (dtypes.empty() ? "" : " ") + dtype_repr(t.dtype());
  CHECK(dtypes == fx.at("cpu_dtypes"));
  CHECK(autograd::grad_fn(mmr)->name() + " " + autograd::grad_fn(mse)->name() == fx.at("cpu_grad_fns"));
  CHECK(test::parse_numbers(vals(mmr)) == test::parse_numbers(fx.at("cpu_mm")));
  autograd::backward(mse);
  Tensor g = autograd::grad(a);
  const std::string& want = fx.at("cpu_grad");
  CHECK(dtype_repr(g.dtype()) == want.substr(0, want.find(' ')));
  CHECK(test::values_of(g) == test::parse_numbers(want.substr(want.find(' ') + 1)));
}

// CUDA autocast cannot run under CPU-only torch. Expected dtypes follow
// aten/src/ATen/autocast_mode.h: AT_FORALL_LOWER_PRECISION_FP (mm, addmm, matmul, bmm, mv:
// float16), AT_FORALL_FP32 (exp, log, pow, logsumexp, mse_loss, nll_loss, l1_loss,
// binary_cross_entropy_with_logits: float32), AT_FORALL_FP32_SET_OPT_DTYPE (softmax,
// log_softmax, sum, prod: float32) and binary_cross_entropy_banned's text.
TEST_CASE("CUDA autocast on a simulated GPU: float16 products, float32 reductions and losses") {
  configure(1);
  Tensor w = leaf({0.5, -1.0, 2.0, 0.25, 1.0, 0.0}, {3, 2}, kCuda0);  // Linear(2, 3).weight
  Tensor bias = leaf({0.1, 0.2, 0.3}, {3}, kCuda0);
  Tensor x = to(test::make_tensor({1, 2, 3, 4}, {2, 2}), kCuda0, std::nullopt);
  Tensor target = to(test::make_tensor({0, 2}, {2}, DType::Int64), kCuda0, std::nullopt);
  Tensor out, loss;
  {
    amp::AutocastGuard autocast(DeviceType::CUDA);
    out = addmm(bias, x, transpose(w, 0, 1));
    CHECK(out.dtype() == DType::Float16);
    CHECK(out.device() == kCuda0);
    CHECK(autograd::grad_fn(out)->name() == "AddmmBackward0");
    CHECK(mm(x, x).dtype() == DType::Float16);
    CHECK(matmul(x, x).dtype() == DType::Float16);
    CHECK(bmm(unsqueeze(x, 0), unsqueeze(x, 0)).dtype() == DType::Float16);
    CHECK(mv(x, select(x, 0, 0)).dtype() == DType::Float16);
    CHECK(softmax(out, 1).dtype() == DType::Float32);
    CHECK(log_softmax(out, 1).dtype() == DType::Float32);
    CHECK(softmax(out, 1, DType::Float16).dtype() == DType::Float16);  // an explicit dtype wins
    CHECK(sum(out).dtype() == DType::Float32);
    CHECK(sum(out, {1}).dtype() == DType::Float32);
    CHECK(prod(out).dtype() == DType::Float32);
    CHECK(exp(out).dtype() == DType::Float32);
    CHECK(log(out).dtype() == DType::Float32);
    CHECK(pow(out, Scalar(2)).dtype() == DType::Float32);
    CHECK(logsumexp(out, {1}).dtype() == DType::Float32);
    CHECK(relu(out).dtype() == DType::Float16);  // not listed: keeps its input dtype
    CHECK(F::mse_loss(out, zeros_like(out, DType::Float32)).dtype() == DType::Float32);
    CHECK(F::l1_loss(out, zeros_like(out)).dtype() == DType::Float32);
    CHECK(F::binary_cross_entropy_with_logits(out, zeros_like(out)).dtype() == DType::Float32);
    loss = F::cross_entropy(out, target);
    CHECK(loss.dtype() == DType::Float32);
    CHECK(autograd::grad_fn(loss)->name() == "NllLossBackward0");
    CHECK_THROWS_WITH(F::binary_cross_entropy(sigmoid(out), zeros_like(out)),
                      "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
                      "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
                      "In this case, combine the two layers using "
                      "torch.nn.functional.binary_cross_entropy_with_logits\n"
                      "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
                      "safe to autocast.");
    // CPU tensors are governed by CPU autocast, which is off here.
    Tensor c = test::make_tensor({1, 2, 3, 4}, {2, 2});
    CHECK(mm(c, c).dtype() == DType::Float32);
  }
  // The gradient flows back through the casts (ToCopyBackward0) to the float32 leaves.
  autograd::backward(loss);
  CHECK(autograd::grad(w).dtype() == DType::Float32);
  CHECK(autograd::grad(w).device() == kCuda0);
  CHECK(autograd::grad(bias).dtype() == DType::Float32);
  // The same gradients as a float32 run, to float16 precision.
  Tensor w32 = leaf(test::values_of(w), {3, 2}, kCuda0);
  Tensor b32 = leaf(test::values_of(bias), {3}, kCuda0);
  autograd::backward(F::cross_entropy(addmm(b32, x, transpose(w32, 0, 1)), target));
  std::vector<double> g16 = test::values_of(autograd::grad(w)), g32 = test::values_of(autograd::grad(w32));
  for (size_t i = 0; i < g32.size(); ++i) CHECK(g16[i] == doctest::Approx(g32[i]).epsilon(2e-3).scale(1.0));
  // Outside autocast nothing changes.
  CHECK(addmm(bias, x, transpose(w, 0, 1)).dtype() == DType::Float32);
  CHECK(F::binary_cross_entropy(sigmoid(x), zeros_like(x)).dtype() == DType::Float32);
}

TEST_CASE("cast_lower / cast_fp32 cast only eligible tensors where autocast is on") {
  configure(1);
  Tensor g = to(test::make_tensor({1, 2}, {2}), kCuda0, std::nullopt);
  Tensor i = to(test::make_tensor({1, 2}, {2}, DType::Int64), kCuda0, std::nullopt);
  CHECK(amp::cast_lower(g).is_same(g));  // autocast off
  amp::AutocastGuard autocast(DeviceType::CUDA, DType::BFloat16);
  CHECK(amp::cast_lower(g).dtype() == DType::BFloat16);
  CHECK(amp::cast_lower(i).is_same(i));
  CHECK(amp::cast_fp32(amp::cast_lower(g)).dtype() == DType::Float32);
  Tensor d = cast(g, DType::Float64);
  CHECK(amp::cast_lower(d).is_same(d));
  CHECK(amp::cast_policy(DeviceType::CUDA, "mm") == amp::CastPolicy::LowerPrecision);
  CHECK(amp::cast_policy(DeviceType::CPU, "mv") == amp::CastPolicy::None);
  CHECK(amp::cast_policy(DeviceType::CUDA, "dot") == amp::CastPolicy::Promote);
  CHECK(amp::cast_policy(DeviceType::CPU, "cat") == amp::CastPolicy::Promote);
  CHECK(amp::cast_policy(DeviceType::CUDA, "binary_cross_entropy") == amp::CastPolicy::Banned);
  CHECK(amp::cast_policy(DeviceType::CPU, "binary_cross_entropy") == amp::CastPolicy::Fp32);
  CHECK(amp::autocast_arg("dot", amp::cast_lower(g), DType::Float32).dtype() == DType::Float32);
}

namespace {

// gen_amp.py's scenario: SGD(lr=0.1) on w = [1, 2], init_scale 8, growth_interval 2, with
// gradients g_k * scale; an inf (step 3) and a NaN (step 5) skip the step and halve the scale.
std::vector<std::string> scaler_run(Device d, const std::string& scaler_device) {
  const double inf = INFINITY, nan = NAN;
  const std::vector<std::vector<double>> gs = {{0.5, -0.5}, {1.0, 0.25}, {inf, 0.0}, {0.2, 0.2},
                                               {nan, 1.0},  {0.1, -0.1}, {0.3, 0.3}};
  Tensor w = to(test::make_tensor({1, 2}, {2}), d, std::nullopt);
  autograd::make_parameter(w, true);
  optim::SGD opt({w}, {.lr = 0.1});
  amp::GradScaler scaler({.device = scaler_device, .init_scale = 8.0, .growth_interval = 2});
  std::vector<std::string> lines;
  for (const auto& g : gs) {
    Tensor loss = scaler.scale(full({}, Scalar(1.0), DType::Float32, d));
    CHECK(loss.device() == d);
    autograd::set_grad(w, mul(to(test::make_tensor(g, {2}), d, std::nullopt), autograd::detach(loss)));
    scaler.step(opt);
    scaler.update();
    std::ostringstream os;
    os << scaler.get_scale() << " " << scaler.growth_tracker();
    lines.push_back(os.str());
    lines.back() += "|" + vals(w);
  }
  return lines;
}

void check_scaler_run(const std::vector<std::string>& got) {
  std::istringstream want(fx.at("scaler_run"));
  std::string line;
  for (const std::string& g : got) {
    REQUIRE(std::getline(want, line));
    std::vector<double> w = test::parse_numbers(line), v = test::parse_numbers(g.substr(g.find('|') + 1));
    std::vector<double> head = test::parse_numbers(g.substr(0, g.find('|')));
    CHECK(head[0] == w[0]);  // scale
    CHECK(head[1] == w[1]);  // growth tracker
    CHECK(v[0] == doctest::Approx(w[2]).epsilon(1e-6));
    CHECK(v[1] == doctest::Approx(w[3]).epsilon(1e-6));
  }
}

}  // namespace

TEST_CASE("GradScaler: growth, backoff and skipped steps match torch; the same on a sim GPU") {
  check_scaler_run(scaler_run(Device::cpu(), "cpu"));
  configure(1);
  check_scaler_run(scaler_run(kCuda0, "cuda"));
}

TEST_CASE("GradScaler: scale(), errors in the wrong order, disabled without a GPU") {
  configure(1);
  {  // GPU tensors must be freed before the devices are reconfigured below
    Tensor w = to(test::make_tensor({1, 2}, {2}), kCuda0, std::nullopt);
    autograd::make_parameter(w, true);
    optim::SGD opt({w}, {.lr = 0.1});
    amp::GradScaler scaler({.init_scale = 8.0});
    CHECK(scaler.is_enabled());
    CHECK(scaler.warning().empty());
    CHECK(scaler.get_scale() == 8.0);
    amp::GradScaler fresh;
    CHECK(fresh.get_scale() == std::stod(fx.at("fresh_scale")));
    CHECK_THROWS_WITH(fresh.unscale_(opt), text_of("err_no_scale").c_str());
    Tensor scaled = scaler.scale(to(test::make_tensor({1, -2}, {2}), kCuda0, std::nullopt));
    CHECK(test::values_of(scaled) == test::parse_numbers(fx.at("scaler_scaled")));
    CHECK(scaled.device() == kCuda0);
    Tensor half = scaler.scale(to(test::make_tensor({1}, {1}, DType::Float16), kCuda0, std::nullopt));
    CHECK(half.dtype() == DType::Float16);  // the 0-dim float32 scale does not promote
    autograd::set_grad(w, to(test::make_tensor({8, 8}, {2}), kCuda0, std::nullopt));
    scaler.unscale_(opt);
    CHECK(test::values_of(autograd::grad(w)) == std::vector<double>{1, 1});
    CHECK_THROWS_WITH(scaler.unscale_(opt), text_of("err_unscale_twice").c_str());
    scaler.step(opt);
    CHECK_THROWS_WITH(scaler.step(opt), text_of("err_step_twice").c_str());
    CHECK_THROWS_WITH(scaler.unscale_(opt), text_of("err_unscale_after_step").c_str());
    CHECK_THROWS_WITH(amp::GradScaler({.growth_factor = 1.0}), text_of("err_growth").c_str());
    try {
      amp::GradScaler({.growth_factor = 1.0});
    } catch (const TorchError& e) {
      CHECK(e.kind() == ErrorKind::AssertionError);
    }
  }

  configure(0, /*no_sim=*/true);
  amp::GradScaler off;
  CHECK("UserWarning: " + off.warning() == fx.at("warn_no_cuda"));
  CHECK((off.is_enabled() ? "True " : "False ") + std::to_string(off.get_scale()).substr(0, 3) ==
        fx.at("disabled"));
  Tensor c = test::make_tensor({1, 2}, {2});
  CHECK(off.scale(c).is_same(c));
  configure(1);
}
