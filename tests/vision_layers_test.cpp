// The vision layers (core/nn/conv_transpose, group_norm, upsample, pixel_shuffle, fold) on
// every backend: each case of tests/vision_cases.h gives the CPU's float32 values on every GPU
// (bit for bit where the CPU's are exact: nearest upsampling, pixel shuffle, unfold), and shapes on
// the meta device. Their gradients are checked by gradcheck_test.cpp.
#include <doctest/doctest.h>

#include <cmath>

#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "tests/test_util.h"
#include "tests/vision_cases.h"

using namespace tp;
using test::GradCase;
using test::Inputs;
using test::input_values;
using test::on;

namespace {

// float32 inputs of a case on `device` (the same values for every device).
Inputs inputs_on(const GradCase& gc, Device device) {
  Inputs in;
  for (size_t k = 0; k < gc.shapes.size(); ++k) {
    Tensor t = cast(on(input_values(shape_numel(gc.shapes[k]), static_cast<int>(k) + 1, false, true),
                       gc.shapes[k], Device::cpu()),
                    DType::Float32);
    in.push_back(to(t, device, std::nullopt));
  }
  return in;
}

}  // namespace

TEST_CASE("vision layers give the CPU's values on every GPU") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : test::vision_cases()) {
    Tensor want = gc.fn(inputs_on(gc, Device::cpu()));
    // Gathers and copies only: the very same bits on every backend.
    const bool exact = gc.name.find("nearest") != std::string::npos ||
                       gc.name.find("pixel") != std::string::npos ||
                       gc.name.find("unfold") != std::string::npos;
    for (Device device : test::backends()) {
      if (device.is_cpu()) continue;
      CAPTURE(gc.name);
      CAPTURE(device.str());
      Tensor got = gc.fn(inputs_on(gc, device));
      CHECK(got.device() == device);
      REQUIRE(got.sizes() == want.sizes());
      std::vector<double> a = test::values_of(got), b = test::values_of(want);
      for (size_t i = 0; i < a.size(); ++i) {
        CAPTURE(i);
        if (exact) {
          CHECK(a[i] == b[i]);
        } else {
          CHECK(std::abs(a[i] - b[i]) <= 1e-5 * std::max(1.0, std::abs(b[i])));
        }
      }
    }
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("vision layers give their output shapes on the meta device") {
  for (const GradCase& gc : test::vision_cases()) {
    CAPTURE(gc.name);
    Tensor want = gc.fn(inputs_on(gc, Device::cpu()));
    Tensor got = gc.fn(inputs_on(gc, Device::meta()));
    CHECK(got.device() == Device::meta());
    CHECK(got.sizes() == want.sizes());
  }
}
