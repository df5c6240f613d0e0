// Gradient formulas of the reductions and softmax (PyTorch's derivatives.yaml). A reduced
// gradient is first reshaped to the keepdim shape (1 in each reduced dim) so that it
// broadcasts against the input.
#include <algorithm>
#include <cmath>
#include <cstdint>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/rearrange.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::autograd {

namespace {

using G = const TensorList&;
using N = const Node&;

// `in` with a 1 in every reduced dim (no dims: every dim).
Shape keep_shape(const Shape& in, const std::vector<int64_t>& dims) {
  Shape keep = in;
  const int64_t ndim = static_cast<int64_t>(in.size());
  if (ndim == 0) return keep;
  if (dims.empty()) return Shape(in.size(), 1);
  for (int64_t d : dims) keep[wrap_dim(d, ndim)] = 1;
  return keep;
}

// A reduction's gradient (or output) in the keepdim shape.
Tensor kept(const Tensor& g, const Shape& keep) { return g.sizes() == keep ? g : reshape(g, keep); }

// How many input elements each output element came from.
double reduced_count(const Shape& in, const Shape& keep) {
  return static_cast<double>(shape_numel(in)) / static_cast<double>(std::max<int64_t>(shape_numel(keep), 1));
}

// The product of the elements before each one along d (1 for the first).
Tensor exclusive_cumprod(const Tensor& x, int64_t d) {
  const int64_t n = x.sizes()[d];
  Shape one = x.sizes();
  one[d] = 1;
  Tensor shifted = cat({ones(one, TensorOptions(x.dtype(), x.device())), narrow(x, d, 0, n - 1)}, d);
  return cumprod(shifted, d);
}

}  // namespace

std::shared_ptr<Node> sum_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                               bool, const Tensor& out) {
  if (!is_floating(out.dtype())) return nullptr;
  Shape in = self.sizes(), keep = keep_shape(in, dims);
  return make_node(name, {}, [in, keep](G g, G, N) { return TensorList{expand(kept(g[0], keep), in)}; });
}

std::shared_ptr<Node> mean_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                                bool, const Tensor& out) {
  if (!is_floating(out.dtype())) return nullptr;
  Shape in = self.sizes(), keep = keep_shape(in, dims);
  double n = reduced_count(in, keep);
  return make_node(name, {}, [in, keep, n](G g, G, N) {
    return TensorList{div(expand(kept(g[0], keep), in), Scalar(n))};
  });
}

std::shared_ptr<Node> prod_node(const Tensor& self, std::optional<int64_t> dim, bool, const Tensor& out) {
  if (!is_floating(out.dtype())) return nullptr;
  std::vector<int64_t> dims = dim ? std::vector<int64_t>{*dim} : std::vector<int64_t>{};
  Shape keep = keep_shape(self.sizes(), dims);
  const char* name = dim ? "ProdBackward1" : "ProdBackward0";
  return make_node(name, {self}, [keep, dims](G g, G s, N) {
    const Tensor& x = s[0];
    Tensor is_zero = eq(x, Scalar(0.0));
    if (grad_enabled() && x.dim() > 0 && item(any(is_zero)).to<bool>()) {
      // create_graph with a zero: the counting below is flat in x, so (as ATen's
      // prod_safe_zeros_backward) the product of the others is a prefix times a suffix product.
      Tensor line = dims.empty() ? reshape(x, {-1}) : x;
      const int64_t d = dims.empty() ? 0 : wrap_dim(dims[0], x.dim());
      Tensor others = mul(exclusive_cumprod(line, d), flip(exclusive_cumprod(flip(line, {d}), d), {d}));
      return TensorList{mul(kept(g[0], keep), reshape(others, x.sizes()))};
    }
    // The product of the other elements, without dividing by zero: zeros are replaced by 1
    // and counted; one zero gets the product of the rest, everything else then gets 0.
    Tensor nonzero = where(is_zero, Scalar(1.0), x);
    Tensor p = dims.empty() ? reshape(prod(nonzero), keep) : prod(nonzero, dims[0], true);
    Tensor zeros = dims.empty() ? reshape(sum(is_zero), keep) : sum(is_zero, dims, true);
    Tensor at_zero = where(eq(zeros, Scalar(int64_t{1})), p, Scalar(0.0));
    Tensor elsewhere = where(eq(zeros, Scalar(int64_t{0})), div(p, nonzero), Scalar(0.0));
    return TensorList{mul(kept(g[0], keep), where(is_zero, at_zero, elsewhere))};
  });
}

