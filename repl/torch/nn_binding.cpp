// The torch.nn module: nn.Module (subclassable by a learner's classes), nn.Parameter, the
// builtin layers (Linear, ReLU, ...), Sequential and ModuleList; each layer type is a
// subclass of nn.Module whose forward runs the core layer.
#include "repl/torch/nn_binding.h"

#include <map>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/nn/layers.h"
#include "core/ops/copy.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// A learner's subclass instance starts as a bare module named after its class; its
// __init__ must call super().__init__() before assigning parameters or submodules.
Object* new_module_instance(TypeObject* cls) {
  return new NnModuleObject(cls, std::make_shared<nn::Module>(cls->name));
}

// forward of a builtin single-input layer.
Value layer_forward(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "forward", a, 1, 1);
  if (!is_tensor(a[0])) {
    I.raise(ty::TypeError, module_of(self)->type->name + ".forward() expected a Tensor, got " + a[0].type()->name);
  }
  return wrap(module_of(self)->m->forward(tensor_of(a[0])));
}

Value make_linear(Interpreter& I, Args a) {
  OpArgs p(I, "Linear", a, {"in_features", "out_features", "bias", "device", "dtype"});
  auto m = std::make_shared<nn::Linear>(p.integer(0), p.integer(1), p.boolean(2, true), p.device(3), p.dtype(4));
  return wrap_module(layer_type("Linear", nullptr), m);
}
Value make_relu(Interpreter& I, Args a) {
  OpArgs p(I, "ReLU", a, {"inplace"});
  return wrap_module(layer_type("ReLU", nullptr), std::make_shared<nn::ReLU>(p.boolean(0, false)));
}
Value make_sigmoid(Interpreter& I, Args a) {
  OpArgs p(I, "Sigmoid", a, {});
  return wrap_module(layer_type("Sigmoid", nullptr), std::make_shared<nn::Sigmoid>());
}
Value make_tanh(Interpreter& I, Args a) {
  OpArgs p(I, "Tanh", a, {});
  return wrap_module(layer_type("Tanh", nullptr), std::make_shared<nn::Tanh>());
}
Value make_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "Softmax", a, {"dim"});
  return wrap_module(layer_type("Softmax", nullptr), std::make_shared<nn::Softmax>(p.opt_int(0)));
}
Value make_log_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "LogSoftmax", a, {"dim"});
  return wrap_module(layer_type("LogSoftmax", nullptr), std::make_shared<nn::LogSoftmax>(p.opt_int(0)));
}
Value make_flatten(Interpreter& I, Args a) {
  OpArgs p(I, "Flatten", a, {"start_dim", "end_dim"});
  return wrap_module(layer_type("Flatten", nullptr), std::make_shared<nn::Flatten>(p.integer(0, 1), p.integer(1, -1)));
}
Value make_dropout(Interpreter& I, Args a) {
  OpArgs p(I, "Dropout", a, {"p", "inplace"});
  return wrap_module(layer_type("Dropout", nullptr), std::make_shared<nn::Dropout>(p.number(0, 0.5), p.boolean(1, false)));
}
Value make_identity(Interpreter&, Args) {
  return wrap_module(layer_type("Identity", nullptr), std::make_shared<nn::Identity>());
}

TypeObject* container_type(const char* name) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, "torch.nn.modules.container", pyty::module);
    add_container_methods(t, std::string(name) == "Sequential");
  }
  return t;
}

Value make_container(Interpreter& I, const char* name, const std::vector<Value>& children) {
  auto* o = new NnModuleObject(container_type(name), std::make_shared<nn::Module>(name));
  Value v = Value::object(o);
  o->initialized = o->container = true;
  int64_t i = 0;
  for (const Value& c : children) {
    if (!is_module(c)) I.raise(ty::TypeError, c.type()->name + " is not a Module subclass");
    o->add_child(std::to_string(i++), c);
  }
  return v;
}

Value make_sequential(Interpreter& I, Args a) {
  if (a.nkw) I.raise(ty::TypeError, "Sequential.__init__() got an unexpected keyword argument '" + *a.kw[0].name + "'");
  // Sequential(OrderedDict(...)) / Sequential(dict): named children.
  if (a.n == 1 && is_dict(a[0])) {
    auto* o = new NnModuleObject(container_type("Sequential"), std::make_shared<nn::Module>("Sequential"));
    Value v = Value::object(o);
    o->initialized = o->container = true;
    for (auto& e : a[0].as<DictObject>()->table.entries()) {
      if (e.live) o->add_child(str_of(e.key), e.value);
    }
    return v;
  }
  return make_container(I, "Sequential", std::vector<Value>(a.pos, a.pos + a.n));
}
Value make_module_list(Interpreter& I, Args a) {
  OpArgs p(I, "ModuleList", a, {"modules"});
  return make_container(I, "ModuleList", p.has(0) ? I.to_vector(p.get(0)) : std::vector<Value>{});
}

// nn.Parameter(data=None, requires_grad=True): shares data's storage, a leaf.
Value make_parameter(Interpreter& I, Args a) {
  OpArgs p(I, "Parameter", a, {"data", "requires_grad"});
  Tensor data = p.has(0) ? p.tensor(0) : empty({0});
  Tensor param = autograd::detach(data);
  autograd::make_parameter(param, p.boolean(1, true));
  return wrap(param);
}

// nn.Module() itself: an empty module (calling it raises the missing-forward error).
Value module_construct(Interpreter& I, Args a) {
  check_arity(I, "Module", a, 0, 0);
  Value v = Value::object(new_module_instance(pyty::module));
  module_of(v)->initialized = true;
  return v;
}

}  // namespace

TypeObject* layer_type(const char* name, NativeFn make) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, "torch.nn.modules", pyty::module);
    add_method(t, "forward", layer_forward);
  }
  if (make) t->construct = make;
  return t;
}

void init_nn_module(Interpreter& I, lang::ModuleObject& m) {
  if (!pyty::module) {
    pyty::module = new TypeObject("Module", ty::object);
    pyty::module->module = "torch.nn.modules.module";
    pyty::module->subclassable = true;
    pyty::module->new_instance = new_module_instance;
    pyty::module->construct = module_construct;
    make_immortal(pyty::module);
    add_module_methods(pyty::module);
  }
  m.attrs.set("Module", Value::object(pyty::module));
  pyty::parameter->construct = make_parameter;
  m.attrs.set("Parameter", Value::object(pyty::parameter));
  struct Layer {
    const char* name;
    NativeFn make;
  };
  for (Layer l : {Layer{"Linear", make_linear}, {"ReLU", make_relu}, {"Sigmoid", make_sigmoid}, {"Tanh", make_tanh},
                  {"Softmax", make_softmax}, {"LogSoftmax", make_log_softmax}, {"Flatten", make_flatten},
                  {"Dropout", make_dropout}, {"Identity", make_identity}}) {
    m.attrs.set(l.name, Value::object(layer_type(l.name, l.make)));
  }
  TypeObject* seq = container_type("Sequential");
  seq->construct = make_sequential;
  m.attrs.set("Sequential", Value::object(seq));
  TypeObject* ml = container_type("ModuleList");
  ml->construct = make_module_list;
  m.attrs.set("ModuleList", Value::object(ml));
  Value functional = I.import_module("torch.nn.functional");
  add_loss_bindings(I, m, *functional.as<lang::ModuleObject>());
  add_data_parallel(I, m);
  m.attrs.set("functional", functional);
}

}  // namespace tp::torchlang
