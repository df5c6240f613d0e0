// Tensor methods about where a tensor lives: .cuda(), .cpu(), .is_cuda, .get_device(),
// .numpy()'s device check, .pin_memory() and .is_pinned() (.to() is in copy.h).
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp {

// t.cuda(i), named to_cuda because tp::cuda is torch.cuda: t itself when already there;
// no index means the current device.
Tensor to_cuda(const Tensor& t, std::optional<int> index = std::nullopt, bool non_blocking = false);
// t.cpu(), named to_cpu to match: t itself when on the CPU, else a new CPU tensor (synchronises, like .item()).
Tensor to_cpu(const Tensor& t);
bool is_cuda(const Tensor& t);
// t.get_device(): the ordinal, -1 for a CPU tensor.
int get_device(const Tensor& t);
// The checks of t.numpy(), in PyTorch's order: a device tensor raises TypeError "can't
// convert cuda:0 device type tensor to numpy. ...", then requires_grad raises RuntimeError.
void numpy_check(const Tensor& t);
// t.pin_memory(): a CPU tensor in page-locked memory (t itself if already pinned).
Tensor pin_memory(const Tensor& t);
// A new contiguous CPU tensor in page-locked memory (where to(cpu, non_blocking=True) from a
// GPU copies to, as PyTorch's _to_copy pins its output).
Tensor empty_pinned(const Shape& sizes, DType dtype);
bool is_pinned(const Tensor& t);
}  // namespace tp
