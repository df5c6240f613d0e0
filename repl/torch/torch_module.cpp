// The torch modules: `torch` (the op table's functions, dtypes, device, Size, Tensor),
// `torch.cuda` (devices, memory stats, Event, synchronize), `torch.backends.mps`, the
// registration of the submodules bound in their own files, and the quick names every session
// starts with.
#include "repl/torch/autograd_binding.h"
#include "repl/torch/submodules.h"
#include "repl/torch/install.h"

#include <memory>

#include "core/cuda_api.h"
#include "core/cuda_event.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/op_table.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// ---- stubs for what the autograd/nn step will bring ----

[[noreturn]] void not_implemented(const std::string& what) {
  fail(ErrorKind::NotImplementedError, what + " is not implemented in tensorplay yet");
}

TypeObject* stub_type() {
  static TypeObject* t = new_native_type("builtin_function_or_method", "builtins");
  return t;
}

// A missing function: calling it raises NotImplementedError naming it.
struct StubFunction : NativeObject {
  explicit StubFunction(std::string q) : NativeObject(stub_type()), qualname(std::move(q)) {}
  std::string qualname;
  Value call(Interpreter&, Args) override { not_implemented(qualname); }
  std::string repr(Interpreter&) override { return "<stub " + qualname + " (not implemented yet)>"; }
};

// A missing class: a type (so `class Net(nn.Module)` parses and runs) whose instances cannot
// be made yet; creating one (or one of a subclass) raises NotImplementedError naming it.
Object* stub_new_instance(TypeObject* cls) {
  TypeObject* t = cls;
  while (t && t->is_user) t = t->base.get();
  not_implemented((t ? t->module + "." + t->name : std::string("this class")));
}
Value stub_class(const char* module, const char* name) {
  auto* t = new TypeObject(name, ty::object);
  t->module = module;
  t->subclassable = true;
  t->new_instance = stub_new_instance;
  make_immortal(t);
  return Value::object(t);
}

void add_stubs(ModuleObject& m, std::initializer_list<const char*> classes, std::initializer_list<const char*> fns) {
  for (const char* c : classes) m.attrs.set(c, stub_class(m.name.c_str(), c));
  for (const char* f : fns) m.attrs.set(f, Value::object(new StubFunction(m.name + "." + f)));
}


// ---- torch ----

Value t_device(Interpreter& I, Args a) {
  OpArgs p(I, "device", a, {"type", "index"});
  Value v = p.get(0);
  if (!p.has(1)) return wrap_device(to_device_value(I, v, "device"));
  if (!is_str(v)) p.type_error(0, "str");
  return wrap_device(Device::from_type_index(str_of(v), static_cast<int>(p.integer(1))));
}

Value t_size(Interpreter& I, Args a) {
  OpArgs p(I, "Size", a, {"sizes"});
  if (!p.has(0)) return wrap_size({});
  Shape s;
  for (auto& v : I.to_vector(p.get(0))) s.push_back(I.to_index(v));
  return wrap_size(s);
}

Value t_tensor_type(Interpreter& I, Args a) {
  // torch.Tensor(data) / torch.Tensor(2, 3): float32, as the legacy constructor does.
  if (a.n == 1 && (is_list(a[0]) || is_tuple(a[0]))) return wrap(tensor_from_data(I, a[0], DType::Float32, Device::cpu()));
  OpArgs p(I, "Tensor", a, {"*size"});
  if (a.n == 0) return wrap(empty({0}));
  return wrap(empty(p.varargs_shape(0)));
}

void init_torch(Interpreter& I, ModuleObject& m) {
  for (const OpSpec& op : op_table())
    if (op.where != OpWhere::Method) m.attrs.set(op.name, op_value(op));
  struct Named {
    const char* name;
    DType d;
  };
  for (Named n : {Named{"float32", DType::Float32}, {"float", DType::Float32}, {"float64", DType::Float64},
                  {"double", DType::Float64}, {"float16", DType::Float16}, {"half", DType::Float16},
                  {"bfloat16", DType::BFloat16}, {"int64", DType::Int64}, {"long", DType::Int64},
                  {"int32", DType::Int32}, {"int", DType::Int32}, {"uint8", DType::UInt8}, {"bool", DType::Bool}}) {
    m.attrs.set(n.name, wrap_dtype(n.d));
  }
  pyty::device->construct = t_device;
  pyty::size->construct = t_size;
  pyty::tensor->construct = t_tensor_type;
  m.attrs.set("device", Value::object(pyty::device));
  m.attrs.set("dtype", Value::object(pyty::dtype));
  m.attrs.set("Size", Value::object(pyty::size));
  m.attrs.set("Tensor", Value::object(pyty::tensor));
  m.attrs.set("OutOfMemoryError", Value::object(ty::OutOfMemoryError));
  m.attrs.set("AcceleratorError", Value::object(ty::AcceleratorError));
  m.attrs.set("__version__", make_str("2.8.0+tensorplay"));
  add_grad_mode_functions(m);
  add_stubs(m, {}, {"save", "load", "compile"});
  m.attrs.set("autocast", torch_autocast_fn());
  add_type_info(m);
  for (const char* sub : {"autograd", "cuda", "backends", "backends.mps", "nn", "nn.functional", "optim", "utils", "utils.data",
                          "cuda.amp", "amp", "distributed", "nn.parallel", "utils.data.distributed"}) {
    I.import_module(std::string("torch.") + sub);
  }
}

