// numpy arrays as torch.tensor() data: what tensor_from_data (args.cpp) asks of numpy_binding.cpp.
// Neither function imports numpy: an ndarray can only exist once the script imported it.
#pragma once

#include <pybind11/pybind11.h>

#include "core/tensor.h"

namespace tp::torchpy {

namespace py = pybind11;

// `data` as an ndarray when it is one or a numpy scalar (a 0-dim array); None otherwise.
py::object as_ndarray(py::handle data);
// torch.from_numpy(arr): a CPU tensor over the array's own memory, keeping the array alive.
Tensor tensor_from_numpy(py::handle arr);

}  // namespace tp::torchpy
