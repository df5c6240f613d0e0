// Autograd, C++ half: Tensor's autograd attributes (.grad, .requires_grad, .is_leaf, .grad_fn,
// .retains_grad) and methods (backward, detach, requires_grad_, retain_grad), grad_fn objects
// typed and printed as PyTorch's node classes (<MulBackward0 object at 0x...>), and the small
// functions torch/autograd/ (grad mode, autograd.grad/backward) is written over.
#include <map>

#include "core/autograd/autograd.h"
#include "core/autograd/meta.h"
#include "core/autograd/tensor_hooks.h"
#include "core/error.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/function_node.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

using NodePtr = std::shared_ptr<Node>;
using TensorClass = py::class_<TensorImpl, std::shared_ptr<TensorImpl>>;

py::handle g_node_base;  // torch._C._Node, the base of every grad_fn class

// One Python class per node name, so type(y.grad_fn).__name__ is "MulBackward0"; its module
// is builtins, as PyTorch's are, so the default repr reads <MulBackward0 object at 0x...>.
py::handle node_class(const std::string& name) {
  static std::map<std::string, py::object> classes;
  py::object& cls = classes[name];
  if (!cls) {
    py::dict ns;
    ns["__module__"] = "builtins";
    cls = py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PyType_Type))(name, py::make_tuple(g_node_base), ns);
  }
  return cls;
}

}  // namespace

// The Python object of a node: the one alive already, if any, so y.grad_fn is y.grad_fn.
py::object wrap_node(const NodePtr& node) {
  if (!node) return py::none();
  if (py::object ctx = function_ctx(*node)) return ctx;
  auto& instances = py::detail::get_internals().registered_instances;
  auto range = instances.equal_range(node.get());
  for (auto it = range.first; it != range.second; ++it) {
    auto* obj = reinterpret_cast<PyObject*>(it->second);
    if (PyObject_TypeCheck(obj, reinterpret_cast<PyTypeObject*>(g_node_base.ptr()))) {
      return py::reinterpret_borrow<py::object>(obj);
    }
  }
  py::handle cls = node_class(node->class_name());
  py::object obj = g_node_base.attr("__new__")(cls);
  auto* inst = reinterpret_cast<py::detail::instance*>(obj.ptr());
  auto v_h = inst->get_value_and_holder(py::detail::get_type_info(typeid(Node)));
  NodePtr holder = node;
  v_h.value_ptr() = holder.get();
  v_h.type->init_instance(inst, &holder);
  return obj;
}

