// Mixed precision in the language: torch.autocast / torch.amp.autocast / the deprecated
// torch.cuda.amp.autocast (with PyTorch's FutureWarning) as context managers and
// decorators, and GradScaler (torch.amp and torch.cuda.amp) over core/amp.
#include <map>
#include <memory>

#include "core/amp/autocast.h"
#include "core/amp/grad_scaler.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/optim_binding.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

TypeObject* amp_type(const char* name, const char* module) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[std::string(module) + "." + name];
  if (!t) {
    t = new_native_type(name, module, ty::object);
  }
  return t;
}

DeviceType device_type_arg(Interpreter& I, const std::string& s) {
  if (s == "cuda") return DeviceType::CUDA;
  if (s == "cpu") return DeviceType::CPU;
  if (s == "mps") return DeviceType::MPS;
  I.raise(ty::RuntimeError, "User specified an unsupported autocast device_type '" + s + "'");
}

struct AutocastObject : NativeObject {
  AutocastObject(DeviceType t, std::optional<DType> d, bool e)
      : NativeObject(amp_type("autocast", "torch.amp.autocast_mode")), type(t), dtype(d), enabled(e) {}
  DeviceType type;
  std::optional<DType> dtype;
  bool enabled;
  std::vector<std::unique_ptr<amp::AutocastGuard>> active;
  static Value enter(Interpreter&, const Value& self, Args) {
    auto* o = self.as<AutocastObject>();
    o->active.push_back(std::make_unique<amp::AutocastGuard>(o->type, o->dtype, o->enabled));
    return Value();
  }
  static Value exit(Interpreter&, const Value& self, Args) {
    auto* o = self.as<AutocastObject>();
    if (!o->active.empty()) o->active.pop_back();
    return Value::boolean(false);
  }
  Value get_attr(Interpreter&, const std::string& name) override {
    auto bound = [&](const char* n, MethodFn f) {
      return Value::object(new BoundMethod(Value::object(this), Value::object(new BuiltinFunction(n, f))));
    };
    if (name == "__enter__") return bound("__enter__", enter);
    if (name == "__exit__") return bound("__exit__", exit);
    if (name == "device") return make_str(device_type_name(type));
    if (name == "fast_dtype") return wrap_dtype(dtype.value_or(amp::get_dtype(type)));
    return Value::unbound();
  }
  std::string repr(Interpreter&) override { return "<torch.amp.autocast_mode.autocast object>"; }
};

Value new_autocast(DeviceType type, const OpArgs& p, size_t dtype_i, size_t enabled_i) {
  return Value::object(new AutocastObject(type, p.dtype(dtype_i), p.boolean(enabled_i, true)));
}

// torch.autocast(device_type, dtype=None, enabled=True, cache_enabled=None)
Value t_autocast(Interpreter& I, Args a) {
  OpArgs p(I, "autocast", a, {"device_type", "dtype", "enabled", "cache_enabled"});
  if (!p.has(0) || !is_str(p.get(0))) p.type_error(0, "str");
  return new_autocast(device_type_arg(I, str_of(p.get(0))), p, 1, 2);
}
// torch.cuda.amp.autocast(enabled=True, dtype=torch.float16, cache_enabled=True): deprecated.
Value cuda_autocast(Interpreter& I, Args a) {
  OpArgs p(I, "autocast", a, {"enabled", "dtype", "cache_enabled"});
  I.warn("FutureWarning",
         "`torch.cuda.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', args...)` instead.");
  return new_autocast(DeviceType::CUDA, p, 1, 0);
}

struct GradScalerObject : NativeObject {
  explicit GradScalerObject(const amp::GradScalerOptions& o)
      : NativeObject(amp_type("GradScaler", "torch.amp.grad_scaler")), scaler(o) {}
  amp::GradScaler scaler;
};

GradScalerObject* self_scaler(const Value& v) { return v.as<GradScalerObject>(); }

Value gs_scale(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "scale", a, 1, 1);
  if (!is_tensor(a[0])) I.raise(ty::TypeError, "GradScaler.scale in tensorplay takes a Tensor, got " + a[0].type()->name);
  return wrap(self_scaler(self)->scaler.scale(tensor_of(a[0])));
}
Value gs_step(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "step", a, 1, 1);
  self_scaler(self)->scaler.step(optimizer_of(I, a[0]));
  return Value();
}
Value gs_unscale(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "unscale_", a, 1, 1);
  self_scaler(self)->scaler.unscale_(optimizer_of(I, a[0]));
  return Value();
}
Value gs_update(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "update", a, 0, 1);
  TP_CHECK(a.n == 0 || a[0].is_none(), NotImplementedError, "GradScaler.update(new_scale) is not supported by tensorplay");
  self_scaler(self)->scaler.update();
  return Value();
}
Value gs_get_scale(Interpreter&, const Value& self, Args) { return Value::number(self_scaler(self)->scaler.get_scale()); }
Value gs_is_enabled(Interpreter&, const Value& self, Args) { return Value::boolean(self_scaler(self)->scaler.is_enabled()); }

Value new_scaler(Interpreter& I, const OpArgs& p, size_t first, const std::string& device) {
  amp::GradScalerOptions o;
  o.device = device;
  o.init_scale = p.number(first, o.init_scale);
  o.growth_factor = p.number(first + 1, o.growth_factor);
  o.backoff_factor = p.number(first + 2, o.backoff_factor);
  o.growth_interval = p.integer(first + 3, o.growth_interval);
  o.enabled = p.boolean(first + 4, true);
  auto* s = new GradScalerObject(o);
  Value v = Value::object(s);
  if (!s->scaler.warning().empty()) I.warn("UserWarning", s->scaler.warning());
  return v;
}
// torch.amp.GradScaler(device='cuda', init_scale=2.**16, ...)
Value amp_grad_scaler(Interpreter& I, Args a) {
  OpArgs p(I, "GradScaler", a, {"device", "init_scale", "growth_factor", "backoff_factor", "growth_interval", "enabled"});
  std::string device = p.has(0) ? str_of(p.get(0)) : "cuda";
  return new_scaler(I, p, 1, device);
}
// torch.cuda.amp.GradScaler(init_scale=2.**16, ...): deprecated.
Value cuda_grad_scaler(Interpreter& I, Args a) {
  OpArgs p(I, "GradScaler", a, {"init_scale", "growth_factor", "backoff_factor", "growth_interval", "enabled"});
  I.warn("FutureWarning",
         "`torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.");
  return new_scaler(I, p, 0, "cuda");
}

TypeObject* scaler_type() {
  TypeObject* t = amp_type("GradScaler", "torch.amp.grad_scaler");
  add_method(t, "scale", gs_scale);
  add_method(t, "step", gs_step);
  add_method(t, "unscale_", gs_unscale);
  add_method(t, "update", gs_update);
  add_method(t, "get_scale", gs_get_scale);
  add_method(t, "is_enabled", gs_is_enabled);
  return t;
}

}  // namespace

void init_amp_module(Interpreter&, lang::ModuleObject& m) {
  add_function(m, "autocast", t_autocast);
  TypeObject* t = scaler_type();
  t->construct = amp_grad_scaler;
  m.attrs.set("GradScaler", Value::object(new BuiltinFunction("GradScaler", amp_grad_scaler)));
}

void init_cuda_amp_module(Interpreter&, lang::ModuleObject& m) {
  scaler_type();
  add_function(m, "autocast", cuda_autocast);
  add_function(m, "GradScaler", cuda_grad_scaler);
}

Value torch_autocast_fn() { return Value::object(new BuiltinFunction("autocast", t_autocast)); }

}  // namespace tp::torchlang
