// The same-device rule, in one place for every op. Texts are PyTorch 2.x's.
#pragma once

#include <initializer_list>
#include <string>
#include <utility>

#include "core/tensor.h"

namespace tp {

// Elementwise ops (TensorIterator): all operands on one device, except that 0-dim CPU
// tensors (and Python numbers) may join a device op. Returns the op's device.
// "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!"
Device check_same_device_elementwise(std::initializer_list<const Tensor*> operands);

// Ops with a generated device check (mm, addmm, nll_loss, cat, index_select): arguments
// checked in schema order; the first argument's device is the common one.
// `method` is the kernel's base name ("mm"); the CUDA wrapper name is derived from it.
Device check_same_device_args(const char* method,
                              std::initializer_list<std::pair<const char*, const Tensor*>> args);

}  // namespace tp