// ---- torch.cuda ----

std::optional<int> cuda_index(Interpreter& I, const OpArgs& p, size_t i) {
  if (!p.has(i)) return std::nullopt;
  Device d = to_device_value(I, p.get(i), p.fname);
  if (!d.has_index()) return std::nullopt;
  return d.index;
}

Value c_is_available(Interpreter& I, Args a) {
  OpArgs p(I, "is_available", a, {});
  return Value::boolean(cuda::is_available());
}
Value c_device_count(Interpreter& I, Args a) {
  OpArgs p(I, "device_count", a, {});
  return Value::integer(cuda::device_count());
}
Value c_current_device(Interpreter& I, Args a) {
  OpArgs p(I, "current_device", a, {});
  return Value::integer(cuda::current_device());
}
Value c_set_device(Interpreter& I, Args a) {
  OpArgs p(I, "set_device", a, {"device"});
  cuda::set_device(to_device_value(I, p.get(0), "set_device"));
  return Value();
}
Value c_get_device_name(Interpreter& I, Args a) {
  OpArgs p(I, "get_device_name", a, {"device"});
  return make_str(cuda::get_device_name(cuda_index(I, p, 0)));
}

struct PropertiesObject : NativeObject {
  explicit PropertiesObject(cuda::DeviceProperties p) : NativeObject(type_()), props(std::move(p)) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("_CudaDeviceProperties", "torch._C");
    return t;
  }
  cuda::DeviceProperties props;
  Value get_attr(Interpreter&, const std::string& n) override {
    if (n == "name") return make_str(props.name);
    if (n == "major") return Value::integer(props.major);
    if (n == "minor") return Value::integer(props.minor);
    if (n == "total_memory") return Value::integer(props.total_memory);
    if (n == "multi_processor_count") return Value::integer(props.multi_processor_count);
    if (n == "uuid") return make_str(props.uuid);
    if (n == "L2_cache_size") return Value::integer(props.L2_cache_size);
    if (n == "warp_size") return Value::integer(props.warp_size);
    if (n == "max_threads_per_block") return Value::integer(props.max_threads_per_block);
    if (n == "max_threads_per_multi_processor") return Value::integer(props.max_threads_per_multi_processor);
    return Value::unbound();
  }
  std::string repr(Interpreter&) override { return props.repr(); }
  std::vector<std::string> dir(Interpreter&) override {
    return {"L2_cache_size", "major", "max_threads_per_block", "max_threads_per_multi_processor", "minor",
            "multi_processor_count", "name", "total_memory", "uuid", "warp_size"};
  }
};
Value c_get_device_properties(Interpreter& I, Args a) {
  OpArgs p(I, "get_device_properties", a, {"device"});
  return Value::object(new PropertiesObject(cuda::get_device_properties(cuda_index(I, p, 0))));
}

using MemFn = size_t (*)(std::optional<int>);
Value mem_stat(Interpreter& I, Args a, const char* name, MemFn fn) {
  OpArgs p(I, name, a, {"device"});
  return Value::integer(static_cast<int64_t>(fn(cuda_index(I, p, 0))));
}
Value c_memory_allocated(Interpreter& I, Args a) { return mem_stat(I, a, "memory_allocated", cuda::memory_allocated); }
Value c_memory_reserved(Interpreter& I, Args a) { return mem_stat(I, a, "memory_reserved", cuda::memory_reserved); }
Value c_max_memory_allocated(Interpreter& I, Args a) {
  return mem_stat(I, a, "max_memory_allocated", cuda::max_memory_allocated);
}
Value c_reset_peak(Interpreter& I, Args a) {
  OpArgs p(I, "reset_peak_memory_stats", a, {"device"});
  cuda::reset_peak_memory_stats(cuda_index(I, p, 0));
  return Value();
}
Value c_empty_cache(Interpreter& I, Args a) {
  OpArgs p(I, "empty_cache", a, {});
  cuda::empty_cache();
  return Value();
}
Value c_synchronize(Interpreter& I, Args a) {
  OpArgs p(I, "synchronize", a, {"device"});
  auto idx = cuda_index(I, p, 0);
  cuda_synchronize(Device::cuda(idx.value_or(cuda::current_device())));
  return Value();
}
Value c_manual_seed(Interpreter& I, Args a) {
  OpArgs p(I, "manual_seed", a, {"seed"});
  p.integer(0);
  return Value();  // the simulated GPUs draw from the host generator
}

