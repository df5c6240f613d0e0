// torch.group_norm: ATen's checks and texts (group_norm.cpp), the backend's layer-norm rows for
// each group's statistics, the per-channel affine as core ops, and ATen's backward formula
// (GroupNormBackwardKernelImpl) composed from ops for the gradients.
#include "core/nn/group_norm.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_mode.h"
#include "core/autograd/grad_utils.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/nn/fused_multiply_add.h"
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

void check_inputs(const Tensor& input, int64_t groups, const Tensor& weight, const Tensor& bias) {
  TP_CHECK(input.dim() >= 2, RuntimeError, "Expected at least 2 dimensions for input tensor but received ",
           input.dim());
  const int64_t c = input.size(1);
  TP_CHECK(groups > 0 && c % groups == 0, RuntimeError,
           "Expected number of channels in input to be divisible by num_groups, but got input of "
           "shape ",
           shape_str(input.sizes()), " and num_groups=", groups);
  TP_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == c), RuntimeError,
           "Expected weight to be a vector of size equal to the number of channels in input, but "
           "got weight of shape ",
           shape_str(weight.sizes()), " and input of shape ", shape_str(input.sizes()));
  TP_CHECK(!bias.defined() || (bias.dim() == 1 && bias.numel() == c), RuntimeError,
           "Expected bias to be a vector of size equal to the number of channels in input, but "
           "got bias of shape ",
           shape_str(bias.sizes()), " and input of shape ", shape_str(input.sizes()));
  check_same_device_args("_native_group_norm",
                         {{"input", &input}, {"weight", &weight}, {"bias", &bias}});
  TP_CHECK(is_floating(input.dtype()), NotImplementedError,
           "\"GroupNormKernelImpl\" not implemented for '", dtype_legacy_name(input.dtype()), "'");
  for (const Tensor* t : {&weight, &bias}) {
    TP_CHECK(!t->defined() || t->dtype() == input.dtype(), RuntimeError,
             "mixed dtype (CPU): all inputs must share same datatype.");
  }
}

// (N, G, 1) per-group values as (N, C, 1): each group's value for each of its channels.
Tensor per_channel(const Tensor& ng1, int64_t channels) {
  const int64_t n = ng1.size(0), g = ng1.size(1);
  return reshape(expand(unsqueeze(ng1, 2), {n, g, channels / g, 1}), {n, channels, 1});
}

