// Tensor functions PyTorch composes from other ops: outer, meshgrid and repeat_interleave.
// Each is composed the way ATen composes it, so values, dtypes and grad_fns are PyTorch's
// (outer: MulBackward0; meshgrid: ExpandBackward0; repeat_interleave: ViewBackward0 for an
// int count, IndexSelectBackward0 for a tensor of counts).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace tp {

// torch.outer(self, vec2): self.reshape(-1, 1) * vec2, for two 1-D tensors.
Tensor outer(const Tensor& self, const Tensor& vec2);

// torch.meshgrid(*tensors, indexing): indexing "ij" (matrix) or "xy" (Cartesian: the first two
// dims swapped). 0-D and 1-D tensors of one dtype and device.
std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing);

// torch.repeat_interleave(self, repeats, dim): each element (each slice along dim; without a
// dim, of the flattened tensor) `repeats` times.
Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim);
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim);
// torch.repeat_interleave(repeats): i repeated repeats[i] times, for a 1-D int64 tensor.
Tensor repeat_interleave(const Tensor& repeats);

}  // namespace tp
