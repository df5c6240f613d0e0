// unique_consecutive: ne between neighbouring elements (or any(ne) between neighbouring
// slices) on the device; the run starts come to the host, since they decide the output's
// length, and the kept elements are gathered with index_select.
#include "core/ops/unique_consecutive.h"

#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

Tensor int64_tensor(const std::vector<int64_t>& v, Device device) {
  Tensor host = empty({static_cast<int64_t>(v.size())}, TensorOptions(DType::Int64, Device::cpu()));
  std::copy(v.begin(), v.end(), static_cast<int64_t*>(host.data_ptr()));
  return to(host, device, std::nullopt);
}

std::shared_ptr<Node> unique_consecutive_node() {
  return autograd::make_node("UniqueConsecutiveBackward0", {},
                             [](const TensorList&, const TensorList&, const Node&) -> TensorList {
                               fail(ErrorKind::NotImplementedError,
                                    "the derivative for 'unique_consecutive' is not implemented.");
                             });
}

}  // namespace

UniqueResult unique_consecutive(const Tensor& self, std::optional<int64_t> dim) {
  Tensor x = autograd::detach(self);
  int64_t d = 0;
  if (dim) {
    d = wrap_dim(*dim, std::max<int64_t>(self.dim(), 1));
    if (x.dim() == 0) x = reshape(x, {1});
    int64_t zero_dims = 0;
    for (int64_t v : x.sizes()) zero_dims += v == 0;
    TP_CHECK(x.numel() != 0 || (zero_dims == 1 && x.sizes()[d] == 0), RuntimeError,
             "There are 0 sized dimensions, and they aren't selected, so unique cannot be applied");
  } else {
    x = flatten(x);
  }
  const int64_t n = x.sizes()[d];
  // rows: one row per position along d, the rest of the slice flattened.
  Tensor rows = reshape(movedim(x, {d}, {0}), {n, n == 0 ? 0 : x.numel() / n});
  std::vector<int64_t> starts, inverse(static_cast<size_t>(n));
  if (n > 0) {
    starts.push_back(0);
    if (n > 1) {
      Tensor step = ne(slice(rows, 0, 1), slice(rows, 0, std::nullopt, n - 1));
      Tensor differs = contiguous(to(rows.sizes()[1] == 0 ? zeros({n - 1}, DType::Bool) : any(step, 1, false),
                                     Device::cpu(), std::nullopt));
      for (int64_t i = 1; i < n; ++i) {
        if (differs.data<bool>()[i - 1]) starts.push_back(i);
        inverse[i] = static_cast<int64_t>(starts.size()) - 1;
      }
    }
  }
  std::vector<int64_t> counts(starts.size());
  for (size_t g = 0; g < starts.size(); ++g) counts[g] = (g + 1 < starts.size() ? starts[g + 1] : n) - starts[g];
  const Device device = self.device();
  UniqueResult r;
  auto compute = [&] { return index_select(x, d, int64_tensor(starts, device)); };
  r.values = autograd::record_op({self}, compute, [&](const Tensor&) { return unique_consecutive_node(); });
  r.inverse = int64_tensor(inverse, device);
  if (!dim) r.inverse = reshape(r.inverse, self.sizes());
  r.counts = int64_tensor(counts, device);
  return r;
}

}  // namespace tp
