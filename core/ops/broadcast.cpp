// Broadcasting (ATen ExpandUtils.cpp infer_size / inferExpandGeometry).
#include "core/ops/broadcast.h"

#include <algorithm>

#include "core/error.h"

namespace tp {

Shape broadcast_shapes(const Shape& a, const Shape& b) {
  if (a == b) return a;
  size_t na = a.size(), nb = b.size(), n = std::max(na, nb);
  Shape out(n);
  // From the last dim, as PyTorch's infer_size: the first mismatch reported is the innermost.
  for (size_t i = n; i-- > 0;) {
    ptrdiff_t offset = static_cast<ptrdiff_t>(n) - 1 - static_cast<ptrdiff_t>(i);
    ptrdiff_t da = static_cast<ptrdiff_t>(na) - 1 - offset;
    ptrdiff_t db = static_cast<ptrdiff_t>(nb) - 1 - offset;
    int64_t sa = da >= 0 ? a[da] : 1;
    int64_t sb = db >= 0 ? b[db] : 1;
    TP_CHECK(sa == sb || sa == 1 || sb == 1, RuntimeError, "The size of tensor a (", sa,
             ") must match the size of tensor b (", sb, ") at non-singleton dimension ", i);
    out[i] = sa == 1 ? sb : sa;
  }
  return out;
}

Tensor expand_to(const Tensor& t, const Shape& shape) {
  if (t.sizes() == shape) return t;
  size_t ndim = shape.size(), tdim = t.sizes().size();
  TP_CHECK(ndim >= tdim, RuntimeError,
           "expand(", legacy_type_str(t), "{", shape_str(t.sizes()),
           "}, size=", shape_str(shape), "): the number of sizes provided (", ndim,
           ") must be greater or equal to the number of dimensions in the tensor (", tdim, ")");
  Shape strides(ndim);
  Shape sizes(ndim);
  for (size_t i = ndim; i-- > 0;) {
    ptrdiff_t offset = static_cast<ptrdiff_t>(ndim) - 1 - static_cast<ptrdiff_t>(i);
    ptrdiff_t d = static_cast<ptrdiff_t>(tdim) - 1 - offset;
    int64_t size = d >= 0 ? t.sizes()[d] : 1;
    int64_t stride = d >= 0 ? t.strides()[d] : (i + 1 < ndim ? sizes[i + 1] * strides[i + 1] : 1);
    int64_t target = shape[i];
    if (target == -1) {
      TP_CHECK(d >= 0, RuntimeError, "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension ", i);
      target = size;
    }
    if (size != target) {
      TP_CHECK(size == 1, RuntimeError, "The expanded size of the tensor (", target,
               ") must match the existing size (", size, ") at non-singleton dimension ", i,
               ".  Target sizes: ", shape_str(shape), ".  Tensor sizes: ", shape_str(t.sizes()));
      stride = 0;
    }
    sizes[i] = target;
    strides[i] = stride;
  }
  // A negative size (allowed above in a new leading dim) passes only when another size is
  // 0: as_strided checks the numel as c10 does.
  return t.as_strided(sizes, strides, t.storage_offset());
}

}  // namespace tp
