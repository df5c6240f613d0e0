// The pieces of torch.Tensor's Python protocol that tensor_methods.cpp assembles: the
// operator dunders (tensor_operators.cpp) and the conversion of an index expression x[...]
// into core TensorIndex items (tensor_index.cpp).
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <vector>

#include "core/ops/indexing.h"
#include "core/tensor.h"

namespace tp::torchpy {

namespace py = pybind11;

using TensorClass = py::class_<TensorImpl, std::shared_ptr<TensorImpl>>;

// + - * / // % ** @ & | ^ with reflected and in-place forms, comparisons, unary - + ~ abs().
void bind_tensor_operators(TensorClass& cls);

// The key of x[key] (an int, slice, None, Ellipsis, bool, tensor, list, or a tuple of those).
std::vector<TensorIndex> tensor_indices(py::handle key);

}  // namespace tp::torchpy
