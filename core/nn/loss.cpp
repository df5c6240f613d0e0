// The losses, composed from core ops the way ATen does (aten/src/ATen/native/Loss.cpp,
// LossNLL.cpp, torch/nn/functional.py), with PyTorch's checks in PyTorch's order.
// nll_loss, mse_loss and the two BCEs have their own backward nodes (formulas from
// tools/autograd/derivatives.yaml); l1_loss and cross_entropy are composites.
#include "core/nn/loss.h"

#include <sstream>

#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_check.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn {

Reduction parse_reduction(const std::string& name) {
  if (name == "mean") return Reduction::Mean;
  if (name == "sum") return Reduction::Sum;
  if (name == "none") return Reduction::None;
  fail(ErrorKind::ValueError, name, " is not a valid value for reduction");
}

namespace functional {

namespace {

// c10's printing of sizes: "[3, 5]".
std::string sizes_str(const Shape& s) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < s.size(); ++i) os << (i ? ", " : "") << s[i];
  os << "]";
  return os.str();
}

std::string torch_size(const Shape& s) { return "torch.Size(" + sizes_str(s) + ")"; }

Tensor reduce(const Tensor& loss, Reduction r) {
  switch (r) {
    case Reduction::None: return loss;
    case Reduction::Mean: return mean(loss);
    case Reduction::Sum: return sum(loss);
  }
  return loss;
}

// The gradient of a reduced loss, broadcast back to the unreduced loss's shape.
Tensor expand_grad(const Tensor& g, Reduction r, int64_t numel) {
  return r == Reduction::Mean ? div(g, Scalar(static_cast<double>(numel))) : g;
}

// t / n as ATen's div.Scalar, whose grad_fn is DivBackward1 (a Python `t / n` would record
// DivBackward0, as tensorplay's div(Tensor, Scalar) does).
Tensor div_by_count(const Tensor& t, int64_t n) {
  const double count = static_cast<double>(n);
  return autograd::record_op(
      {t}, [&] { return div(t, Scalar(count)); },
      [&](const Tensor&) {
        return autograd::make_node("DivBackward1", {},
                                   [count](const TensorList& grads, const TensorList&, const Node&) {
                                     return TensorList{div(grads[0], Scalar(count))};
                                   });
      });
}

// For 2-D log-probabilities x (N,C) and targets t (N,): the weight each (i, c) contributes,
// w[t_i] where c == t_i and t_i is not ignored, else 0. Shape (N,C), x's dtype.
Tensor target_weights(const Tensor& x, const Tensor& t, const Tensor& weight, int64_t ignore_index) {
  int64_t C = x.sizes()[1];
  Tensor classes = arange(Scalar(C), DType::Int64, x.device());
  Tensor t64 = cast(t, DType::Int64);
  Tensor hit = logical_and(eq(unsqueeze(t64, 1), classes), unsqueeze(ne(t64, Scalar(ignore_index)), 1));
  Tensor w = weight.defined() ? cast(weight, x.dtype()) : ones({C}, TensorOptions(x.dtype(), x.device()));
  return where(hit, w, Scalar(0.0));
}

// Raises "Target 5 is out of bounds." for the first bad class index (read on the host).
void check_targets(const Tensor& t, int64_t n_classes, int64_t ignore_index) {
  Tensor host = contiguous(to(cast(t, DType::Int64), Device::cpu(), std::nullopt));
  const int64_t* p = host.data<int64_t>();
  for (int64_t i = 0; i < host.numel(); ++i) {
    if (p[i] == ignore_index) continue;
    TP_CHECK(p[i] >= 0 && p[i] < n_classes, IndexError, "Target ", p[i], " is out of bounds.");
  }
}

