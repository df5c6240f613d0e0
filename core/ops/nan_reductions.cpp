// nansum and nanmean. A NaN adds as 0 at its own place in sum's order, which is what ATen's
// cascade sum with ignore_nan does, so the values equal PyTorch's bit for bit.
#include "core/ops/nan_reductions.h"

#include "core/error.h"
#include "core/ops/elementwise.h"

namespace tp {

Tensor nansum(const Tensor& t, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  Tensor values = is_floating(t.dtype()) ? where(isnan(t), Scalar(0.0), t) : t;
  return sum(values, dims, keepdim, dtype);
}

Tensor nanmean(const Tensor& t, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  TP_CHECK(is_floating(t.dtype()), NotImplementedError,
           "nanmean(): expected input to have floating point or complex dtype but got ", dtype_legacy_name(t.dtype()));
  Tensor count = sum(logical_not(isnan(t)), dims, keepdim);
  return div(nansum(t, dims, keepdim, dtype), count);
}

}  // namespace tp
