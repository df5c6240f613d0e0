// Gradient formulas of indexing: a gather's gradient is scattered back (summed where an
// index repeats), an assignment's gradient is split between the overwritten tensor (zero
// where it was written) and the written value; and where().
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/shape.h"

namespace tp::autograd {

namespace {
using G = const TensorList&;
using N = const Node&;
}  // namespace

std::shared_ptr<Node> index_node(const Tensor& self, const std::vector<Tensor>& indices) {
  Shape in = self.sizes();
  return make_node("IndexBackward0", {}, [in, indices](G g, G, N) {
    Tensor summed = linear_in_grad(
        "IndexPutImplBackward0", g[0],
        [&] {
          Tensor z = zeros(in, TensorOptions(g[0].dtype(), g[0].device()));
          advanced_index_put_(z, indices, g[0], /*accumulate=*/true);
          return z;
        },
        [indices](const Tensor& gg) { return advanced_index(gg, indices); });
    return TensorList{summed};
  });
}

std::shared_ptr<Node> index_put_node(const char* name, const Tensor& value,
                                     std::function<Tensor(const Tensor&)> index_of,
                                     std::function<void(const Tensor&)> zero_region) {
  Shape value_shape = value.sizes();
  Device value_device = value.device();
  return make_node(name, {}, [value_shape, value_device, index_of, zero_region](G g, G, N n) {
    Tensor gself, gvalue;
    if (n.needs(0)) {
      gself = clone(g[0]);
      zero_region(gself);
    }
    if (n.needs(1)) {
      // The value was broadcast to the region (leading 1s dropped): sum it back.
      Shape stripped = value_shape;
      while (!stripped.empty() && stripped.front() == 1) stripped.erase(stripped.begin());
      Tensor region = index_of(g[0]);
      if (stripped.size() > region.sizes().size()) stripped = value_shape;
      // A 0-dim CPU value may have been written into a device tensor.
      gvalue = to(reshape(sum_to(region, stripped), value_shape), value_device, std::nullopt);
    }
    return TensorList{gself, gvalue};
  });
}

std::shared_ptr<Node> where_node(const Tensor& cond) {
  return make_node("WhereBackward0", {cond}, [](G g, G s, N n) {
    Tensor zero = zeros_like(g[0]);
    return TensorList{n.needs(0) ? where(s[0], g[0], zero) : Tensor(),
                      n.needs(1) ? where(s[0], zero, g[0]) : Tensor()};
  });
}

}  // namespace tp::autograd
