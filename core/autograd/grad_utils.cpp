// Broadcast reduction for gradients.
#include "core/autograd/grad_utils.h"

#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::autograd {

bool is_expandable_to(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1 && from[i] != to[lead + i]) return false;
  return true;
}

Tensor sum_to(const Tensor& g, const Shape& to) {
  const Shape& from = g.sizes();
  if (from == to) return g;
  size_t lead = from.size() - to.size();
  DimList lead_dims, kept_dims;
  for (size_t i = 0; i < lead; ++i) lead_dims.push_back(static_cast<int64_t>(i));
  for (size_t i = 0; i < to.size(); ++i)
    if (to[i] == 1 && from[lead + i] != 1) kept_dims.push_back(static_cast<int64_t>(lead + i));
  Tensor r = g;
  if (!kept_dims.empty()) r = sum(r, kept_dims, /*keepdim=*/true);
  if (!lead_dims.empty()) r = sum(r, lead_dims, /*keepdim=*/false);
  return r.sizes() == to ? r : reshape(r, to);
}

}  // namespace tp::autograd
