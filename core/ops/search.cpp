// searchsorted/bucketize count, for each value, the sequence elements before its insertion
// point (the same answer as ATen's binary search on a sorted sequence, NaN values included);
// bincount/histc/histogram find each element's bin with ATen's formulas
// (HistogramKernel.cpp) and add into the bins with an accumulating index_put, in order.
#include "core/ops/search.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/ops/device_check.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/index_take.h"
#include "core/ops/indexing.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

void check_searchsorted(const Tensor& seq, const Tensor& values, bool right, const std::optional<std::string>& side,
                        const Tensor& sorter) {
  if (side) {
    TP_CHECK(*side == "left" || *side == "right", RuntimeError,
             "torch.searchsorted(): side can only be 'left' or 'right' but got ", *side);
    TP_CHECK(!right || *side == "right", RuntimeError,
             "torch.searchsorted(): side and right can't be set to opposites, got side of ", *side,
             " while right was True");
  }
  if (sorter.defined()) {
    TP_CHECK(sorter.sizes() == seq.sizes(), RuntimeError,
             "torch.searchsorted(): boundary and sorter must have the same size, but got boundary tensor ",
             shape_str(seq.sizes()), "and got sorter tensor ", shape_str(sorter.sizes()));
    TP_CHECK(sorter.dtype() == DType::Int64, RuntimeError,
             "torch.searchsorted(): sorter must be a tensor of long dtype but got dtype ",
             dtype_legacy_name(sorter.dtype()));
    if (sorter.numel() > 0) {
      const int64_t lo = item(amin(sorter)).to<int64_t>(), hi = item(amax(sorter)).to<int64_t>();
      TP_CHECK(lo >= 0 && hi < sorter.sizes().back(), RuntimeError, "torch.searchsorted(): sorter index out of range");
    }
  }
  TP_CHECK(values.dim() > 0 || seq.dim() == 1, RuntimeError,
           "torch.searchsorted(): input value can be a scalar only when boundaries tensor dimension is 1, but we got "
           "boundaries tensor dim(",
           seq.dim(), ") and input value's dim(", values.dim(), ") numel(", values.numel(), ")");
  TP_CHECK(seq.dim() != 0, RuntimeError,
           "torch.searchsorted(): boundaries tensor should have positive dimension, but got 0 dimension");
  bool leading_match = seq.dim() == values.dim();
  for (int64_t d = 0; leading_match && d + 1 < seq.dim(); ++d) leading_match = seq.sizes()[d] == values.sizes()[d];
  TP_CHECK(seq.dim() == 1 || leading_match, RuntimeError,
           "torch.searchsorted(): boundaries tensor should be 1 dimension or the first N-1 dimensions of boundaries "
           "tensor and input value tensor must match, but we got boundaries tensor ",
           shape_str(seq.sizes()), " and input value tensor ", shape_str(values.sizes()));
}

// Adds `weights` (or ones) into `bins` zeros of `dtype` at the int64 positions `at`, in order.
Tensor count_into(int64_t bins, const Tensor& at, const Tensor& weights, DType dtype, Device device) {
  Tensor out = zeros({bins}, TensorOptions(dtype, device));
  if (at.numel() == 0) return out;
  Tensor w = weights.defined() ? cast(weights, dtype) : ones({at.numel()}, TensorOptions(dtype, device));
  advanced_index_put_(out, {at}, w, true);
  return out;
}

// The bin of each element of flat `x` for `edges` (1-D, x's dtype) and the mask of elements
// inside [edges[0], edges[-1]]. `uniform`: the edges are a linspace and ATen's linear
// interpolation finds the bin (then checks the neighbouring edges when local_search);
// otherwise the bin is the last edge <= x (std::upper_bound - 1). The last bin includes its
// right edge.
std::pair<Tensor, Tensor> bin_of(const Tensor& x, const Tensor& edges, bool uniform, bool local_search) {
  const int64_t n_edges = edges.numel();
  Tensor left = select(edges, 0, 0), right = select(edges, 0, n_edges - 1);
  Tensor inside = logical_and(ge(x, left), le(x, right));
  Tensor pos;
  if (uniform) {
    Tensor steps = full({}, Scalar(n_edges - 1), x.dtype(), x.device());
    pos = cast(div(mul(sub(x, left), steps), sub(right, left)), DType::Int64);
    pos = where(inside, pos, Scalar(0));  // NaN and outside elements are skipped anyway
    if (local_search) {
      Tensor pos_min = clamp_min(sub(pos, Scalar(1)), Scalar(0));
      Tensor found = pos_min;
      for (int64_t k = -1; k <= 1; ++k) {
        Tensor j = add(pos, Scalar(k));
        Tensor valid = logical_and(ge(j, Scalar(0)), lt(j, Scalar(n_edges)));
        Tensor e = advanced_index(edges, {clamp(j, Scalar(0), Scalar(n_edges - 1))});
        found = add(found, cast(logical_and(valid, le(e, x)), DType::Int64));
      }
      pos = sub(found, Scalar(1));
    }
  } else {
    pos = sub(sum(le(unsqueeze(edges, 0), unsqueeze(x, 1)), {1}), Scalar(1));
  }
  pos = where(eq(pos, Scalar(n_edges - 1)), sub(pos, Scalar(1)), pos);
  return {pos, inside};
}

