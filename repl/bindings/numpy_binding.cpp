// numpy interop with PyTorch's memory sharing: Tensor.numpy() is an ndarray over the tensor's
// storage and torch.from_numpy(arr) a tensor over the array's buffer, so a write through one
// shows in the other; torch.as_tensor shares when it can. numpy is never imported here: it is
// only touched once the script handed over, or asked for, an array.
#include "repl/bindings/numpy_binding.h"

#include <pybind11/numpy.h>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "repl/bindings/args.h"
#include "repl/bindings/bindings.h"

namespace tp::torchpy {

namespace {

// numpy, if the script has imported it (no ndarray can exist before).
py::object numpy_if_loaded() {
  static PyObject* modules = PyImport_GetModuleDict();  // sys.modules, the same dict for the session
  PyObject* np = PyDict_GetItemString(modules, "numpy");
  return np ? py::reinterpret_borrow<py::object>(np) : py::none();
}

bool is_ndarray(py::handle h) {
  py::object np = numpy_if_loaded();
  return !np.is_none() && py::isinstance(h, np.attr("ndarray"));
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
    case DType::Bool: return "?";
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
  if (kind == 'u' && size == 1) return DType::UInt8;
  if (kind == 'b') return DType::Bool;
  std::string type = py::str(dt.attr("type").attr("__name__"));
  // PyTorch's text, listing the types tensorplay has.
  raise_type_error("can't convert np.ndarray of type numpy." + type +
                   ". The only supported types are: float64, float32, float16, int64, int32, uint8, and bool.");
}

// x.numpy(force=False)
py::object m_numpy(const py::args& a, const py::kwargs& kw) {
  OpArgs p("numpy", a, kw, {"input", "force"});
  Tensor t = p.tensor(0);
  if (p.boolean(1, false)) {
    t = to_cpu(autograd::detach(t));
  } else {
    numpy_check(t);
  }
  py::dtype dt(numpy_format(t.dtype()));
  std::vector<py::ssize_t> shape(t.sizes().begin(), t.sizes().end()), strides;
  for (int64_t s : t.strides()) strides.push_back(static_cast<py::ssize_t>(s * t.element_size()));
  // The tensor is the array's base, as in PyTorch: it keeps the storage alive.
  py::object base = t.is_same(p.tensor(0)) ? py::reinterpret_borrow<py::object>(a[0]) : wrap(t);
  return py::array(dt, shape, strides, t.data_ptr(), base);
}

}  // namespace

py::object as_ndarray(py::handle data) {
  if (is_ndarray(data)) return py::reinterpret_borrow<py::object>(data);
  py::object np = numpy_if_loaded();
  if (!np.is_none() && py::isinstance(data, np.attr("generic"))) return np.attr("asarray")(data);
  return py::none();
}

Tensor tensor_from_numpy(py::handle arr) {
  if (!is_ndarray(arr)) raise_type_error(std::string("expected np.ndarray (got ") + Py_TYPE(arr.ptr())->tp_name + ")");
  auto a = py::reinterpret_borrow<py::array>(arr);
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
  m.def("from_numpy", [](py::handle arr) { return wrap(tensor_from_numpy(arr)); },
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
    if (is_ndarray(data)) return wrap(to(tensor_from_numpy(data), device, dtype));
    return wrap(tensor_from_data(data, dtype, device.value_or(default_device())));
  }, "as_tensor(data, dtype=None, device=None): a tensor, sharing memory with data when it can");
}

}  // namespace tp::torchpy