// nll_loss_forward for 1-D/2-D inputs (the ATen op behind F.nll_loss).
// `node_name` is NllLoss2DBackward0 when inputs with spatial dims were flattened to 2-D.
Tensor nll_loss_forward(const Tensor& input, const Tensor& target, const Tensor& weight,
                        int64_t ignore_index, Reduction reduction,
                        const char* node_name = "NllLossBackward0") {
  check_same_device_args("nll_loss_forward",
                         {{"self", &input}, {"target", &target}, {"weight", &weight}});
  TP_CHECK(input.dim() > 0 && input.dim() <= 2, RuntimeError, "input tensor should be 1D or 2D");
  TP_CHECK(target.dim() <= 1, RuntimeError,
           "0D or 1D target tensor expected, multi-target not supported");
  bool no_batch_dim = input.dim() == 1 && target.dim() == 0;
  TP_CHECK(no_batch_dim || (target.dim() == 1 && input.sizes()[0] == target.sizes()[0]),
           RuntimeError, "size mismatch (got input: ", sizes_str(input.sizes()),
           ", target: ", sizes_str(target.sizes()), ")");
  TP_CHECK(!(input.dim() == 1 && target.dim() == 1), RuntimeError,
           "Expected target to be 0D when input is 1D, but got target.dim =", target.dim());
  int64_t n_classes = input.sizes().back();
  TP_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == n_classes), RuntimeError,
           "weight tensor should be defined either for all ", n_classes,
           " classes or no classes but got weight tensor of shape: ", sizes_str(weight.sizes()));
  TP_CHECK(target.dtype() == DType::Int64 || target.dtype() == DType::UInt8, RuntimeError,
           "expected target dtype to be Long or Byte, but got ", dtype_legacy_name(target.dtype()));
  TP_CHECK(is_floating(input.dtype()), NotImplementedError,
           "\"nll_loss_out_frame\" not implemented for '", dtype_legacy_name(input.dtype()), "'");
  check_targets(target, n_classes, ignore_index);

  const bool per_sample = reduction == Reduction::None && input.dim() == 2;
  Tensor x = input.dim() == 1 ? unsqueeze(input, 0) : input;  // (N,C)
  Tensor t = target.dim() == 0 ? unsqueeze(target, 0) : target;
  Tensor total_weight;  // saved for the backward pass
  return autograd::record_op(
      {input},
      [&] {
        // Each row's log-probability of its target class, times the class weight; ignored
        // targets read class 0 and count 0.
        Tensor t64 = cast(t, DType::Int64);
        Tensor counted = ne(t64, Scalar(ignore_index));
        Tensor cls = where(counted, t64, Scalar(0));
        Tensor picked = index(x, {arange(Scalar(x.sizes()[0]), DType::Int64, x.device()), cls});
        Tensor per;
        if (weight.defined()) {
          Tensor w = index(cast(weight, x.dtype()), {cls});
          per = where(counted, mul(neg(picked), w), Scalar(0.0));
          // Summed over the (N,C) weights as ATen's reference did, for the same rounding.
          total_weight = sum(target_weights(x, t, weight, ignore_index));
        } else {
          per = where(counted, neg(picked), Scalar(0.0));
          total_weight = sum(cast(counted, x.dtype()));
        }
        if (per_sample) return per;
        if (reduction == Reduction::None) return reshape(per, {});
        Tensor total = sum(per);
        return reduction == Reduction::Mean ? div(total, total_weight) : total;
      },
      [&](const Tensor&) {
        Shape in_shape = input.sizes();
        return autograd::make_node(
            node_name, {x, t, total_weight},
            [reduction, in_shape, target, weight, ignore_index, node_name](
                const TensorList& grads, const TensorList& saved, const Node&) -> TensorList {
              // As ATen's nll_loss_backward: zeros, and -w[t_i] * grad at each row's target
              // (grad divided by the total weight for a mean). Linear in grad and flat in x:
              // under create_graph its gradient is nll_loss of the incoming gradient.
              const Tensor& g = grads[0];
              const Tensor& x = saved[0];
              auto compute = [&] {
                Tensor scale = reduction == Reduction::Mean ? div(g, saved[2]) : g;
                Tensor t64 = cast(saved[1], DType::Int64);
                Tensor counted = ne(t64, Scalar(ignore_index));
                Tensor cls = where(counted, t64, Scalar(0));
                Tensor w = weight.defined() ? index(cast(weight, x.dtype()), {cls})
                                            : ones({x.sizes()[0]}, TensorOptions(x.dtype(), x.device()));
                Tensor values = where(counted, mul(w, neg(scale)), Scalar(0.0));
                Tensor grad = zeros(x.sizes(), TensorOptions(x.dtype(), x.device()));
                index_put_(grad, {arange(Scalar(x.sizes()[0]), DType::Int64, x.device()), cls}, values);
                return reshape(grad, in_shape);
              };
              auto adjoint = [in_shape, target, weight, ignore_index, reduction, node_name](const Tensor& gg) {
                return nll_loss_forward(reshape(gg, in_shape), target, weight, ignore_index, reduction, node_name);
              };
              const std::string name = node_name;  // NllLossBackward0 -> NllLossBackwardBackward0
              const std::string double_name = name.substr(0, name.size() - 1) + "Backward0";
              return {autograd::linear_in_grad(double_name, g, compute, adjoint, {x})};
            });
      });
}

}  // namespace

