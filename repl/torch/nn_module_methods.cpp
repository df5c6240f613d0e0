// The methods of nn.Module in the language: parameters()/named_parameters()/children()/
// modules(), train()/eval(), zero_grad(), to()/cuda()/cpu()/half(), state_dict(),
// load_state_dict(), register_*(), apply(); each one a thin call into core/nn.
#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/nn_binding.h"
#include "repl/torch/nn_module_object.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

NnModuleObject* self_module(Interpreter& I, const Value& self) {
  if (!is_module(self)) I.raise(ty::TypeError, "descriptor requires a 'Module' object but received a '" + self.type()->name + "'");
  return module_of(self);
}

Value iterator_over(Interpreter& I, std::vector<Value> items) { return I.iter(make_list(std::move(items))); }

// (self, args) as one positional list so OpArgs can name them.
std::vector<Value> with_self(const Value& self, Args a) {
  std::vector<Value> v{self};
  for (size_t i = 0; i < a.n; ++i) v.push_back(a[i]);
  return v;
}
#define METHOD_ARGS(name, ...)                               \
  std::vector<Value> all_ = with_self(self, a);              \
  Args full_{all_.data(), all_.size(), a.kw, a.nkw};         \
  OpArgs p(I, name, full_, {"self", __VA_ARGS__})

Value m_init(Interpreter& I, const Value& self, Args) {
  self_module(I, self)->initialized = true;
  return Value();
}

// named_modules in PyTorch's order (self first, depth first), each module once.
void collect_modules(const Value& v, const std::string& prefix, std::vector<std::pair<std::string, Value>>& out,
                     std::vector<const Object*>& seen) {
  for (const Object* o : seen)
    if (o == v.obj()) return;
  seen.push_back(v.obj());
  out.emplace_back(prefix, v);
  for (auto& [name, child] : module_of(v)->children.items()) {
    if (child.is_none()) continue;
    collect_modules(child, prefix.empty() ? name : prefix + "." + name, out, seen);
  }
}

Value m_parameters(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("parameters", "recurse");
  std::vector<Value> items;
  for (auto& [name, t] : self_module(I, self)->m->named_parameters(p.boolean(1, true))) items.push_back(wrap(t));
  return iterator_over(I, std::move(items));
}
Value m_named_parameters(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("named_parameters", "prefix", "recurse");
  std::string prefix = p.has(1) ? str_of(p.get(1)) : "";
  std::vector<Value> items;
  for (auto& [name, t] : self_module(I, self)->m->named_parameters(p.boolean(2, true))) {
    items.push_back(make_tuple({make_str(prefix.empty() ? name : prefix + "." + name), wrap(t)}));
  }
  return iterator_over(I, std::move(items));
}
Value m_buffers(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("buffers", "recurse");
  std::vector<Value> items;
  for (auto& [name, t] : self_module(I, self)->m->named_buffers(p.boolean(1, true))) items.push_back(wrap(t));
  return iterator_over(I, std::move(items));
}
Value m_named_buffers(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("named_buffers", "prefix", "recurse");
  std::string prefix = p.has(1) ? str_of(p.get(1)) : "";
  std::vector<Value> items;
  for (auto& [name, t] : self_module(I, self)->m->named_buffers(p.boolean(2, true))) {
    items.push_back(make_tuple({make_str(prefix.empty() ? name : prefix + "." + name), wrap(t)}));
  }
  return iterator_over(I, std::move(items));
}
Value m_children(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("children");
  std::vector<Value> items;
  for (auto& [name, c] : self_module(I, self)->children.items())
    if (!c.is_none()) items.push_back(c);
  return iterator_over(I, std::move(items));
}
Value m_named_children(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("named_children");
  std::vector<Value> items;
  for (auto& [name, c] : self_module(I, self)->children.items())
    if (!c.is_none()) items.push_back(make_tuple({make_str(name), c}));
  return iterator_over(I, std::move(items));
}
Value m_modules(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("modules");
  std::vector<std::pair<std::string, Value>> all;
  std::vector<const Object*> seen;
  collect_modules(self, "", all, seen);
  std::vector<Value> items;
  for (auto& [name, v] : all) items.push_back(v);
  return iterator_over(I, std::move(items));
}
Value m_named_modules(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("named_modules");
  std::vector<std::pair<std::string, Value>> all;
  std::vector<const Object*> seen;
  collect_modules(self, "", all, seen);
  std::vector<Value> items;
  for (auto& [name, v] : all) items.push_back(make_tuple({make_str(name), v}));
  return iterator_over(I, std::move(items));
}

