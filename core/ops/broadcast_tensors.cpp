// torch.broadcast_tensors (ATen ExpandUtils expand_outplace): the common shape first, with
// PyTorch's "The size of tensor a ..." error, then one expand per input that needs it.
#include "core/ops/broadcast_tensors.h"

#include "core/ops/broadcast.h"
#include "core/ops/shape.h"

namespace tp {

std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) return {};
  Shape shape = tensors.front().sizes();
  for (const Tensor& t : tensors) shape = broadcast_shapes(shape, t.sizes());
  std::vector<Tensor> out;
  out.reserve(tensors.size());
  for (const Tensor& t : tensors) out.push_back(t.sizes() == shape ? t : expand(t, shape));
  return out;
}

}  // namespace tp
