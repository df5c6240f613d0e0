// Tensor.register_hook in the engine (core/autograd/tensor_hooks): hooks run in registration
// order on the gradient flowing into a tensor, a returned tensor replaces it (before a leaf
// accumulates it), a non-leaf's hooks outlive the tensor, removal works, and a simulated-GPU
// graph gives the CPU's gradients (values as PyTorch prints for the same graph).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/tensor_hooks.h"
#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

// x = [1, 2, 3] on `device`; y = x * 3 with a hook adding 1; leaf hooks double then log.
// PyTorch: the y hook sees [1, 1, 1]; x's first hook sees [6, 6, 6]; x.grad = [12, 12, 12].
std::vector<double> hooked_graph(Device device, std::vector<std::string>& log) {
  Tensor x = to(test::make_tensor({1, 2, 3}, {3}), device, std::nullopt);
  autograd::set_requires_grad(x, true);
  auto remove_log = autograd::add_tensor_hook(x, [&log](const Tensor& g) {
    log.push_back("x first " + std::to_string(test::values_of(g)[0]));
    return Tensor();
  });
  autograd::add_tensor_hook(x, [](const Tensor& g) { return mul(g, Scalar(2)); });
  {
    Tensor y = mul(x, Scalar(3));
    autograd::add_tensor_hook(y, [&log](const Tensor& g) {
      log.push_back("y " + std::to_string(test::values_of(g)[0]));
      return add(g, Scalar(1));
    });
    Tensor loss = sum(y);
    y = Tensor();  // the hook lives on y's grad_fn, not on y
    autograd::backward(loss);
  }
  std::vector<double> grad = test::values_of(autograd::grad(x));
  remove_log();
  autograd::backward(sum(mul(x, Scalar(3))));  // only the doubling hook is left: 12 + 6
  grad.push_back(test::values_of(autograd::grad(x))[0]);
  return grad;
}

}  // namespace

TEST_CASE("register_hook: order, replaced gradients, removal, on the CPU and the simulated GPU") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (Device device : {Device::cpu(), Device::cuda(0)}) {
    CAPTURE(device.str());
    std::vector<std::string> log;
    std::vector<double> grad = hooked_graph(device, log);
    CHECK(grad == std::vector<double>{12, 12, 12, 18});
    CHECK(log == std::vector<std::string>{"y 1.000000", "x first 6.000000"});
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("register_hook: hooks see autograd::grad's gradients; a tensor without grad refuses") {
  Tensor w = test::make_tensor({1, 2}, {2});
  autograd::set_requires_grad(w, true);
  autograd::add_tensor_hook(w, [](const Tensor& g) { return mul(g, Scalar(10)); });
  TensorList g = autograd::grad({sum(mul(w, w))}, {w}, {}, false, false);
  CHECK(test::values_of(g[0]) == std::vector<double>{20, 40});
  CHECK_FALSE(autograd::grad(w).defined());
  CHECK_THROWS_WITH(autograd::add_tensor_hook(test::make_tensor({1}, {1}), [](const Tensor&) { return Tensor(); }),
                    "cannot register a hook on a tensor that doesn't require gradient");
}
