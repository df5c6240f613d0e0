// PyTorch's result_type: tensors with dims outrank 0-dim tensors, which outrank
// Python numbers, within a category (bool < integer < floating).
#pragma once

#include <initializer_list>

#include "core/tensor.h"

namespace tp {

// torch.result_type over the operands of one op.
DType result_type(std::initializer_list<const Tensor*> operands);
DType result_type(const Tensor& a, const Tensor& b);

// True when a value of dtype `from` may be written into `to` in place (canCast).
bool can_cast(DType from, DType to);

}  // namespace tp
