// numpy interop with PyTorch's memory sharing: Tensor.numpy() is an ndarray over the tensor's
// storage and torch.from_numpy(arr) a tensor over the array's buffer, so a write through one
// shows in the other; torch.as_tensor shares when it can. numpy is never imported here: it is
// only touched once the script handed over, or asked for, an array.
#include "python/src/numpy_binding.h"

#include <pybind11/numpy.h>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

// numpy, if the script has imported it (no ndarray can exist before).
py::object numpy_if_loaded() {
  static PyObject* modules = PyImport_GetModuleDict();  // sys.modules, the same dict for the session
  PyObject* np = PyDict_GetItemString(modules, "numpy");
  return np ? py::reinterpret_borrow<py::object>(np) : py::none();
}

// The buffer format numpy reads each dtype from.
const char* numpy_format(DType d) {
  switch (d) {
    case DType::Float32: return "f";
    case DType::Float64: return "d";
    case DType::Float16: return "e";
    case DType::Int64: return "l";  // numpy.int64 is a C long on LP64 ("q" would be longlong)
    case DType::Int32: return "i";
    case DType::UInt8: return "B";
    case DType::Int8: return "b";
    case DType::Int16: return "h";
    case DType::UInt16: return "H";
    case DType::UInt32: return "I";
    case DType::UInt64: return "L";
    case DType::Bool: return "?";
    case DType::ComplexFloat: return "F";
    case DType::ComplexDouble: return "D";
    case DType::BFloat16: break;
  }
  fail(ErrorKind::TypeError, "Got unsupported ScalarType ", dtype_legacy_name(d));
}

DType dtype_of_array(const py::array& a) {
  py::dtype dt = a.dtype();
  char kind = dt.kind();
  size_t size = static_cast<size_t>(dt.itemsize());
  if (kind == 'f' && size == 8) return DType::Float64;
  if (kind == 'f' && size == 4) return DType::Float32;
  if (kind == 'f' && size == 2) return DType::Float16;
  if (kind == 'i' && size == 8) return DType::Int64;
  if (kind == 'i' && size == 4) return DType::Int32;
  if (kind == 'i' && size == 2) return DType::Int16;
  if (kind == 'i' && size == 1) return DType::Int8;
  if (kind == 'u' && size == 8) return DType::UInt64;
  if (kind == 'u' && size == 4) return DType::UInt32;
  if (kind == 'u' && size == 2) return DType::UInt16;
  if (kind == 'u' && size == 1) return DType::UInt8;
  if (kind == 'b') return DType::Bool;
  if (kind == 'c' && size == 8) return DType::ComplexFloat;
  if (kind == 'c' && size == 16) return DType::ComplexDouble;
  std::string type = py::str(dt.attr("type").attr("__name__"));
  raise_type_error("can't convert np.ndarray of type numpy." + type +
                   ". The only supported types are: float64, float32, float16, complex64, complex128, "
                   "int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool.");
}

// An ndarray over the memory of `self` (a CPU tensor, refused otherwise with PyTorch's texts);
// force=True detaches and copies to the CPU first.
py::object numpy_of(py::handle self, bool force) {
  Tensor t = tensor_of(self);
  if (force) {
    t = to_cpu(autograd::detach(t));
  } else {
    numpy_check(t);
    TP_CHECK(!t.is_conj(), RuntimeError,
             "Can't call numpy() on Tensor that has conjugate bit set. Use tensor.resolve_conj().numpy() instead.");
  }
  if (t.is_conj()) t = resolve_conj(t);
  py::dtype dt(numpy_format(t.dtype()));
  std::vector<py::ssize_t> shape(t.sizes().begin(), t.sizes().end()), strides;
  for (int64_t s : t.strides()) strides.push_back(static_cast<py::ssize_t>(s * t.element_size()));
  // The tensor is the array's base, as in PyTorch: it keeps the storage alive.
  py::object base = t.is_same(tensor_of(self)) ? py::reinterpret_borrow<py::object>(self) : wrap(t);
  return py::array(dt, shape, strides, t.data_ptr(), base);
}

// x.numpy(*, force=False)
py::object m_numpy(const py::args& a, const py::kwargs& kw) {
  OpArgs p("numpy", a, kw, {"input", "force"});
  if (a.size() > 1)
    raise_type_error("numpy() takes 0 positional arguments but " + std::to_string(a.size() - 1) +
                     (a.size() == 2 ? " was" : " were") + " given");
  if (p.get(1) && !PyBool_Check(p.get(1).ptr())) p.type_error(1, "bool");
  return numpy_of(a[0], p.boolean(1, false));
}

// Tensor.__array__(dtype=None): what np.array(x) and numpy's functions read (torch/_tensor.py).
py::object array_protocol(py::handle self, py::handle dtype) {
  py::object arr = numpy_of(self, false);
  if (dtype.is_none()) return arr;
  return arr.attr("astype")(dtype, py::arg("copy") = false);
}

