// Batch normalization as ATen computes it on the CPU (aten/src/ATen/native/Normalization.cpp
// batch_norm_cpu_update_stats_template and cpu/batch_norm_kernel.cpp): the per-channel mean
// and the sum of squared deviations accumulate in double (acc_type<float>), the inverse
// standard deviation is 1 / sqrt(var + eps) in double, the running buffers are updated in
// float (the variance term in double), and the output is x * alpha + beta with
// alpha = invstd * weight, beta = bias - mean * alpha, both of which ATen's compiler fuses into
// fused multiply-adds (emulated here in double: exact product, one sum, one rounding to float,
// which differs from a true fma only on exact float ties).
// Composed from core ops, so cpu, the simulated GPUs and CUDA share the code.
#include "core/nn/batch_norm.h"

#include <algorithm>
#include <cstdlib>
#include <thread>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/nn/conv.h"
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

struct BnShape {
  DimList dims;   // every dim but the channel dim
  Shape channel;  // (1, C, 1, ...): a per-channel vector broadcast against the input
  int64_t count;  // elements per channel
};

BnShape bn_shape(const Tensor& x) {
  BnShape s;
  s.channel = Shape(static_cast<size_t>(x.dim()), 1);
  s.channel[1] = x.size(1);
  for (int64_t d = 0; d < x.dim(); ++d)
    if (d != 1) s.dims.push_back(d);
  s.count = x.numel() / x.size(1);
  return s;
}

// ATen's acc_type on the CPU: double for float and double, float for half/bfloat16.
DType acc_dtype(DType t) {
  return (t == DType::Float16 || t == DType::BFloat16) ? DType::Float32 : DType::Float64;
}

void check_features(const char* name, const Tensor& t, int64_t features) {
  TP_CHECK(t.numel() == features, RuntimeError, name, " should contain ", features,
           " elements not ", t.numel());
}

// x * alpha + beta, per channel, as one fused multiply-add per element.
Tensor scale_shift(const Tensor& x, const Tensor& alpha, const Tensor& beta, const BnShape& s) {
  if (x.dtype() == DType::Float64)
    return add(mul(x, view(alpha, s.channel)), view(beta, s.channel));
  Tensor prod = mul(cast(x, DType::Float64), view(cast(alpha, DType::Float64), s.channel));
  return cast(add(prod, view(cast(beta, DType::Float64), s.channel)), x.dtype());
}

struct Stats {
  Tensor mean, invstd;  // what backward uses (x's dtype)
};

// rows (R, C) with `extra` zero rows appended.
Tensor constant_pad_nd_zero(const Tensor& rows, int64_t extra) {
  return extra > 0 ? constant_pad_nd(rows, {0, 0, 0, extra}, 0) : rows;
}

// PyTorch's default intra-op thread count (at::get_num_threads): OMP_NUM_THREADS, else the
// machine's hardware threads.
int64_t pytorch_num_threads() {
  if (const char* env = std::getenv("OMP_NUM_THREADS")) {
    int64_t n = std::atoll(env);
    if (n > 0) return n;
  }
  return std::max<int64_t>(1, std::thread::hardware_concurrency());
}

// The sum over the first dim of `rows` (R, C) as one float accumulator per thread does it
// (each thread a contiguous chunk of rows, ATen's parallel_for split), the partial sums then
// added in double: ATen's batch_norm_cpu_collect_stats_channels_last_impl. `fused` adds
// squares: `rows` holds d and each step is acc = fma(d, d, acc).
Tensor threaded_column_sum(const Tensor& rows, bool fused) {
  const int64_t r = rows.size(0), c = rows.size(1);
  const int64_t tasks = std::min(pytorch_num_threads(), std::max<int64_t>(r, 1));
  const int64_t chunk = (r + tasks - 1) / tasks;
  Tensor padded = constant_pad_nd_zero(rows, tasks * chunk - r);  // zero rows add nothing
  Tensor chunks = view(padded, {tasks, chunk, c});
  Tensor acc = zeros({tasks, c}, TensorOptions(rows.dtype(), rows.device()));
  Tensor squares =
      fused ? mul(cast(chunks, DType::Float64), cast(chunks, DType::Float64)) : Tensor();
  for (int64_t j = 0; j < chunk; ++j) {
    if (fused) {
      acc = cast(add(cast(acc, DType::Float64), select(squares, 1, j)), rows.dtype());
    } else {
      binary_(BinaryOp::Add, acc, select(chunks, 1, j));
    }
  }
  Tensor total = zeros({c}, TensorOptions(DType::Float64, rows.device()));
  for (int64_t t = 0; t < tasks; ++t)
    binary_(BinaryOp::Add, total, cast(select(acc, 0, t), DType::Float64));
  return total;
}

