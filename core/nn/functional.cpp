// The compositions behind torch.nn.functional (aten/src/ATen/native/Linear.cpp linear and
// _flatten_nd_linear, Dropout.cpp _dropout_impl, torch/nn/functional.py _get_softmax_dim).
#include "core/nn/functional.h"

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/error.h"
#include "core/printing.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/random.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

// at::_unsafe_view: a view whose node is named UnsafeViewBackward0.
Tensor unsafe_view(const Tensor& t, const Shape& sizes) {
  return autograd::record_op(
      {t}, [&] { return view(t, sizes); },
      [&](const Tensor&) { return autograd::reshape_node("UnsafeViewBackward0", t); });
}

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

// _dropout_impl's noise of `shape`: bernoulli_(1 - p) on the CPU (one double uniform per
// element, 1 where it is < 1 - p), then divided by 1 - p; a 0-dim zero when p is 1.
Tensor dropout_noise(const Tensor& x, const Shape& shape, double p) {
  if (p == 1.0) return zeros({}, TensorOptions(x.dtype(), x.device()));
  autograd::NoGradGuard no_grad;
  Tensor u = empty({shape_numel(shape)}, TensorOptions(DType::Float64));
  tp::uniform_(u, 0.0, 1.0);
  Tensor keep = cast(lt(u, Scalar(1.0 - p)), x.dtype());
  return div(to(view(keep, shape), x.device(), std::nullopt), Scalar(1.0 - p));
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

}  // namespace tp::nn::functional
