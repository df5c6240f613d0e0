// torch.nn.parallel.DistributedDataParallel for a job of one process: it wraps the module
// (repr, state_dict keys under `module.`), moves inputs to device_ids[0] like PyTorch, and
// leaves gradients as they are (the all-reduce of one replica). Needs an initialized group.
#include <algorithm>

#include "core/ops/device_ops.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/distributed_group.h"
#include "repl/torch/nn_binding.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

TypeObject* ddp_type() {
  static TypeObject* t = new_native_type("DistributedDataParallel", "torch.nn.parallel.distributed", pyty::module);
  return t;
}

Value ddp_forward(Interpreter& I, const Value& self, Args a) {
  // Each process runs its own replica on its own batch; gradients are averaged in backward,
  // which with one process leaves them as they are. With device_ids, PyTorch first moves the
  // tensor arguments to device_ids[0].
  NnModuleObject* ddp = module_of(self);
  Value module = *ddp->children.find("module");
  Value* ids = ddp->attrs.find("device_ids");
  if (!ids || ids->is_none()) return I.call(module, a);
  Device target = Device::cuda(static_cast<int>(I.to_vector(*ids)[0].as_int()));
  auto moved = [&](const Value& v) { return is_tensor(v) ? wrap(to_cuda(tensor_of(v), target.index)) : v; };
  std::vector<Value> pos;
  for (size_t i = 0; i < a.n; ++i) pos.push_back(moved(a[i]));
  std::vector<Kwarg> kw;
  for (size_t i = 0; i < a.nkw; ++i) kw.push_back({a.kw[i].name, moved(a.kw[i].value)});
  return I.call(module, Args{pos.data(), pos.size(), kw.data(), kw.size()});
}

// device_ids entries as PyTorch's _get_device_index: an int or a cuda device.
Value device_index(Interpreter& I, const Value& v) {
  if (v.is_intlike()) return v;
  Device d = to_device_value(I, v, "DistributedDataParallel");
  return Value::integer(d.has_index() ? d.index : 0);
}

Value make_ddp(Interpreter& I, Args a) {
  OpArgs p(I, "DistributedDataParallel", a,
           {"module", "device_ids", "output_device", "dim", "broadcast_buffers", "init_sync", "process_group",
            "bucket_cap_mb", "find_unused_parameters", "check_reduction", "gradient_as_bucket_view", "static_graph"});
  Value module = p.get(0);
  if (!is_module(module)) I.raise(ty::AttributeError, "'" + module.type()->name + "' object has no attribute 'named_parameters'");
  default_process_group(I);  // PyTorch's error when there is none
  auto params = module_of(module)->m->named_parameters(true);
  bool any_grad = false;
  for (auto& [name, t] : params) any_grad = any_grad || t.requires_grad();
  if (!any_grad) {
    I.raise(ty::RuntimeError, "DistributedDataParallel is not needed when a module doesn't have any parameter that requires a gradient.");
  }
  std::vector<Value> ids = p.has(1) ? I.to_vector(p.get(1)) : std::vector<Value>{};
  if (ids.size() > 1) I.raise(ty::ValueError, "device_ids can only be None or contain a single element.");
  std::vector<Device> devices;
  for (auto& [name, t] : params)
    if (std::find(devices.begin(), devices.end(), t.device()) == devices.end()) devices.push_back(t.device());
  for (const Device& d : devices) {
    if (d.type != devices[0].type) {
      I.raise(ty::ValueError, std::string("DistributedDataParallel's input module must be on the same type of devices, "
                                          "but input module parameters locate in {'cpu', 'cuda'}."));
    }
  }
  auto* o = new NnModuleObject(ddp_type(), std::make_shared<nn::Module>("DistributedDataParallel"));
  Value v = Value::object(o);
  o->initialized = true;
  o->add_child("module", module);
  Value device_ids, output_device;
  bool truthy_output = p.has(2) && I.truthy(p.get(2));
  if (ids.empty() || devices[0].is_cpu() || devices.size() > 1) {
    if (!ids.empty() || truthy_output) {
      std::string found;
      for (const Device& d : devices) found += (found.empty() ? "" : ", ") + I.repr(wrap_device(d));
      I.raise(ty::ValueError, "DistributedDataParallel device_ids and output_device arguments only work with "
                              "single-device/multiple-device GPU modules or CPU modules, but got device_ids " +
                                  (p.has(1) ? I.repr(p.get(1)) : std::string("None")) + ", output_device " +
                                  (p.has(2) ? I.repr(p.get(2)) : std::string("None")) + ", and module parameters {" +
                                  found + "}.");
    }
  } else {
    device_ids = make_list({device_index(I, ids[0])});
    output_device = device_index(I, p.has(2) ? p.get(2) : ids[0]);
  }
  o->attrs.set("device_ids", device_ids);
  o->attrs.set("output_device", output_device);
  o->attrs.set("dim", Value::integer(p.integer(3, 0)));
  o->attrs.set("device", wrap_device(devices[0]));
  return v;
}

}  // namespace

void init_nn_parallel_module(Interpreter& I, ModuleObject& m) {
  ddp_type()->construct = make_ddp;
  add_method(ddp_type(), "forward", ddp_forward);
  Value nn = I.import_module("torch.nn");
  m.attrs.set("DataParallel", *nn.as<ModuleObject>()->attrs.find("DataParallel"));
  m.attrs.set("DistributedDataParallel", Value::object(ddp_type()));
}

}  // namespace tp::torchlang
