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
