// torch.optim: SGD, Adam and AdamW over core/optim. param_groups is a list of dicts the
// learner may edit (`g['lr'] = 0.001`); edits reach the core optimizer before each step.
#include "repl/torch/optim_binding.h"

#include <map>

#include "core/error.h"
#include "core/optim/adam.h"
#include "core/optim/sgd.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

Value option_value(const optim::OptionValue& o) {
  if (std::holds_alternative<bool>(o)) return Value::boolean(std::get<bool>(o));
  if (std::holds_alternative<Scalar>(o)) return scalar_value(std::get<Scalar>(o));
  if (std::holds_alternative<std::pair<Scalar, Scalar>>(o)) {
    auto& p = std::get<std::pair<Scalar, Scalar>>(o);
    return make_tuple({scalar_value(p.first), scalar_value(p.second)});
  }
  return Value();
}

optim::OptionValue to_option(Interpreter& I, const Value& v) {
  if (v.is_bool()) return v.as_bool();
  if (v.is_int()) return Scalar(v.as_int());
  if (v.is_float()) return Scalar(v.as_float());
  if (is_tuple(v) || is_list(v)) {
    auto items = I.to_vector(v);
    if (items.size() == 2 && items[0].is_number() && items[1].is_number()) {
      auto sc = [](const Value& x) { return x.is_float() ? Scalar(x.as_float()) : Scalar(x.as_int()); };
      return std::make_pair(sc(items[0]), sc(items[1]));
    }
  }
  return std::monostate{};
}

TypeObject* optimizer_type(const char* name) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, std::string("torch.optim.") + (std::string(name) == "SGD" ? "sgd" : std::string(name) == "Adam" ? "adam" : "adamw"), ty::object);
  }
  return t;
}

struct OptimizerObject : NativeObject {
  OptimizerObject(TypeObject* t, std::shared_ptr<optim::Optimizer> o) : NativeObject(t), opt(std::move(o)) {}
  std::shared_ptr<optim::Optimizer> opt;
  Value groups;  // list of dicts mirroring opt->param_groups()

  void build_groups(Interpreter& I) {
    std::vector<Value> list;
    for (const optim::ParamGroup& g : opt->param_groups()) {
      auto* d = new DictObject();
      Value dv = Value::object(d);
      d->table.set(I, make_str("params"), wrap_list(g.params, false));
      for (auto& [k, v] : g.options) d->table.set(I, make_str(k), option_value(v));
      list.push_back(dv);
    }
    groups = make_list(std::move(list));
  }
  // Learner edits to param_groups (numbers and flags) reach the core optimizer.
  void sync(Interpreter& I) {
    auto& core = opt->param_groups();
    auto& items = groups.as<ListObject>()->items;
    for (size_t i = 0; i < core.size() && i < items.size(); ++i) {
      if (!is_dict(items[i])) continue;
      for (auto& [k, v] : core[i].options) {
        Value* nv = items[i].as<DictObject>()->table.get(I, make_str(k));
        if (nv) v = to_option(I, *nv);
      }
    }
  }
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "param_groups") return groups;
    if (name == "defaults") return Value::unbound();
    return Value::unbound();
  }
  std::string repr(Interpreter& I) override {
    sync(I);
    return opt->repr();
  }
};

OptimizerObject* self_opt(Interpreter& I, const Value& v) {
  auto* o = v.is_obj() ? dynamic_cast<OptimizerObject*>(v.obj()) : nullptr;
  if (!o) I.raise(ty::TypeError, v.type()->name + " is not an Optimizer");
  return o;
}

Value o_step(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "step", a, 0, 1);
  TP_CHECK(a.n == 0 || a[0].is_none(), NotImplementedError, "optimizer.step(closure) is not supported by tensorplay");
  OptimizerObject* o = self_opt(I, self);
  o->sync(I);
  o->opt->step();
  return Value();
}
Value o_zero_grad(Interpreter& I, const Value& self, Args a) {
  std::vector<Value> all{self};
  all.insert(all.end(), a.pos, a.pos + a.n);
  OpArgs p(I, "zero_grad", Args{all.data(), all.size(), a.kw, a.nkw}, {"self", "set_to_none"});
  self_opt(I, self)->opt->zero_grad(p.boolean(1, true));
  return Value();
}

