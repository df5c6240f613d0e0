// C++ errors as Python exceptions: a TorchError becomes the Python type PyTorch raises, with
// its text (and, for a device error, the fields hints read: exc.device_mismatch or
// exc.device_problem); an allocation failure becomes PyTorch's RuntimeError; a tensorplay
// bug a RuntimeError saying so.
#include <new>

#include "core/error.h"
#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

PyObject* g_oom = nullptr;          // torch.OutOfMemoryError (a RuntimeError)
PyObject* g_accelerator = nullptr;  // torch.AcceleratorError (a RuntimeError)
PyObject* g_linalg = nullptr;       // torch.linalg.LinAlgError, named torch._C._LinAlgError

PyObject* python_type(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::RuntimeError: return PyExc_RuntimeError;
    case ErrorKind::IndexError: return PyExc_IndexError;
    case ErrorKind::TypeError: return PyExc_TypeError;
    case ErrorKind::ValueError: return PyExc_ValueError;
    case ErrorKind::NotImplementedError: return PyExc_NotImplementedError;
    case ErrorKind::AssertionError: return PyExc_AssertionError;
    case ErrorKind::OutOfMemoryError: return g_oom;
    case ErrorKind::AcceleratorError: return g_accelerator;
    case ErrorKind::LinAlgError: return g_linalg;
  }
  return PyExc_RuntimeError;
}

// The Python exception for `e`: `type(message)` with a same-device error's fields as
// exc.device_mismatch and another device error's as exc.device_problem (dicts), which the
// hints read; C++'s errors and Python's (torch._C._device_mismatch_error) come through here.
py::object exception_object(PyObject* type, const TorchError& e) {
  py::object exc = py::reinterpret_borrow<py::object>(type)(e.what());
  if (const DeviceMismatch* m = e.mismatch()) {
    py::dict fields;
    fields["op"] = m->op;
    fields["argument"] = m->argument;
    fields["devices"] = py::make_tuple(m->common.str(), m->other.str());
    exc.attr("device_mismatch") = fields;
  }
  if (const DeviceProblem* p = e.problem()) {
    py::dict fields;
    fields["kind"] = device_problem_name(p->kind);
    fields["name"] = p->name;
    fields["device"] = p->device.str();
    fields["requested"] = p->requested;
    fields["capacity"] = p->capacity;
    fields["free"] = p->free_bytes;
    exc.attr("device_problem") = fields;
  }
  return exc;
}

}  // namespace

void bind_errors(py::module_& m) {
  g_oom = PyErr_NewException("torch.OutOfMemoryError", PyExc_RuntimeError, nullptr);
  g_accelerator = PyErr_NewException("torch.AcceleratorError", PyExc_RuntimeError, nullptr);
  m.add_object("OutOfMemoryError", py::handle(g_oom));
  m.add_object("AcceleratorError", py::handle(g_accelerator));
  g_linalg = PyErr_NewException("torch._C._LinAlgError", PyExc_RuntimeError, nullptr);
  m.add_object("_LinAlgError", py::handle(g_linalg));
  // A device mix-up found in Python code (an RNN's hidden state, attention's q/k/v), made as
  // the C++ checks make theirs: raise torch._C._device_mismatch_error(message, op, argument,
  // common, other).
  m.def("_device_mismatch_error",
        [](const std::string& message, const std::string& op, const std::string& argument, py::handle common,
           py::handle other) {
          DeviceMismatch mismatch{op, argument, to_device_value(common, "_device_mismatch_error"),
                                  to_device_value(other, "_device_mismatch_error")};
          return exception_object(PyExc_RuntimeError, TorchError(message, mismatch));
        });
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const TorchError& e) {
      PyErr_SetObject(python_type(e.kind()), exception_object(python_type(e.kind()), e).ptr());
    } catch (const InternalError& e) {
      PyErr_SetString(PyExc_RuntimeError, (std::string("internal error in tensorplay: ") + e.what()).c_str());
    } catch (const std::bad_alloc&) {  // not a tensor's memory (that is a TorchError): Python's own
      PyErr_NoMemory();
    }
  });
}

}  // namespace tp::torchpy
