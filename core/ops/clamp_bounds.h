// clamp / clamp_min / clamp_max with tensor bounds (PyTorch's clamp.Tensor overloads): the
// bounds broadcast with the input and take part in type promotion; gradients flow to the
// input where it was not clamped and to a bound where it was chosen, ties shared in halves
// (ClampBackward0, ClampMinBackward1, ClampMaxBackward1).
#pragma once

#include "core/tensor.h"

namespace tp {

// Either bound may be undefined (not both); a NaN bound gives NaN, min > max gives max.
Tensor clamp(const Tensor& t, const Tensor& min, const Tensor& max);
Tensor clamp_min(const Tensor& t, const Tensor& min);
Tensor clamp_max(const Tensor& t, const Tensor& max);
// In place: the result must be castable to self's dtype, as PyTorch checks.
const Tensor& clamp_(const Tensor& self, const Tensor& min, const Tensor& max);
const Tensor& clamp_min_(const Tensor& self, const Tensor& min);
const Tensor& clamp_max_(const Tensor& self, const Tensor& max);

}  // namespace tp