Tensor nll_loss(const Tensor& input, const Tensor& target, const Tensor& weight,
                int64_t ignore_index, Reduction reduction) {
  if (amp::should_cast("nll_loss", {&input, &weight}))
    return nll_loss(amp::autocast_arg("nll_loss", input), target,
                    amp::autocast_arg("nll_loss", weight), ignore_index, reduction);
  // nll_loss_nd's checks (ValueErrors in Python).
  TP_CHECK(input.dim() >= 1, ValueError, "Expected 1 or more dimensions (got ", input.dim(), ")");
  if (input.dim() != 1 && target.dim() >= 1 && input.sizes()[0] != target.sizes()[0])
    fail(ErrorKind::ValueError, "Expected input batch_size (", input.sizes()[0],
         ") to match target batch_size (", target.sizes()[0], ").");
  if (input.dim() == 1 && target.dim() == 1) {
    TP_CHECK(target.sizes()[0] == 1, ValueError,
             "For 1D input, 1D target must have size 1, but got target size: ", target.sizes()[0]);
    return nll_loss_forward(input, reshape(target, {}), weight, ignore_index, reduction);
  }
  if (input.dim() <= 2) return nll_loss_forward(input, target, weight, ignore_index, reduction);
  // (N,C,d1,...): classes moved last and flattened to (N*d1*..., C).
  Shape out_size = {input.sizes()[0]};
  for (size_t i = 2; i < input.sizes().size(); ++i) out_size.push_back(input.sizes()[i]);
  Shape target_rest(target.sizes().begin() + (target.dim() > 0 ? 1 : 0), target.sizes().end());
  Shape input_rest(input.sizes().begin() + 2, input.sizes().end());
  TP_CHECK(target_rest == input_rest, RuntimeError, "Expected target size ", sizes_str(out_size),
           ", got ", sizes_str(target.sizes()));
  int64_t C = input.sizes()[1];
  Tensor x = reshape(movedim(input, {1}, {input.dim() - 1}), {-1, C});
  Tensor loss = nll_loss_forward(x, reshape(target, {-1}), weight, ignore_index, reduction,
                                 "NllLoss2DBackward0");
  return reduction == Reduction::None ? view(loss, out_size) : loss;
}

