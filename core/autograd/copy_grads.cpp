// Gradient formulas of copies and conversions: the gradient goes back to where the input
// was (its device and dtype), and a copy_ into a tensor hides that tensor's old value.
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"

namespace tp::autograd {

namespace {
using G = const TensorList&;
using N = const Node&;
}  // namespace

std::shared_ptr<Node> to_copy_node(const Tensor& self) {
  // Integer results carry no gradient (x.long() does not require grad).
  Device device = self.device();
  DType dtype = self.dtype();
  return make_node("ToCopyBackward0", {}, [device, dtype](G g, G, N) {
    // A real tensor cast to complex gets the real part of the gradient (_to_copy_backward).
    const Tensor& grad = is_complex(g[0].dtype()) && !is_complex(dtype) ? real(g[0]) : g[0];
    return TensorList{to(grad, device, dtype)};
  });
}

std::shared_ptr<Node> copy_node(const Tensor& src) {
  Device device = src.device();
  return make_node("CopyBackwards", {}, [device](G g, G, N n) {
    return TensorList{n.needs(0) ? zeros_like(g[0]) : Tensor(), n.needs(1) ? to(g[0], device, std::nullopt) : Tensor()};
  });
}

}  // namespace tp::autograd
