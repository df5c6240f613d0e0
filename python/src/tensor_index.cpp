// x[key] for torch.Tensor: each Python index component becomes a core TensorIndex, in the
// order PyTorch's applySlicing tries them (python_variable_indexing.cpp), with its
// IndexError/TypeError texts for what cannot index a tensor. numpy integers index as ints,
// numpy arrays and other sequences as the tensor torch.tensor would make of them.
#include "core/error.h"
#include "core/ops/copy.h"
#include "python/src/args.h"
#include "python/src/numpy_binding.h"
#include "python/src/tensor_protocol.h"

namespace tp::torchpy {

namespace {

// A slice bound: None, or an int-like value (a one-element tensor too, through __index__)
// clamped to int64 as Python's own slices are; __index__'s own error propagates.
std::optional<int64_t> slice_part(py::handle x) {
  if (x.is_none()) return std::nullopt;
  if (!PyIndex_Check(x.ptr())) raise_type_error("slice indices must be integers or None or have an __index__ method");
  py::object k = py::reinterpret_steal<py::object>(PyNumber_Index(x.ptr()));
  if (!k) throw py::error_already_set();
  int overflowed = 0;
  long long v = PyLong_AsLongLongAndOverflow(k.ptr(), &overflowed);
  if (overflowed > 0) return INT64_MAX;
  if (!overflowed) return v;
  // PyTorch warns when it clamps a bound below int64 (an old model's saved slices).
  if (PyErr_WarnEx(PyExc_UserWarning,
                   "Truncating the start/stop/step of slice. This is likely because of saved old models when the "
                   "start/stop/step were larger.",
                   1) < 0)
    throw py::error_already_set();
  return INT64_MIN;
}

[[noreturn]] void invalid_index(py::handle v) {
  throw py::index_error(
      "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
      type_name(v) + ")");
}

TensorIndex index_component(py::handle v) {
  PyObject* o = v.ptr();
  if (PyBool_Check(o)) return TensorIndex::boolean(o == Py_True);  // before int: a bool is an int
  if (PyLong_Check(o)) return TensorIndex(unpack_int64(v));
  if (PySlice_Check(o)) {
    auto* s = reinterpret_cast<PySliceObject*>(o);
    if (s->step != Py_None && PyIndex_Check(s->step)) {
      if (auto step = as_index(s->step); step && *step == 0) throw py::value_error("slice step cannot be zero");
    }
    return TensorIndex(Slice{slice_part(s->start), slice_part(s->stop), slice_part(s->step)});
  }
  if (v.is_none()) return TensorIndex::none();
  if (o == Py_Ellipsis) return TensorIndex::ellipsis();
  if (is_tensor(v)) return TensorIndex(tensor_of(v));
  if (numpy_scalar_kind(v) == NumpyScalar::Integer) return TensorIndex(unpack_int64(v));
  // A list, range, ndarray (even 0-dim), str or bytes is data for a tensor index, as
  // PyTorch's sequenceToVariable makes it: x[range(n), y], x[np.array([0, 2])].
  if (PySequence_Check(o)) {
    py::object data = PyRange_Check(o) ? py::reinterpret_steal<py::object>(PySequence_List(o))
                                       : py::reinterpret_borrow<py::object>(v);
    if (!data) throw py::error_already_set();
    // Indices are int64 unless the data is a mask (bool or uint8): x[[0., 1.]] picks rows 0, 1.
    Tensor index = tensor_from_data(data, std::nullopt, Device::cpu());
    if (index.dtype() != DType::Bool && index.dtype() != DType::UInt8) index = to(index, std::nullopt, DType::Int64);
    return TensorIndex(index);
  }
  if (auto k = as_index(v)) return TensorIndex(*k);  // anything else with a working __index__
  invalid_index(v);
}

// PyTorch's (and numpy's older) rule for a key that is a sequence but not a tuple, tensor or
// ndarray (a list, a str): a short one holding a slice, None, Ellipsis, a tensor or a sequence
// is read as a tuple of indices, with PyTorch's warning.
bool sequence_as_tuple(py::handle key) {
  PyObject* k = key.ptr();
  if (PyTuple_Check(k)) return true;
  if (is_tensor(key) || is_ndarray(key) || !PySequence_Check(k)) return false;
  Py_ssize_t n = PySequence_Size(k);
  if (n < 0) {
    PyErr_Clear();
    return false;
  }
  if (n >= 32) return false;
  for (Py_ssize_t i = 0; i < n; ++i) {
    py::object x = py::reinterpret_steal<py::object>(PySequence_GetItem(k, i));
    if (!x) {
      PyErr_Clear();
      return false;
    }
    PyObject* o = x.ptr();
    if (is_tensor(x) || PySequence_Check(o) || PySlice_Check(o) || o == Py_Ellipsis || o == Py_None) {
      if (PyErr_WarnEx(PyExc_UserWarning,
                       "Using a non-tuple sequence for multidimensional indexing is deprecated and will be changed "
                       "in pytorch 2.9; use x[tuple(seq)] instead of x[seq]. In pytorch 2.9 this will be "
                       "interpreted as tensor index, x[torch.tensor(seq)], which will result either in an error or "
                       "a different result (Triggered internally at "
                       "/__w/pytorch/pytorch/torch/csrc/autograd/python_variable_indexing.cpp:375.)",
                       1) < 0)
        throw py::error_already_set();
      return true;
    }
  }
  return false;
}

// ATen's warning for a uint8 mask (IndexingUtils.h), raised here where the index is read.
void warn_uint8_mask(const TensorIndex& index) {
  if (index.kind() != TensorIndex::Kind::Tensor || index.tensor().dtype() != DType::UInt8) return;
  if (PyErr_WarnEx(PyExc_UserWarning,
                   "indexing with dtype torch.uint8 is now deprecated, please use a dtype torch.bool instead. "
                   "(Triggered internally at /__w/pytorch/pytorch/aten/src/ATen/native/IndexingUtils.h:37.)",
                   1) < 0)
    throw py::error_already_set();
}

}  // namespace

std::vector<TensorIndex> tensor_indices(py::handle key) {
  std::vector<TensorIndex> out;
  if (sequence_as_tuple(key)) {
    py::tuple items = py::reinterpret_steal<py::tuple>(PySequence_Tuple(key.ptr()));
    if (!items) throw py::error_already_set();
    for (py::handle v : items) out.push_back(index_component(v));
  } else {
    out.push_back(index_component(key));
  }
  for (const TensorIndex& index : out) warn_uint8_mask(index);
  return out;
}

}  // namespace tp::torchpy