Value m_train(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("train", "mode");
  if (p.has(1) && !p.get(1).is_bool()) I.raise(ty::ValueError, "training mode is expected to be boolean");
  self_module(I, self)->m->train(p.boolean(1, true));
  return self;
}
Value m_eval(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("eval");
  self_module(I, self)->m->train(false);
  return self;
}
Value m_zero_grad(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("zero_grad", "set_to_none");
  self_module(I, self)->m->zero_grad(p.boolean(1, true));
  return Value();
}
Value m_requires_grad_(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("requires_grad_", "requires_grad");
  bool flag = p.boolean(1, true);
  for (auto& [name, t] : self_module(I, self)->m->named_parameters(true)) autograd::set_requires_grad(t, flag);
  return self;
}

// module.to(device), .to(dtype), .to(device, dtype), .to(tensor), non_blocking=...
Value m_to(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("to", "device", "dtype", "non_blocking");
  std::optional<Device> device;
  std::optional<DType> dtype;
  for (size_t i = 1; i <= 2; ++i) {
    Value v = p.get(i);
    if (v.is_unbound() || v.is_none()) continue;
    if (v.is_obj() && v.obj()->type == pyty::dtype) {
      dtype = v.as<DTypeObject>()->d;
    } else if (is_tensor(v)) {
      device = tensor_of(v).device();
      dtype = tensor_of(v).dtype();
    } else {
      device = to_device_value(I, v, "to");
    }
  }
  if (dtype && !is_floating(*dtype)) {
    I.raise(ty::TypeError, "nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=" + dtype_repr(*dtype));
  }
  if (device) device = resolve_device(*device);
  self_module(I, self)->m->to(device, dtype, p.boolean(3, false));
  return self;
}
Value m_cuda(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("cuda", "device");
  Device d{DeviceType::CUDA, -1};
  if (p.has(1)) d = p.get(1).is_intlike() ? Device{DeviceType::CUDA, static_cast<int>(p.integer(1))} : to_device_value(I, p.get(1), "cuda");
  self_module(I, self)->m->to(resolve_device(d), std::nullopt, false);
  return self;
}
Value m_cpu(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("cpu");
  self_module(I, self)->m->to(Device::cpu(), std::nullopt, false);
  return self;
}
Value cast_module(Interpreter& I, const Value& self, DType d) {
  self_module(I, self)->m->to(std::nullopt, d, false);
  return self;
}
Value m_half(Interpreter& I, const Value& self, Args) { return cast_module(I, self, DType::Float16); }
Value m_float(Interpreter& I, const Value& self, Args) { return cast_module(I, self, DType::Float32); }
Value m_double(Interpreter& I, const Value& self, Args) { return cast_module(I, self, DType::Float64); }
Value m_bfloat16(Interpreter& I, const Value& self, Args) { return cast_module(I, self, DType::BFloat16); }

Value m_state_dict(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("state_dict");
  auto* d = new DictObject();
  Value out = Value::object(d);
  for (auto& [name, t] : self_module(I, self)->m->state_dict()) d->table.set(I, make_str(name), wrap(t));
  return out;
}

// load_state_dict's answer: PyTorch's _IncompatibleKeys, printed as PyTorch prints it.
struct IncompatibleKeys : NativeObject {
  IncompatibleKeys(std::vector<std::string> missing, std::vector<std::string> unexpected)
      : NativeObject(type_()), missing(std::move(missing)), unexpected(std::move(unexpected)) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("_IncompatibleKeys", "builtins");
    return t;
  }
  std::vector<std::string> missing, unexpected;
  static Value names(const std::vector<std::string>& v) {
    std::vector<Value> items;
    for (auto& s : v) items.push_back(make_str(s));
    return make_list(std::move(items));
  }
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "missing_keys") return names(missing);
    if (name == "unexpected_keys") return names(unexpected);
    return Value::unbound();
  }
  std::string repr(Interpreter& I) override {
    if (missing.empty() && unexpected.empty()) return "<All keys matched successfully>";
    return "_IncompatibleKeys(missing_keys=" + I.repr(names(missing)) + ", unexpected_keys=" + I.repr(names(unexpected)) + ")";
  }
};

