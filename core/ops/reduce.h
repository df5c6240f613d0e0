// Reductions (sum, mean, prod, max/min, argmax/argmin, var/std, amax/amin, any/all,
// logsumexp) and softmax / log_softmax, with PyTorch's dtype rules and error texts.
// A dim list may be empty, meaning every dim (as dim=None or dim=[] in PyTorch).
#pragma once

#include <optional>
#include <vector>

#include "core/tensor.h"

namespace tp {

using DimList = std::vector<int64_t>;

// torch.return_types.max / min: the extreme values and where they are.
struct ValuesIndices {
  Tensor values;
  Tensor indices;
};

// Sum of all elements (or over `dims`); integers and bool give int64 unless dtype is given.
Tensor sum(const Tensor& t, std::optional<DType> dtype = {});
Tensor sum(const Tensor& t, const DimList& dims, bool keepdim = false,
           std::optional<DType> dtype = {});
// Mean; integer inputs need an explicit floating dtype, as in PyTorch.
Tensor mean(const Tensor& t, std::optional<DType> dtype = {});
Tensor mean(const Tensor& t, const DimList& dims, bool keepdim = false,
            std::optional<DType> dtype = {});
// Product; integers and bool give int64 unless dtype is given.
Tensor prod(const Tensor& t, std::optional<DType> dtype = {});
Tensor prod(const Tensor& t, int64_t dim, bool keepdim = false, std::optional<DType> dtype = {});

// Largest / smallest element (NaN wins); raises for an empty tensor.
Tensor max(const Tensor& t);
Tensor min(const Tensor& t);
// Along one dim: values and the index of the first extreme (first NaN if any).
ValuesIndices max(const Tensor& t, int64_t dim, bool keepdim = false);
ValuesIndices min(const Tensor& t, int64_t dim, bool keepdim = false);
// Max / min over several dims (values only).
Tensor amax(const Tensor& t, const DimList& dims = {}, bool keepdim = false);
Tensor amin(const Tensor& t, const DimList& dims = {}, bool keepdim = false);
// Index of the first max / min, into the flattened tensor when dim is not given.
Tensor argmax(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
Tensor argmin(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);

// Variance / standard deviation with Bessel's `correction` (1 = unbiased, 0 = biased;
// PyTorch's unbiased=True/False). Floating inputs only.
Tensor var(const Tensor& t, const DimList& dims = {}, int64_t correction = 1, bool keepdim = false);
Tensor std(const Tensor& t, const DimList& dims = {}, int64_t correction = 1, bool keepdim = false);

// True if any / all elements are nonzero; bool result (uint8 for a uint8 input).
Tensor any(const Tensor& t);
Tensor any(const Tensor& t, int64_t dim, bool keepdim = false);
Tensor all(const Tensor& t);
Tensor all(const Tensor& t, int64_t dim, bool keepdim = false);

// softmax / log_softmax along dim, numerically stable; `dtype` casts the input first.
Tensor softmax(const Tensor& t, int64_t dim, std::optional<DType> dtype = {});
Tensor log_softmax(const Tensor& t, int64_t dim, std::optional<DType> dtype = {});
// log(sum(exp(t))) over dims, stable; integer inputs give the default float.
Tensor logsumexp(const Tensor& t, const DimList& dims, bool keepdim = false);
// Running sum / product along dim (CumsumBackward0, CumprodBackward0); integer and bool
// inputs give int64 unless dtype says otherwise.
Tensor cumsum(const Tensor& t, int64_t dim, std::optional<DType> dtype = {});
Tensor cumprod(const Tensor& t, int64_t dim, std::optional<DType> dtype = {});

}  // namespace tp
