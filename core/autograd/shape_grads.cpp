// Gradient formulas of the shape and view ops: each undoes its op on the gradient
// (reshape back, transpose back, sum an expanded dim, place a slice into zeros, split a
// concatenation). Placing into zeros is recorded under create_graph (linear_in_grad).
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/shape.h"

namespace tp::autograd {

namespace {

using G = const TensorList&;
using N = const Node&;

// A zero gradient of `shape` like g (its dtype and device).
Tensor zeros_of(const Shape& shape, const Tensor& g) {
  return zeros(shape, TensorOptions(g.dtype(), g.device()));
}

// The gradients of a multi-output op's pieces, zeros for the pieces nobody used.
TensorList filled(G g, const std::vector<Shape>& shapes) {
  TensorList out;
  const Tensor* like = nullptr;
  for (const Tensor& t : g)
    if (t.defined()) like = &t;
  for (size_t i = 0; i < shapes.size(); ++i) out.push_back(g[i].defined() ? g[i] : zeros_of(shapes[i], *like));
  return out;
}

}  // namespace

std::shared_ptr<Node> reshape_node(const char* name, const Tensor& self) {
  Shape in = self.sizes();
  return make_node(name, {}, [in](G g, G, N) { return TensorList{reshape(g[0], in)}; });
}

std::shared_ptr<Node> identity_node(const char* name) {
  return make_node(name, {}, [](G g, G, N) { return TensorList{g[0]}; });
}

std::shared_ptr<Node> transpose_node(int64_t dim0, int64_t dim1) {
  return make_node("TransposeBackward0", {}, [dim0, dim1](G g, G, N) {
    return TensorList{transpose(g[0], dim0, dim1)};
  });
}

std::shared_ptr<Node> t_node() {
  return make_node("TBackward0", {}, [](G g, G, N) { return TensorList{t(g[0])}; });
}

std::shared_ptr<Node> permute_node(const Shape& dims) {
  // The inverse permutation puts each dim back where it came from.
  Shape inverse(dims.size());
  const int64_t ndim = static_cast<int64_t>(dims.size());
  for (int64_t i = 0; i < ndim; ++i) inverse[wrap_dim(dims[i], ndim)] = i;
  return make_node("PermuteBackward0", {}, [inverse](G g, G, N) { return TensorList{permute(g[0], inverse)}; });
}

std::shared_ptr<Node> expand_node(const Tensor& self) {
  Shape in = self.sizes();
  return make_node("ExpandBackward0", {}, [in](G g, G, N) { return TensorList{sum_to(g[0], in)}; });
}

std::shared_ptr<Node> select_node(const Tensor& self, int64_t dim, int64_t index) {
  Shape in = self.sizes();
  return make_node("SelectBackward0", {}, [in, dim, index](G g, G, N) {
    Tensor placed = linear_in_grad(
        "SelectBackwardBackward0", g[0],
        [&] {
          Tensor z = zeros_of(in, g[0]);
          copy_(select(z, dim, index), g[0]);
          return z;
        },
        [dim, index](const Tensor& gg) { return select(gg, dim, index); });
    return TensorList{placed};
  });
}

std::shared_ptr<Node> slice_node(const Tensor& self, int64_t dim, std::optional<int64_t> start,
                                 std::optional<int64_t> end, int64_t step) {
  Shape in = self.sizes();
  return make_node("SliceBackward0", {}, [in, dim, start, end, step](G g, G, N) {
    Tensor placed = linear_in_grad(
        "SliceBackwardBackward0", g[0],
        [&] {
          Tensor z = zeros_of(in, g[0]);
          copy_(slice(z, dim, start, end, step), g[0]);
          return z;
        },
        [dim, start, end, step](const Tensor& gg) { return slice(gg, dim, start, end, step); });
    return TensorList{placed};
  });
}

std::shared_ptr<Node> cat_node(const std::vector<Tensor>& tensors, int64_t dim) {
  std::vector<Shape> shapes;
  for (const Tensor& t : tensors) shapes.push_back(t.sizes());
  return make_node("CatBackward0", {}, [shapes, dim](G g, G, N) {
    TensorList out;
    int64_t at = 0;
    for (const Shape& s : shapes) {
      // 1-D empty inputs were skipped by cat: they get no gradient.
      if (s.size() == 1 && s[0] == 0) {
        out.push_back(Tensor());
        continue;
      }
      out.push_back(narrow(g[0], dim, at, s[dim]));
      at += s[dim];
    }
    return out;
  });
}

std::shared_ptr<Node> stack_node(size_t count, int64_t dim) {
  return make_node("StackBackward0", {}, [count, dim](G g, G, N) {
    TensorList out;
    for (size_t i = 0; i < count; ++i) out.push_back(select(g[0], dim, static_cast<int64_t>(i)));
    return out;
  });
}

std::shared_ptr<Node> split_node(const char* name, const Tensor&, const std::vector<Tensor>& pieces,
                                 int64_t dim) {
  std::vector<Shape> shapes;
  for (const Tensor& p : pieces) shapes.push_back(p.sizes());
  auto node = make_node(name, {}, [shapes, dim](G g, G, N) {
    if (shapes.empty()) return TensorList{Tensor()};  // no pieces: never reached
    return TensorList{cat(filled(g, shapes), dim)};
  });
  node->num_outputs = static_cast<uint32_t>(pieces.size());
  return node;
}

std::shared_ptr<Node> unbind_node(const Tensor&, const std::vector<Tensor>& pieces, int64_t dim) {
  std::vector<Shape> shapes;
  for (const Tensor& p : pieces) shapes.push_back(p.sizes());
  auto node = make_node("UnbindBackward0", {}, [shapes, dim](G g, G, N) {
    return TensorList{stack(filled(g, shapes), dim)};
  });
  node->num_outputs = static_cast<uint32_t>(pieces.size());
  return node;
}

}  // namespace tp::autograd
