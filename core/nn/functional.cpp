// The compositions behind torch.nn.functional (aten/src/ATen/native/Linear.cpp linear and
// _flatten_nd_linear, Dropout.cpp _dropout_impl, torch/nn/functional.py _get_softmax_dim).
#include "core/nn/functional.h"

#include <algorithm>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/printing.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_check.h"
#include "core/ops/device_ops.h"
#include "core/ops/distributions.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

// _flatten_nd_linear: (..., in) -> (N, in) -> addmm -> (..., out).
Tensor flatten_nd_linear(const Tensor& x, const Tensor& weight, const Tensor& bias) {
  const Shape& sizes = x.sizes();
  int64_t rows = 1;
  for (size_t i = 0; i + 1 < sizes.size(); ++i) rows *= sizes[i];
  Tensor flat = reshape(x, {rows, sizes.back()});
  Tensor out = addmm(bias, flat, t(weight));
  Shape out_sizes(sizes.begin(), sizes.end() - 1);
  out_sizes.push_back(out.size(1));
  return unsafe_view(out, out_sizes);
}

// _get_softmax_dim: the dim F.softmax uses when none is given.
int64_t implicit_softmax_dim(const Tensor& x) {
  const int64_t nd = x.dim();
  return (nd == 0 || nd == 1 || nd == 3) ? 0 : 1;
}

}  // namespace

Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias) {
  if (x.dim() == 2 && bias.defined()) return addmm(bias, x, t(weight));
  if (bias.defined() && x.dim() > 0 && x.is_contiguous() && (x.dim() == 3 || bias.dim() == 1)) {
    return flatten_nd_linear(x, weight, bias);
  }
  Tensor out = matmul(x, t(weight));
  return bias.defined() ? add(out, bias) : out;
}

Tensor relu(const Tensor& x, bool inplace) {
  if (inplace) return unary_(UnaryOp::Relu, x);
  return tp::relu(x);
}

Tensor sigmoid(const Tensor& x) { return tp::sigmoid(x); }
Tensor tanh(const Tensor& x) { return tp::tanh(x); }

Tensor softmax(const Tensor& x, std::optional<int64_t> dim) {
  return tp::softmax(x, dim ? *dim : implicit_softmax_dim(x));
}

Tensor log_softmax(const Tensor& x, std::optional<int64_t> dim) {
  return tp::log_softmax(x, dim ? *dim : implicit_softmax_dim(x));
}

namespace {

// The dims of x from its largest stride to its smallest when x's elements tile its memory
// exactly (non-overlapping and dense, e.g. a transpose); empty otherwise. at::empty_like gives
// such an x's noise x's strides, and bernoulli_ then draws in memory order.
Shape memory_order_of_dense(const Tensor& x) {
  Shape order(static_cast<size_t>(x.dim()));
  for (size_t d = 0; d < order.size(); ++d) order[d] = static_cast<int64_t>(d);
  const Shape& sizes = x.sizes();
  const Shape& strides = x.strides();
  // Size-1 dims go first: their stride says nothing about the memory order.
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    if ((sizes[a] == 1) != (sizes[b] == 1)) return sizes[a] == 1;
    return strides[a] > strides[b];
  });
  int64_t expected = 1;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (sizes[*it] == 1) continue;
    if (strides[*it] != expected) return {};
    expected *= sizes[*it];
  }
  return order;
}

// _dropout_impl's noise of `shape`: bernoulli_(1 - p) drawn on the CPU, then divided by
// 1 - p; a 0-dim zero when p is 1. A full-shape noise for a dense, permuted x is drawn in
// x's memory order, as PyTorch's empty_like(x).bernoulli_ is, so the same elements drop.
Tensor dropout_noise(const Tensor& x, const Shape& shape, double p) {
  if (p == 1.0) return zeros({}, TensorOptions(x.dtype(), x.device()));
  autograd::NoGradGuard no_grad;
  Shape order = shape == x.sizes() && !x.is_contiguous() ? memory_order_of_dense(x) : Shape{};
  Shape drawn_shape = shape;
  for (size_t d = 0; d < order.size(); ++d) drawn_shape[d] = shape[static_cast<size_t>(order[d])];
  Tensor keep = empty(drawn_shape, TensorOptions(x.dtype()));
  bernoulli_(keep, 1.0 - p, nullptr);
  if (!order.empty()) {
    Shape inverse(order.size());
    for (size_t d = 0; d < order.size(); ++d) inverse[static_cast<size_t>(order[d])] = static_cast<int64_t>(d);
    keep = permute(keep, inverse);
  }
  return div(to(keep, x.device(), std::nullopt), Scalar(1.0 - p));
}

void check_dropout_p(double p) {
  if (p < 0.0 || p > 1.0) {
    fail(ErrorKind::ValueError, "dropout probability has to be between 0 and 1, but got ", python_float_repr(p));
  }
}

}  // namespace

Tensor dropout(const Tensor& x, double p, bool training, bool inplace) {
  check_dropout_p(p);
  if (p == 0.0 || !training || x.numel() == 0) return x;
  Tensor noise = dropout_noise(x, x.sizes(), p);
  if (inplace) return binary_(BinaryOp::Mul, x, noise);
  return mul(x, noise);
}

