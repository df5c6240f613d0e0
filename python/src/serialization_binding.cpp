// What torch.save / torch.load (python/torch/serialization.py) need from the core: a
// tensor's whole storage (its identity, and its bytes on the host) and tensors rebuilt as
// views over one storage made from bytes, so views saved together load sharing memory.
#include <pybind11/stl.h>

#include <cstring>

#include "core/error.h"
#include "core/ops/device_ops.h"
#include "python/src/bindings.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

// A view a saved file describes, checked against the storage it reads (a corrupt or edited
// file must not reach past it), with PyTorch's texts.
Tensor checked_view(const Tensor& storage, const Shape& size, const Shape& stride, int64_t offset) {
  TP_CHECK(offset >= 0, RuntimeError, "Tensor: invalid storage offset ", offset);
  TP_CHECK(size.size() == stride.size(), RuntimeError, "mismatch in length of strides and shape");
  int64_t last = offset;  // the highest element the view reads, when it has any
  bool empty = false;
  for (size_t d = 0; d < size.size(); ++d) {
    TP_CHECK(size[d] >= 0 && stride[d] >= 0, RuntimeError, "Storage size calculation overflowed with sizes=",
             shape_str(size), " and strides=", shape_str(stride));
    empty = empty || size[d] == 0;
    last += (size[d] - 1) * stride[d];
  }
  int64_t itemsize = static_cast<int64_t>(storage.element_size());
  int64_t needed = empty ? 0 : (last + 1) * itemsize;
  int64_t have = storage.numel() * itemsize;
  TP_CHECK(needed <= have, RuntimeError, "setStorage: sizes ", shape_str(size), ", strides ", shape_str(stride),
           ", storage offset ", offset, ", and itemsize ", itemsize, " requiring a storage size of ", needed,
           " are out of bounds for storage of size ", have);
  return storage.as_strided(size, stride, offset);
}

// The whole storage under t as a 1-D tensor of t's dtype.
Tensor whole_storage(const Tensor& t) {
  auto numel = static_cast<int64_t>(t.storage()->nbytes() / t.element_size());
  return t.as_strided({numel}, {1}, 0);
}

}  // namespace

void bind_serialization(py::module_& m) {
  m.def("_storage_key", [](const Tensor& t) { return reinterpret_cast<uintptr_t>(t.storage().get()); },
        "_storage_key(t): one number per storage, the same for every view of it");
  m.def("_storage_numel", [](const Tensor& t) { return t.storage()->nbytes() / t.element_size(); },
        "_storage_numel(t): elements of t's dtype in t's whole storage");
  m.def("_storage_bytes", [](const Tensor& t) {
        Tensor host = to_cpu(whole_storage(t));
        return py::bytes(static_cast<const char*>(host.data_ptr()), host.nbytes());
      },
      "_storage_bytes(t): the bytes of t's whole storage, copied to the host");
  m.def("_storage_from_bytes", [](const py::bytes& data, py::handle dtype) {
        std::string_view raw(data);
        DType d = dtype_from(dtype);
        auto numel = static_cast<int64_t>(raw.size() / itemsize(d));
        Tensor host = empty({numel}, d);
        std::memcpy(host.data_ptr(), raw.data(), host.nbytes());
        return host;
      },
      "_storage_from_bytes(data, dtype): a 1-D CPU tensor over a new storage holding data");
  m.def("_view_of_storage", checked_view,
        "_view_of_storage(storage, size, stride, offset): a tensor over storage's memory, within its bounds");
}

}  // namespace tp::torchpy
