// Parts of torch._C not yet moved onto pybind11 (each helper deletes its entries here).
#include "repl/bindings/bindings.h"
#include "repl/bindings/op_table.h"

namespace tp::torchpy {
void bind_tensor_methods(py::module_&) {}
std::vector<OpSpec> creation_ops() { return {}; }
std::vector<OpSpec> math_ops() { return {}; }
std::vector<OpSpec> tensor_ops() { return {}; }
}  // namespace tp::torchpy
