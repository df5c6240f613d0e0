// GradScaler's two kernels, ATen's _amp_foreach_non_finite_check_and_unscale_ and
// _amp_update_scale_; torch/amp/grad_scaler.py keeps the scaler's state and calls them as
// PyTorch's GradScaler does.
#pragma once

#include <cstdint>
#include <vector>

#include "core/tensor.h"

namespace tp::amp {

// Each gradient multiplied by inv_scale in place; found_inf becomes 1 when any of them held
// inf or NaN.
void amp_foreach_non_finite_check_and_unscale_(const std::vector<Tensor>& grads, const Tensor& found_inf,
                                               const Tensor& inv_scale);

// The scale backs off after inf/NaN (found_inf nonzero) and grows after growth_interval clean
// steps in a row; growth_tracker counts those steps. Both updated in place.
void amp_update_scale_(const Tensor& scale, const Tensor& growth_tracker, const Tensor& found_inf,
                       double growth_factor, double backoff_factor, int64_t growth_interval);

}  // namespace tp::amp
