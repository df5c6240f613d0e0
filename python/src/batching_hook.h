// torch.func.vmap's way into every op: while a vmap runs, a call of an op-table row or of a
// torch._C._nn / _special / _linalg function whose arguments hold a BatchedTensor (python/torch/func/
// _batched_tensor.py) is handed to vmap's Python dispatcher, which applies the op's batching
// rule; random ops are handed over too, for vmap's randomness= flag.
#pragma once

#include <pybind11/pybind11.h>

namespace tp::torchpy {

namespace py = pybind11;

// The dispatcher's result for where.name(*a, **kw) when vmap takes the call, else a null object
// (no vmap running, or nothing batched in the arguments): then the op runs as usual.
py::object batching_hook(const char* where, const char* name, const py::args& a, const py::kwargs& kw);

// torch._C._set_batching_hook(dispatch, BatchedTensor, random_names), _set_vmap_depth(n), and
// the hook in front of the submodules' functions: called once everything else is bound.
void bind_batching_hook(py::module_& m);

}  // namespace tp::torchpy
