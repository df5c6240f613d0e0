// The CNN and normalization layers (core/nn/conv, pool, batch_norm, layer_norm):
// tests/gradcheck.h's finite-difference check of every one on every backend (first
// derivatives and double backward), with inputs whose values are all distinct (pooling's
// maxima); each layer's forward on a GPU equals the CPU's; max-pooling indices, running
// statistics and PyTorch's device-mismatch texts.
//
// A new layer is not done until it has a row in cases().
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/nn/batch_norm.h"
#include "core/nn/conv.h"
#include "core/nn/layer_norm.h"
#include "core/nn/pool.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "tests/gradcheck.h"
#include "tests/test_util.h"

using namespace tp;
namespace F = tp::nn::functional;
using test::backends;
using test::GradCase;
using test::Inputs;
using test::input_values;
using test::on;

namespace {

F::ConvPadding pads(Shape values) {
  return F::ConvPadding{std::move(values), std::nullopt};
}
F::ConvPadding pad_mode(const char* mode) {
  return F::ConvPadding{{}, std::string(mode)};
}

// A per-channel constant on x's device (running statistics: not differentiated).
Tensor channel_values(std::vector<double> v, const Tensor& like) {
  Shape shape{static_cast<int64_t>(v.size())};
  return to(test::make_tensor(v, shape, like.dtype()), like.device(), std::nullopt);
}

std::vector<GradCase> cases() {
  using I = const Inputs&;
  std::vector<GradCase> c;
  // Convolutions.
  c.push_back({"conv2d", {{2, 3, 5, 6}, {4, 3, 3, 2}, {4}}, [](I x) {
                 return F::conv2d(x[0], x[1], x[2], {1}, pads({0}), {1}, 1);
               }});
  c.push_back({"conv2d stride, padding, dilation", {{2, 2, 7, 6}, {3, 2, 3, 2}, {3}}, [](I x) {
                 return F::conv2d(x[0], x[1], x[2], {2, 1}, pads({1, 2}), {2, 1}, 1);
               }});
  c.push_back({"conv2d groups, no bias", {{1, 4, 5, 5}, {6, 2, 3, 3}}, [](I x) {
                 return F::conv2d(x[0], x[1], Tensor(), {1}, pads({1}), {1}, 2);
               }});
  c.push_back({"conv2d same (even kernel)", {{1, 2, 4, 5}, {2, 2, 2, 3}, {2}}, [](I x) {
                 return F::conv2d(x[0], x[1], x[2], {1}, pad_mode("same"), {1}, 1);
               }});
  c.push_back({"conv2d unbatched", {{2, 4, 4}, {3, 2, 2, 2}}, [](I x) {
                 return F::conv2d(x[0], x[1], Tensor(), {1}, pads({0}), {1}, 1);
               }});
  c.push_back({"conv1d stride, padding, dilation, groups", {{2, 4, 9}, {4, 2, 3}, {4}}, [](I x) {
                 return F::conv1d(x[0], x[1], x[2], {2}, pads({2}), {2}, 2);
               }});
  c.push_back({"conv3d stride, padding, dilation, groups", {{1, 4, 4, 3, 5}, {2, 2, 2, 1, 3}, {2}},
               [](I x) { return F::conv3d(x[0], x[1], x[2], {2, 1, 1}, pads({1, 0, 1}), {1, 2, 1}, 2); }});
  // Padding.
  c.push_back({"constant_pad_nd", {{2, 3, 4}}, [](I x) {
                 return F::constant_pad_nd(x[0], {1, -1, 2, 0}, 0.5);
               }});
  c.push_back({"pad reflect", {{1, 2, 4, 5}}, [](I x) {
                 return F::pad(x[0], {2, 1, 3, 1}, "reflect");
               }});
  c.push_back({"pad replicate", {{2, 5}}, [](I x) { return F::pad(x[0], {3, 2}, "replicate"); }});
  c.push_back({"pad circular", {{1, 1, 3, 4}}, [](I x) {
                 return F::pad(x[0], {2, 1, 1, 3}, "circular");
               }});
  // Pooling.
  c.push_back({"max_pool2d", {{2, 2, 4, 6}}, [](I x) {
                 return F::max_pool2d_with_indices(x[0], {2}, {}, {0}, {1}, false).values;
               }});
  c.push_back(
      {"max_pool2d overlapping, padded, dilated, ceil", {{1, 2, 7, 6}}, [](I x) {
         return F::max_pool2d_with_indices(x[0], {3, 2}, {2, 1}, {1, 1}, {2, 1}, true).values;
       }});
  c.push_back({"max_pool1d", {{2, 3, 8}}, [](I x) {
                 return F::max_pool1d_with_indices(x[0], {3}, {2}, {1}, {1}, true).values;
               }});
  c.push_back(
      {"max_pool3d overlapping, padded, dilated, ceil", {{1, 2, 4, 5, 3}}, [](I x) {
         return F::max_pool3d_with_indices(x[0], {2, 3, 2}, {1, 2, 1}, {1, 1, 0}, {1, 1, 2}, true).values;
       }});
  c.push_back({"avg_pool2d", {{2, 2, 6, 4}}, [](I x) {
                 return F::avg_pool2d(x[0], {2}, {}, {0}, false, true, std::nullopt);
               }});
  c.push_back({"avg_pool2d overlapping, padded, ceil, exclude pad", {{1, 2, 7, 6}}, [](I x) {
                 return F::avg_pool2d(x[0], {3}, {2}, {1}, true, false, std::nullopt);
               }});
  c.push_back({"avg_pool2d divisor_override, unbatched", {{2, 5, 5}}, [](I x) {
                 return F::avg_pool2d(x[0], {2, 3}, {1, 2}, {1}, false, true, 4);
               }});
  c.push_back({"avg_pool3d padded, ceil, exclude pad, unbatched", {{2, 4, 5, 3}}, [](I x) {
                 return F::avg_pool3d(x[0], {2, 3, 2}, {2, 2, 1}, {1, 1, 0}, true, false, std::nullopt);
               }});
  c.push_back({"avg_pool1d", {{2, 2, 7}}, [](I x) {
                 return F::avg_pool1d(x[0], {3}, {2}, {1}, true, true);
               }});
  c.push_back({"adaptive_avg_pool2d (non-divisible)", {{2, 2, 7, 5}}, [](I x) {
                 return F::adaptive_avg_pool2d(x[0], {3, 4});
               }});
  c.push_back({"adaptive_avg_pool2d (1, 1)", {{2, 3, 4, 4}}, [](I x) {
                 return F::adaptive_avg_pool2d(x[0], {1, 1});
               }});
  c.push_back({"adaptive_avg_pool3d (non-divisible)", {{1, 2, 5, 3, 4}}, [](I x) {
                 return F::adaptive_avg_pool3d(x[0], {3, 2, 3});
               }});
  c.push_back({"adaptive_max_pool3d", {{2, 5, 3, 4}}, [](I x) {
                 return F::adaptive_max_pool3d(x[0], {2, 2, 3}).values;
               }});
  c.push_back(
      {"adaptive_avg_pool1d", {{2, 7}}, [](I x) { return F::adaptive_avg_pool1d(x[0], {3}); }});
  c.push_back({"adaptive_max_pool2d", {{1, 2, 7, 5}}, [](I x) {
                 return F::adaptive_max_pool2d(x[0], {3, 2}).values;
               }});
  c.push_back({"adaptive_max_pool1d", {{2, 3, 8}}, [](I x) {
                 return F::adaptive_max_pool1d(x[0], {3}).values;
               }});
  // Batch norm: batch statistics (training), running ones (eval), one value per channel.
  c.push_back({"batch_norm training", {{3, 2, 3, 4}, {2}, {2}}, [](I x) {
                 return F::batch_norm(x[0], x[1], x[2], Tensor(), Tensor(), true, 0.1, 1e-5);
               }});
  c.push_back({"batch_norm training, no affine, 3-d", {{4, 3, 5}}, [](I x) {
                 return F::batch_norm(x[0], Tensor(), Tensor(), Tensor(), Tensor(), true, 0.1,
                                      1e-5);
               }});
  c.push_back({"batch_norm training, 5-d", {{2, 2, 2, 3, 2}, {2}, {2}}, [](I x) {
                 return F::batch_norm(x[0], x[1], x[2], Tensor(), Tensor(), true, 0.1, 1e-5);
               }});
  c.push_back({"batch_norm training, 2-d", {{5, 3}, {3}, {3}}, [](I x) {
                 return F::batch_norm(x[0], x[1], x[2], Tensor(), Tensor(), true, 0.1, 1e-5);
               }});
  c.push_back(
      {"batch_norm eval", {{3, 2, 2, 3}, {2}, {2}}, [](I x) {
         Tensor rm = channel_values({0.25, -0.5}, x[0]), rv = channel_values({1.5, 0.75}, x[0]);
         return F::batch_norm(x[0], x[1], x[2], rm, rv, false, 0.1, 1e-5);
       }});
  // Layer norm: over the last dim, over the last two, without the affine parameters.
  c.push_back({"layer_norm", {{3, 2, 11}, {11}, {11}}, [](I x) {
                 return F::layer_norm(x[0], {11}, x[1], x[2], 1e-5);
               }});
  c.push_back({"layer_norm over two dims, no affine", {{4, 3, 5}}, [](I x) {
                 return F::layer_norm(x[0], {3, 5}, Tensor(), Tensor(), 1e-5);
               }});
  for (GradCase& gc : c) gc.distinct = true;  // maxima must be unique
  return c;
}

// float32 forward on the device equals the CPU's, element for element.
void check_same_as_cpu(const GradCase& gc, Device device) {
  CAPTURE(gc.name);
  CAPTURE(device.str());
  Inputs cpu_in, dev_in;
  for (size_t k = 0; k < gc.shapes.size(); ++k) {
    Tensor t = cast(on(input_values(shape_numel(gc.shapes[k]), static_cast<int>(k) + 1, false, true),
                       gc.shapes[k], Device::cpu()),
                    DType::Float32);
    cpu_in.push_back(t);
    dev_in.push_back(to(t, device, std::nullopt));
  }
  Tensor want = gc.fn(cpu_in);
  Tensor got = gc.fn(dev_in);
  CHECK(got.device() == device);
  REQUIRE(got.sizes() == want.sizes());
  std::vector<double> a = test::values_of(got), b = test::values_of(want);
  for (size_t i = 0; i < a.size(); ++i) {
    CAPTURE(i);
    CHECK(std::abs(a[i] - b[i]) <= 1e-5 * std::max(1.0, std::abs(b[i])));
  }
}

}  // namespace

