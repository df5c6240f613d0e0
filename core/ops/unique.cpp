// torch.unique over a flattened tensor: a stable sort, then a new value wherever a sorted
// element differs from the one before it (ne on the device; the group boundaries come to the
// host, since they decide the output's length, as in ATen).
#include "core/ops/unique.h"

#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/shape.h"
#include "core/ops/sort.h"

namespace tp {

namespace {

// A host int64 vector as a 1-D tensor on `device`.
Tensor int64_tensor(const std::vector<int64_t>& v, Device device) {
  std::vector<Scalar> values(v.begin(), v.end());
  return tensor(values, {static_cast<int64_t>(v.size())}, DType::Int64, device);
}

std::shared_ptr<Node> unique_node() {
  return autograd::make_node("Unique2Backward0", {},
                             [](const TensorList&, const TensorList&, const Node&) -> TensorList {
                               fail(ErrorKind::NotImplementedError,
                                    "the derivative for '_unique2' is not implemented.");
                             });
}

}  // namespace

UniqueResult unique(const Tensor& self, std::optional<int64_t> dim) {
  if (dim) {
    wrap_dim(*dim, std::max<int64_t>(self.dim(), 1));
    fail(ErrorKind::NotImplementedError,
         "tensorplay: torch.unique(dim=...) is not supported; unique of the flattened tensor "
         "(dim=None) is");
  }
  UniqueResult r;
  const Device device = self.device();
  Tensor flat = flatten(autograd::detach(self));
  const int64_t n = flat.numel();
  ValuesIndices sorted = sort(flat, 0, false);
  // starts[i]: sorted[i] begins a new value.
  std::vector<int64_t> group_of(static_cast<size_t>(n)), starts;
  if (n > 0) {
    Tensor differs = to(ne(slice(sorted.values, 0, 1), slice(sorted.values, 0, std::nullopt, n - 1)),
                        Device::cpu(), std::nullopt);
    starts.push_back(0);
    for (int64_t i = 1; i < n; ++i) {
      if (differs.data<bool>()[i - 1]) starts.push_back(i);
      group_of[i] = static_cast<int64_t>(starts.size()) - 1;
    }
  }
  std::vector<int64_t> counts(starts.size());
  for (size_t g = 0; g < starts.size(); ++g) {
    counts[g] = (g + 1 < starts.size() ? starts[g + 1] : n) - starts[g];
  }
  Tensor order = to(sorted.indices, Device::cpu(), std::nullopt);
  std::vector<int64_t> inverse(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) inverse[order.data<int64_t>()[i]] = group_of[i];
  auto compute = [&] { return index_select(sorted.values, 0, int64_tensor(starts, device)); };
  r.values = autograd::record_op({self}, compute, [&](const Tensor&) { return unique_node(); });
  r.inverse = reshape(int64_tensor(inverse, device), self.sizes());
  r.counts = int64_tensor(counts, device);
  return r;
}

}  // namespace tp
