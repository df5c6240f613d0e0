// The op table assembled from its parts, and bound: each function row becomes torch._C.NAME
// (re-exported by torch/__init__.py) and each method row a method of torch.Tensor.
#include "repl/bindings/op_table.h"

#include "repl/bindings/args.h"
#include "repl/bindings/bindings.h"

namespace tp::torchpy {

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = [] {
    std::vector<OpSpec> all;
    for (auto part : {creation_ops(), math_ops(), unary_ops(), tensor_ops()}) all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return table;
}

void bind_ops(py::module_& m) {
  py::handle tensor = tensor_type();
  py::list help;
  for (const OpSpec& op : op_table()) {
    NativeFn fn = op.fn;
    if (op.where != OpWhere::Method) {
      m.def(op.name, [fn](const py::args& a, const py::kwargs& kw) { return fn(a, kw); }, op.help);
      help.append(py::make_tuple(std::string("torch.") + op.name, op.help));
    }
    if (op.where != OpWhere::Function) {
      py::cpp_function method(
          [fn](const py::args& a, const py::kwargs& kw) {
            OpArgs::next_is_method = true;
            return fn(a, kw);
          },
          py::name(op.name), py::is_method(tensor), py::sibling(py::getattr(tensor, op.name, py::none())), op.help);
      py::setattr(tensor, op.name, method);
      help.append(py::make_tuple(std::string("Tensor.") + op.name, op.help));
    }
  }
  // (name, one line) for every op, in table order: what :help lists.
  m.attr("_op_help") = help;
}

}  // namespace tp::torchpy
