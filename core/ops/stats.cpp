// std_mean, var_mean, aminmax and count_nonzero composed from the reductions in reduce.h,
// with PyTorch's own checks and texts, and one two-output node where PyTorch records one.
#include "core/ops/stats.h"

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/error.h"
#include "core/ops/elementwise.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

std::pair<Tensor, Tensor> spread_mean(const char* fn, bool is_std, const Tensor& t, const DimList& dims,
                                      int64_t correction, bool keepdim) {
  TP_CHECK(is_floating(t.dtype()), NotImplementedError, fn, " only support floating point and complex dtypes");
  std::pair<Tensor, Tensor> out;
  {
    autograd::NoGradGuard no_grad;
    out.first = is_std ? tp::std(t, dims, correction, keepdim) : var(t, dims, correction, keepdim);
    out.second = mean(t, dims, keepdim);
  }
  if (!autograd::needs_grad({&t})) return out;
  std::shared_ptr<Node> node = autograd::var_std_mean_node(is_std, t, dims, correction, out.first);
  autograd::collect_edges(*node, {t});
  autograd::set_history(out.first, node, 0);
  autograd::set_history(out.second, node, 1);
  return out;
}

}  // namespace

std::pair<Tensor, Tensor> std_mean(const Tensor& t, const DimList& dims, int64_t correction, bool keepdim) {
  return spread_mean("std_mean", true, t, dims, correction, keepdim);
}

std::pair<Tensor, Tensor> var_mean(const Tensor& t, const DimList& dims, int64_t correction, bool keepdim) {
  return spread_mean("var_mean", false, t, dims, correction, keepdim);
}

std::pair<Tensor, Tensor> aminmax(const Tensor& t, std::optional<int64_t> dim, bool keepdim) {
  DimList dims = dim ? DimList{*dim} : DimList{};
  if (dim) {
    const int64_t d = wrap_dim(*dim, t.dim());
    TP_CHECK(t.numel() != 0 || (t.dim() != 0 && t.sizes()[d] != 0), IndexError,
             "aminmax: Expected reduction dim ", d, " to have non-zero size.");
  } else {
    TP_CHECK(t.numel() != 0, RuntimeError,
             "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  }
  std::pair<Tensor, Tensor> out;
  {
    autograd::NoGradGuard no_grad;
    out = {amin(t, dims, keepdim), amax(t, dims, keepdim)};
  }
  if (!autograd::needs_grad({&t}) || !is_floating(t.dtype())) return out;
  std::shared_ptr<Node> node = autograd::aminmax_node(t, dims, out.first, out.second);
  autograd::collect_edges(*node, {t});
  autograd::set_history(out.first, node, 0);
  autograd::set_history(out.second, node, 1);
  return out;
}

Tensor count_nonzero(const Tensor& t, const DimList& dims) {
  autograd::NoGradGuard no_grad;  // a count
  limited::refuse("nonzero_count_cpu", t.dtype(), t.device());
  return sum(ne(t, Scalar(int64_t{0})), dims, false);
}

}  // namespace tp
