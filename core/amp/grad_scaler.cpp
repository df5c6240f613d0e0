#include "core/amp/grad_scaler.h"

#include <cmath>

#include "core/autograd/autograd.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"

namespace tp::amp {

void amp_foreach_non_finite_check_and_unscale_(const std::vector<Tensor>& grads, const Tensor& found_inf,
                                               const Tensor& inv_scale) {
  autograd::NoGradGuard no_grad;
  for (const Tensor& grad : grads) {
    Tensor bad = cast(logical_not(all(isfinite(grad))), DType::Float32);
    copy_(found_inf, maximum(found_inf, to(bad, found_inf.device(), std::nullopt)));
    mul_(grad, to(inv_scale, grad.device(), std::nullopt));
  }
}

// In float32, as the kernel computes it; a growth that overflows to inf is skipped.
void amp_update_scale_(const Tensor& scale, const Tensor& growth_tracker, const Tensor& found_inf,
                       double growth_factor, double backoff_factor, int64_t growth_interval) {
  autograd::NoGradGuard no_grad;
  double s = item(scale).to_double();
  int64_t tracker = item(growth_tracker).to_int();
  if (item(found_inf).to_double() != 0) {
    s *= backoff_factor;
    tracker = 0;
  } else if (tracker + 1 == growth_interval) {
    float grown = static_cast<float>(s) * static_cast<float>(growth_factor);
    if (std::isfinite(grown)) s = grown;
    tracker = 0;
  } else {
    tracker += 1;
  }
  fill_(scale, Scalar(static_cast<double>(static_cast<float>(s))));
  fill_(growth_tracker, Scalar(tracker));
}

}  // namespace tp::amp