namespace {

void bind_node(py::module_& m) {
  py::class_<Node, NodePtr> node(m, "_Node");
  node.def("name", &Node::name);
  node.def_property_readonly("next_functions", [](const Node& n) {
    py::list items;
    for (const Edge& e : n.next_edges) items.append(py::make_tuple(wrap_node(e.fn), e.input_nr));
    return py::tuple(items);
  });
  // AccumulateGrad.variable: the leaf its gradients go into.
  node.def_property_readonly("variable", [](py::handle self) {
    auto* acc = dynamic_cast<AccumulateGrad*>(&self.cast<Node&>());
    if (!acc) throw py::attribute_error("'" + self.cast<Node&>().name() + "' object has no attribute 'variable'");
    return wrap(acc->variable);
  });
  g_node_base = node;
}

const char* kNonLeafGradWarning =
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If "
    "you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. "
    "See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/pytorch/build/aten/src/ATen/core/TensorBody.h:489.)";

bool retains_grad(const Tensor& t) { return t.impl()->autograd && t.impl()->autograd->retains_grad; }

py::object get_grad(py::handle self) {
  const Tensor& t = tensor_of(self);
  if (!autograd::is_leaf(t) && !retains_grad(t)) {
    if (PyErr_WarnEx(PyExc_UserWarning, kNonLeafGradWarning, 1) < 0) throw py::error_already_set();
  }
  return wrap(autograd::grad(t));
}

void set_grad(py::handle self, py::handle g) {
  if (!g.is_none() && !is_tensor(g)) {
    raise_type_error("assigned grad expected to be a Tensor or None but got grad of type " + type_name(g));
  }
  autograd::set_grad(tensor_of(self), g.is_none() ? Tensor() : tensor_of(g));
}

void set_requires_grad(py::handle self, py::handle flag) {
  TP_CHECK(PyBool_Check(flag.ptr()), RuntimeError, "requires_grad must be a bool");
  autograd::set_requires_grad(tensor_of(self), flag.ptr() == Py_True, autograd::RequiresGradBy::Attribute);
}

// PyTorch's engine warns once per process when backward() (not autograd.grad) creates a
// graph: .grad then holds a graph that refers back to the parameter.
void warn_backward_create_graph(bool create_graph) {
  static bool warned = false;
  if (!create_graph || warned) return;
  warned = true;
  const char* text =
      "Using backward() with create_graph=True will create a reference cycle between the parameter "
      "and its gradient which can cause a memory leak. We recommend using autograd.grad when "
      "creating the graph to avoid this. If you have to use this function, make sure to reset the "
      ".grad fields of your parameters to None after use to break the cycle and avoid the leak. "
      "(Triggered internally at /__w/pytorch/pytorch/torch/csrc/autograd/engine.cpp:1445.)";
  if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
}

// ---- methods (OpArgs counts their positions after self, as PyTorch's messages do) ----

py::object m_requires_grad_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("requires_grad_", a, kw, {"input", "requires_grad"});
  autograd::set_requires_grad(p.tensor(0), p.boolean(1, true));
  return py::reinterpret_borrow<py::object>(a[0]);
}
py::object m_retain_grad(const py::args& a, const py::kwargs& kw) {
  OpArgs p("retain_grad", a, kw, {"input"});
  autograd::retain_grad(p.tensor(0));
  return py::none();
}
py::object m_detach(const py::args& a, const py::kwargs& kw) {
  OpArgs p("detach", a, kw, {"input"});
  return wrap(autograd::detach(p.tensor(0)));
}
py::object m_detach_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("detach_", a, kw, {"input"});
  autograd::detach_(p.tensor(0));
  return py::reinterpret_borrow<py::object>(a[0]);
}
// x.backward(gradient=None, retain_graph=None, create_graph=False, inputs=None)
py::object m_backward(const py::args& a, const py::kwargs& kw) {
  OpArgs p("backward", a, kw, {"input", "gradient", "retain_graph", "create_graph", "inputs"});
  bool create_graph = p.boolean(3, false);
  TP_CHECK(!p.has(4), NotImplementedError, "backward(inputs=...) is not supported by tensorplay");
  Tensor gradient;
  if (p.has(1)) gradient = p.tensor(1);
  warn_backward_create_graph(create_graph);
  autograd::backward(p.tensor(0), gradient, p.boolean(2, create_graph), create_graph);
  return py::none();
}

void def_method(const char* name, NativeFn fn, const char* help) {
  py::handle tensor = tensor_type();
  py::cpp_function method(
      [fn](const py::args& a, const py::kwargs& kw) {
        OpArgs::next_is_method = true;
        return fn(a, kw);
      },
      py::name(name), py::is_method(tensor), help);
  py::setattr(tensor, name, method);
}

// A tensor or a sequence of tensors (None items kept as undefined tensors).
TensorList tensor_list(py::handle v) {
  if (is_tensor(v)) return {tensor_of(v)};
  TensorList out;
  for (py::handle item : py::iter(v)) {
    if (item.is_none()) {
      out.emplace_back();
    } else {
      if (!is_tensor(item)) raise_type_error("expected Tensor as element 0 in argument 0, but got " + type_name(item));
      out.push_back(tensor_of(item));
    }
  }
  return out;
}

// Tensor.register_post_accumulate_grad_hook(hook): hook(tensor) after each backward pass adds
// into tensor.grad; returns a torch.utils.hooks.RemovableHandle.
py::object register_post_accumulate_grad_hook(py::handle self, py::object hook) {
  const Tensor& t = tensor_of(self);
  const uint64_t id = autograd::add_post_accumulate_grad_hook(t, [hook](const Tensor& leaf) { hook(wrap(leaf)); });
  std::weak_ptr<TensorImpl> weak = t.impl_ptr();
  py::cpp_function remove([weak, id] {
    if (auto impl = weak.lock()) autograd::remove_post_accumulate_grad_hook(Tensor(impl), id);
  });
  return py::module_::import("torch.utils.hooks").attr("RemovableHandle")(remove);
}

