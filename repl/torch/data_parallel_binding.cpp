// nn.DataParallel over the visible GPUs (real or simulated): the batch is scattered along
// dim 0, the module replicated onto each device, every replica run, and the outputs gathered
// on the first device. Each replica's kernels go to its own device's queue, so the sim's
// modeled clock shows the devices working at the same time.
#include "core/cuda_api.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/parallel.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/nn_binding.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

TypeObject* data_parallel_type() {
  static TypeObject* t = new_native_type("DataParallel", "torch.nn.parallel.data_parallel", pyty::module);
  return t;
}

std::vector<Device> device_ids_of(Interpreter& I, NnModuleObject* self) {
  std::vector<Device> out;
  Value* ids = self->attrs.find("device_ids");
  if (!ids || ids->is_none()) return out;
  for (const Value& v : I.to_vector(*ids)) out.push_back(v.is_intlike() ? Device{DeviceType::CUDA, static_cast<int>(v.as_int())} : to_device_value(I, v, "DataParallel"));
  return out;
}

Value dp_forward(Interpreter& I, const Value& self, Args a) {
  NnModuleObject* dp = module_of(self);
  Value module = *dp->children.find("module");
  std::vector<Device> devices = device_ids_of(I, dp);
  std::vector<Value> inputs(a.pos, a.pos + a.n);
  if (devices.empty()) return I.call(module, a);  // no GPU: the module itself

  // PyTorch checks that the module already lives on device_ids[0].
  for (auto& [name, t] : module_of(module)->m->named_parameters(true)) {
    if (t.device() != devices[0]) {
      fail(ErrorKind::RuntimeError, "module must have its parameters and buffers on device ", devices[0].str(),
           " (device_ids[0]) but found one of them on device: ", t.device().str());
    }
  }
  // Scatter every tensor argument along dim 0; other arguments are copied to each replica.
  size_t used = devices.size();
  std::vector<std::vector<Tensor>> pieces(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (!is_tensor(inputs[k])) continue;
    pieces[k] = nn::scatter(tensor_of(inputs[k]), devices);
    used = std::min(used, pieces[k].size());
  }
  if (used == 0) used = 1;
  std::vector<Value> outputs;
  for (size_t r = 0; r < used; ++r) {
    std::vector<Value> args;
    for (size_t k = 0; k < inputs.size(); ++k) args.push_back(is_tensor(inputs[k]) ? wrap(pieces[k][r]) : inputs[k]);
    Value replica = r == 0 ? module : replicate_module(I, module, devices[r]);
    outputs.push_back(I.call(replica, std::vector<Value>(args)));
  }
  if (used == 1) return outputs[0];
  std::vector<Tensor> outs;
  for (const Value& o : outputs) {
    if (!is_tensor(o)) I.raise(ty::TypeError, "DataParallel in tensorplay gathers tensor outputs only, got " + o.type()->name);
    outs.push_back(tensor_of(o));
  }
  Device output_device = devices[0];
  if (Value* od = dp->attrs.find("output_device"); od && !od->is_none()) {
    output_device = od->is_intlike() ? Device{DeviceType::CUDA, static_cast<int>(od->as_int())} : to_device_value(I, *od, "DataParallel");
  }
  return wrap(nn::gather(outs, output_device));
}

Value make_data_parallel(Interpreter& I, Args a) {
  OpArgs p(I, "DataParallel", a, {"module", "device_ids", "output_device", "dim"});
  Value module = p.get(0);
  if (!is_module(module)) I.raise(ty::TypeError, "DataParallel expects an nn.Module, got " + module.type()->name);
  TP_CHECK(p.integer(3, 0) == 0, NotImplementedError, "DataParallel scatters along dim 0 only in tensorplay");
  auto* o = new NnModuleObject(data_parallel_type(), std::make_shared<nn::Module>("DataParallel"));
  Value v = Value::object(o);
  o->initialized = true;
  o->add_child("module", module);
  std::vector<Value> ids;
  if (p.has(1)) {
    ids = I.to_vector(p.get(1));
  } else {
    for (int i = 0; i < cuda::device_count(); ++i) ids.push_back(Value::integer(i));
  }
  o->attrs.set("device_ids", make_list(ids));
  o->attrs.set("output_device", p.has(2) ? p.get(2) : (ids.empty() ? Value() : ids[0]));
  o->attrs.set("dim", Value::integer(0));
  return v;
}

}  // namespace

void add_data_parallel(Interpreter&, lang::ModuleObject& nn) {
  TypeObject* t = data_parallel_type();
  t->construct = make_data_parallel;
  add_method(t, "forward", dp_forward);
  nn.attrs.set("DataParallel", Value::object(t));
}

}  // namespace tp::torchlang
