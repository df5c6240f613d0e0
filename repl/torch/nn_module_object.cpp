// The hooks of NnModuleObject: attribute registration with PyTorch's rules and texts,
// calling forward, printing, container indexing, and replication for DataParallel.
#include "repl/torch/nn_module_object.h"

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace pyty {
TypeObject* module = nullptr;
}

NnModuleObject::NnModuleObject(TypeObject* type, std::shared_ptr<nn::Module> module)
    : NativeObject(type), m(std::move(module)) {}

Value wrap_module(TypeObject* type, std::shared_ptr<nn::Module> m) {
  auto* o = new NnModuleObject(type, std::move(m));
  o->initialized = true;
  return Value::object(o);
}

void NnModuleObject::add_child(const std::string& name, const Value& child) {
  children.set(name, child);
  m->register_module(name, child.is_none() ? nullptr : module_of(child)->m);
}

Value NnModuleObject::get_attr(Interpreter&, const std::string& name) {
  if (Value* v = attrs.find(name)) return *v;
  if (const Tensor* p = m->find_parameter(name)) return p->defined() ? wrap(*p) : Value();
  if (const Tensor* b = m->find_buffer(name)) return b->defined() ? wrap(*b) : Value();
  if (Value* c = children.find(name)) return *c;
  if (name == "training") return Value::boolean(m->training());
  return Value::unbound();
}

bool NnModuleObject::set_attr(Interpreter& I, const std::string& name, const Value& v) {
  bool is_param = is_tensor(v) && autograd::is_parameter(tensor_of(v));
  if (is_param || is_module(v)) {
    if (!initialized) {
      I.raise(ty::AttributeError, std::string("cannot assign ") + (is_param ? "parameters" : "module") +
                                      " before Module.__init__() call");
    }
  }
  if (is_param) {
    attrs.erase(name);
    children.erase(name);
    m->register_parameter(name, tensor_of(v));
    return true;
  }
  if (m->find_parameter(name)) {
    if (!v.is_none()) {
      I.raise(ty::TypeError, "cannot assign '" + (is_tensor(v) ? legacy_type_str(tensor_of(v)) : v.type()->name) +
                                 "' as parameter '" + name + "' (torch.nn.Parameter or None expected)");
    }
    m->register_parameter(name, Tensor());
    return true;
  }
  if (is_module(v)) {
    attrs.erase(name);
    add_child(name, v);
    return true;
  }
  if (children.find(name)) {
    if (!v.is_none()) {
      I.raise(ty::TypeError, "cannot assign '" + v.type()->name + "' as child module '" + name +
                                 "' (torch.nn.Module or None expected)");
    }
    add_child(name, v);
    return true;
  }
  if (m->find_buffer(name)) {
    if (!v.is_none() && !is_tensor(v)) {
      I.raise(ty::TypeError, "cannot assign '" + v.type()->name + "' as buffer '" + name +
                                 "' (torch.Tensor or None expected)");
    }
    m->register_buffer(name, v.is_none() ? Tensor() : tensor_of(v));
    return true;
  }
  if (name == "training") {
    m->set_training_flag(I.truthy(v));
    return true;
  }
  attrs.set(name, v);
  return true;
}

Value NnModuleObject::call(Interpreter& I, Args args) {
  Value forward = type->lookup("forward");
  if (forward.is_unbound()) {
    fail(ErrorKind::NotImplementedError, "Module [", type->name, "] is missing the required \"forward\" function");
  }
  Value self = Value::object(this);
  Value bound = I.getattr(self, "forward");
  return I.call(bound, args);
}

std::string NnModuleObject::repr(Interpreter& I) {
  Value r = type->lookup("__repr__");
  if (!r.is_unbound() && type->is_user && r.type() == ty::function) {
    Value s = I.call(r, std::vector<Value>{Value::object(this)});
    if (is_str(s)) return str_of(s);
  }
  return m->repr();
}

std::vector<std::string> NnModuleObject::dir(Interpreter&) {
  std::vector<std::string> out;
  for (auto& [k, v] : attrs.items()) out.push_back(k);
  for (auto& [k, v] : m->parameters_dict()) out.push_back(k);
  for (auto& [k, v] : m->buffers_dict()) out.push_back(k);
  for (auto& [k, v] : children.items()) out.push_back(k);
  out.push_back("training");
  return out;
}

Value NnModuleObject::get_item(Interpreter& I, const Value& key) {
  if (!container) return Value::unbound();
  const auto& items = children.items();
  if (key.is_obj() && key.type() == ty::slice) {
    // net[1:]: a new container of the same kind over the chosen children.
    std::vector<Value> all;
    for (auto& [k, v] : items) all.push_back(v);
    Value picked = I.getitem(make_list(all), key);
    auto* out = new NnModuleObject(type, m->clone_empty());
    out->initialized = out->container = true;
    Value ov = Value::object(out);
    int64_t i = 0;
    for (const Value& c : I.to_vector(picked)) out->add_child(std::to_string(i++), c);
    return ov;
  }
  if (!key.is_intlike()) {
    I.raise(ty::TypeError, type->name + " indices must be integers or slices, not " + key.type()->name);
  }
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = key.as_int();
  if (i < -n || i >= n) I.raise(ty::IndexError, "index " + std::to_string(i) + " is out of range");
  if (i < 0) i += n;
  return items[static_cast<size_t>(i)].second;
}

int64_t NnModuleObject::len(Interpreter&) {
  if (!container) return -1;
  return static_cast<int64_t>(children.items().size());
}

Value NnModuleObject::iter(Interpreter& I) {
  if (!container) return Value::unbound();
  std::vector<Value> all;
  for (auto& [k, v] : children.items()) all.push_back(v);
  return I.iter(make_list(std::move(all)));
}

Value replicate_module(Interpreter& I, const Value& module, Device device) {
  NnModuleObject* src = module_of(module);
  auto* copy = new NnModuleObject(src->type, src->m->clone_empty());
  Value cv = Value::object(copy);
  copy->initialized = true;
  copy->container = src->container;
  for (auto& [k, v] : src->attrs.items()) copy->attrs.set(k, v);
  for (auto& [name, p] : src->m->parameters_dict()) {
    // A recorded copy: the replica's gradient flows back into the original parameter.
    copy->m->register_parameter(name, p.defined() ? to(p, device, std::nullopt) : Tensor());
  }
  for (auto& [name, b] : src->m->buffers_dict()) {
    copy->m->register_buffer(name, b.defined() ? to(b, device, std::nullopt) : Tensor());
  }
  for (auto& [name, child] : src->children.items()) {
    copy->add_child(name, child.is_none() ? Value() : replicate_module(I, child, device));
  }
  return cv;
}

std::vector<Tensor> tensors_of(const Value& v) {
  if (is_tensor(v)) return {tensor_of(v)};
  std::vector<Tensor> out;
  if (!is_module(v)) return out;
  for (auto& [name, t] : module_of(v)->m->named_parameters()) out.push_back(t);
  for (auto& [name, t] : module_of(v)->m->named_buffers()) out.push_back(t);
  return out;
}

}  // namespace tp::torchlang
