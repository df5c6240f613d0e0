// Gradients of baddbmm, addbmm, addmv and addr: the input's is beta * g (summed back over
// broadcast dims), the operands' those of the product, scaled by alpha.
#include "core/autograd/addmm_family_grads.h"

#include "core/autograd/grad_utils.h"
#include "core/ops/combine.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/shape.h"

namespace tp::autograd {

using G = const TensorList&;
using N = const Node&;

namespace {

Tensor scaled(const Tensor& g, double factor) { return factor == 1.0 ? g : mul(g, Scalar(factor)); }

// beta * g reduced to the input's shape.
Tensor input_grad(const Tensor& g, const Shape& input_shape, double beta) {
  return sum_to(scaled(g, beta), input_shape);
}

}  // namespace

std::shared_ptr<Node> baddbmm_node(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta,
                                   Scalar alpha) {
  Shape shape = input.sizes();
  double b = beta.to_double(), a = alpha.to_double();
  return make_node("BaddbmmBackward0", {batch1, batch2}, [=](G g, G s, N n) {
    return TensorList{n.needs(0) ? input_grad(g[0], shape, b) : Tensor(),
                      n.needs(1) ? scaled(bmm(g[0], transpose(s[1], 1, 2)), a) : Tensor(),
                      n.needs(2) ? scaled(bmm(transpose(s[0], 1, 2), g[0]), a) : Tensor()};
  });
}

std::shared_ptr<Node> addbmm_node(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta,
                                  Scalar alpha) {
  Shape shape = input.sizes();
  double b = beta.to_double(), a = alpha.to_double();
  return make_node("AddbmmBackward0", {batch1, batch2}, [=](G g, G s, N n) {
    // Every batch's product received the same g.
    Tensor gb = expand(unsqueeze(g[0], 0), {s[0].size(0), g[0].size(0), g[0].size(1)});
    return TensorList{n.needs(0) ? input_grad(g[0], shape, b) : Tensor(),
                      n.needs(1) ? scaled(bmm(gb, transpose(s[1], 1, 2)), a) : Tensor(),
                      n.needs(2) ? scaled(bmm(transpose(s[0], 1, 2), gb), a) : Tensor()};
  });
}

std::shared_ptr<Node> addmv_node(const Tensor& input, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha) {
  Shape shape = input.sizes();
  double b = beta.to_double(), a = alpha.to_double();
  return make_node("AddmvBackward0", {mat, vec}, [=](G g, G s, N n) {
    return TensorList{n.needs(0) ? input_grad(g[0], shape, b) : Tensor(),
                      n.needs(1) ? scaled(outer(g[0], s[1]), a) : Tensor(),
                      n.needs(2) ? scaled(mv(t(s[0]), g[0]), a) : Tensor()};
  });
}

std::shared_ptr<Node> addr_node(const Tensor& input, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha) {
  Shape shape = input.sizes();
  double b = beta.to_double(), a = alpha.to_double();
  return make_node("AddrBackward0", {vec1, vec2}, [=](G g, G s, N n) {
    return TensorList{n.needs(0) ? input_grad(g[0], shape, b) : Tensor(),
                      n.needs(1) ? scaled(mv(g[0], s[1]), a) : Tensor(),
                      n.needs(2) ? scaled(mv(t(g[0]), s[0]), a) : Tensor()};
  });
}

}  // namespace tp::autograd