// Tensor.register_hook(hook): hook(grad) on every gradient flowing into the tensor; a tensor
// it returns replaces the gradient, after python_hook.cpp's checks and with their texts.
py::object register_hook(py::handle self, py::object hook) {
  autograd::TensorHook call = [hook](const Tensor& g) -> Tensor {
    py::object original = wrap(g);
    py::object result = hook(original);
    if (result.is_none()) return Tensor();
    if (!is_tensor(result)) raise_type_error("expected Variable, but hook returned '" + type_name(result) + "'");
    const std::string name = py::hasattr(hook, "__name__") ? py::str(hook.attr("__name__")).cast<std::string>()
                                                            : std::string("<unknown>");
    const Tensor& r = tensor_of(result);
    const std::string was = py::str(original.attr("type")()), got = py::str(result.attr("type")());
    TP_CHECK(was == got, RuntimeError, "hook '", name, "' has changed the type of value (was ", was, " got ", got, ")");
    TP_CHECK(r.sizes() == g.sizes(), RuntimeError, "hook '", name, "' has changed the size of value");
    return r;
  };
  py::cpp_function remove(autograd::add_tensor_hook(tensor_of(self), std::move(call)));
  return py::module_::import("torch.utils.hooks").attr("RemovableHandle")(remove);
}

}  // namespace

void bind_autograd(py::module_& m) {
  bind_node(m);
  auto tensor = py::reinterpret_borrow<TensorClass>(tensor_type());
  tensor.def_property("grad", get_grad, set_grad);
  tensor.def_property("requires_grad", [](py::handle self) { return tensor_of(self).requires_grad(); }, set_requires_grad);
  tensor.def_property_readonly("is_leaf", [](py::handle self) { return autograd::is_leaf(tensor_of(self)); });
  tensor.def_property_readonly("grad_fn", [](py::handle self) { return wrap_node(autograd::grad_fn(tensor_of(self))); });
  // Which output of its grad_fn the tensor is (unbind's pieces 0, 1, ...); 0 for a leaf.
  tensor.def_property_readonly("output_nr", [](py::handle self) {
    const AutogradMeta* meta = tensor_of(self).impl()->autograd.get();
    return meta && autograd::grad_fn(tensor_of(self)) ? meta->output_nr : 0u;
  });
  tensor.def_property_readonly("retains_grad", [](py::handle self) { return retains_grad(tensor_of(self)); });
  // The tensor a view looks into (PyTorch's ._base, the root of a view of a view).
  tensor.def_property_readonly("_base", [](py::handle self) { return wrap(tensor_of(self).view_base()); });
  tensor.def("_is_view", [](py::handle self) { return tensor_of(self).is_view(); });
  def_method("requires_grad_", m_requires_grad_, "x.requires_grad_(True): record operations on x for autograd");
  def_method("retain_grad", m_retain_grad, "x.retain_grad(): keep .grad of a non-leaf after backward");
  def_method("detach", m_detach, "x.detach(): the same data, cut from autograd");
  def_method("detach_", m_detach_, "x.detach_(): cut x itself from the graph");
  def_method("backward", m_backward, "x.backward(gradient=None, retain_graph=None, create_graph=False): fill .grad of the leaves");
  tensor.def("register_hook", register_hook, py::arg("hook"),
             "x.register_hook(hook): hook(grad) on each gradient flowing into x; a returned tensor replaces it");
  tensor.def("register_post_accumulate_grad_hook", register_post_accumulate_grad_hook, py::arg("hook"),
             "x.register_post_accumulate_grad_hook(hook): hook(x) once backward has added into x.grad");

  // Grad mode (torch/autograd/grad_mode.py builds no_grad & co. on these).
  m.def("is_grad_enabled", &autograd::grad_enabled);
  m.def("_set_grad_enabled", &autograd::set_grad_enabled, py::arg("mode"));

  // torch.autograd.grad / torch.autograd.backward (argument defaults settled in Python).
  m.def("_autograd_grad", [](py::handle outputs, py::handle inputs, py::handle grad_outputs, bool retain_graph,
                             bool create_graph, bool allow_unused) {
    TensorList go = grad_outputs.is_none() ? TensorList{} : tensor_list(grad_outputs);
    return wrap_list(
        autograd::grad(tensor_list(outputs), tensor_list(inputs), go, retain_graph, allow_unused, create_graph), true);
  });
  m.def("_autograd_backward", [](py::handle tensors, py::handle grad_tensors, bool retain_graph, bool create_graph) {
    TensorList gt = grad_tensors.is_none() ? TensorList{} : tensor_list(grad_tensors);
    warn_backward_create_graph(create_graph);
    autograd::backward(tensor_list(tensors), gt, retain_graph, create_graph);
  });
}

}  // namespace tp::torchpy