// The histogram of flat x over `edges`: bins hold the element counts (or summed weights).
Tensor fill_bins(const Tensor& x, const Tensor& edges, const Tensor& weight, bool uniform, bool local_search) {
  auto [pos, inside] = bin_of(x, edges, uniform, local_search);
  Tensor w = weight.defined() ? masked_select(reshape(weight, {-1}), inside) : Tensor();
  return count_into(edges.numel() - 1, masked_select(pos, inside), w, x.dtype(), x.device());
}

void check_bins(int64_t bins) {
  TP_CHECK(bins > 0, RuntimeError, "torch.histogram(): bins must be > 0, but got ", bins, " for dimension 0");
}

void check_histogram_weight(const Tensor& input, const Tensor& weight) {
  if (!weight.defined()) return;
  TP_CHECK(weight.dtype() == input.dtype(), RuntimeError,
           "torch.histogramdd: if weight tensor is provided, input tensor and weight tensor should have the same "
           "dtype, but got input(",
           dtype_cpp_name(input.dtype()), "), and weight(", dtype_cpp_name(weight.dtype()), ")");
  TP_CHECK(weight.numel() == input.numel(), RuntimeError,  // any shape: both are flattened
           "torch.histogramdd: if weight tensor is provided it should have the same shape as the input tensor "
           "excluding its innermost dimension, but got input with shape ",
           shape_str({input.numel(), 1}), " and weight with shape ", shape_str(weight.sizes()));
}

Tensor density_of(const Tensor& hist, const Tensor& edges) {
  Tensor widths = sub(narrow(edges, 0, 1, edges.numel() - 1), narrow(edges, 0, 0, edges.numel() - 1));
  return div(div(hist, item(sum(hist))), widths);
}

}  // namespace

Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& values, bool out_int32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter) {
  check_same_device_args("Tensor_searchsorted",
                         {{"sorted_sequence", &sorted_sequence}, {"self", &values}, {"sorter", &sorter}});
  check_searchsorted(sorted_sequence, values, right, side, sorter);
  autograd::NoGradGuard no_grad;
  const bool upper = right || (side && *side == "right");
  Tensor seq = sorter.defined() ? gather(sorted_sequence, -1, sorter) : sorted_sequence;
  // Positions before the insertion point: !(s >= v) (lower bound) or !(s > v) (upper bound).
  Tensor v = unsqueeze(values, -1), s = seq.dim() == 1 ? seq : unsqueeze(seq, -2);
  Tensor before = logical_not(upper ? gt(s, v) : ge(s, v));
  Tensor out = sum(before, {-1});
  return out_int32 ? cast(out, DType::Int32) : out;
}

Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right) {
  TP_CHECK(boundaries.dim() == 1, RuntimeError, "boundaries tensor must be 1 dimension, but got dim(",
           boundaries.dim(), ")");
  return searchsorted(boundaries, input, out_int32, right, std::nullopt, Tensor());
}

Tensor bincount(const Tensor& input, const Tensor& weights, int64_t minlength) {
  const DType t = input.dtype();
  TP_CHECK(is_integral(t, /*include_bool=*/false),
           NotImplementedError, "\"bincount_cpu\" not implemented for '", dtype_legacy_name(t), "'");
  TP_CHECK(minlength >= 0, RuntimeError, "minlength should be >= 0");
  autograd::NoGradGuard no_grad;
  if (input.dim() == 1 && input.numel() == 0) return zeros({minlength}, TensorOptions(DType::Int64, input.device()));
  TP_CHECK(input.dim() == 1 && item(amin(input)).to<int64_t>() >= 0, RuntimeError,
           "bincount only supports 1-d non-negative integral inputs.");
  TP_CHECK(!weights.defined() || (weights.dim() == 1 && weights.sizes()[0] == input.sizes()[0]), RuntimeError,
           "weights should be 1-d and have the same length as input");
  const int64_t bins = std::max(item(amax(input)).to<int64_t>() + 1, minlength);
  // Float weights count in float; any other weights in double; none in int64.
  DType dtype = !weights.defined() ? DType::Int64 : weights.dtype() == DType::Float32 ? DType::Float32 : DType::Float64;
  return count_into(bins, cast(input, DType::Int64), weights, dtype, input.device());
}

