// Autograd as the language sees it: tensor attributes, grad_fn objects (printed and typed as
// PyTorch's node classes), grad-mode context managers and torch.autograd.grad/backward.
#include "repl/torch/autograd_binding.h"

#include <cstdio>
#include <map>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// One Python class per node name, so type(y.grad_fn).__name__ is "AddmmBackward0".
TypeObject* node_type(const std::string& name) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, "torch.autograd.graph", ty::object);
  }
  return t;
}

Value wrap_node(const std::shared_ptr<Node>& node);

// A grad_fn: y.grad_fn, its name() and next_functions.
struct GradFnObject : NativeObject {
  explicit GradFnObject(std::shared_ptr<Node> n) : NativeObject(node_type(n->name())), node(std::move(n)) {}
  std::shared_ptr<Node> node;
  static Value name_fn(Interpreter&, const Value& self, Args) { return make_str(self.as<GradFnObject>()->node->name()); }
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "name") {
      auto* f = new BuiltinFunction("name", name_fn);
      return Value::object(new BoundMethod(Value::object(this), Value::object(f)));
    }
    if (name == "next_functions") {
      std::vector<Value> items;
      for (const Edge& e : node->next_edges) {
        items.push_back(make_tuple({e.fn ? wrap_node(e.fn) : Value(), Value::integer(e.input_nr)}));
      }
      return make_tuple(std::move(items));
    }
    if (name == "variable") {
      if (auto* acc = dynamic_cast<AccumulateGrad*>(node.get())) return wrap(acc->variable);
    }
    return Value::unbound();
  }
  Value compare(Interpreter&, CmpOpKind op, const Value& other) override {
    if (op != CmpOpKind::Eq && op != CmpOpKind::NotEq) return Value::unbound();
    auto* o = dynamic_cast<GradFnObject*>(other.is_obj() ? other.obj() : nullptr);
    bool same = o && o->node == node;
    return Value::boolean(op == CmpOpKind::Eq ? same : !same);
  }
  std::string repr(Interpreter&) override {
    char addr[32];
    std::snprintf(addr, sizeof addr, "%p", static_cast<void*>(node.get()));
    return "<" + node->name() + " object at " + addr + ">";
  }
  std::vector<std::string> dir(Interpreter&) override { return {"name", "next_functions"}; }
};

Value wrap_node(const std::shared_ptr<Node>& node) { return Value::object(new GradFnObject(node)); }

const char* kNonLeafGradWarning =
    "The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its .grad "
    "attribute won't be populated during autograd.backward(). If you indeed want the .grad "
    "field to be populated for a non-leaf Tensor, use .retain_grad() on the non-leaf Tensor. If "
    "you access the non-leaf Tensor by mistake, make sure you access the leaf Tensor instead. "
    "See github.com/pytorch/pytorch/pull/30531 for more information. (Triggered internally at "
    "/pytorch/build/aten/src/ATen/core/TensorBody.h:489.)";

// ---- grad mode objects: `with torch.no_grad():`, `@torch.no_grad()`, set_grad_enabled ----

TypeObject* grad_mode_type(const char* name) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, "torch.autograd.grad_mode", ty::object);
  }
  return t;
}

// A function wrapped by @torch.no_grad(): runs with grad mode set.
struct GradModeFunction : NativeObject {
  GradModeFunction(Value f, bool enabled) : NativeObject(ty::function), func(std::move(f)), enabled(enabled) {}
  Value func;
  bool enabled;
  Value call(Interpreter& I, Args a) override {
    autograd::GradModeGuard guard(enabled);
    return I.call(func, a);
  }
  std::string repr(Interpreter& I) override { return I.repr(func); }
};

struct GradModeObject : NativeObject {
  GradModeObject(const char* name, bool enabled) : NativeObject(grad_mode_type(name)), name(name), enabled(enabled) {}
  const char* name;
  bool enabled;
  std::vector<bool> saved;  // the modes to restore, one per active `with`
  static Value enter(Interpreter&, const Value& self, Args) {
    auto* o = self.as<GradModeObject>();
    o->saved.push_back(autograd::grad_enabled());
    autograd::set_grad_enabled(o->enabled);
    return Value();
  }
  static Value exit(Interpreter&, const Value& self, Args) {
    auto* o = self.as<GradModeObject>();
    if (!o->saved.empty()) {
      autograd::set_grad_enabled(o->saved.back());
      o->saved.pop_back();
    }
    return Value::boolean(false);
  }
  Value get_attr(Interpreter&, const std::string& attr) override {
    auto bound = [&](const char* n, MethodFn f) {
      return Value::object(new BoundMethod(Value::object(this), Value::object(new BuiltinFunction(n, f))));
    };
    if (attr == "__enter__") return bound("__enter__", enter);
    if (attr == "__exit__") return bound("__exit__", exit);
    return Value::unbound();
  }
  Value call(Interpreter& I, Args a) override {
    if (a.n != 1 || a.nkw != 0) I.raise(ty::TypeError, std::string(name) + " takes a single function to decorate");
    return Value::object(new GradModeFunction(a[0], enabled));
  }
  std::string repr(Interpreter&) override { return std::string("<torch.autograd.grad_mode.") + name + " object>"; }
};

