// The torch namespace's value types as Python sees them: Tensor (a pybind11 class over
// tp::TensorImpl, one Python object per tensor), torch.device, torch.dtype, and the types
// written in Python (torch.Size, nn.Parameter, torch.return_types) that C++ results are
// wrapped in once torch/__init__.py has registered them.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/tensor.h"

namespace tp::torchpy {

namespace py = pybind11;

// ---- Tensor ----
// The Python class torch.Tensor (set up by bind_tensor_type).
py::handle tensor_type();
// True for a torch.Tensor or an instance of a subclass (nn.Parameter).
bool is_tensor(py::handle h);
// The tensor inside a torch.Tensor object (h must be one: check is_tensor first).
const Tensor& tensor_of(py::handle h);
// The Python object of `t`: the same object for as long as one is alive (`net[0].weight is w`),
// of class nn.Parameter for a parameter; None for an undefined tensor.
py::object wrap(const Tensor& t);
// A list or tuple of wrapped tensors.
py::object wrap_list(const std::vector<Tensor>& ts, bool as_tuple);
// Turns a fresh instance of `cls` (a torch.Tensor subclass, from Tensor.__new__) into the
// Python object of `t`.
void init_tensor_object(py::handle obj, const Tensor& t);

// ---- torch.device, torch.dtype ----
bool is_device(py::handle h);
Device device_from(py::handle h);
py::object wrap_device(Device d);
bool is_dtype(py::handle h);
DType dtype_from(py::handle h);
// The one torch.float32 (etc.) object of each dtype.
py::object wrap_dtype(DType d);

// ---- types defined in Python ----
// torch.Size([2, 3]) (a tuple of ints before torch.Size is registered).
py::object wrap_size(const Shape& s);
bool is_size(py::handle h);
// torch.return_types.NAME(values, indices).
py::object wrap_return_pair(const char* name, const Tensor& values, const Tensor& indices);

// The type name PyTorch prints for a value in its messages ("Tensor", "torch.dtype", "str").
std::string type_name(py::handle h);

}  // namespace tp::torchpy

// tp::Tensor as a pybind11 argument or result: a torch.Tensor object, converted by the
// functions above (so a binding may take `const Tensor&` and return a Tensor).
namespace pybind11::detail {
template <>
struct type_caster<tp::Tensor> {
  PYBIND11_TYPE_CASTER(tp::Tensor, const_name("Tensor"));
  bool load(handle src, bool) {
    if (!tp::torchpy::is_tensor(src)) return false;
    value = tp::torchpy::tensor_of(src);
    return true;
  }
  static handle cast(const tp::Tensor& t, return_value_policy, handle) { return tp::torchpy::wrap(t).release(); }
};
}  // namespace pybind11::detail
