// Tensor-bounded clamp as minimum(maximum(t, min), max) of the backends' elementwise ops
// (which propagate NaN as ATen's clamp kernel does), and its gradients.
#include "core/ops/clamp_bounds.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_check.h"
#include "core/ops/elementwise.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

Tensor clamped_values(const Tensor& t, const Tensor& min, const Tensor& max) {
  check_same_device_elementwise({&t, &min, &max});
  const DType dtype = result_type({&t, &min, &max});
  Tensor r = cast(t, dtype);
  if (min.defined()) r = maximum(r, cast(min, dtype));
  if (max.defined()) r = minimum(r, cast(max, dtype));
  return r;
}

// The gradients of t, min and max (undefined for a missing bound), each summed back to its
// operand's shape (the output broadcasts all three). As PyTorch 2.15 gives them: a tie
// between the input and the bound it meets shares the gradient in halves (maximum's and
// minimum's rule); min > max sends it all to max; NaN comparisons are false throughout.
std::shared_ptr<Node> clamp_node(const char* name, const Tensor& t, const Tensor& min, const Tensor& max) {
  const bool has_min = min.defined(), has_max = max.defined();
  TensorList saved{t};
  if (has_min) saved.push_back(min);
  if (has_max) saved.push_back(max);
  return autograd::make_node(name, saved, [has_min, has_max](const TensorList& g, const TensorList& s, const Node& node) {
    const Tensor& x = s[0];
    const Tensor& grad = g[0];
    Tensor lo = has_min ? s[1] : Tensor(), hi = has_max ? s[has_min ? 2 : 1] : Tensor();
    Tensor half = div(grad, Scalar(2.0));
    auto shaped = [](const Tensor& v, const Tensor& like) { return autograd::sum_to(v, like.sizes()); };
    TensorList grads(3);
    if (!has_min || !has_max) {  // one bound b: maximum(x, b) or minimum(x, b)
      const Tensor& b = has_min ? lo : hi;
      Tensor shared = where(eq(x, b), half, grad);
      Tensor x_loses = has_min ? lt(x, b) : gt(x, b), b_loses = has_min ? gt(x, b) : lt(x, b);
      if (node.needs(0)) grads[0] = shaped(where(x_loses, Scalar(0.0), shared), x);
      if (node.needs(has_min ? 1 : 2)) grads[has_min ? 1 : 2] = shaped(where(b_loses, Scalar(0.0), shared), b);
      return grads;
    }
    Tensor ordered = lt(lo, hi);
    Tensor half_lo = logical_and(eq(x, lo), ordered), half_hi = logical_and(eq(x, hi), ordered);
    Tensor zero = zeros_like(grad);
    if (node.needs(0)) {
      Tensor inside = logical_not(logical_or(lt(x, lo), gt(x, hi)));
      grads[0] = shaped(where(inside, where(logical_or(half_lo, half_hi), half, grad), zero), x);
    }
    Tensor lo_le_hi = le(lo, hi);
    if (node.needs(1)) grads[1] = shaped(where(logical_and(lt(x, lo), lo_le_hi), grad, where(half_lo, half, zero)), lo);
    if (node.needs(2)) {
      Tensor takes_all = logical_or(logical_and(gt(x, hi), lo_le_hi), lt(hi, lo));
      grads[2] = shaped(where(takes_all, grad, where(half_hi, half, zero)), hi);
    }
    return grads;
  });
}

Tensor recorded_clamp(const char* name, const Tensor& t, const Tensor& min, const Tensor& max) {
  TP_CHECK(min.defined() || max.defined(), RuntimeError, "torch.clamp: At least one of 'min' or 'max' must not be None");
  return autograd::record_op(
      {t, min, max}, [&] { return clamped_values(t, min, max); },
      [&](const Tensor& out) -> std::shared_ptr<Node> {
        if (!is_floating(out.dtype())) return nullptr;
        return clamp_node(name, t, min, max);
      });
}

const Tensor& recorded_clamp_(const char* name, const Tensor& self, const Tensor& min, const Tensor& max) {
  const bool recording = autograd::needs_grad({&self, &min, &max});
  autograd::check_inplace(self, recording);
  Tensor result = recorded_clamp(name, autograd::inplace_operand(self, recording), min, max);
  TP_CHECK(can_cast(result.dtype(), self.dtype()), RuntimeError, "result type ", dtype_legacy_name(result.dtype()),
           " can't be cast to the desired output type ", dtype_legacy_name(self.dtype()));
  return assign_inplace_result(self, result);
}

}  // namespace

Tensor clamp(const Tensor& t, const Tensor& min, const Tensor& max) { return recorded_clamp("ClampBackward0", t, min, max); }
Tensor clamp_min(const Tensor& t, const Tensor& min) { return recorded_clamp("ClampMinBackward1", t, min, Tensor()); }
Tensor clamp_max(const Tensor& t, const Tensor& max) { return recorded_clamp("ClampMaxBackward1", t, Tensor(), max); }

const Tensor& clamp_(const Tensor& self, const Tensor& min, const Tensor& max) {
  return recorded_clamp_("ClampBackward0", self, min, max);
}
const Tensor& clamp_min_(const Tensor& self, const Tensor& min) {
  return recorded_clamp_("ClampMinBackward1", self, min, Tensor());
}
const Tensor& clamp_max_(const Tensor& self, const Tensor& max) {
  return recorded_clamp_("ClampMaxBackward1", self, Tensor(), max);
}

}  // namespace tp