std::shared_ptr<Node> extreme_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                                   bool, const Tensor& out) {
  if (!is_floating(out.dtype())) return nullptr;
  Shape keep = keep_shape(self.sizes(), dims);
  return make_node(name, {self, out}, [keep](G g, G s, N) {
    // Every element equal to the extreme gets an equal share (evenly_distribute_backward).
    Tensor hit = eq(s[0], kept(s[1], keep));
    std::vector<int64_t> reduced;
    for (size_t d = 0; d < keep.size(); ++d)
      if (keep[d] == 1) reduced.push_back(static_cast<int64_t>(d));
    Tensor count = keep.empty() ? sum(hit) : sum(hit, reduced, true);
    return TensorList{div(where(hit, kept(g[0], keep), Scalar(0.0)), count)};
  });
}

std::shared_ptr<Node> norm_node(const Tensor& self, double ord, const std::vector<int64_t>& dims, bool,
                                const Tensor& out) {
  Shape keep = keep_shape(self.sizes(), dims);
  return make_node("LinalgVectorNormBackward0", {self, out}, [keep, ord](G g, G s, N) {
    // FunctionsManual.cpp norm_backward, case by case; a zero norm gives a zero gradient.
    const Tensor& x = s[0];
    Tensor grad = kept(g[0], keep), norm = kept(s[1], keep);
    Tensor zero_norm = eq(norm, Scalar(0.0));
    if (ord == 0) return TensorList{Tensor()};  // undefined, as ATen: .grad stays None
    if (ord == 1) return TensorList{mul(sign(x), grad)};
    if (ord == 2) return TensorList{mul(grad, where(zero_norm, Scalar(0.0), div(x, norm)))};
    if (std::isinf(ord)) {
      Tensor hit = cast(eq(abs(x), norm), x.dtype());
      std::vector<int64_t> reduced;
      for (size_t d = 0; d < keep.size(); ++d)
        if (keep[d] == 1) reduced.push_back(static_cast<int64_t>(d));
      Tensor count = keep.empty() ? sum(hit) : sum(hit, reduced, true);
      return TensorList{mul(sign(x), mul(div(grad, count), hit))};
    }
    if (ord < 1) {
      Tensor scaled = mul(sign(x), where(eq(x, Scalar(0.0)), Scalar(0.0), pow(abs(x), Scalar(ord - 1))));
      return TensorList{mul(mul(scaled, grad), pow(norm, Scalar(1 - ord)))};
    }
    Tensor scaled = ord < 2 ? mul(sign(x), pow(abs(x), Scalar(ord - 1))) : mul(x, pow(abs(x), Scalar(ord - 2)));
    Tensor scale = where(zero_norm, Scalar(0.0), div(grad, pow(norm, Scalar(ord - 1))));
    return TensorList{mul(scaled, scale)};
  });
}

std::shared_ptr<Node> extreme_dim_node(const char* name, const Tensor& self, int64_t dim, bool,
                                       const Tensor& indices) {
  if (!is_floating(self.dtype())) return nullptr;
  const int64_t ndim = self.dim();
  Shape keep = keep_shape(self.sizes(), {dim});
  int64_t d = ndim == 0 ? 0 : wrap_dim(dim, ndim);
  int64_t n = ndim == 0 ? 1 : self.sizes()[d];
  Shape along(static_cast<size_t>(ndim), 1);
  if (ndim > 0) along[d] = n;
  return make_node(name, {indices}, [keep, along, n](G g, G s, N) {
    // One-hot along dim: position == index.
    Tensor pos = reshape(arange(Scalar(n), DType::Int64, g[0].device()), along);
    Tensor hit = eq(pos, kept(s[0], keep));
    return TensorList{where(hit, kept(g[0], keep), Scalar(0.0))};
  });
}

std::shared_ptr<Node> var_std_node(bool is_std, const Tensor& self, const std::vector<int64_t>& dims,
                                   int64_t correction, bool, const Tensor& out) {
  Shape keep = keep_shape(self.sizes(), dims);
  double n = reduced_count(self.sizes(), keep) - static_cast<double>(correction);
  std::vector<int64_t> all_dims = dims;
  return make_node(is_std ? "StdBackward0" : "VarBackward0", {self, out},
                   [is_std, keep, n, all_dims](G g, G s, N) {
                     // ATen's var_backward: (2 / (N - correction)) * grad * (x - mean); std_backward
                     // first divides grad by 2 std (0 where std is 0).
                     Tensor centered = sub(s[0], all_dims.empty() ? mean(s[0]) : mean(s[0], all_dims, true));
                     Tensor gk = kept(g[0], keep);
                     if (is_std) {
                       Tensor std_k = kept(s[1], keep);
                       gk = where(eq(std_k, Scalar(0.0)), Scalar(0.0), div(gk, mul(std_k, Scalar(2))));
                     }
                     return TensorList{mul(mul(gk, Scalar(2.0 / n)), centered)};
                   });
}

