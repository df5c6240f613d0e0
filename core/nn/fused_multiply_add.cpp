// a * b + c rounded once (see the header), from core ops.
#include "core/nn/fused_multiply_add.h"

#include "core/ops/copy.h"
#include "core/ops/elementwise.h"

namespace tp::nn::functional {

Tensor fused_multiply_add(const Tensor& a, const Tensor& b, const Tensor& c) {
  if (a.dtype() != DType::Float32) return c.defined() ? add(mul(a, b), c) : mul(a, b);
  Tensor wide = mul(cast(a, DType::Float64), cast(b, DType::Float64));
  if (c.defined()) wide = add(wide, cast(c, DType::Float64));
  return cast(wide, DType::Float32);
}

}  // namespace tp::nn::functional
