// torch._C: the C++ half of tensorplay's torch package, built into the tensorplay programs as
// a builtin module. Builtin modules cannot live inside a package, so it is registered as
// _tensorplay_C and torch/__init__.py makes it torch._C.
#include "python/src/module.h"

#include "python/src/batching_hook.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

PyObject* init_torch_c() {
  static py::module_::module_def def;
  auto m = py::module_::create_extension_module("torch._C", "tensorplay's C++ core, bound for Python", &def);
  try {
    bind_errors(m);
    bind_value_types(m);
    bind_ops(m);
    bind_tensor_methods(m);
    bind_finfo(m);
    bind_cuda(m);
    bind_profiler(m);
    bind_memory(m);
    bind_autograd(m);
    bind_function(m);
    bind_nn(m);
    bind_amp(m);
    bind_numpy(m);
    bind_optim(m);
    bind_generator(m);
    bind_data(m);
    bind_session(m);
    bind_distributed(m);
    bind_serialization(m);
    bind_threads(m);
    bind_linalg(m);
    bind_special(m);
    bind_numba(m);
    bind_batching_hook(m);  // last: it wraps the submodules' functions
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  }
  return m.release().ptr();
}

}  // namespace

void register_torch_c() {
  static bool done = false;
  if (done) return;
  done = true;
  PyImport_AppendInittab("_tensorplay_C", init_torch_c);
}

}  // namespace tp::torchpy
