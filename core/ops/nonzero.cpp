// nonzero: Backend::nonzero gives the coordinates row-major; ATen allocates its result as the
// transpose of an (ndim, count) tensor, so the same layout is made here and the tuple form's
// index tensors come out contiguous, as PyTorch's do.
#include "core/ops/nonzero.h"

#include "core/backends/backend.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"
#include "core/ops/shape.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

Tensor nonzero(const Tensor& self) {
  limited::refuse("nonzero_count_cpu", self.dtype(), self.device());
  if (is_complex(self.dtype())) return nonzero(ne(self, Scalar(0.0)));  // a value is nonzero when either part is
  Tensor rows = backend_for(self.device()).nonzero(self);
  return transpose(contiguous(transpose(rows, 0, 1)), 0, 1);
}

std::vector<Tensor> nonzero_numpy(const Tensor& self) {
  Tensor coords = nonzero(self.dim() == 0 ? unsqueeze(self, 0) : self);
  return unbind(coords, 1);
}

}  // namespace tp
