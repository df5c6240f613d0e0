// vmap's hook into the op trampolines: a null check while no vmap runs, an exact type test of
// each argument (and of the items of a list argument, for cat/stack) while one does.
#include "python/src/batching_hook.h"

#include <set>
#include <string>

#include "core/backends/op_kinds.h"

namespace tp::torchpy {

namespace {

py::object g_dispatch;              // torch.func._dispatch.dispatch(qualified_name, *args, **kwargs)
PyTypeObject* g_batched = nullptr;  // torch.func._batched_tensor.BatchedTensor
std::set<std::string> g_random;     // ops vmap must see even without a batched argument
int g_depth = 0;                    // how many vmaps are running

bool is_batched(PyObject* o) {
  if (Py_TYPE(o) == g_batched) return true;
  if (PyList_Check(o) || PyTuple_Check(o)) {
    py::sequence items = py::reinterpret_borrow<py::sequence>(o);
    for (py::handle item : items)
      if (Py_TYPE(item.ptr()) == g_batched) return true;
  }
  return false;
}

}  // namespace

py::object batching_hook(const char* where, const char* name, const py::args& a, const py::kwargs& kw) {
  if (g_depth == 0) return py::object();
  bool hit = g_random.count(name) > 0;
  for (py::handle v : a) hit = hit || is_batched(v.ptr());
  for (auto item : kw) hit = hit || is_batched(item.second.ptr());
  if (!hit) return py::object();
  return g_dispatch(std::string(where) + "." + name, *a, **kw);
}

void bind_batching_hook(py::module_& m) {
  m.def("_set_batching_hook", [](py::object dispatch, py::type batched, py::iterable random_names) {
    g_dispatch = std::move(dispatch);
    g_batched = reinterpret_cast<PyTypeObject*>(batched.ptr());
    g_random.clear();
    for (py::handle n : random_names) g_random.insert(py::str(n));
  });
  m.def("_set_vmap_depth", [](int depth) { g_depth = depth; });
  // The elementwise rows of core/backends/{unary,binary}_ops.def: vmap's broadcasting rule
  // covers each of them (and its in-place form) without a list of its own.
  py::list elementwise;
  for (const UnaryOpInfo& op : kUnaryOps) elementwise.append(op.name);
  for (const BinaryOpInfo& op : kBinaryOps) elementwise.append(op.name);
  m.attr("_elementwise_op_names") = elementwise;
  // At exit the interpreter is gone before static destructors run: let go of the function first.
  py::module_::import("atexit").attr("register")(py::cpp_function([] { g_dispatch = py::object(); }));
}

}  // namespace tp::torchpy
