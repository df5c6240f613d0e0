// GradScaler, step for step as torch/amp/grad_scaler.py; _amp_foreach_non_finite_check_and_unscale_
// and _amp_update_scale_ are written with ordinary ops so they run on the tensors' device.
#include "core/amp/grad_scaler.h"

#include <cmath>

#include "core/autograd/autograd.h"
#include "core/cuda_api.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"

namespace tp::amp {

GradScaler::GradScaler(const GradScalerOptions& options) : options_(options), enabled_(options.enabled) {
  if (options_.device == "cuda" && enabled_ && !cuda::is_available()) {
    warning_ = "torch.cuda.amp.GradScaler is enabled, but CUDA is not available.  Disabling.";
    enabled_ = false;
  }
  if (enabled_) {
    TP_CHECK(options_.growth_factor > 1.0, AssertionError, "The growth factor must be > 1.0.");
    TP_CHECK(options_.backoff_factor < 1.0, AssertionError, "The backoff factor must be < 1.0.");
  }
}

void GradScaler::check_scale(const char* funcname) const {
  TP_CHECK(scale_.defined(), AssertionError, "Attempted ", funcname,
           " but _scale is None.  This may indicate your script did not use scaler.scale(loss or "
           "outputs) earlier in the iteration.");
}

Tensor GradScaler::scale(const Tensor& outputs) {
  if (!enabled_) return outputs;
  if (!scale_.defined()) {
    scale_ = full({}, Scalar(options_.init_scale), DType::Float32, outputs.device());
    growth_tracker_ = full({}, Scalar(int64_t{0}), DType::Int32, outputs.device());
  }
  return mul(outputs, to(scale_, outputs.device(), std::nullopt));
}

void GradScaler::unscale_(optim::Optimizer& optimizer) {
  if (!enabled_) return;
  check_scale("unscale_");
  PerOptimizer& st = per_optimizer_[&optimizer];
  TP_CHECK(st.stage != Stage::Unscaled, RuntimeError,
           "unscale_() has already been called on this optimizer since the last update().");
  TP_CHECK(st.stage != Stage::Stepped, RuntimeError, "unscale_() is being called after step().");
  autograd::NoGradGuard no_grad;
  // The reciprocal in float64, as PyTorch does, then back to float32.
  Tensor inv_scale = cast(reciprocal(cast(scale_, DType::Float64)), DType::Float32);
  for (const optim::ParamGroup& group : optimizer.param_groups()) {
    for (const Tensor& p : group.params) {
      Tensor grad = autograd::grad(p);
      if (!grad.defined()) continue;
      TP_CHECK(grad.dtype() != DType::Float16, ValueError, "Attempting to unscale FP16 gradients.");
      std::string dev = grad.device().str();
      Tensor& found = st.found_inf_per_device[dev];
      if (!found.defined()) found = zeros({}, TensorOptions(DType::Float32, grad.device()));
      // found_inf = 1 when any element is inf or NaN; the gradient is scaled either way.
      Tensor bad = cast(logical_not(all(isfinite(grad))), DType::Float32);
      copy_(found, maximum(found, bad));
      mul_(grad, to(inv_scale, grad.device(), std::nullopt));
    }
  }
  st.stage = Stage::Unscaled;
}

void GradScaler::step(optim::Optimizer& optimizer) {
  if (!enabled_) {
    optimizer.step();
    return;
  }
  check_scale("step");
  PerOptimizer& st = per_optimizer_[&optimizer];
  TP_CHECK(st.stage != Stage::Stepped, RuntimeError,
           "step() has already been called since the last update().");
  if (st.stage == Stage::Ready) unscale_(optimizer);
  TP_CHECK(!st.found_inf_per_device.empty(), AssertionError,
           "No inf checks were recorded for this optimizer.");
  double found = 0;
  for (const auto& [dev, f] : st.found_inf_per_device) found += item(f).to_double();
  if (found == 0) optimizer.step();
  st.stage = Stage::Stepped;
}

void GradScaler::update() {
  if (!enabled_) return;
  check_scale("update");
  double found = 0;
  int count = 0;
  for (const auto& [opt, st] : per_optimizer_) {
    for (const auto& [dev, f] : st.found_inf_per_device) {
      found += item(f).to_double();
      ++count;
    }
  }
  TP_CHECK(count > 0, AssertionError, "No inf checks were recorded prior to update.");
  // _amp_update_scale_: the scalars are read on the host and written back in place.
  autograd::NoGradGuard no_grad;
  double scale = item(scale_).to_double();
  int64_t tracker = item(growth_tracker_).to_int();
  if (found != 0) {
    scale *= options_.backoff_factor;
    tracker = 0;
  } else if (tracker + 1 == options_.growth_interval) {
    // float32 arithmetic, as the kernel; a growth that overflows to inf is skipped.
    float grown = static_cast<float>(scale) * static_cast<float>(options_.growth_factor);
    if (std::isfinite(grown)) scale = grown;
    tracker = 0;
  } else {
    tracker += 1;
  }
  fill_(scale_, Scalar(static_cast<double>(static_cast<float>(scale))));
  fill_(growth_tracker_, Scalar(tracker));
  per_optimizer_.clear();
}

double GradScaler::get_scale() const {
  if (!enabled_) return 1.0;
  return scale_.defined() ? item(scale_).to_double() : options_.init_scale;
}

int64_t GradScaler::growth_tracker() const {
  return growth_tracker_.defined() ? item(growth_tracker_).to_int() : 0;
}

}  // namespace tp::amp
