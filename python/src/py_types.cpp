// torch.Tensor's Python class (one object per tensor, through pybind11's instance registry),
// torch.device and torch.dtype with PyTorch's reprs and comparisons, and the hook through which
// torch/__init__.py hands C++ the types it defines in Python (Size, Parameter, return_types).
#include "python/src/py_types.h"

#include <memory>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/creation.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

using Holder = std::shared_ptr<TensorImpl>;

// Handles that own a reference they never give back: they live as long as the process and
// must not be released after the interpreter is finalized.
py::handle g_tensor_type;       // torch.Tensor
py::handle g_device_type;       // torch.device
py::handle g_dtype_type;        // torch.dtype
py::handle g_dtype_objects[kNumDTypes];
// Registered by torch/__init__.py: torch.Size, nn.Parameter, torch.return_types.
py::handle g_size_type, g_parameter_type, g_return_types;

// torch.dtype: a small box around the enum; wrap_dtype hands out one object per dtype.
struct DTypeBox {
  DType d;
};

// An empty instance of `cls` (torch.Tensor or a subclass) from pybind11's own tp_new.
py::object new_instance(py::handle cls) {
  static py::handle no_args = py::tuple(0).release();
  auto* type = reinterpret_cast<PyTypeObject*>(g_tensor_type.ptr());
  PyObject* obj = type->tp_new(reinterpret_cast<PyTypeObject*>(cls.ptr()), no_args.ptr(), nullptr);
  if (!obj) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(obj);
}

}  // namespace

py::handle tensor_type() { return g_tensor_type; }

bool is_tensor(py::handle h) {
  return h && PyObject_TypeCheck(h.ptr(), reinterpret_cast<PyTypeObject*>(g_tensor_type.ptr()));
}

// pybind11's record of the Tensor class, looked up once: finding it by typeid hashes the
// type's name, on every tensor argument.
static py::detail::type_info* tensor_type_info() {
  static py::detail::type_info* info = py::detail::get_type_info(typeid(TensorImpl));
  return info;
}

const Tensor& tensor_of(py::handle h) {
  auto* inst = reinterpret_cast<py::detail::instance*>(h.ptr());
  auto v_h = inst->get_value_and_holder(tensor_type_info());
  // A Tensor is a shared_ptr<TensorImpl>, laid out as the holder is.
  return *reinterpret_cast<const Tensor*>(&v_h.holder<Holder>());
}

void init_tensor_object(py::handle obj, const Tensor& t) {
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  auto v_h = inst->get_value_and_holder(tensor_type_info());
  Holder holder = t.impl_ptr();
  v_h.value_ptr() = holder.get();
  v_h.type->init_instance(inst, &holder);
}

py::object wrap(const Tensor& t) {
  if (!t.defined()) return py::none();
  // The object already alive for this tensor, if any (its class kept: a Parameter stays one).
  auto& instances = py::detail::get_internals().registered_instances;
  auto range = instances.equal_range(t.impl());
  for (auto it = range.first; it != range.second; ++it) {
    if (PyObject_TypeCheck(reinterpret_cast<PyObject*>(it->second), reinterpret_cast<PyTypeObject*>(g_tensor_type.ptr()))) {
      return py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(it->second));
    }
  }
  py::handle cls = autograd::is_parameter(t) && g_parameter_type ? g_parameter_type : g_tensor_type;
  py::object obj = new_instance(cls);
  init_tensor_object(obj, t);
  return obj;
}

py::object wrap_list(const std::vector<Tensor>& ts, bool as_tuple) {
  py::list out;
  for (const Tensor& t : ts) out.append(wrap(t));
  if (as_tuple) return py::tuple(out);
  return out;
}

bool is_device(py::handle h) { return h && Py_TYPE(h.ptr()) == reinterpret_cast<PyTypeObject*>(g_device_type.ptr()); }
Device device_from(py::handle h) { return h.cast<Device>(); }
py::object wrap_device(Device d) { return py::cast(d); }

bool is_dtype(py::handle h) { return h && Py_TYPE(h.ptr()) == reinterpret_cast<PyTypeObject*>(g_dtype_type.ptr()); }
DType dtype_from(py::handle h) { return h.cast<const DTypeBox&>().d; }
py::object wrap_dtype(DType d) { return py::reinterpret_borrow<py::object>(g_dtype_objects[static_cast<int>(d)]); }

py::object wrap_size(const Shape& s) {
  py::tuple t(s.size());
  for (size_t i = 0; i < s.size(); ++i) t[i] = py::int_(s[i]);
  if (!g_size_type) return t;
  return g_size_type(t);
}

bool is_size(py::handle h) { return g_size_type && h && Py_TYPE(h.ptr()) == reinterpret_cast<PyTypeObject*>(g_size_type.ptr()); }

py::object wrap_return_pair(const char* name, const Tensor& values, const Tensor& indices) {
  py::object cls = py::getattr(g_return_types, name);
  return cls(py::make_tuple(wrap(values), wrap(indices)));
}

std::string type_name(py::handle h) {
  if (is_tensor(h)) return "Tensor";
  if (is_dtype(h)) return "torch.dtype";
  if (is_device(h)) return "torch.device";
  if (is_size(h)) return "torch.Size";
  // A type written in C is named with its module, as PyTorch prints tp_name ("numpy.ndarray",
  // "decimal.Decimal"); a Python class (and each pybind11 one) by its own name.
  PyTypeObject* type = Py_TYPE(h.ptr());
  if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE)) return type->tp_name;
  return py::str(py::type::handle_of(h).attr("__name__"));
}

