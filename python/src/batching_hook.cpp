// vmap's hook into the ops: a null check while no vmap runs, an exact type test of each
// argument (and of the items of a list argument, for cat/stack) while one does. The op table's
// trampolines call it (op_table.cpp); the functions of torch._C's submodules get it here.
#include "python/src/batching_hook.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

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

namespace {

// Every function of torch._C._nn, _special and _linalg (bound in many files) with the hook in
// front of it, put in place once all of them are bound.
void hook_submodule(py::module_& m, const char* where) {
  py::module_ sub = m.attr(where);
  std::vector<std::pair<std::string, py::object>> functions;
  for (auto item : py::dict(sub.attr("__dict__"))) {
    std::string name = py::str(item.first);
    if (PyCFunction_Check(item.second.ptr()) && name[0] != '_')
      functions.emplace_back(name, py::reinterpret_borrow<py::object>(item.second));
  }
  for (auto& [name, fn] : functions) {
    std::string doc = py::str(fn.attr("__doc__"));
    py::cpp_function hooked(
        [fn = fn, name = name, where](const py::args& a, const py::kwargs& kw) -> py::object {
          if (py::object batched = batching_hook(where, name.c_str(), a, kw)) return batched;
          return fn(*a, **kw);
        },
        py::name(name.c_str()), py::doc(doc.c_str()));
    sub.attr(name.c_str()) = hooked;
  }
}

}  // namespace

void bind_batching_hook(py::module_& m) {
  for (const char* where : {"_nn", "_special", "_linalg"}) hook_submodule(m, where);
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