// torch.cuda.Event(enable_timing=False): record / synchronize / query / elapsed_time.
struct EventObject : NativeObject {
  explicit EventObject(bool timing) : NativeObject(pyty::event), ev(std::make_unique<CudaEvent>(timing)) {}
  std::unique_ptr<CudaEvent> ev;
  static CudaEvent& of(const Value& v) { return *v.as<EventObject>()->ev; }
  static Value record(Interpreter&, Args a) {
    of(a[0]).record(Device::cuda(cuda::current_device()));
    return Value();
  }
  static Value synchronize(Interpreter&, Args a) {
    of(a[0]).synchronize();
    return Value();
  }
  static Value query(Interpreter&, Args a) { return Value::boolean(of(a[0]).query()); }
  static Value elapsed_time(Interpreter& I, Args a) {
    if (a.n != 2 || !a[1].is_obj() || a[1].obj()->type != pyty::event) {
      I.raise(ty::TypeError, "elapsed_time(): argument 'end_event' must be Event");
    }
    return Value::number(of(a[0]).elapsed_time(of(a[1])));
  }
  Value get_attr(Interpreter&, const std::string& n) override {
    NativeFn fn = n == "record" ? record : n == "synchronize" ? synchronize : n == "query" ? query
                : n == "elapsed_time" ? elapsed_time : nullptr;
    if (!fn) return Value::unbound();
    return Value::object(new BoundMethod(Value::object(this), Value::object(new BuiltinFunction(n, fn))));
  }
  std::vector<std::string> dir(Interpreter&) override { return {"elapsed_time", "query", "record", "synchronize"}; }
};
Value c_event(Interpreter& I, Args a) {
  OpArgs p(I, "Event", a, {"enable_timing", "blocking", "interprocess"});
  return Value::object(new EventObject(p.boolean(0, false)));
}

void init_cuda(Interpreter&, ModuleObject& m) {
  add_function(m, "is_available", c_is_available);
  add_function(m, "device_count", c_device_count);
  add_function(m, "current_device", c_current_device);
  add_function(m, "set_device", c_set_device);
  add_function(m, "get_device_name", c_get_device_name);
  add_function(m, "get_device_properties", c_get_device_properties);
  add_function(m, "memory_allocated", c_memory_allocated);
  add_function(m, "memory_reserved", c_memory_reserved);
  add_function(m, "max_memory_allocated", c_max_memory_allocated);
  add_function(m, "reset_peak_memory_stats", c_reset_peak);
  add_function(m, "empty_cache", c_empty_cache);
  add_function(m, "synchronize", c_synchronize);
  add_function(m, "manual_seed", c_manual_seed);
  add_function(m, "manual_seed_all", c_manual_seed);
  pyty::event->construct = c_event;
  m.attrs.set("Event", Value::object(pyty::event));
  m.attrs.set("OutOfMemoryError", Value::object(ty::OutOfMemoryError));
}

Value mps_is_available(Interpreter& I, Args a) {
  OpArgs p(I, "is_available", a, {});
  return Value::boolean(cuda::mps_is_available());
}
void init_backends(Interpreter&, ModuleObject&) {}
void init_mps(Interpreter&, ModuleObject& m) {
  add_function(m, "is_available", mps_is_available);
  add_function(m, "is_built", mps_is_available);
}

void init_utils(Interpreter&, ModuleObject&) {}

void register_modules() {
  static bool done = false;
  if (done) return;
  done = true;
  register_builtin_module("torch", init_torch);
  register_builtin_module("torch.autograd", init_autograd_module);
  register_builtin_module("torch.cuda", init_cuda);
  register_builtin_module("torch.backends", init_backends);
  register_builtin_module("torch.backends.mps", init_mps);
  register_builtin_module("torch.nn", init_nn_module);
  register_builtin_module("torch.nn.functional", init_functional_module);
  register_builtin_module("torch.optim", init_optim_module);
  register_builtin_module("torch.utils", init_utils);
  register_builtin_module("torch.utils.data", init_data_module);
  register_builtin_module("torch.cuda.amp", init_cuda_amp_module);
  register_builtin_module("torch.amp", init_amp_module);
  register_builtin_module("torch.distributed", init_distributed_module);
  register_builtin_module("torch.nn.parallel", init_nn_parallel_module);
  register_builtin_module("torch.utils.data.distributed", init_data_distributed_module);
}

}  // namespace

void install(Interpreter& I) {
  init_types();
  register_modules();
  Value torch = I.import_module("torch");
  auto& attrs = torch.as<ModuleObject>()->attrs;
  I.add_builtin("torch", torch);
  I.add_builtin("nn", I.import_module("torch.nn"));
  I.add_builtin("F", I.import_module("torch.nn.functional"));
  I.add_builtin("optim", I.import_module("torch.optim"));
  for (const char* name : {"ones", "zeros", "randn", "rand", "arange", "tensor", "device"}) I.add_builtin(name, *attrs.find(name));
  I.add_builtin("cpu", wrap_device(Device::cpu()));
  I.add_builtin("cuda", wrap_device(Device{DeviceType::CUDA, -1}));
}

std::vector<std::pair<std::string, std::string>> help_entries() {
  std::vector<std::pair<std::string, std::string>> out;
  for (const OpSpec& op : op_table()) {
    std::string name = op.where == OpWhere::Method ? std::string("Tensor.") + op.name : std::string("torch.") + op.name;
    out.emplace_back(name, op.help);
  }
  return out;
}

}  // namespace tp::torchlang