TEST_CASE(
    "convolution, padding, pooling and batch norm gradients match finite differences on every "
    "backend") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : cases()) {
    for (Device device : backends()) test::check_gradient(gc, device);
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE(
    "convolution, padding, pooling and batch norm double backward matches finite differences on "
    "every backend") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : cases()) {
    for (Device device : backends()) test::check_second_derivative(gc, device);
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("convolution, padding, pooling and batch norm give the CPU's values on every GPU") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : cases()) {
    for (Device device : backends()) {
      if (!device.is_cpu()) check_same_as_cpu(gc, device);
    }
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("a layer's weights on another device than its input: PyTorch's texts") {
  test::use_sim_gpus(1);
  {  // the GPU tensors are freed before the devices are reset
    const Device gpu = Device::cuda(0);
    Tensor x = zeros({2, 3, 6, 6});
    Tensor w = zeros({4, 3, 3, 3});
    const Tensor gx = to(x, gpu, std::nullopt), gw = to(w, gpu, std::nullopt);
    CHECK_THROWS_WITH(
        F::conv2d(x, gw, Tensor(), {1}, pads({0}), {1}, 1),
        "Input type (torch.FloatTensor) and weight type (torch.cuda.FloatTensor) should be "
        "the same or input should be a MKLDNN tensor and weight is a dense tensor");
    CHECK_THROWS_WITH(
        F::conv2d(gx, w, Tensor(), {1}, pads({0}), {1}, 1),
        "Input type (torch.cuda.FloatTensor) and weight type (torch.FloatTensor) should be "
        "the same");
    CHECK_THROWS_WITH(
        F::conv2d(gx, gw, zeros({4}), {1}, pads({0}), {1}, 1),
        "Input type (torch.cuda.FloatTensor) and bias type (torch.FloatTensor) should be the "
        "same");
    CHECK_THROWS_WITH(
        F::batch_norm(x, ones({3}, TensorOptions(DType::Float32, gpu)), Tensor(), Tensor(),
                      Tensor(), true, 0.1, 1e-5),
        "Expected all tensors to be on the same device, but got weight is on cuda:0, different "
        "from other tensors on cpu (when checking argument in method "
        "wrapper_CUDA__native_batch_norm)");
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("max pooling indices and batch norm running statistics") {
  Tensor x = test::make_tensor({1, 5, 2, 0, 3, 3, 4, -1, 2, 8, 1, 1, 0, 0, 7, 6}, {1, 1, 4, 4});
  ValuesIndices r = F::max_pool2d_with_indices(x, {2}, {}, {0}, {1}, false);
  CHECK(test::values_of(r.values) == std::vector<double>{5, 4, 8, 7});
  CHECK(test::values_of(r.indices) == std::vector<double>{1, 6, 9, 14});
  Tensor xb = test::make_tensor({1, 2, 3, 4, 5, 6}, {3, 2});
  Tensor rm = zeros({2}), rv = ones({2});
  F::batch_norm(xb, Tensor(), Tensor(), rm, rv, true, 0.5, 1e-5);
  // mean (3, 4), unbiased variance 4: running = 0.5 * old + 0.5 * batch.
  CHECK(test::values_of(rm) == std::vector<double>{1.5, 2.0});
  CHECK(test::values_of(rv) == std::vector<double>{2.5, 2.5});
}