Value t_no_grad(Interpreter& I, Args a) {
  OpArgs p(I, "no_grad", a, {});
  return Value::object(new GradModeObject("no_grad", false));
}
Value t_inference_mode(Interpreter& I, Args a) {
  OpArgs p(I, "inference_mode", a, {"mode"});
  return Value::object(new GradModeObject("inference_mode", !p.boolean(0, true)));
}
Value t_enable_grad(Interpreter& I, Args a) {
  OpArgs p(I, "enable_grad", a, {});
  return Value::object(new GradModeObject("enable_grad", true));
}
// torch.set_grad_enabled(mode): takes effect at once, and also works as a context manager.
Value t_set_grad_enabled(Interpreter& I, Args a) {
  OpArgs p(I, "set_grad_enabled", a, {"mode"});
  bool mode = p.boolean(0, true);
  auto* o = new GradModeObject("set_grad_enabled", mode);
  Value v = Value::object(o);
  o->saved.push_back(autograd::grad_enabled());
  autograd::set_grad_enabled(mode);
  return v;
}
Value t_is_grad_enabled(Interpreter& I, Args a) {
  OpArgs p(I, "is_grad_enabled", a, {});
  return Value::boolean(autograd::grad_enabled());
}

TensorList tensor_list(Interpreter& I, const Value& v) {
  TensorList out;
  if (is_tensor(v)) return {tensor_of(v)};
  for (const Value& item : I.to_vector(v)) {
    if (item.is_none()) {
      out.emplace_back();
    } else {
      if (!is_tensor(item)) I.raise(ty::TypeError, "expected a Tensor, got " + item.type()->name);
      out.push_back(tensor_of(item));
    }
  }
  return out;
}

Value ag_grad(Interpreter& I, Args a) {
  OpArgs p(I, "grad", a, {"outputs", "inputs", "grad_outputs", "retain_graph", "create_graph", "allow_unused"});
  TP_CHECK(!p.boolean(4, false), NotImplementedError, "create_graph=True (higher-order gradients) is not supported by tensorplay");
  TensorList outputs = tensor_list(I, p.get(0));
  TensorList inputs = tensor_list(I, p.get(1));
  TensorList grad_outputs = p.has(2) ? tensor_list(I, p.get(2)) : TensorList{};
  TensorList grads = autograd::grad(outputs, inputs, grad_outputs, p.boolean(3, false), p.boolean(5, false));
  std::vector<Value> items;
  for (const Tensor& g : grads) items.push_back(g.defined() ? wrap(g) : Value());
  return make_tuple(std::move(items));
}

Value ag_backward(Interpreter& I, Args a) {
  OpArgs p(I, "backward", a, {"tensors", "grad_tensors", "retain_graph", "create_graph"});
  TP_CHECK(!p.boolean(3, false), NotImplementedError, "create_graph=True (higher-order gradients) is not supported by tensorplay");
  TensorList roots = tensor_list(I, p.get(0));
  TensorList grads = p.has(1) ? tensor_list(I, p.get(1)) : TensorList{};
  autograd::backward(roots, grads, p.boolean(2, false));
  return Value();
}

}  // namespace

Value tensor_autograd_attr(Interpreter& I, const Tensor& t, const std::string& name) {
  if (name == "requires_grad") return Value::boolean(t.requires_grad());
  if (name == "is_leaf") return Value::boolean(autograd::is_leaf(t));
  if (name == "grad_fn") {
    const auto& fn = autograd::grad_fn(t);
    return fn ? wrap_node(fn) : Value();
  }
  if (name == "retains_grad") return Value::boolean(t.impl()->autograd && t.impl()->autograd->retains_grad);
  if (name == "grad") {
    if (!autograd::is_leaf(t) && !(t.impl()->autograd && t.impl()->autograd->retains_grad)) {
      I.warn("UserWarning", kNonLeafGradWarning);
    }
    Tensor g = autograd::grad(t);
    return g.defined() ? wrap(g) : Value();
  }
  if (name == "data") return wrap(autograd::detach(t));
  return Value::unbound();
}

bool set_tensor_autograd_attr(Interpreter& I, const Tensor& t, const std::string& name, const Value& v) {
  if (name == "requires_grad") {
    autograd::set_requires_grad(t, I.truthy(v));
    return true;
  }
  if (name == "grad") {
    if (!v.is_none() && !is_tensor(v)) I.raise(ty::TypeError, "assigned grad expected to be a Tensor or None but got grad of type " + v.type()->name);
    autograd::set_grad(t, v.is_none() ? Tensor() : tensor_of(v));
    return true;
  }
  if (name == "data") {
    if (!is_tensor(v)) I.raise(ty::TypeError, "Variable data has to be a tensor, but got " + v.type()->name);
    autograd::set_data(t, tensor_of(v));
    return true;
  }
  return false;
}

void add_grad_mode_functions(ModuleObject& m) {
  add_function(m, "no_grad", t_no_grad);
  add_function(m, "enable_grad", t_enable_grad);
  add_function(m, "inference_mode", t_inference_mode);
  add_function(m, "set_grad_enabled", t_set_grad_enabled);
  add_function(m, "is_grad_enabled", t_is_grad_enabled);
}

void init_autograd_module(Interpreter&, ModuleObject& m) {
  add_function(m, "grad", ag_grad);
  add_function(m, "backward", ag_backward);
  add_grad_mode_functions(m);
}

}  // namespace tp::torchlang