void bind_value_types(py::module_& m) {
  // torch.device
  py::class_<Device> device(m, "device");
  device.def(py::init([](py::object spec, py::object index) {
               if (index.is_none()) {
                 if (is_device(spec)) return device_from(spec);
                 if (py::isinstance<py::int_>(spec) && !py::isinstance<py::bool_>(spec)) {
                   int i = spec.cast<int>();
                   TP_CHECK(i >= 0, RuntimeError, "Device index must not be negative");
                   return Device::cuda(i);
                 }
                 if (!py::isinstance<py::str>(spec)) {
                   throw py::type_error("device() received an invalid combination of arguments - got (" + type_name(spec) + ")");
                 }
                 return Device::parse(spec.cast<std::string>());
               }
               if (!py::isinstance<py::str>(spec)) throw py::type_error("device(): argument 'type' (position 1) must be str, not " + type_name(spec));
               return Device::from_type_index(spec.cast<std::string>(), index.cast<int>());
             }),
             py::arg("type"), py::arg("index") = py::none());
  device.def_property_readonly("type", [](const Device& d) { return std::string(device_type_name(d.type)); });
  device.def_property_readonly("index", [](const Device& d) -> py::object {
    return d.has_index() ? py::int_(d.index) : py::object(py::none());
  });
  device.def("__repr__", &Device::repr);
  device.def("__str__", &Device::str);
  device.def("__eq__", [](const Device& a, py::handle b) { return is_device(b) && device_from(b) == a; });
  device.def("__ne__", [](const Device& a, py::handle b) { return !(is_device(b) && device_from(b) == a); });
  device.def("__hash__", [](const Device& d) { return static_cast<int64_t>(d.type) * 1000 + d.index; });
  device.def("__reduce__", [](const Device& d) {
    return py::make_tuple(py::type::of<Device>(), d.has_index() ? py::make_tuple(device_type_name(d.type), d.index)
                                                                  : py::make_tuple(device_type_name(d.type)));
  });
  // `with torch.device("meta"):` makes it the factories' default inside the block.
  static std::vector<Device> enclosing;
  device.def("__enter__", [](py::object self) {
    enclosing.push_back(default_device());
    set_default_device(device_from(self));
    return self;
  });
  device.def("__exit__", [](const Device&, py::args) {
    if (!enclosing.empty()) {
      set_default_device(enclosing.back());
      enclosing.pop_back();
    }
  });
  device.attr("__module__") = "torch";
  g_device_type = device;

  // torch.dtype
  py::class_<DTypeBox> dtype(m, "dtype");
  dtype.def("__repr__", [](const DTypeBox& b) { return dtype_repr(b.d); });
  dtype.def_property_readonly("is_floating_point", [](const DTypeBox& b) { return is_floating(b.d); });
  dtype.def_property_readonly("is_signed", [](const DTypeBox& b) { return is_signed(b.d); });
  dtype.def_property_readonly("is_complex", [](const DTypeBox& b) { return is_complex(b.d); });
  dtype.def_property_readonly("itemsize", [](const DTypeBox& b) { return itemsize(b.d); });
  dtype.def("__reduce__", [](const DTypeBox& b) { return std::string(dtype_name(b.d)); });
  dtype.attr("__module__") = "torch";
  g_dtype_type = dtype;
  for (int i = 0; i < kNumDTypes; ++i) g_dtype_objects[i] = py::cast(DTypeBox{static_cast<DType>(i)}).release();
  struct Named {
    const char* name;
    DType d;
  };
  for (Named n : {Named{"float32", DType::Float32}, {"float", DType::Float32}, {"float64", DType::Float64},
                  {"double", DType::Float64}, {"float16", DType::Float16}, {"half", DType::Float16},
                  {"bfloat16", DType::BFloat16}, {"int64", DType::Int64}, {"long", DType::Int64},
                  {"int32", DType::Int32}, {"int", DType::Int32}, {"uint8", DType::UInt8}, {"bool", DType::Bool},
                  {"int8", DType::Int8}, {"int16", DType::Int16}, {"short", DType::Int16},
                  {"uint16", DType::UInt16}, {"uint32", DType::UInt32}, {"uint64", DType::UInt64},
                  {"complex64", DType::ComplexFloat}, {"cfloat", DType::ComplexFloat},
                  {"complex128", DType::ComplexDouble}, {"cdouble", DType::ComplexDouble}}) {
    m.attr(n.name) = wrap_dtype(n.d);
  }

  // torch.Tensor: its methods, operators and properties come from bind_ops and bind_tensor_methods.
  py::class_<TensorImpl, Holder> tensor(m, "Tensor", py::dynamic_attr());
  tensor.attr("__module__") = "torch";
  g_tensor_type = tensor;
  // Tensor._make_subclass(cls, data, requires_grad): nn.Parameter.__new__'s alias of data.
  tensor.def_static("_make_subclass", [](py::handle cls, const Tensor& data, bool requires_grad) {
    Tensor alias = autograd::detach(data);
    autograd::make_parameter(alias, requires_grad);
    py::object obj = new_instance(cls);
    init_tensor_object(obj, alias);
    return obj;
  });

  // torch.autograd.Variable(data, requires_grad): data detached, requiring grad as asked.
  tensor.def_static("_legacy_variable", [](const Tensor& data, bool requires_grad) {
    Tensor alias = autograd::detach(data);
    autograd::set_requires_grad(alias, requires_grad, autograd::RequiresGradBy::Creation);
    return alias;
  });

  // The types torch/__init__.py defines in Python.
  m.def("_register_python_types", [](py::object size, py::object parameter, py::object return_types) {
    g_size_type = size.release();
    g_parameter_type = parameter.release();
    g_return_types = return_types.release();
  });
}

}  // namespace tp::torchpy