// The batch's statistics, and the running buffers updated from them.
Stats batch_stats(const Tensor& x, const Tensor& running_mean, const Tensor& running_var,
                  double momentum, double eps, const BnShape& s) {
  const DType acc = acc_dtype(x.dtype());
  const double n = static_cast<double>(s.count);
  Tensor mean, var_sum;
  if (x.numel() / x.size(0) == x.size(1) && x.dtype() == DType::Float32) {
    // One value per (sample, channel): ATen takes its channels-last path.
    Tensor rows = reshape(x, {x.size(0), x.size(1)});
    mean = cast(div(threaded_column_sum(rows, false), Scalar(n)), x.dtype());
    var_sum = cast(threaded_column_sum(sub(rows, mean), true), x.dtype());
  } else {
    mean = cast(div(sum(cast(x, acc), s.dims), Scalar(n)), x.dtype());
    Tensor centered = sub(x, view(mean, s.channel));
    var_sum = cast(sum(cast(mul(centered, centered), acc), s.dims), x.dtype());
  }
  Tensor var = div(var_sum, Scalar(n));
  Tensor invstd = cast(reciprocal(sqrt(add(cast(var, DType::Float64), Scalar(eps)))), x.dtype());
  if (eps == 0.0)
    invstd = where(eq(var, Scalar(0.0)), zeros_like(invstd), invstd);  // ATen's InvStd
  const float m = static_cast<float>(momentum);
  const float keep = 1.0f - m;
  if (running_mean.defined()) {
    copy_(running_mean, add(mul(mean, Scalar(static_cast<double>(m))),
                            mul(running_mean, Scalar(static_cast<double>(keep)))));
  }
  if (running_var.defined()) {
    // unbiased_var (float) promoted to double for momentum * unbiased_var, plus the float
    // (1 - momentum) * running_var, then stored as float.
    Tensor unbiased = cast(div(var_sum, Scalar(n - 1)), DType::Float64);
    Tensor kept = cast(mul(running_var, Scalar(static_cast<double>(keep))), DType::Float64);
    copy_(running_var, add(mul(unbiased, Scalar(static_cast<double>(m))), kept));
  }
  return {mean, invstd};
}

Tensor normalize(const Tensor& x, const Tensor& weight, const Tensor& bias, const Stats& st,
                 const BnShape& s) {
  Tensor alpha = weight.defined() ? mul(st.invstd, weight) : st.invstd;
  // bias - mean * alpha, fused as well (one rounding): in double, then to x's dtype.
  Tensor mean_alpha = mul(cast(st.mean, DType::Float64), cast(alpha, DType::Float64));
  Tensor beta = cast(bias.defined() ? sub(cast(bias, DType::Float64), mean_alpha) : neg(mean_alpha),
                     x.dtype());
  return scale_shift(x, alpha, beta, s);
}

