// lerp, addcmul and addcdiv composed from elementwise ops in ATen's order of operations and
// its compute dtype (float for half types), with the FMA its CPU kernels compile to, so the
// roundings are PyTorch's; each recorded as one node with ATen's derivative formulas.
#include "core/ops/blend.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/type_promotion.h"

namespace tp {
namespace {

using G = const TensorList&;
using N = const Node&;

// The dtype ATen's kernels compute a floating dtype in: float for half and bfloat16.
DType opmath(DType d) { return d == DType::Float64 ? d : DType::Float32; }

// x * y + z rounded once, as the FMA that ATen's CPU kernels compile to (its vector code calls
// fmadd and GCC contracts its scalar a * b + c), then cast to `out`. For float operands the
// product is exact in double and the double sum rounds to the FMA's float (barring
// double-rounding ties, vanishingly rare); double has no wider type here, so it stays unfused.
Tensor fused_multiply_add(const Tensor& x, const Tensor& y, const Tensor& z, DType out) {
  if (x.dtype() != DType::Float32) return cast(add(z, mul(x, y)), out);
  auto wide = [](const Tensor& t) { return cast(t, DType::Float64); };
  return cast(add(wide(z), mul(wide(x), wide(y))), out);
}

// ATen's lerp checks: one floating dtype for all three.
void check_lerp(const Tensor& self, const Tensor& end, const Tensor* weight, const char* kernel) {
  TP_CHECK(self.dtype() == end.dtype(), RuntimeError, "expected dtype ", dtype_cpp_name(self.dtype()),
           " for `end` but got dtype ", dtype_cpp_name(end.dtype()));
  TP_CHECK(!weight || self.dtype() == weight->dtype(), RuntimeError, "expected dtype ", dtype_cpp_name(self.dtype()),
           " for `weight` but got dtype ", dtype_cpp_name(weight->dtype()));
  TP_CHECK(is_floating(self.dtype()), NotImplementedError, "\"", kernel, "\" not implemented for '",
           dtype_legacy_name(self.dtype()), "'");
}

// ATen's lerp_vec: |w| < 0.5 ? input + w * (end - input) : end + (w - 1) * (end - input), the
// branch chosen per element, as one FMA.
Tensor lerp_values(const Tensor& self, const Tensor& end, const Tensor& w) {
  // The shapes broadcast in ATen's order (input, end, weight), for its error text.
  broadcast_shapes(broadcast_shapes(self.sizes(), end.sizes()), w.sizes());
  const DType op = opmath(self.dtype());
  Tensor s = cast(self, op), e = cast(end, op), ww = cast(w, op);
  Tensor small = lt(abs(ww), Scalar(0.5));
  Tensor coeff = where(small, ww, sub(ww, Scalar(1))), base = where(small, s, e);
  return fused_multiply_add(coeff, sub(e, s), base, self.dtype());
}

// The gradient of an input of shape `shape` (the result broadcast over it).
Tensor reduced(const Tensor& g, const Tensor& input) { return autograd::sum_to(g, input.sizes()); }

}  // namespace

Tensor lerp(const Tensor& self, const Tensor& end, Scalar weight) {
  // The weight is a value of the input's dtype, as ATen's kernel reads it.
  check_lerp(self, end, nullptr, "lerp_kernel_scalar");
  Tensor w = full({}, weight, opmath(self.dtype()), self.device());
  return autograd::record_op(
      {self, end}, [&] { return lerp_values(self, end, w); },
      [&](const Tensor&) {
        return autograd::make_node("LerpBackward0", {w, self, end}, [](G g, G s, N node) {
          Tensor gs, ge;
          if (node.needs(0)) gs = reduced(mul(g[0], sub(Scalar(1), s[0])), s[1]);
          if (node.needs(1)) ge = reduced(mul(g[0], s[0]), s[2]);
          return TensorList{gs, ge};
        });
      });
}

Tensor lerp(const Tensor& self, const Tensor& end, const Tensor& weight) {
  check_lerp(self, end, &weight, "lerp_kernel_tensor");
  return autograd::record_op(
      {self, end, weight}, [&] { return lerp_values(self, end, weight); },
      [&](const Tensor&) {
        return autograd::make_node("LerpBackward1", {self, end, weight}, [](G g, G s, N node) {
          Tensor gs, ge, gw;
          if (node.needs(0)) gs = reduced(mul(g[0], sub(Scalar(1), s[2])), s[0]);
          if (node.needs(1)) ge = reduced(mul(g[0], s[2]), s[1]);
          if (node.needs(2)) gw = reduced(mul(g[0], sub(s[1], s[0])), s[2]);
          return TensorList{gs, ge, gw};
        });
      });
}

Tensor addcmul(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value) {
  return autograd::record_op(
      {self, t1, t2},
      [&] {
        const DType out = result_type({&self, &t1, &t2});
        if (!is_floating(out)) return add(self, mul(mul(t1, value), t2));
        const DType op = opmath(out);
        return fused_multiply_add(mul(cast(t1, op), value), cast(t2, op), cast(self, op), out);
      },
      [&](const Tensor&) {
        return autograd::make_node("AddcmulBackward0", {self, t1, t2}, [value](G g, G s, N node) {
          Tensor gs, g1, g2;
          if (node.needs(0)) gs = reduced(g[0], s[0]);
          if (node.needs(1)) g1 = reduced(mul(mul(g[0], s[2]), value), s[1]);
          if (node.needs(2)) g2 = reduced(mul(mul(g[0], s[1]), value), s[2]);
          return TensorList{gs, g1, g2};
        });
      });
}

Tensor addcdiv(const Tensor& self, const Tensor& t1, const Tensor& t2, Scalar value) {
  TP_CHECK(is_floating(t1.dtype()) || is_floating(t2.dtype()), RuntimeError,
           "Integer division with addcdiv is no longer supported, and in a future  release addcdiv will "
           "perform a true division of tensor1 and tensor2. The historic addcdiv behavior can be "
           "implemented as (input + value * torch.trunc(tensor1 / tensor2)).to(input.dtype) for integer "
           "inputs and as (input + value * tensor1 / tensor2) for float inputs. The future addcdiv "
           "behavior is just the latter implementation: (input + value * tensor1 / tensor2), for all "
           "dtypes.");
  return autograd::record_op(
      {self, t1, t2},
      [&] {
        // Not fused: the division comes last.
        const DType out = result_type({&self, &t1, &t2});
        if (!is_floating(out)) return add(self, div(mul(t1, value), t2));
        const DType op = opmath(out);
        return cast(add(cast(self, op), div(mul(cast(t1, op), value), cast(t2, op))), out);
      },
      [&](const Tensor&) {
        return autograd::make_node("AddcdivBackward0", {self, t1, t2}, [value](G g, G s, N node) {
          Tensor gs, g1, g2;
          if (node.needs(0)) gs = reduced(g[0], s[0]);
          if (node.needs(1)) g1 = reduced(div(mul(g[0], value), s[2]), s[1]);
          if (node.needs(2)) g2 = reduced(div(mul(mul(neg(g[0]), value), s[1]), mul(s[2], s[2])), s[2]);
          return TensorList{gs, g1, g2};
        });
      });
}

}  // namespace tp
