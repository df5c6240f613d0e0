// x[key] for torch.Tensor: each Python index component becomes a core TensorIndex, with
// PyTorch's IndexError/TypeError texts for what cannot index a tensor.
#include "core/error.h"
#include "core/ops/copy.h"
#include "repl/bindings/args.h"
#include "repl/bindings/tensor_protocol.h"

namespace tp::torchpy {

namespace {

// A slice bound: None, an int-like value, or a one-element tensor.
std::optional<int64_t> slice_part(py::handle x) {
  if (x.is_none()) return std::nullopt;
  if (auto k = as_index(x)) return *k;
  if (is_tensor(x)) return item(tensor_of(x)).to_int();
  raise_type_error("slice indices must be integers or None or have an __index__ method");
}

TensorIndex index_component(py::handle v) {
  PyObject* o = v.ptr();
  if (PyBool_Check(o)) return TensorIndex::boolean(o == Py_True);  // before int: a bool is an int
  if (PyLong_Check(o)) return TensorIndex(static_cast<int64_t>(PyLong_AsLongLong(o)));
  if (v.is_none()) return TensorIndex::none();
  if (o == Py_Ellipsis) return TensorIndex::ellipsis();
  if (is_tensor(v)) return TensorIndex(tensor_of(v));
  if (PySlice_Check(o)) {
    auto* s = reinterpret_cast<PySliceObject*>(o);
    return TensorIndex(Slice{slice_part(s->start), slice_part(s->stop), slice_part(s->step)});
  }
  // A list or range is a sequence of indices (PyTorch's sequenceToVariable): x[range(n), y].
  if (PyRange_Check(o)) return TensorIndex(tensor_from_data(py::reinterpret_steal<py::list>(PySequence_List(o)), std::nullopt, Device::cpu()));
  if (py::isinstance<py::list>(v)) return TensorIndex(tensor_from_data(v, std::nullopt, Device::cpu()));
  if (auto k = as_index(v)) return TensorIndex(*k);  // numpy integers
  throw py::index_error(
      "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
      type_name(v) + ")");
}

}  // namespace

std::vector<TensorIndex> tensor_indices(py::handle key) {
  std::vector<TensorIndex> out;
  if (PyTuple_Check(key.ptr())) {
    for (py::handle v : key) out.push_back(index_component(v));
  } else {
    out.push_back(index_component(key));
  }
  return out;
}

}  // namespace tp::torchpy
