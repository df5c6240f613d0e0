// torch.Tensor's Python protocol beyond the op table: repr, the legacy constructor
// torch.Tensor(2, 3), indexing and assignment, len/iter/truth/number conversions with PyTorch's
// errors, hashing by identity, f"{loss:.4f}", `in`, deepcopy, and the properties (.shape, .dtype, .T, ...).
#include <pybind11/complex.h>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/printing.h"
#include "core/profiler.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/numpy_binding.h"
#include "python/src/tensor_protocol.h"

namespace tp::torchpy {

namespace {

// torch.Tensor(...): the legacy constructor (float32, on the CPU), read as PyTorch's
// legacy_tensor_ctor reads it: nothing gives an empty tensor, a tensor an alias of itself,
// ints (or one torch.Size) a size, and any other single argument data, which must be a
// sequence. Subclasses (class Sub(torch.Tensor)) construct through it too.
Tensor legacy_new(const py::args& a, const py::kwargs& kw) {
  OpArgs p("new", a, kw, {"*size"});
  if (a.size() == 0) return empty({0});
  py::handle arg = a[0];
  if (a.size() == 1 && is_tensor(arg)) return alias(tensor_of(arg));
  bool int_like = PyLong_Check(arg.ptr());
  try {
    int_like = int_like || as_index(arg).has_value();
  } catch (py::value_error&) {
    int_like = true;  // an int past int64: the size's unpack error below
  }
  if (a.size() == 1 && !is_size(arg) && !int_like) {
    if (!PySequence_Check(arg.ptr())) raise_type_error("new(): data must be a sequence (got " + type_name(arg) + ")");
    return tensor_from_data(arg, DType::Float32, Device::cpu());
  }
  return empty(p.varargs_shape(0));
}

const Tensor& one_element(py::handle self) {
  const Tensor& t = tensor_of(self);
  if (t.numel() != 1) fail(ErrorKind::ValueError, "only one element tensors can be converted to Python scalars");
  return t;
}

// x[key] = v takes a tensor, a bool, an int (numpy's too), a float (np.float64 is one) or a complex, as
// PyTorch's THPVariable_setitem does; lists, numpy arrays and numpy's other scalars are refused.
void set_item(py::handle self, py::handle key, py::handle v) {
  const Tensor& t = tensor_of(self);
  PyObject* o = v.ptr();
  const bool tensor = is_tensor(v);
  const bool number = !tensor && (PyBool_Check(o) || PyLong_Check(o) || PyFloat_Check(o) || PyComplex_Check(o) ||
                                  numpy_scalar_kind(v) == NumpyScalar::Integer);
  if (!tensor && !number) raise_type_error("can't assign a " + type_name(v) + " to a " + legacy_type_str(t));
  std::vector<TensorIndex> idx = tensor_indices(key);
  if (tensor) {
    index_put_(t, idx, tensor_of(v));
  } else if (PyBool_Check(o) || PyFloat_Check(o) || PyComplex_Check(o)) {
    index_put_(t, idx, *as_scalar(v));
  } else {
    index_put_(t, idx, Scalar(unpack_int64(v)));
  }
}

// PyTorch's Tensor.__format__: a 0-dim tensor formats as its number; others as object does.
py::object format(py::handle self, py::handle spec) {
  const Tensor& t = tensor_of(self);
  if (t.dim() == 0 && Py_TYPE(self.ptr()) == reinterpret_cast<PyTypeObject*>(tensor_type().ptr()))
    return scalar_value(item(t)).attr("__format__")(spec);
  return py::module_::import("builtins").attr("object").attr("__format__")(self, spec);
}

bool contains(py::handle self, py::handle element) {
  const Tensor& t = tensor_of(self);
  if (is_tensor(element)) return item(any(eq(tensor_of(element), t))).to_bool();
  if (auto s = as_scalar(element)) return item(any(eq(t, *s))).to_bool();
  fail(ErrorKind::RuntimeError, "Tensor.__contains__ only supports Tensor or scalar, but you passed in a " +
                                    py::repr(py::type::handle_of(element)).cast<std::string>() + ".");
}

// copy.deepcopy(x): PyTorch's Tensor.__deepcopy__ for a leaf (values, requires_grad and .grad).
py::object deepcopy(py::handle self, py::dict memo) {
  py::int_ key(reinterpret_cast<intptr_t>(self.ptr()));
  if (memo.contains(key)) return memo[key];
  const Tensor& t = tensor_of(self);
  if (!autograd::is_leaf(t))
    fail(ErrorKind::RuntimeError,
         "Only Tensors created explicitly by the user (graph leaves) support the deepcopy protocol at the moment.  "
         "If you were attempting to deepcopy a module, this may be because of a torch.nn.utils.weight_norm usage, "
         "see https://github.com/pytorch/pytorch/pull/103001");
  Tensor copy = clone(autograd::detach(t));
  if (t.requires_grad()) autograd::set_requires_grad(copy, true);
  Tensor g = autograd::grad(t);
  if (g.defined()) autograd::set_grad(copy, clone(g));
  py::object obj = wrap(copy);
  memo[key] = obj;
  return obj;
}

void bind_properties(TensorClass& cls) {
  cls.def_property_readonly("shape", [](py::handle self) { return wrap_size(tensor_of(self).sizes()); });
  cls.def_property_readonly("dtype", [](py::handle self) { return wrap_dtype(tensor_of(self).dtype()); });
  cls.def_property_readonly("device", [](py::handle self) { return wrap_device(tensor_of(self).device()); });
  cls.def_property_readonly("ndim", [](py::handle self) { return tensor_of(self).dim(); });
  cls.def_property_readonly("T", [](py::handle self) { return wrap(tensor_T(tensor_of(self))); });
  cls.def_property_readonly("mT", [](py::handle self) { return wrap(tensor_mT(tensor_of(self))); });
  cls.def_property_readonly("is_cuda", [](py::handle self) { return is_cuda(tensor_of(self)); });
  cls.def_property_readonly("is_meta", [](py::handle self) { return tensor_of(self).device().is_meta(); });
  cls.def_property_readonly("_version", [](py::handle self) { return tensor_of(self).version(); });
  cls.def_property_readonly("is_mps", [](py::handle self) { return tensor_of(self).device().type == DeviceType::MPS; });
  // No XPU (Intel GPU) device exists in tensorplay; code that asks `x.is_cuda or x.is_xpu` runs.
  cls.def_property_readonly("is_xpu", [](py::handle) { return false; });
  cls.def_property_readonly("is_cpu", [](py::handle self) { return tensor_of(self).device().is_cpu(); });
  cls.def_property_readonly("itemsize", [](py::handle self) { return static_cast<int64_t>(tensor_of(self).element_size()); });
  cls.def_property_readonly("nbytes", [](py::handle self) { return static_cast<int64_t>(tensor_of(self).nbytes()); });
  // .data: the same memory outside autograd; assigning swaps the tensor's data in place.
  cls.def_property(
      "data", [](py::handle self) { return wrap(autograd::data_of(tensor_of(self))); },
      [](py::handle self, py::handle v) {
        if (!is_tensor(v)) raise_type_error("Variable data has to be a tensor, but got " + type_name(v));
        autograd::set_data(tensor_of(self), tensor_of(v));
      });
}

}  // namespace

void bind_tensor_methods(py::module_&) {
  auto cls = py::reinterpret_borrow<TensorClass>(tensor_type());
  // Python's own messages ("unsupported operand type(s) for +: 'Tensor' and 'str'", "'Tensor'
  // object has no attribute") print tp_name, which pybind11 made "torch._C.Tensor".
  reinterpret_cast<PyTypeObject*>(cls.ptr())->tp_name = "Tensor";
  cls.def(py::init([](const py::args& a, const py::kwargs& kw) { return legacy_new(a, kw).impl_ptr(); }));
  cls.def("__repr__", [](py::handle self) {
    profiler::WaitCause cause("print");  // reading a GPU tensor's values waits for the GPU
    return tensor_repr(tensor_of(self));
  });
  bind_tensor_operators(cls);
  // Defining __eq__ removed the inherited hash; PyTorch hashes tensors by identity.
  cls.def("__hash__", [](py::handle self) { return reinterpret_cast<intptr_t>(self.ptr()); });
  cls.def("__getitem__", [](py::handle self, py::handle key) { return wrap(index(tensor_of(self), tensor_indices(key))); });
  cls.def("__setitem__", set_item);
  cls.def("__len__", [](py::handle self) {
    const Tensor& t = tensor_of(self);
    if (t.dim() == 0) fail(ErrorKind::TypeError, "len() of a 0-d tensor");
    return t.size(0);
  });
  cls.def("__iter__", [](py::handle self) {
    const Tensor& t = tensor_of(self);
    if (t.dim() == 0) fail(ErrorKind::TypeError, "iteration over a 0-d tensor");
    return py::iter(wrap_list(unbind(t, 0), false));
  });
  cls.def("__bool__", [](py::handle self) {
    const Tensor& t = tensor_of(self);
    if (t.numel() == 0) fail(ErrorKind::RuntimeError, "Boolean value of Tensor with no values is ambiguous");
    if (t.numel() > 1) fail(ErrorKind::RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
    return item(t).to_bool();
  });
  // A complex value converts only without an imaginary part (c10's checked_convert).
  auto real_value = [](py::handle self, const char* type) {
    const Scalar v = item(one_element(self));
    TP_CHECK(v.imag() == 0.0, RuntimeError, "value cannot be converted to type ", type, " without overflow");
    return v;
  };
  cls.def("__float__", [real_value](py::handle self) { return real_value(self, "double").to_double(); });
  cls.def("__int__", [real_value](py::handle self) { return real_value(self, "int64_t").to_int(); });
  cls.def("__complex__", [](py::handle self) { return item(one_element(self)).to_complex(); });
  cls.def("__index__", [](py::handle self) {
    const Tensor& t = tensor_of(self);
    if (t.numel() != 1 || is_floating(t.dtype()) || t.dtype() == DType::Bool)
      fail(ErrorKind::TypeError, "only integer tensors of a single element can be converted to an index");
    return item(t).to_int();
  });
  cls.def("__format__", format);
  cls.def("__contains__", contains);
  cls.def("__deepcopy__", deepcopy);
  bind_properties(cls);
}

}  // namespace tp::torchpy