// ATen's GroupNormBackwardKernelImpl with x as (N, C, HxW), mean/rstd as (N, G, 1):
//   ds, db = sum over HxW of dy * x, dy (per sample and channel);
//   per group: dsg, dbg = sum over its channels of ds * gamma, db * gamma;
//   c2 = (dbg * mean - dsg) * rstd^3 / (D * HxW),  c3 = -c2 * mean - dbg * rstd / (D * HxW);
//   dx = rstd * gamma * dy + c2 * x + c3;  dgamma = sum over N of (ds - db * mean) * rstd;
//   dbeta = sum over N of db.
std::shared_ptr<Node> group_norm_node(const Tensor& x3, const Tensor& weight, const Tensor& mean,
                                      const Tensor& rstd, int64_t groups, const Shape& input_shape,
                                      double eps) {
  return autograd::make_node(
      "NativeGroupNormBackward0", {x3, weight, mean, rstd},
      [groups, input_shape, eps](G grads, G s, N node) {
        const Tensor& x = s[0];  // (N, C, HxW)
        const int64_t n = x.size(0), c = x.size(1), hw = x.size(2);
        Tensor mu = s[2], a = s[3];  // (N, G, 1)
        if (autograd::grad_enabled()) {
          // create_graph: the group statistics again, as recorded functions of x.
          Tensor xg = reshape(x, {n, groups, -1});
          mu = tp::mean(xg, {2}, /*keepdim=*/true);
          Tensor centered = sub(xg, mu);
          a = rsqrt(add(tp::mean(mul(centered, centered), {2}, true), Scalar(eps)));
        }
        const Tensor gamma = s[1].defined() ? reshape(s[1], {1, c, 1}) : Tensor();
        const Tensor dy = reshape(grads[0], x.sizes());
        const double inv = 1.0 / static_cast<double>((c / groups) * hw);
        const char* kernel = "NativeGroupNormBackwardBackward0";
        Tensor ds = sum(mul(dy, x), {2}, true), db = sum(dy, {2}, true);  // (N, C, 1)
        Tensor gi, gw, gb;
        if (node.needs(0)) {
          gi = autograd::shown_as(kernel, [&] {
            auto group_sum = [&](const Tensor& t) {
              return sum(reshape(gamma.defined() ? mul(t, gamma) : t, {n, groups, -1}), {2}, true);
            };
            Tensor dsg = group_sum(ds), dbg = group_sum(db);
            Tensor c2 = mul(mul(mul(mul(sub(mul(dbg, mu), dsg), a), a), a), Scalar(inv));
            Tensor c3 = sub(neg(mul(c2, mu)), mul(mul(dbg, a), Scalar(inv)));
            Tensor c1 = per_channel(a, c);
            if (gamma.defined()) c1 = mul(c1, gamma);
            Tensor dx = add(add(mul(c1, dy), mul(per_channel(c2, c), x)), per_channel(c3, c));
            return reshape(dx, input_shape);
          }, {x, s[1]});
        }
        if (gamma.defined() && node.needs(1)) {
          gw = autograd::shown_as(kernel, [&] {
            Tensor t = mul(sub(ds, mul(db, per_channel(mu, c))), per_channel(a, c));
            return reshape(sum(t, {0}), s[1].sizes());
          }, {x, s[1]});
        }
        if (node.needs(2)) gb = reshape(sum(db, {0}), {c});
        return TensorList{gi, gw, gb};
      });
}

}  // namespace

Tensor group_norm(const Tensor& input, int64_t num_groups, const Tensor& weight,
                  const Tensor& bias, double eps) {
  check_inputs(input, num_groups, weight, bias);
  const int64_t n = input.size(0), c = input.size(1);
  const int64_t hw = c == 0 || n == 0 ? 0 : input.numel() / (n * c);
  const DType compute = input.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  TensorOptions opts(compute, input.device());
  Tensor x3 = contiguous(cast(reshape(input, {n, c, hw}), compute));
  Tensor mean = empty({n, num_groups, 1}, opts);
  Tensor rstd = empty({n, num_groups, 1}, opts);
  auto compute_out = [&] {
    const int64_t rows = n * num_groups, length = (c / num_groups) * hw;
    Tensor y = empty({rows, length}, opts);
    if (rows > 0 && length > 0) {
      backend_for(input.device())
          .layer_norm(view(x3, {rows, length}), Tensor(), Tensor(), eps, y, view(mean, {rows, 1}),
                      view(rstd, {rows, 1}));
    }
    Tensor out = view(y, {n, c, hw});  // (x - mean) * rstd: ATen's output without an affine
    if (weight.defined() || bias.defined()) {
      // ATen's per channel: scale = rstd * gamma, bias = fma(-scale, mean, beta),
      // y = fma(scale, x, bias) (its AVX2 build fuses both).
      Tensor scale = per_channel(rstd, c);
      if (weight.defined()) scale = mul(scale, reshape(cast(weight, compute), {1, c, 1}));
      Tensor beta = bias.defined() ? reshape(cast(bias, compute), {1, c, 1}) : Tensor();
      Tensor shift = fused_multiply_add(neg(scale), per_channel(mean, c), beta);
      out = fused_multiply_add(scale, x3, shift);
    }
    return cast(reshape(out, input.sizes()), input.dtype());
  };
  return autograd::record_op({input, weight, bias}, compute_out, [&](const Tensor&) {
    return group_norm_node(x3, weight, mean, rstd, num_groups, input.sizes(), eps);
  });
}

}  // namespace tp::nn::functional