std::shared_ptr<Node> softmax_node(const Tensor& self, int64_t dim, bool log, const Tensor& out) {
  int64_t d = self.dim() == 0 ? 0 : wrap_dim(dim, self.dim());
  bool scalar = self.dim() == 0;
  return make_node(log ? "LogSoftmaxBackward0" : "SoftmaxBackward0", {out}, [d, log, scalar](G g, G s, N) {
    auto row_sum = [&](const Tensor& v) { return scalar ? v : sum(v, {d}, true); };
    if (log) {
      return TensorList{shown_as("LogSoftmaxBackwardDataBackward0", [&] { return sub(g[0], mul(exp(s[0]), row_sum(g[0]))); })};
    }
    return TensorList{shown_as("SoftmaxBackwardDataBackward0", [&] { return mul(s[0], sub(g[0], row_sum(mul(g[0], s[0])))); })};
  });
}

std::shared_ptr<Node> logsumexp_node(const Tensor& self, const std::vector<int64_t>& dims, bool,
                                     const Tensor& out) {
  Shape keep = keep_shape(self.sizes(), dims);
  return make_node("LogsumexpBackward0", {self, out}, [keep](G g, G s, N) {
    return TensorList{mul(kept(g[0], keep), exp(sub(s[0], kept(s[1], keep))))};
  });
}

}  // namespace tp::autograd

namespace tp::autograd {

std::shared_ptr<Node> var_std_mean_node(bool is_std, const Tensor& self, const std::vector<int64_t>& dims,
                                        int64_t correction, const Tensor& spread) {
  Shape in = self.sizes(), keep = keep_shape(in, dims);
  const double count = reduced_count(in, keep);
  const double n = count - static_cast<double>(correction);
  std::vector<int64_t> all_dims = dims;
  auto node = make_node(is_std ? "StdMeanBackward0" : "VarMeanBackward0", {self, spread},
                        [is_std, in, keep, count, n, all_dims](G g, G s, N) {
                          // Output 0 is the std (or var), output 1 the mean; either may get no gradient.
                          Tensor grad;
                          if (g[0].defined()) {
                            Tensor centered = sub(s[0], all_dims.empty() ? mean(s[0]) : mean(s[0], all_dims, true));
                            Tensor gk = kept(g[0], keep);
                            grad = is_std ? div(mul(gk, centered), mul(kept(s[1], keep), Scalar(n)))
                                          : mul(gk, mul(centered, Scalar(2.0 / n)));
                          }
                          if (g[1].defined()) {
                            Tensor from_mean = div(expand(kept(g[1], keep), in), Scalar(count));
                            grad = grad.defined() ? add(grad, from_mean) : from_mean;
                          }
                          return TensorList{grad};
                        });
  node->num_outputs = 2;
  return node;
}

std::shared_ptr<Node> aminmax_node(const Tensor& self, const std::vector<int64_t>& dims, const Tensor& min,
                                   const Tensor& max) {
  Shape keep = keep_shape(self.sizes(), dims);
  auto node = make_node("AminmaxBackward0", {self, min, max}, [keep](G g, G s, N) {
    // amin's and amax's gradients (each shared evenly among the elements equal to it), added.
    std::vector<int64_t> reduced;
    for (size_t d = 0; d < keep.size(); ++d)
      if (keep[d] == 1) reduced.push_back(static_cast<int64_t>(d));
    Tensor grad;
    for (int out = 0; out < 2; ++out) {
      if (!g[out].defined()) continue;
      Tensor hit = eq(s[0], kept(s[1 + out], keep));
      Tensor count = keep.empty() ? sum(hit) : sum(hit, reduced, true);
      Tensor part = div(where(hit, kept(g[out], keep), Scalar(0.0)), count);
      grad = grad.defined() ? add(grad, part) : part;
    }
    return TensorList{grad};
  });
  node->num_outputs = 2;
  return node;
}

}  // namespace tp::autograd