Tensor cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight,
                     int64_t ignore_index, Reduction reduction, double label_smoothing) {
  if (amp::should_cast("cross_entropy_loss", {&input, &weight}))
    return cross_entropy(amp::autocast_arg("cross_entropy_loss", input), target,
                         amp::autocast_arg("cross_entropy_loss", weight), ignore_index, reduction,
                         label_smoothing);
  const int64_t class_dim = input.dim() == 1 ? 0 : 1;
  if (input.sizes() == target.sizes()) {
    // Class probabilities (cross_entropy_loss_prob_target).
    TP_CHECK(is_floating(target.dtype()), RuntimeError,
             "Expected floating point type for target with class probabilities, got ",
             dtype_legacy_name(target.dtype()));
    TP_CHECK(ignore_index < 0, RuntimeError, "ignore_index is not supported for floating point target");
    int64_t C = input.sizes()[class_dim];
    TP_CHECK(!weight.defined() || (weight.dim() == 1 && weight.numel() == C), RuntimeError,
             "cross_entropy: weight tensor should be defined either for all ", C,
             " classes or no classes but got weight tensor of shape: ", sizes_str(weight.sizes()));
    Tensor lsm = log_softmax(input, class_dim);
    Tensor t = target;
    if (label_smoothing > 0.0) {
      TP_CHECK(label_smoothing <= 1.0, RuntimeError,
               "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
      t = add(mul(target, Scalar(1 - label_smoothing)), Scalar(label_smoothing / C));
    }
    Tensor prod_t = mul(lsm, t);
    if (weight.defined()) {
      Shape wshape(input.dim(), 1);
      wshape[class_dim] = C;
      prod_t = mul(prod_t, view(weight, wshape));
    }
    switch (reduction) {
      case Reduction::Mean:
        return div_by_count(neg(sum(prod_t)), input.numel() / C);
      case Reduction::Sum: return neg(sum(prod_t));
      case Reduction::None: return neg(sum(prod_t, {class_dim}));
    }
  }
  if (label_smoothing > 0.0) {
    TP_CHECK(label_smoothing <= 1.0, RuntimeError,
             "label_smoothing must be between 0.0 and 1.0. Got: ", label_smoothing);
    Tensor lsm = log_softmax(input, class_dim);
    Tensor nll = nll_loss(lsm, target, weight, ignore_index, reduction);
    int64_t C = lsm.sizes()[class_dim];
    Tensor smooth;
    if (weight.defined()) {
      Shape wshape(lsm.dim(), 1);
      wshape[class_dim] = C;
      smooth = neg(sum(mul(lsm, view(weight, wshape)), {class_dim}));
    } else {
      smooth = neg(sum(lsm, {class_dim}));
    }
    Tensor ignore_mask = eq(target, Scalar(ignore_index));
    smooth = where(ignore_mask, Scalar(0.0), smooth);
    Tensor ret;
    switch (reduction) {
      case Reduction::Mean:
        if (weight.defined()) {
          Tensor x2 = class_dim == 0 ? unsqueeze(lsm, 0) : reshape(movedim(lsm, {1}, {lsm.dim() - 1}), {-1, C});
          Tensor weight_sum = sum(target_weights(x2, reshape(target, {-1}), weight, ignore_index));
          ret = div(sum(smooth), weight_sum);
        } else {
          ret = div(sum(smooth), sum(logical_not(ignore_mask)));
        }
        break;
      case Reduction::Sum: ret = sum(smooth); break;
      case Reduction::None: ret = smooth; break;
    }
    return add(mul(nll, Scalar(1 - label_smoothing)), mul(ret, Scalar(label_smoothing / C)));
  }
  return nll_loss(log_softmax(input, class_dim), target, weight, ignore_index, reduction);
}

Tensor mse_loss(const Tensor& input, const Tensor& target, Reduction reduction) {
  if (amp::should_cast("mse_loss", {&input, &target}))
    return mse_loss(amp::autocast_arg("mse_loss", input), amp::autocast_arg("mse_loss", target),
                    reduction);
  return autograd::record_op(
      {input, target},
      [&] {
        Tensor d = sub(input, target);
        return reduce(mul(d, d), reduction);
      },
      [&](const Tensor&) {
        return autograd::make_node(
            "MseLossBackward0", {input, target},
            [reduction](const TensorList& grads, const TensorList& saved, const Node& node) -> TensorList {
              Tensor d = sub(saved[0], saved[1]);
              Tensor g = autograd::shown_as("MseLossBackwardBackward0", [&] {
                return mul(mul(d, Scalar(2.0)), expand_grad(grads[0], reduction, d.numel()));
              });
              Tensor gi = node.needs(0) ? autograd::sum_to(g, saved[0].sizes()) : Tensor();
              Tensor gt = node.needs(1) ? autograd::sum_to(neg(g), saved[1].sizes()) : Tensor();
              return {gi, gt};
            });
      });
}

namespace {

// The piecewise losses of ATen's PointwiseOpsKernel: z = |input - target|, quadratic below
// `edge`, linear above. `smooth` picks smooth_l1's scaling (divide by beta) over huber's
// (multiply the linear part by delta); each term is computed in ATen's order.
Tensor piecewise_loss(const char* name, const char* node_name, const Tensor& input, const Tensor& target,
                      Reduction reduction, double edge, bool smooth) {
  if (amp::should_cast(name, {&input, &target}))
    return piecewise_loss(name, node_name, amp::autocast_arg(name, input), amp::autocast_arg(name, target),
                          reduction, edge, smooth);
  return autograd::record_op(
      {input, target},
      [&] {
        Tensor z = abs(sub(input, target));
        Tensor quadratic = smooth ? div(mul(mul(z, Scalar(0.5)), z), Scalar(edge)) : mul(mul(z, Scalar(0.5)), z);
        Tensor linear = smooth ? sub(z, Scalar(0.5 * edge)) : mul(sub(z, Scalar(0.5 * edge)), Scalar(edge));
        return reduce(where(lt(z, Scalar(edge)), quadratic, linear), reduction);
      },
      [&](const Tensor&) {
        return autograd::make_node(
            node_name, {input, target},
            [reduction, edge, smooth](const TensorList& grads, const TensorList& saved, const Node& node) -> TensorList {
              // d/dx: x/beta (smooth) or x (huber) inside the edge, +-1 (smooth) or +-delta outside.
              Tensor x = sub(saved[0], saved[1]);
              Tensor norm = expand_grad(grads[0], reduction, x.numel());
              Tensor outside = smooth ? sign(x) : mul(sign(x), Scalar(edge));
              Tensor inside = smooth ? div(x, Scalar(edge)) : x;
              Tensor g = autograd::shown_as(smooth ? "SmoothL1LossBackwardBackward0" : "HuberLossBackwardBackward0",
                                            [&] { return mul(where(lt(abs(x), Scalar(edge)), inside, outside), norm); });
              Tensor gi = node.needs(0) ? autograd::sum_to(g, saved[0].sizes()) : Tensor();
              Tensor gt = node.needs(1) ? autograd::sum_to(neg(g), saved[1].sizes()) : Tensor();
              return {gi, gt};
            });
      });
}

}  // namespace

Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, Reduction reduction, double beta) {
  TP_CHECK(beta >= 0, RuntimeError, "smooth_l1_loss does not support negative values for beta.");
  if (beta == 0) return l1_loss(input, target, reduction);
  return piecewise_loss("smooth_l1_loss", "SmoothL1LossBackward0", input, target, reduction, beta, true);
}