// Tensor.__array_wrap__(array): a ufunc's result back as a tensor, bool as uint8 (as PyTorch
// does); numpy 1.x may pass a context after the array, which changes nothing.
py::object array_wrap(py::handle, py::handle array, const py::args&) {
  py::object arr = py::reinterpret_borrow<py::object>(array);
  py::object np = py::module_::import("numpy");
  if (py::object(arr.attr("dtype")).equal(np.attr("dtype")("bool"))) arr = arr.attr("astype")("uint8");
  return wrap(tensor_from_numpy(arr, false));
}

// The numpy type string of a dtype ("<f4"), for __cuda_array_interface__.
std::string typestr(DType d) {
  return py::str(py::module_::import("numpy").attr("dtype")(numpy_format(d)).attr("str"));
}

// Tensor.__cuda_array_interface__ (numba's protocol): a GPU tensor's memory, real or simulated;
// an AttributeError elsewhere, so hasattr(cpu_tensor, ...) is False, as in PyTorch.
py::object cuda_array_interface(py::handle self) {
  const Tensor& t = tensor_of(self);
  if (!is_cuda(t))
    throw py::attribute_error("Can't get __cuda_array_interface__ on non-CUDA tensor type: " + legacy_type_str(t) +
                              " If CUDA data is required use tensor.cuda() to copy tensor to device memory.");
  if (t.requires_grad())
    fail(ErrorKind::RuntimeError,
         "Can't get __cuda_array_interface__ on Variable that requires grad. If gradients aren't required, use "
         "var.detach() to get Variable that doesn't require grad.");
  py::tuple shape(static_cast<size_t>(t.dim()));
  for (int64_t i = 0; i < t.dim(); ++i) shape[i] = t.sizes()[i];
  py::object strides = py::none();
  if (!t.is_contiguous()) {
    py::tuple bytes(static_cast<size_t>(t.dim()));
    for (int64_t i = 0; i < t.dim(); ++i) bytes[i] = t.strides()[i] * static_cast<int64_t>(t.element_size());
    strides = bytes;
  }
  auto ptr = reinterpret_cast<uintptr_t>(t.numel() == 0 ? nullptr : t.data_ptr());
  py::dict d;
  d["typestr"] = typestr(t.dtype());
  d["shape"] = shape;
  d["strides"] = strides;
  d["data"] = py::make_tuple(ptr, false);
  d["version"] = 2;
  return d;
}

}  // namespace

bool is_ndarray(py::handle h) {
  py::object np = numpy_if_loaded();
  return !np.is_none() && py::isinstance(h, np.attr("ndarray"));
}

NumpyScalar numpy_scalar_kind(py::handle v) {
  // numpy's scalar types live as long as the process once numpy is imported: looked up once.
  static PyObject *bool_type = nullptr, *integer_type = nullptr, *floating_type = nullptr;
  if (!floating_type) {
    py::object np = numpy_if_loaded();
    if (np.is_none()) return NumpyScalar::Other;
    bool_type = py::object(np.attr("bool_")).release().ptr();
    integer_type = py::object(np.attr("integer")).release().ptr();
    floating_type = py::object(np.attr("floating")).release().ptr();
  }
  PyObject* o = v.ptr();
  if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(bool_type))) return NumpyScalar::Bool;
  if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(integer_type))) return NumpyScalar::Integer;
  if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(floating_type))) return NumpyScalar::Floating;
  return NumpyScalar::Other;
}

DType dtype_of_ndarray(py::handle arr) { return dtype_of_array(py::reinterpret_borrow<py::array>(arr)); }

void warn_list_of_ndarrays() {
  static bool warned = false;  // PyTorch warns once per process
  if (warned) return;
  warned = true;
  if (PyErr_WarnEx(PyExc_UserWarning,
                   "Creating a tensor from a list of numpy.ndarrays is extremely slow. Please consider converting the "
                   "list to a single numpy.ndarray with numpy.array() before converting to a tensor. (Triggered "
                   "internally at /__w/pytorch/pytorch/torch/csrc/utils/tensor_new.cpp:249.)",
                   1) < 0)
    throw py::error_already_set();
}

py::object as_ndarray(py::handle data) {
  if (is_ndarray(data)) return py::reinterpret_borrow<py::object>(data);
  py::object np = numpy_if_loaded();
  if (!np.is_none() && py::isinstance(data, np.attr("generic"))) return np.attr("asarray")(data);
  return py::none();
}