Tensor feature_dropout(const Tensor& x, double p, bool training, bool inplace) {
  check_dropout_p(p);
  if (p == 0.0 || !training || x.numel() == 0) return x;
  TP_CHECK(x.dim() >= 2, RuntimeError, "Feature dropout requires at least 2 dimensions in the input");
  Shape shape(static_cast<size_t>(x.dim()), 1);
  shape[0] = x.size(0);
  shape[1] = x.size(1);
  Tensor noise = dropout_noise(x, shape, p);
  if (inplace) return binary_(BinaryOp::Mul, x, noise);
  return mul(x, noise);
}

Tensor flatten(const Tensor& x, int64_t start_dim, int64_t end_dim) { return tp::flatten(x, start_dim, end_dim); }

namespace {

// embedding_dense_backward: grad (..., dim) summed into (num_weights, dim) rows in index order.
Tensor embedding_backward(const Tensor& grad_out, const Tensor& flat_indices, int64_t num_weights,
                          int64_t padding_idx, bool scale_grad_by_freq) {
  const int64_t n = flat_indices.numel();
  const int64_t dim = grad_out.size(-1);
  Tensor grad = reshape(contiguous(grad_out), {n, dim});
  Tensor idx = flat_indices;
  if (scale_grad_by_freq && n > 0) {
    // Each row times 1/count of its index (counted over every index, padding included).
    Tensor host = contiguous(to_cpu(cast(idx, DType::Int64)));
    const int64_t* ix = host.data<int64_t>();
    std::vector<int64_t> counts(static_cast<size_t>(num_weights), 0);
    for (int64_t i = 0; i < n; ++i) ++counts[static_cast<size_t>(ix[i])];
    Tensor scale = empty({n, 1}, TensorOptions(DType::Float64));
    double* sp = scale.data<double>();
    for (int64_t i = 0; i < n; ++i) sp[i] = 1.0 / static_cast<double>(counts[static_cast<size_t>(ix[i])]);
    grad = mul(grad, to(scale, grad.device(), grad.dtype()));
  }
  if (padding_idx >= 0) {
    Tensor keep = ne(idx, Scalar(padding_idx));
    idx = advanced_index(idx, {keep});
    grad = advanced_index(grad, {keep});
  }
  // Rows summed into zeros, recorded under create_graph: its gradient reads the rows back.
  return autograd::linear_in_grad(
      "EmbeddingDenseBackwardBackward0", grad,
      [&] {
        Tensor grad_weight = zeros({num_weights, dim}, TensorOptions(grad.dtype(), grad.device()));
        if (idx.numel() > 0) advanced_index_put_(grad_weight, {idx}, grad, /*accumulate=*/true);
        return grad_weight;
      },
      [idx](const Tensor& gg) { return advanced_index(gg, {idx}); });
}

}  // namespace

Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx, bool scale_grad_by_freq) {
  TP_CHECK(weight.dim() == 2, RuntimeError, "'weight' must be 2-D");
  TP_CHECK(indices.dtype() == DType::Int64 || indices.dtype() == DType::Int32, RuntimeError,
           "Expected tensor for argument #1 'indices' to have one of the following scalar types: Long, Int; "
           "but got ", legacy_type_str(indices), " instead (while checking arguments for embedding)");
  check_same_device_args("_index_select", {{"self", &weight}, {"index", &indices}});
  const int64_t num_weights = weight.size(0);
  Tensor flat = indices.dim() == 1 ? indices : reshape(indices, {indices.numel()});
  if (flat.numel() > 0) {
    // index_select's bound check (the CPU kernel's text; on a GPU, PyTorch's kernel asserts).
    autograd::NoGradGuard no_grad;
    const int64_t lo = item(amin(flat)).to_int(), hi = item(amax(flat)).to_int();
    TP_CHECK(lo >= 0 && hi < num_weights, IndexError, "index out of range in self");
  }
  Shape out_sizes = indices.sizes();
  out_sizes.push_back(weight.size(1));
  const bool one_d = indices.dim() == 1;
  return autograd::record_op(
      {weight},
      [&] {
        Tensor rows = advanced_index(weight, {flat});
        return one_d ? rows : view(rows, out_sizes);
      },
      [&](const Tensor&) {
        return autograd::make_node(
            "EmbeddingBackward0", {flat},
            [num_weights, padding_idx, scale_grad_by_freq](const TensorList& g, const TensorList& saved, const Node&) {
              return TensorList{embedding_backward(g[0], saved[0], num_weights, padding_idx, scale_grad_by_freq)};
            });
      });
}

void rename_grad_fn(const Tensor& t, const std::string& name) {
  const std::shared_ptr<Node>& node = autograd::grad_fn(t);
  if (!node) return;
  auto* saving = dynamic_cast<autograd::SavingNode*>(node.get());
  TP_CHECK(saving != nullptr, RuntimeError, "rename_grad_fn: ", node->name(), " cannot be renamed");
  saving->rename(name);
}

}  // namespace tp::nn::functional
