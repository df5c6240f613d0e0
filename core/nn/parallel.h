// The data movement of nn.DataParallel: a batch scattered across devices and outputs
// gathered back, both differentiable (ScatterBackward / GatherBackward, as in PyTorch).
#pragma once

#include <vector>

#include "core/tensor.h"

namespace tp::nn {

// Splits x along dim 0 into at most devices.size() chunks (torch.chunk sizes) and copies
// chunk i to devices[i].
std::vector<Tensor> scatter(const Tensor& x, const std::vector<Device>& devices);
// Concatenates the outputs along dim 0 on `device`.
Tensor gather(const std::vector<Tensor>& outputs, Device device);

}  // namespace tp::nn