// The params argument: an iterable of tensors, or of dicts (parameter groups).
std::vector<optim::ParamGroup> param_groups_arg(Interpreter& I, const Value& params) {
  std::vector<optim::ParamGroup> groups;
  std::vector<Value> items = I.to_vector(params);
  if (!items.empty() && is_dict(items[0])) {
    for (const Value& d : items) {
      optim::ParamGroup g;
      for (auto& e : d.as<DictObject>()->table.entries()) {
        if (!e.live || !is_str(e.key)) continue;
        if (str_of(e.key) == "params") {
          for (const Value& t : is_tensor(e.value) ? std::vector<Value>{e.value} : I.to_vector(e.value)) g.params.push_back(tensor_of(t));
        } else {
          g.options[str_of(e.key)] = to_option(I, e.value);
        }
      }
      groups.push_back(std::move(g));
    }
    return groups;
  }
  std::vector<Tensor> ts;
  for (const Value& v : items) {
    if (!is_tensor(v)) I.raise(ty::TypeError, "optimizer can only optimize Tensors, but one of the params is " + v.type()->name);
    ts.push_back(tensor_of(v));
  }
  return optim::one_group(std::move(ts));
}

Scalar number_arg(const OpArgs& p, size_t i, Scalar dflt) {
  if (!p.has(i)) return dflt;
  Value v = p.get(i);
  return v.is_float() ? Scalar(v.as_float()) : Scalar(v.as_int());
}

Value finish(Interpreter& I, const char* name, std::shared_ptr<optim::Optimizer> opt) {
  auto* o = new OptimizerObject(optimizer_type(name), std::move(opt));
  Value v = Value::object(o);
  o->build_groups(I);
  return v;
}

Value make_sgd(Interpreter& I, Args a) {
  OpArgs p(I, "SGD", a, {"params", "lr", "momentum", "dampening", "weight_decay", "nesterov", "maximize", "foreach", "differentiable", "fused"});
  optim::SGDOptions o;
  o.lr = number_arg(p, 1, o.lr);
  o.momentum = number_arg(p, 2, o.momentum);
  o.dampening = number_arg(p, 3, o.dampening);
  o.weight_decay = number_arg(p, 4, o.weight_decay);
  o.nesterov = p.boolean(5, false);
  o.maximize = p.boolean(6, false);
  return finish(I, "SGD", std::make_shared<optim::SGD>(param_groups_arg(I, p.get(0)), o));
}

optim::AdamOptions adam_options(Interpreter& I, const OpArgs& p, optim::AdamOptions o) {
  o.lr = number_arg(p, 1, o.lr);
  if (p.has(2)) {
    optim::OptionValue b = to_option(I, p.get(2));
    auto* pair = std::get_if<std::pair<Scalar, Scalar>>(&b);
    if (!pair) I.raise(ty::TypeError, "betas must be a pair of numbers such as (0.9, 0.999), not " + p.get(2).type()->name);
    o.betas = *pair;
  }
  o.eps = number_arg(p, 3, o.eps);
  o.weight_decay = number_arg(p, 4, o.weight_decay);
  o.amsgrad = p.boolean(5, false);
  o.maximize = p.boolean(6, false);
  return o;
}
Value make_adam(Interpreter& I, Args a) {
  OpArgs p(I, "Adam", a, {"params", "lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable", "differentiable", "fused"});
  return finish(I, "Adam", std::make_shared<optim::Adam>(param_groups_arg(I, p.get(0)), adam_options(I, p, {})));
}
Value make_adamw(Interpreter& I, Args a) {
  OpArgs p(I, "AdamW", a, {"params", "lr", "betas", "eps", "weight_decay", "amsgrad", "maximize", "foreach", "capturable", "differentiable", "fused"});
  return finish(I, "AdamW", std::make_shared<optim::AdamW>(param_groups_arg(I, p.get(0)), adam_options(I, p, optim::AdamW::default_options())));
}

}  // namespace

optim::Optimizer& optimizer_of(Interpreter& I, const Value& v) {
  OptimizerObject* o = self_opt(I, v);
  o->sync(I);
  return *o->opt;
}

void init_optim_module(Interpreter&, lang::ModuleObject& m) {
  struct Opt {
    const char* name;
    NativeFn make;
  };
  for (Opt o : {Opt{"SGD", make_sgd}, {"Adam", make_adam}, {"AdamW", make_adamw}}) {
    TypeObject* t = optimizer_type(o.name);
    t->construct = o.make;
    add_method(t, "step", o_step);
    add_method(t, "zero_grad", o_zero_grad);
    m.attrs.set(o.name, Value::object(t));
  }
}

}  // namespace tp::torchlang
