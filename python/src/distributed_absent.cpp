// torch._C without _distributed, for a build without Gloo (the web build: a browser tab has
// no processes to start and no TCP). torch/distributed/__init__.py then raises one clear
// ImportError that names the native build.
#include "python/src/bindings.h"

namespace tp::torchpy {

void bind_distributed(py::module_&) {}

}  // namespace tp::torchpy
