// The finite-difference gradient check shared by the op tests (gradcheck_test, the CNN
// layers' cnn_layers_test): for a random upstream gradient u, the analytic gradient that
// backward() gives must match the central difference of sum(u * f(x)), in float64, on every
// backend (cpu, simulated GPUs, real CUDA when present). The double-backward check does the
// same one order up: the gradient of <grad(x), v> from create_graph must match the central
// difference of that first-order gradient.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "tests/test_util.h"

namespace tp::test {

using Inputs = std::vector<Tensor>;
using Fn = std::function<Tensor(const Inputs&)>;

struct GradCase {
  std::string name;
  std::vector<Shape> shapes;  // one per input; every input requires grad
  Fn fn;
  bool positive = false;      // inputs in (0.5, 2.5) (log, sqrt, pow of a tensor base)
  bool distinct = false;      // every input value distinct, however many (pooling's maxima)
};

// Distinct values away from 0 and from each other (no ties for max/min, no kinks of
// abs/relu/clamp within eps), different for every input.
inline std::vector<double> input_values(int64_t n, int seed, bool positive, bool distinct = false) {
  std::vector<double> v(static_cast<size_t>(n));
  if (distinct) {  // about [-2, 2], no two within eps of each other
    for (int64_t i = 0; i < n; ++i) {
      double k = static_cast<double>((i * 37 + seed * 11) % 101);
      v[i] = k / 25.0 - 2.0 + static_cast<double>(i) * 1e-3 + seed * 3e-4;
    }
    return v;
  }
  for (int64_t i = 0; i < n; ++i) {
    double k = static_cast<double>((i * 7 + seed * 5) % 29);
    v[i] = positive ? 0.5 + k / 14.0 : (k - 14.0) / 7.0 + (k >= 14.0 ? 0.11 : -0.13);
  }
  return v;
}

inline Tensor on(const std::vector<double>& v, const Shape& shape, Device device) {
  return to(make_tensor(v, shape, DType::Float64), device, std::nullopt);
}

// The devices every case runs on: cpu, each simulated GPU, and each real GPU.
inline std::vector<Device> backends() {
  std::vector<Device> devices = {Device::cpu()};
  for (const DeviceEntry& e : cuda_devices()) devices.push_back(e.device);
  return devices;
}

// sum(u * f(x)) with recording off.
inline double objective(const GradCase& gc, const Inputs& in, const Tensor& u) {
  autograd::NoGradGuard no_grad;
  return item(sum(mul(gc.fn(in), u))).to_double();
}

inline void check_gradient(const GradCase& gc, Device device) {
  CAPTURE(gc.name);
  CAPTURE(device.str());
  std::vector<std::vector<double>> values;
  Inputs in;
  for (size_t k = 0; k < gc.shapes.size(); ++k) {
    values.push_back(input_values(shape_numel(gc.shapes[k]), static_cast<int>(k) + 1, gc.positive, gc.distinct));
    in.push_back(on(values[k], gc.shapes[k], device));
    autograd::set_requires_grad(in[k], true);
  }
  Tensor out = gc.fn(in);
  REQUIRE(out.requires_grad());
  CHECK(out.device() == device);
  Tensor u = on(input_values(out.numel(), 7, false), out.sizes(), out.device());
  autograd::backward(out, u);

  const double eps = 1e-6;
  for (size_t k = 0; k < in.size(); ++k) {
    CAPTURE(k);
    Tensor g = autograd::grad(in[k]);
    REQUIRE(g.defined());
    CHECK(g.device() == device);
    CHECK(g.sizes() == in[k].sizes());
    std::vector<double> analytic = values_of(g);
    for (size_t j = 0; j < values[k].size(); ++j) {
      CAPTURE(j);
      Inputs plus = in, minus = in;
      std::vector<double> v = values[k];
      v[j] += eps;
      plus[k] = on(v, gc.shapes[k], device);
      v[j] -= 2 * eps;
      minus[k] = on(v, gc.shapes[k], device);
      double numeric = (objective(gc, plus, u) - objective(gc, minus, u)) / (2 * eps);
      CHECK(std::abs(analytic[j] - numeric) <= 1e-5 * std::max(1.0, std::abs(numeric)));
    }
  }
}

// <grad_k(x), v_k> summed over the inputs: the first derivative of sum(u * f(x)) along the
// directions v, from a first-order backward pass on fresh leaves holding `values`.
inline double directional_gradient(const GradCase& gc, const std::vector<std::vector<double>>& values,
                                   Device device, const Tensor& u, const Inputs& v) {
  Inputs in;
  for (size_t k = 0; k < values.size(); ++k) {
    in.push_back(on(values[k], gc.shapes[k], device));
    autograd::set_requires_grad(in[k], true);
  }
  Tensor out = gc.fn(in);
  if (!out.requires_grad()) return 0.0;
  TensorList grads = autograd::grad({out}, in, {u}, /*retain_graph=*/false, /*allow_unused=*/true);
  autograd::NoGradGuard no_grad;
  double total = 0.0;
  for (size_t k = 0; k < grads.size(); ++k)
    if (grads[k].defined()) total += item(sum(mul(grads[k], v[k]))).to_double();
  return total;
}

// Double backward: with create_graph, the gradient of s = sum_k <grad_k(x), v_k> must match
// the central difference of s computed by first-order passes. The case's output is squared
// first, so that a linear op (a view, an index) is checked too: its gradient formula must be
// recorded as a function of the incoming gradient. A gradient that does not require grad
// stands for a zero second derivative.
inline void check_second_derivative(const GradCase& case_in, Device device) {
  GradCase gc = case_in;
  gc.fn = [f = case_in.fn](const Inputs& x) {
    Tensor y = f(x);
    return mul(y, y);
  };
  CAPTURE(gc.name);
  CAPTURE(device.str());
  std::vector<std::vector<double>> values;
  Inputs in, v;
  for (size_t k = 0; k < gc.shapes.size(); ++k) {
    values.push_back(input_values(shape_numel(gc.shapes[k]), static_cast<int>(k) + 1, gc.positive, gc.distinct));
    in.push_back(on(values[k], gc.shapes[k], device));
    autograd::set_requires_grad(in[k], true);
    v.push_back(on(input_values(shape_numel(gc.shapes[k]), static_cast<int>(k) + 11, false), gc.shapes[k], device));
  }
  Tensor out = gc.fn(in);
  Tensor u = on(input_values(out.numel(), 7, false), out.sizes(), out.device());
  TensorList grads = autograd::grad({out}, in, {u}, /*retain_graph=*/true, /*allow_unused=*/true,
                                    /*create_graph=*/true);
  Tensor s;
  for (size_t k = 0; k < grads.size(); ++k) {
    if (!grads[k].defined() || !grads[k].requires_grad()) continue;
    Tensor term = sum(mul(grads[k], v[k]));
    s = s.defined() ? add(s, term) : term;
  }
  TensorList second(in.size());
  if (s.defined()) second = autograd::grad({s}, in, {}, /*retain_graph=*/false, /*allow_unused=*/true);

  const double eps = 1e-6;
  for (size_t k = 0; k < in.size(); ++k) {
    CAPTURE(k);
    std::vector<double> analytic(values[k].size(), 0.0);
    if (second[k].defined()) {
      CHECK(second[k].device() == device);
      CHECK(second[k].sizes() == in[k].sizes());
      analytic = values_of(second[k]);
    }
    for (size_t j = 0; j < values[k].size(); ++j) {
      CAPTURE(j);
      std::vector<std::vector<double>> plus = values, minus = values;
      plus[k][j] += eps;
      minus[k][j] -= eps;
      double numeric = (directional_gradient(gc, plus, device, u, v) - directional_gradient(gc, minus, device, u, v)) /
                       (2 * eps);
      CHECK(std::abs(analytic[j] - numeric) <= 1e-5 * std::max(1.0, std::abs(numeric)));
    }
  }
}

}  // namespace tp::test
