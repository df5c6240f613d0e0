// Gradient formulas of the matrix products: for C = A·B, dA = dC·Bᵀ and dB = Aᵀ·dC.
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/shape.h"

namespace tp::autograd {

using G = const TensorList&;
using N = const Node&;

// A product's operand is read only for the other operand's gradient, and saved only when that
// gradient is wanted, as PyTorch's generated nodes save it: a write to a weight whose input is
// data (an optimizer step between two backwards through a first layer) is then no error.
namespace {
Tensor saved_for(const Tensor& operand, const Tensor& other) {
  return other.requires_grad() ? operand : Tensor();
}
}  // namespace

std::shared_ptr<Node> mm_node(const Tensor& self, const Tensor& mat2) {
  return make_node("MmBackward0", {saved_for(self, mat2), saved_for(mat2, self)}, [](G g, G s, N n) {
    return TensorList{n.needs(0) ? mm(g[0], t(s[1])) : Tensor(), n.needs(1) ? mm(t(s[0]), g[0]) : Tensor()};
  });
}

std::shared_ptr<Node> bmm_node(const Tensor& self, const Tensor& mat2) {
  return make_node("BmmBackward0", {saved_for(self, mat2), saved_for(mat2, self)}, [](G g, G s, N n) {
    return TensorList{n.needs(0) ? bmm(g[0], transpose(s[1], 1, 2)) : Tensor(),
                      n.needs(1) ? bmm(transpose(s[0], 1, 2), g[0]) : Tensor()};
  });
}

std::shared_ptr<Node> mv_node(const Tensor& self, const Tensor& vec) {
  return make_node("MvBackward0", {saved_for(self, vec), saved_for(vec, self)}, [](G g, G s, N n) {
    // d(self) is the outer product g ⊗ vec.
    Tensor gm = n.needs(0) ? mm(unsqueeze(g[0], 1), unsqueeze(s[1], 0)) : Tensor();
    Tensor gv = n.needs(1) ? mv(t(s[0]), g[0]) : Tensor();
    return TensorList{gm, gv};
  });
}

std::shared_ptr<Node> dot_node(const Tensor& self, const Tensor& other) {
  return make_node("DotBackward0", {saved_for(self, other), saved_for(other, self)}, [](G g, G s, N n) {
    return TensorList{n.needs(0) ? mul(s[1], g[0]) : Tensor(), n.needs(1) ? mul(s[0], g[0]) : Tensor()};
  });
}

std::shared_ptr<Node> addmm_node(const Tensor& mat1, const Tensor& mat2, Scalar beta, Scalar alpha) {
  double b = beta.to_double(), a = alpha.to_double();
  return make_node("AddmmBackward0", {saved_for(mat1, mat2), saved_for(mat2, mat1)}, [a, b](G g, G s, N n) {
    Tensor gbias = n.needs(0) ? (b == 1.0 ? g[0] : mul(g[0], Scalar(b))) : Tensor();
    Tensor g1, g2;
    if (n.needs(1)) g1 = mm(g[0], t(s[1]));
    if (n.needs(2)) g2 = mm(t(s[0]), g[0]);
    if (a != 1.0) {
      if (g1.defined()) g1 = mul(g1, Scalar(a));
      if (g2.defined()) g2 = mul(g2, Scalar(a));
    }
    return TensorList{gbias, g1, g2};
  });
}

}  // namespace tp::autograd