Tensor huber_loss(const Tensor& input, const Tensor& target, Reduction reduction, double delta) {
  TP_CHECK(delta > 0, RuntimeError, "huber_loss does not support non-positive values for delta.");
  return piecewise_loss("huber_loss", "HuberLossBackward0", input, target, reduction, delta, false);
}

Tensor l1_loss(const Tensor& input, const Tensor& target, Reduction reduction) {
  if (amp::should_cast("l1_loss", {&input, &target}))
    return l1_loss(amp::autocast_arg("l1_loss", input), amp::autocast_arg("l1_loss", target),
                   reduction);
  return reduce(abs(sub(input, target)), reduction);
}

Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight_in,
                            Reduction reduction) {
  if (target.sizes() != input.sizes())
    fail(ErrorKind::ValueError, "Using a target size (", torch_size(target.sizes()),
         ") that is different to the input size (", torch_size(input.sizes()),
         ") is deprecated. Please ensure they have the same size.");
  Tensor weight = weight_in.defined() ? expand(weight_in, input.sizes()) : weight_in;
  if (amp::should_cast("binary_cross_entropy", {&input, &target, &weight}))
    return binary_cross_entropy(amp::autocast_arg("binary_cross_entropy", input),
                                amp::autocast_arg("binary_cross_entropy", target),
                                amp::autocast_arg("binary_cross_entropy", weight), reduction);
  check_same_device_elementwise({&input, &target, &weight});
  TP_CHECK(target.dtype() == input.dtype(), RuntimeError, "Found dtype ",
           dtype_legacy_name(target.dtype()), " but expected ", dtype_legacy_name(input.dtype()));
  {
    autograd::NoGradGuard no_grad;
    Tensor outside = logical_not(logical_and(ge(input, Scalar(0)), le(input, Scalar(1))));
    TP_CHECK(!item(any(outside)).to_bool(), RuntimeError,
             "all elements of input should be between 0 and 1");
  }
  return autograd::record_op(
      {input, target},
      [&] {
        // (t - 1) * max(log(1 - x), -100) - t * max(log(x), -100), as ATen's kernel.
        Tensor loss = sub(mul(sub(target, Scalar(1)), clamp_min(log1p(neg(input)), Scalar(-100))),
                          mul(target, clamp_min(log(input), Scalar(-100))));
        if (weight.defined()) loss = mul(loss, weight);
        return reduce(loss, reduction);
      },
      [&](const Tensor&) {
        return autograd::make_node(
            "BinaryCrossEntropyBackward0", {input, target, weight},
            [reduction](const TensorList& grads, const TensorList& saved, const Node& node) -> TensorList {
              const Tensor& x = saved[0];
              const Tensor& t = saved[1];
              const Tensor& w = saved[2];
              Tensor g = expand_grad(grads[0], reduction, x.numel());
              Tensor gi, gt;
              if (node.needs(0)) {
                // grad * (x - t) / max((1 - x) * x, EPSILON)
                gi = autograd::shown_as("BinaryCrossEntropyBackwardBackward0", [&] {
                  Tensor denom = clamp_min(mul(sub(Scalar(1), x), x), Scalar(1e-12));
                  Tensor d = mul(div(sub(x, t), denom), g);
                  return w.defined() ? mul(d, w) : d;
                });
              }
              if (node.needs(1)) {
                // -logit(x) * grad
                gt = mul(sub(log1p(neg(x)), log(x)), g);
                if (w.defined()) gt = mul(gt, w);
              }
              return {gi, gt};
            });
      });
}

Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target,
                                        const Tensor& weight, const Tensor& pos_weight,
                                        Reduction reduction) {
  if (target.sizes() != input.sizes())
    fail(ErrorKind::ValueError, "Target size (", torch_size(target.sizes()),
         ") must be the same as input size (", torch_size(input.sizes()), ")");
  const char* op = "binary_cross_entropy_with_logits";
  if (amp::should_cast(op, {&input, &target, &weight, &pos_weight}))
    return binary_cross_entropy_with_logits(amp::autocast_arg(op, input), amp::autocast_arg(op, target),
                                            amp::autocast_arg(op, weight),
                                            amp::autocast_arg(op, pos_weight), reduction);
  auto log_sigmoid = [](const Tensor& x) {
    return sub(clamp_max(x, Scalar(0)), log1p(exp(neg(abs(x)))));
  };
  return autograd::record_op(
      {input, target},
      [&] {
        Tensor ls = log_sigmoid(input);
        if (pos_weight.defined()) ls = mul(ls, add(mul(sub(pos_weight, Scalar(1)), target), Scalar(1)));
        Tensor loss = sub(mul(sub(Scalar(1), target), input), ls);
        if (weight.defined()) loss = mul(loss, weight);
        return reduce(loss, reduction);
      },
      [&](const Tensor&) {
        return autograd::make_node(
            "BinaryCrossEntropyWithLogitsBackward0", {input, target, weight, pos_weight},
            [reduction, log_sigmoid](const TensorList& grads, const TensorList& saved,
                                     const Node& node) -> TensorList {
              const Tensor& x = saved[0];
              const Tensor& t = saved[1];
              const Tensor& w = saved[2];
              const Tensor& pw = saved[3];
              Tensor g = expand_grad(grads[0], reduction, x.numel());
              Tensor gi, gt;
              if (node.needs(0)) {
                if (pw.defined()) {
                  Tensor pt = mul(pw, t);
                  gi = sub(mul(sub(add(pt, Scalar(1)), t), sigmoid(x)), pt);
                } else {
                  gi = sub(sigmoid(x), t);
                }
                gi = mul(gi, g);
                if (w.defined()) gi = mul(gi, w);
                gi = autograd::sum_to(gi, x.sizes());
              }
              if (node.needs(1)) {
                gt = pw.defined() ? sub(log_sigmoid(neg(x)), mul(log_sigmoid(x), pw)) : neg(x);
                gt = mul(gt, g);
                if (w.defined()) gt = mul(gt, w);
                gt = autograd::sum_to(gt, t.sizes());
              }
              return {gi, gt};
            });
      });
}

std::string loss_size_warning(const Tensor& input, const Tensor& target) {
  if (target.sizes() == input.sizes()) return "";
  return "Using a target size (" + torch_size(target.sizes()) +
         ") that is different to the input size (" + torch_size(input.sizes()) +
         "). This will likely lead to incorrect results due to broadcasting. Please ensure they "
         "have the same size.";
}

}  // namespace functional

}  // namespace tp::nn
