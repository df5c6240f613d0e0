// numpy values as arguments: what the conversion layer (args.cpp) and indexing ask of
// numpy_binding.cpp. None of these imports numpy: an ndarray can only exist once the script did.
#pragma once

#include <pybind11/pybind11.h>

#include "core/tensor.h"

namespace tp::torchpy {

namespace py = pybind11;

// What kind of numpy scalar v is (Other for anything else, numpy's complex scalars included).
enum class NumpyScalar { Other, Bool, Integer, Floating };
NumpyScalar numpy_scalar_kind(py::handle v);
// True for a numpy.ndarray (or a subclass).
bool is_ndarray(py::handle h);
// `data` as an ndarray when it is one or a numpy scalar (a 0-dim array); None otherwise.
py::object as_ndarray(py::handle data);
// The tensor dtype of an ndarray (PyTorch's TypeError for one it cannot hold).
DType dtype_of_ndarray(py::handle arr);
// torch.from_numpy(arr): a CPU tensor over the array's own memory, keeping the array alive;
// PyTorch's warning (once) for a read-only array when asked.
Tensor tensor_from_numpy(py::handle arr, bool warn_if_not_writeable);
// PyTorch's warning (once) that torch.tensor([array, array]) is slow.
void warn_list_of_ndarrays();

}  // namespace tp::torchpy