Tensor tensor_from_numpy(py::handle arr, bool warn_if_not_writeable) {
  if (!is_ndarray(arr)) raise_type_error(std::string("expected np.ndarray (got ") + Py_TYPE(arr.ptr())->tp_name + ")");
  auto a = py::reinterpret_borrow<py::array>(arr);
  static bool warned = false;  // once per process, as PyTorch's text says
  if (warn_if_not_writeable && !warned && !a.writeable()) {
    warned = true;
    if (PyErr_WarnEx(PyExc_UserWarning,
                     "The given NumPy array is not writable, and PyTorch does not support non-writable tensors. This "
                     "means writing to this tensor will result in undefined behavior. You may want to copy the array "
                     "to protect its data or make it writable before converting it to a tensor. This type of warning "
                     "will be suppressed for the rest of this program. (Triggered internally at "
                     "/__w/pytorch/pytorch/torch/csrc/utils/tensor_numpy.cpp:208.)",
                     1) < 0)
      throw py::error_already_set();
  }
  DType dtype = dtype_of_array(a);
  TP_CHECK(a.dtype().attr("isnative").cast<bool>(), ValueError,
           "given numpy array has byte order different from the native byte order. Conversion between byte "
           "orders is currently not supported.");
  size_t item = itemsize(dtype);
  Shape sizes, strides;
  size_t extent = item;  // bytes from the first element to the end of the last
  for (py::ssize_t i = 0; i < a.ndim(); ++i) {
    py::ssize_t n = a.shape(i), s = a.strides(i);
    TP_CHECK(s >= 0, ValueError,
             "At least one stride in the given numpy array is negative, and tensors with negative strides are not "
             "currently supported. (You can probably work around this by making a copy of your array  with "
             "array.copy().) ");
    TP_CHECK(s % static_cast<py::ssize_t>(item) == 0, ValueError,
             "given numpy array strides not a multiple of the element byte size. Copy the numpy array to reallocate "
             "the memory.");
    sizes.push_back(n);
    strides.push_back(s / static_cast<py::ssize_t>(item));
    if (n == 0) extent = 0;
    if (extent) extent += static_cast<size_t>((n - 1) * s);
  }
  // The storage holds a reference to the array; it may be dropped without the GIL held.
  std::shared_ptr<void> owner(py::reinterpret_borrow<py::object>(arr).release().ptr(), [](void* o) {
    if (!Py_IsInitialized()) return;
    py::gil_scoped_acquire gil;
    Py_DECREF(static_cast<PyObject*>(o));
  });
  return tensor_over(std::make_shared<Storage>(const_cast<void*>(a.data()), extent, std::move(owner)),
                     std::move(sizes), std::move(strides), dtype);
}

void bind_numpy(py::module_& m) {
  py::handle tensor = tensor_type();
  py::cpp_function numpy(
      [](const py::args& a, const py::kwargs& kw) {
        OpArgs::next_is_method = true;
        return m_numpy(a, kw);
      },
      py::name("numpy"), py::is_method(tensor), "x.numpy(): a numpy array sharing x's memory (cpu tensors only)");
  py::setattr(tensor, "numpy", numpy);
  // numpy's protocols: np.array(x), np.exp(x) -> tensor, and array <op> tensor deferring to
  // the tensor's reflected operator (its priority is above an ndarray's).
  auto cls = py::reinterpret_borrow<py::class_<TensorImpl, std::shared_ptr<TensorImpl>>>(tensor);
  cls.def("__array__", array_protocol, py::arg("dtype") = py::none());
  cls.def("__array_wrap__", array_wrap, py::arg("array"));
  cls.attr("__array_priority__") = 1000;
  cls.def_property_readonly("__cuda_array_interface__", cuda_array_interface);
  m.def("from_numpy", [](py::handle arr) { return wrap(tensor_from_numpy(arr, true)); },
        "from_numpy(ndarray): a tensor sharing the array's memory");
  // torch.as_tensor(data, dtype=None, device=None): shares memory with a tensor or an ndarray
  // when neither the dtype nor the device changes; copies otherwise.
  m.def("as_tensor", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("as_tensor", a, kw, {"data", "dtype", "device"});
    py::handle data = p.get(0);
    if (!data) raise_type_error("as_tensor() missing 1 required positional arguments: \"data\"");
    std::optional<DType> dtype = p.dtype(1);
    std::optional<Device> device = p.device(2);
    if (is_tensor(data)) return wrap(to(tensor_of(data), device, dtype));
    if (is_ndarray(data)) return wrap(to(tensor_from_numpy(data, true), device, dtype));
    // A numba device array (python/numba/cuda/_device_array.py) exposes
    // __cuda_array_interface__ over a tensor of the simulated device: share that tensor.
    if (py::hasattr(data, "__cuda_array_interface__") && py::hasattr(data, "_tensorplay_tensor"))
      return wrap(to(tensor_of(data.attr("_tensorplay_tensor")), device, dtype));
    return wrap(tensor_from_data(data, dtype, device.value_or(default_device())));
  }, "as_tensor(data, dtype=None, device=None): a tensor, sharing memory with data when it can");
}

}  // namespace tp::torchpy