Tensor histc(const Tensor& input, int64_t bins, Scalar min, Scalar max) {
  check_bins(bins);
  autograd::NoGradGuard no_grad;
  // histc_select_outer_bin_edges
  if (input.device().is_meta()) return empty({bins}, TensorOptions(input.dtype(), input.device()));
  double lo = min.to<double>(), hi = max.to<double>();
  if (lo == hi && input.numel() > 0) {
    lo = item(amin(input)).to<double>();
    hi = item(amax(input)).to<double>();
  }
  if (lo == hi) {
    lo -= 1;
    hi += 1;
  }
  TP_CHECK(std::isfinite(lo) && std::isfinite(hi), RuntimeError, "torch.histc: range of [", lo, ", ", hi,
           "] is not finite");
  TP_CHECK(lo < hi, RuntimeError, "torch.histc: max must be larger than min");
  TP_CHECK(is_floating(input.dtype()), NotImplementedError, "\"histogram_cpu\" not implemented for '",
           dtype_legacy_name(input.dtype()), "'");
  empty({bins}, TensorOptions(input.dtype(), input.device()));  // the histogram ATen allocates first: absurd bins fail there
  Tensor edges = linspace(Scalar(lo), Scalar(hi), bins + 1, TensorOptions(input.dtype(), input.device()));
  return fill_bins(reshape(input, {-1}), edges, Tensor(), true, false);
}

Histogram histogram(const Tensor& input, int64_t bins, std::optional<std::pair<double, double>> range,
                    const Tensor& weight, bool density) {
  check_bins(bins);
  check_histogram_weight(input, weight);
  autograd::NoGradGuard no_grad;
  // select_outer_bin_edges: numpy's [0, 1] for empty input without a range.
  double lo = 0, hi = 1;
  if (range) {
    std::tie(lo, hi) = *range;
  } else if (input.numel() > 0) {
    TP_CHECK(is_floating(input.dtype()), NotImplementedError, "\"histogramdd\" not implemented for '",
             dtype_legacy_name(input.dtype()), "'");
    lo = item(amin(input)).to<double>();
    hi = item(amax(input)).to<double>();
  }
  TP_CHECK(std::isfinite(lo) && std::isfinite(hi), RuntimeError, "torch.histogramdd: dimension 0's range [", lo, ", ",
           hi, "] is not finite");
  TP_CHECK(lo <= hi, RuntimeError, "torch.histogramdd: min should not exceed max, but got min ", lo, " max ", hi,
           " for dimension 0");
  if (lo == hi) {
    lo -= 0.5;
    hi += 0.5;
  }
  TP_CHECK(is_floating(input.dtype()), NotImplementedError, "\"histogramdd_cpu\" not implemented for '",
           dtype_legacy_name(input.dtype()), "'");
  empty({bins}, TensorOptions(input.dtype(), input.device()));  // the histogram ATen allocates first: absurd bins fail there
  Tensor edges = linspace(Scalar(lo), Scalar(hi), bins + 1, TensorOptions(input.dtype(), input.device()));
  Tensor hist = fill_bins(reshape(input, {-1}), edges, weight, true, true);
  return {density ? density_of(hist, edges) : hist, edges};
}

Histogram histogram(const Tensor& input, const Tensor& bin_edges, const Tensor& weight, bool density) {
  TP_CHECK(input.dtype() == bin_edges.dtype(), RuntimeError,
           "torch.histogramdd: input tensor and bins tensors should have the same dtype, but got input with dtype ",
           dtype_cpp_name(input.dtype()), " and bins for dimension 0 with dtype ",
           dtype_cpp_name(bin_edges.dtype()));
  TP_CHECK(bin_edges.dim() == 1, RuntimeError,
           "torch.histogramdd: bins tensor should have one dimension, but got ", bin_edges.dim(),
           " dimensions in the bins tensor for dimension 0");
  TP_CHECK(bin_edges.numel() > 0, RuntimeError,
           "torch.histogramdd: bins tensor should have at least 1 element, but got 0 elements in the bins tensor for "
           "dimension 0");
  check_bins(bin_edges.numel() - 1);
  check_histogram_weight(input, weight);
  autograd::NoGradGuard no_grad;
  TP_CHECK(is_floating(input.dtype()), NotImplementedError, "\"histogramdd_cpu\" not implemented for '",
           dtype_legacy_name(input.dtype()), "'");
  Tensor edges = clone(bin_edges);
  Tensor hist = fill_bins(reshape(input, {-1}), edges, weight, false, false);
  return {density ? density_of(hist, edges) : hist, edges};
}

}  // namespace tp
