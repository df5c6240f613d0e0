// torch.nonzero and its tuple form (nonzero(as_tuple=True), torch.where(condition)): the
// coordinates of a tensor's nonzero elements, found by its own backend (ATen's nonzero and
// nonzero_numpy in native/TensorAdvancedIndexing.cpp).
#pragma once

#include <vector>

#include "core/tensor.h"

namespace tp {

// An int64 (count, ndim) tensor of coordinates, laid out column-major as ATen's is.
Tensor nonzero(const Tensor& self);
// One int64 index tensor per dim (a 0-dim input counts as one-dim).
std::vector<Tensor> nonzero_numpy(const Tensor& self);

}  // namespace tp
