// torch.broadcast_tensors: tensors expanded (as views) to their common broadcast shape.
#pragma once

#include <vector>

#include "core/tensor.h"

namespace tp {

// Each input at the broadcast shape of all: the input itself where it already has that shape,
// otherwise a recorded expand (ExpandBackward0), as ATen's expand_outplace.
std::vector<Tensor> broadcast_tensors(const std::vector<Tensor>& tensors);

}  // namespace tp
