// torch.layer_norm: PyTorch's checks and texts, the backend's row kernel for the values, and
// ATen's backward formula (layer_norm_kernel.cpp) composed from ops for the gradients.
#include "core/nn/layer_norm.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/grad_utils.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_check.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {
namespace {

using G = const TensorList&;
using N = const Node&;

void check_shapes(const Tensor& input, const Shape& normalized, const Tensor& weight,
                  const Tensor& bias) {
  TP_CHECK(!normalized.empty(), RuntimeError,
           "Expected normalized_shape to be at least 1-dimensional, i.e., containing at least one "
           "element, but got normalized_shape = ",
           shape_str(normalized));
  TP_CHECK(!weight.defined() || weight.sizes() == normalized, RuntimeError,
           "Expected weight to be of same shape as normalized_shape, but got weight of shape ",
           shape_str(weight.sizes()), " and normalized_shape = ", shape_str(normalized));
  TP_CHECK(!bias.defined() || bias.sizes() == normalized, RuntimeError,
           "Expected bias to be of same shape as normalized_shape, but got bias of shape ",
           shape_str(bias.sizes()), " and normalized_shape = ", shape_str(normalized));
  const Shape& in = input.sizes();
  const size_t k = normalized.size();
  bool fits = in.size() >= k && Shape(in.end() - static_cast<std::ptrdiff_t>(k), in.end()) == normalized;
  std::string expected = "[*";
  for (int64_t d : normalized) expected += ", " + std::to_string(d);
  TP_CHECK(fits, RuntimeError, "Given normalized_shape=", shape_str(normalized),
           ", expected input with shape ", expected, "], but got input of size", shape_str(in));
}

struct Rows {
  int64_t count, length;  // M rows of N values
};

Rows rows_of(const Tensor& input, const Shape& normalized) {
  const int64_t n = shape_numel(normalized);
  return {n == 0 ? 0 : input.numel() / n, n};
}

// ATen's LayerNormBackwardKernelImpl, per row (a = rstd, N values):
//   dx = a * dy * w + b * x + c,  b = (db * mean - ds) * a^3 / N,  c = -b * mean - db * a / N
//   with ds = sum(dy * x * w), db = sum(dy * w); dw = sum over rows of dy * (a * x - a * mean),
//   dbias = sum over rows of dy.
std::shared_ptr<Node> layer_norm_node(const Tensor& x2, const Tensor& weight, const Tensor& mean,
                                      const Tensor& rstd, const Shape& input_shape, double eps) {
  return autograd::make_node(
      "NativeLayerNormBackward0", {x2, weight, mean, rstd},
      [input_shape, eps](G grads, G s, N node) {
        const Tensor& x = s[0];  // (M, N)
        const Tensor w = s[1].defined() ? reshape(s[1], {1, x.size(1)}) : Tensor();
        Tensor mu = s[2], a = s[3];  // (M, 1)
        if (autograd::grad_enabled()) {
          // create_graph: the row statistics again, as recorded functions of x, so that the
          // gradient's own gradient also follows how mean and rstd move with x.
          mu = tp::mean(x, {1}, /*keepdim=*/true);
          Tensor centered = sub(x, mu);
          a = rsqrt(add(tp::mean(mul(centered, centered), {1}, true), Scalar(eps)));
        }
        const Tensor dy = reshape(grads[0], x.sizes());
        const double inv_n = 1.0 / static_cast<double>(x.size(1));
        // Under create_graph both show ATen's one backward kernel, which takes input and weight.
        const char* kernel = "NativeLayerNormBackwardBackward0";
        Tensor gi, gw, gb;
        if (node.needs(0)) {
          gi = autograd::shown_as(kernel, [&] {
            Tensor dyw = w.defined() ? mul(dy, w) : dy;
            Tensor ds = sum(mul(dyw, x), {1}, true), db = sum(dyw, {1}, true);
            Tensor b = mul(mul(mul(mul(sub(mul(db, mu), ds), a), a), a), Scalar(inv_n));
            Tensor c = sub(neg(mul(b, mu)), mul(mul(db, a), Scalar(inv_n)));
            return reshape(add(add(mul(a, dyw), mul(b, x)), c), input_shape);
          }, {x, s[1]});
        }
        if (w.defined() && node.needs(1)) {
          gw = autograd::shown_as(kernel, [&] {
            Tensor xhat = add(mul(a, x), neg(mul(a, mu)));
            return reshape(sum(mul(dy, xhat), {0}), s[1].sizes());
          }, {x, s[1]});
        }
        if (node.needs(2)) gb = sum(dy, {0});
        return TensorList{gi, gw, gb};
      });
}

}  // namespace

Tensor layer_norm(const Tensor& input, const Shape& normalized_shape, const Tensor& weight,
                  const Tensor& bias, double eps) {
  check_shapes(input, normalized_shape, weight, bias);
  check_same_device_args("_native_layer_norm",
                         {{"input", &input}, {"weight", &weight}, {"bias", &bias}});
  TP_CHECK(is_floating(input.dtype()), NotImplementedError,
           "\"LayerNormKernelImpl\" not implemented for '", dtype_legacy_name(input.dtype()), "'");
  for (const Tensor* t : {&weight, &bias}) {
    TP_CHECK(!t->defined() || t->dtype() == input.dtype(), RuntimeError,
             "mixed dtype (CPU): all inputs must share same datatype.");
  }
  const Rows rows = rows_of(input, normalized_shape);
  const DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  Tensor x2 = contiguous(cast(reshape(input, {rows.count, rows.length}), compute));
  Tensor mean = empty({rows.count, 1}, TensorOptions(compute, input.device()));
  Tensor rstd = empty({rows.count, 1}, TensorOptions(compute, input.device()));
  auto compute_out = [&] {
    Tensor y = empty({rows.count, rows.length}, TensorOptions(compute, input.device()));
    auto flat = [&](const Tensor& t) {
      return t.defined() ? contiguous(cast(reshape(t, {rows.length}), compute)) : Tensor();
    };
    if (rows.count > 0 && rows.length > 0) {
      backend_for(input.device()).layer_norm(x2, flat(weight), flat(bias), eps, y, mean, rstd);
    }
    return cast(reshape(y, input.sizes()), input.dtype());
  };
  return autograd::record_op({input, weight, bias}, compute_out, [&](const Tensor&) {
    return layer_norm_node(x2, weight, mean, rstd, input.sizes(), eps);
  });
}

}  // namespace tp::nn::functional
