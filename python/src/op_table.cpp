// The op table assembled from its parts, and bound: each function row becomes torch._C.NAME
// (re-exported by torch/__init__.py) and each method row a method of torch.Tensor.
#include "python/src/op_table.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "core/autograd/grad_mode.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "python/src/args.h"
#include "python/src/batching_hook.h"
#include "python/src/bindings.h"
#include "python/src/profiled_op.h"

namespace tp::torchpy {

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = [] {
    std::vector<OpSpec> all;
    for (auto part : {creation_ops(), math_ops(), unary_ops(), tensor_ops(), index_ops(), combine_ops(),
                      einsum_ops(), random_ops(), stats_ops(), dtype_ops(), broadcast_ops(),
                      layout_ops(), vision_ops(), take_ops(), search_ops(), distance_ops(), apply_ops(),
                      linalg_ops(), elementwise_ops()})
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return table;
}

namespace {

// torch.NAME(..., out=t) of a math function: the result written into t, which is returned.
// As in PyTorch, out= refuses inputs that require grad (out= is not differentiable) and an
// out of another shape is resized, with PyTorch's UserWarning when it had elements.
py::object call_with_out(NativeFn fn, const char* name, const py::args& a, py::kwargs kw) {
  py::object out_obj = kw["out"];
  PyDict_DelItemString(kw.ptr(), "out");
  if (out_obj.is_none()) return fn(a, kw);
  if (!is_tensor(out_obj))
    raise_type_error(std::string(name) + "(): argument 'out' must be Tensor, not " + type_name(out_obj));
  if (autograd::grad_enabled()) {
    auto needs_grad = [](py::handle v) { return is_tensor(v) && tensor_of(v).requires_grad(); };
    bool any = false;
    for (py::handle v : a) any = any || needs_grad(v);
    for (auto item : kw) any = any || needs_grad(item.second);
    TP_CHECK(!any, RuntimeError, name,
             "(): functions with out=... arguments don't support automatic differentiation, but one of the "
             "arguments requires grad.");
  }
  py::object result = fn(a, kw);
  Tensor out = tensor_of(out_obj), value = tensor_of(result);
  Shape old = out.sizes();
  if (write_out(value, out)) {
    std::string text = "An output with one or more elements was resized since it had shape " + shape_str(old) +
                       ", which does not match the required output shape " + shape_str(value.sizes()) +
                       ". This behavior is deprecated, and in a future PyTorch release outputs will not be resized "
                       "unless they have zero elements. You can explicitly reuse an out tensor t by resizing it, "
                       "inplace, to zero elements with t.resize_(0). (Triggered internally at "
                       "/__w/pytorch/pytorch/aten/src/ATen/native/Resize.cpp:30.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text.c_str(), 1) < 0) throw py::error_already_set();
  }
  return out_obj;
}

// A TypeError from parsing a call of an op with several overloads in PyTorch: when none of
// PyTorch's signatures takes the call, PyTorch's parser error for it under the name called
// (torch._overloads.parser_error: one signature's own error or the listing); otherwise the
// binding's own error stands.
void list_overloads(const py::type_error&, const char* name, const py::args& a, const py::kwargs& kw, bool method) {
  py::tuple args(a.size() - (method ? 1 : 0));
  for (size_t i = 0; i < args.size(); ++i) args[i] = a[i + (method ? 1 : 0)];
  py::object text = py::module_::import("torch._overloads")
                        .attr("parser_error")(name, std::string(method ? "Tensor." : "torch.") + name, args, kw, method);
  if (!text.is_none()) raise_type_error(py::str(text));
}

}  // namespace

void bind_ops(py::module_& m) {
  py::handle tensor = tensor_type();
  py::list help;
  std::vector<std::string> with_out;
  for (const auto& part : {math_ops(), unary_ops()})
    for (const OpSpec& op : part)
      if (op.name[std::strlen(op.name) - 1] != '_') with_out.push_back(op.name);  // not the in-place forms
  for (const OpSpec& op : op_table()) {
    NativeFn fn = op.fn;
    const char* name = op.name;
    bool takes_out = std::find(with_out.begin(), with_out.end(), name) != with_out.end();
    if (op.where != OpWhere::Method) {
      m.def(
          op.name,
          [fn, name, takes_out](const py::args& a, const py::kwargs& kw) {
            if (py::object batched = batching_hook("torch", name, a, kw)) return batched;
            ProfiledOp profiled(name, a);
            try {
              if (takes_out && kw.contains("out")) return call_with_out(fn, name, a, kw);
              return fn(a, kw);
            } catch (const py::type_error& e) {
              list_overloads(e, name, a, kw, false);
              throw;
            }
          },
          op.help);
      help.append(py::make_tuple(std::string("torch.") + op.name, op.help));
    }
    if (op.where != OpWhere::Function) {
      py::cpp_function method(
          [fn, name](const py::args& a, const py::kwargs& kw) {
            if (py::object batched = batching_hook("Tensor", name, a, kw)) return batched;
            ProfiledOp profiled(name, a);
            OpArgs::next_is_method = true;
            try {
              return fn(a, kw);
            } catch (const py::type_error& e) {
              list_overloads(e, name, a, kw, true);
              throw;
            }
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
