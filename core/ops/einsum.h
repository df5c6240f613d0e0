// torch.einsum: Einstein summation, reduced to permutes, diagonals, sums and bmm the way
// ATen's einsum (aten/src/ATen/native/Linear.cpp) does, so values and grad_fns are PyTorch's.
#pragma once

#include <string>
#include <vector>

#include "core/tensor.h"

namespace tp {

// einsum(equation, operands): e.g. "ij,jk->ik"; without "->" the output is the ellipsis dims
// and then the letters that appear once, in order (A-Z before a-z).
Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands);

}  // namespace tp