// ATen's batch_norm_cpu_backward: dL/dx = (dy - mean(dy) - (x - mean) * k) * invstd * w with
// k = sum(dy * (x - mean)) * invstd^2 / N when training; dy * invstd * w otherwise.
std::shared_ptr<Node> batch_norm_node(const Tensor& input, const Tensor& weight, const Stats& st,
                                      bool training, double eps) {
  TensorList saved{input, weight.defined() ? weight : Tensor(), st.mean, st.invstd};
  return autograd::make_node("NativeBatchNormBackward0", saved, [training, eps](G grads, G s, N node) {
    const Tensor& g = grads[0];
    const Tensor& x = s[0];
    const Tensor& w = s[1];
    BnShape bs = bn_shape(x);
    Tensor mean = view(s[2], bs.channel), invstd = s[3];
    if (training && autograd::grad_enabled()) {
      // create_graph: the batch statistics again, as recorded functions of x, so that the
      // gradient's own gradient also follows how mean and invstd move with x.
      mean = tp::mean(x, bs.dims, /*keepdim=*/true);
      Tensor centered = sub(x, mean);
      invstd = rsqrt(add(tp::mean(mul(centered, centered), bs.dims), Scalar(eps)));
    }
    Tensor sum_dy = sum(g, bs.dims);
    Tensor centered = sub(x, mean);
    Tensor gi, gw, gb;
    // Under create_graph both show ATen's one backward kernel, which takes input and weight.
    const char* kernel = "NativeBatchNormBackwardBackward0";
    if (node.needs(0) || node.needs(1)) {
      Tensor dotp = sum(mul(centered, g), bs.dims);
      if (node.needs(1)) gw = autograd::shown_as(kernel, [&] { return mul(dotp, invstd); }, {x, w});
      if (node.needs(0)) {
        gi = autograd::shown_as(kernel, [&] {
          if (training) {
            const double n = static_cast<double>(bs.count);
            Tensor k = div(mul(mul(dotp, invstd), invstd), Scalar(n));
            Tensor grad_mean = div(sum_dy, Scalar(n));
            Tensor dx = sub(sub(g, view(grad_mean, bs.channel)), mul(centered, view(k, bs.channel)));
            return mul(mul(dx, view(invstd, bs.channel)), view(w.defined() ? w : ones_like(invstd), bs.channel));
          }
          Tensor scaled = mul(g, view(invstd, bs.channel));  // dy * invstd * w, left to right
          return w.defined() ? mul(scaled, view(w, bs.channel)) : scaled;
        }, {x, w});
      }
    }
    if (node.needs(2)) gb = sum_dy;
    return TensorList{gi, gw, gb};
  });
}

}  // namespace

Tensor batch_norm(const Tensor& input, const Tensor& weight, const Tensor& bias,
                  const Tensor& running_mean, const Tensor& running_var, bool training,
                  double momentum, double eps) {
  const int64_t features = input.size(1);
  if (input.numel() == 0) {
    // ATen keeps the gradient chain with a clone, scaled by the first weight and shifted.
    Tensor out = clone(input);
    if (weight.defined()) out = mul(out, select(weight, 0, 0));
    if (bias.defined()) out = add(out, select(bias, 0, 0));
    return out;
  }
  if (running_mean.defined()) {
    check_features("running_mean", running_mean, features);
  } else {
    TP_CHECK(training, RuntimeError, "running_mean must be defined in evaluation mode");
  }
  if (running_var.defined()) {
    check_features("running_var", running_var, features);
  } else {
    TP_CHECK(training, RuntimeError, "running_var must be defined in evaluation mode");
  }
  if (weight.defined()) check_features("weight", weight, features);
  if (bias.defined()) check_features("bias", bias, features);
  check_same_device_args("_native_batch_norm", {{"input", &input},
                                                {"weight", &weight},
                                                {"bias", &bias},
                                                {"running_mean", &running_mean},
                                                {"running_var", &running_var}});
  TP_CHECK(is_floating(input.dtype()), NotImplementedError, "\"batch_norm\" not implemented for '",
           dtype_legacy_name(input.dtype()), "'");
  for (const Tensor* t : {&weight, &bias, &running_mean, &running_var}) {
    TP_CHECK(!t->defined() || t->dtype() == input.dtype(), RuntimeError,
             "mixed dtype (CPU): all inputs must share same datatype.");
  }
  BnShape s = bn_shape(input);
  Stats st;
  auto compute = [&] {
    if (training) {
      autograd::NoGradGuard no_grad;  // the running buffers are updated outside the graph
      st = batch_stats(input, running_mean, running_var, momentum, eps, s);
    } else {
      autograd::NoGradGuard no_grad;
      st.mean = running_mean;
      st.invstd =
          reciprocal(sqrt(add(running_var, Scalar(static_cast<double>(static_cast<float>(eps))))));
    }
    return normalize(input, weight, bias, st, s);
  };
  return autograd::record_op({input, weight, bias}, compute, [&](const Tensor&) {
    if (!training) {
      // ATen's backward recomputes the eval invstd in double: 1 / sqrt(running_var + eps).
      st.invstd = cast(reciprocal(sqrt(add(cast(running_var, DType::Float64), Scalar(eps)))),
                       input.dtype());
    }
    return batch_norm_node(input, weight, st, training, eps);
  });
}

}  // namespace tp::nn::functional