Value m_load_state_dict(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("load_state_dict", "state_dict", "strict", "assign");
  Value sd = p.get(1);
  if (!is_dict(sd)) I.raise(ty::TypeError, "Expected state_dict to be dict-like, got " + sd.type()->name + ".");
  std::vector<std::pair<std::string, Tensor>> entries;
  for (auto& e : sd.as<DictObject>()->table.entries()) {
    if (!e.live) continue;
    if (!is_str(e.key) || !is_tensor(e.value)) continue;
    entries.emplace_back(str_of(e.key), tensor_of(e.value));
  }
  nn::LoadResult r = self_module(I, self)->m->load_state_dict(entries, p.boolean(2, true));
  return Value::object(new IncompatibleKeys(r.missing_keys, r.unexpected_keys));
}

Value m_register_buffer(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("register_buffer", "name", "tensor", "persistent");
  NnModuleObject* o = self_module(I, self);
  Value t = p.get(2);
  if (!t.is_none() && !is_tensor(t)) {
    I.raise(ty::TypeError, "cannot assign '" + t.type()->name + "' object to buffer '" + str_of(p.get(1)) + "' (torch Tensor or None required)");
  }
  o->m->register_buffer(str_of(p.get(1)), t.is_none() ? Tensor() : tensor_of(t));
  return Value();
}
Value m_register_parameter(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("register_parameter", "name", "param");
  NnModuleObject* o = self_module(I, self);
  Value t = p.get(2);
  if (!t.is_none() && !(is_tensor(t) && autograd::is_parameter(tensor_of(t)))) {
    I.raise(ty::TypeError, "cannot assign '" + t.type()->name + "' object to parameter '" + str_of(p.get(1)) + "' (torch.nn.Parameter or None required)");
  }
  o->m->register_parameter(str_of(p.get(1)), t.is_none() ? Tensor() : tensor_of(t));
  return Value();
}
Value m_add_module(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("add_module", "name", "module");
  Value c = p.get(2);
  if (!c.is_none() && !is_module(c)) I.raise(ty::TypeError, c.type()->name + " is not a Module subclass");
  self_module(I, self)->add_child(str_of(p.get(1)), c);
  return Value();
}
Value m_apply(Interpreter& I, const Value& self, Args a) {
  METHOD_ARGS("apply", "fn");
  for (auto& [name, c] : self_module(I, self)->children.items()) {
    if (!c.is_none()) I.call(I.getattr(c, "apply"), std::vector<Value>{p.get(1)});
  }
  I.call(p.get(1), std::vector<Value>{self});
  return self;
}
Value m_extra_repr(Interpreter& I, const Value& self, Args) { return make_str(self_module(I, self)->m->extra_repr()); }

// Sequential.forward: each child in turn (children may be a learner's modules).
Value m_sequential_forward(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "forward", a, 1, 1);
  Value x = a[0];
  for (auto& [name, c] : self_module(I, self)->children.items()) x = I.call(c, std::vector<Value>{x});
  return x;
}
Value m_append(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "append", a, 1, 1);
  if (!is_module(a[0])) I.raise(ty::TypeError, a[0].type()->name + " is not a Module subclass");
  NnModuleObject* o = self_module(I, self);
  o->add_child(std::to_string(o->children.items().size()), a[0]);
  return self;
}

}  // namespace

void add_module_methods(TypeObject* t) {
  add_method(t, "__init__", m_init);
  add_method(t, "parameters", m_parameters);
  add_method(t, "named_parameters", m_named_parameters);
  add_method(t, "buffers", m_buffers);
  add_method(t, "named_buffers", m_named_buffers);
  add_method(t, "children", m_children);
  add_method(t, "named_children", m_named_children);
  add_method(t, "modules", m_modules);
  add_method(t, "named_modules", m_named_modules);
  add_method(t, "train", m_train);
  add_method(t, "eval", m_eval);
  add_method(t, "zero_grad", m_zero_grad);
  add_method(t, "requires_grad_", m_requires_grad_);
  add_method(t, "to", m_to);
  add_method(t, "cuda", m_cuda);
  add_method(t, "cpu", m_cpu);
  add_method(t, "half", m_half);
  add_method(t, "float", m_float);
  add_method(t, "double", m_double);
  add_method(t, "bfloat16", m_bfloat16);
  add_method(t, "state_dict", m_state_dict);
  add_method(t, "load_state_dict", m_load_state_dict);
  add_method(t, "register_buffer", m_register_buffer);
  add_method(t, "register_parameter", m_register_parameter);
  add_method(t, "add_module", m_add_module);
  add_method(t, "register_module", m_add_module);
  add_method(t, "apply", m_apply);
  add_method(t, "extra_repr", m_extra_repr);
}

void add_container_methods(TypeObject* t, bool with_forward) {
  if (with_forward) add_method(t, "forward", m_sequential_forward);
  add_method(t, "append", m_append);
}

}  // namespace tp::torchlang
