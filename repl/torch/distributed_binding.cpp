// torch.distributed as one process: init_process_group (env://, tcp://, file:// rendezvous
// read the way PyTorch reads them), rank/world size/backend, and collectives that are the
// identity with one process. tensorplay never spawns processes, so a world of more than one
// says so instead of waiting for peers forever. DDP and DistributedSampler have their files.
#include <algorithm>
#include <cctype>

#include "core/cuda_api.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/distributed_group.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// The default process group of this session (PyTorch keeps it in distributed_c10d._world).
struct WorldObject : NativeObject {
  WorldObject() : NativeObject(type_()) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("_World", "torch.distributed.distributed_c10d");
    return t;
  }
  bool initialized = false;
  std::string backend;
  int64_t rank = 0, world_size = 1;
};

WorldObject& world(Interpreter& I) {
  return *I.import_module("torch.distributed").as<ModuleObject>()->attrs.find("_world")->as<WorldObject>();
}

// The default group, or PyTorch's ValueError when init_process_group has not run.
WorldObject& default_group(Interpreter& I) {
  WorldObject& w = world(I);
  if (!w.initialized) {
    I.raise(ty::ValueError, "Default process group has not been initialized, please make sure to call init_process_group.");
  }
  return w;
}

// ---- ReduceOp ----

struct RedOpObject : NativeObject {
  RedOpObject(std::string n, int v) : NativeObject(type_()), name(std::move(n)), value(v) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("RedOpType", "torch._C._distributed_c10d.ReduceOp");
    return t;
  }
  std::string name;
  int value;
  std::string str(Interpreter&) override { return "RedOpType." + name; }
  std::string repr(Interpreter&) override { return "<RedOpType." + name + ": " + std::to_string(value) + ">"; }
};

TypeObject* reduce_op_type() {
  static TypeObject* t = [] {
    TypeObject* r = new_native_type("ReduceOp", "torch.distributed.distributed_c10d");
    int v = 0;
    for (const char* n : {"SUM", "AVG", "PRODUCT", "MIN", "MAX", "BAND", "BOR", "BXOR", "PREMUL_SUM"}) {
      r->dict.set(n, Value::object(new RedOpObject(n, v++)));
    }
    return r;
  }();
  return t;
}

// ---- init_process_group ----

// int(text) as Python does it, with its ValueError.
int64_t parse_int(Interpreter& I, const std::string& text) {
  size_t i = 0, n = text.size();
  while (i < n && text[i] == ' ') ++i;
  size_t start = i;
  if (i < n && (text[i] == '-' || text[i] == '+')) ++i;
  size_t digits = i;
  while (i < n && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
  size_t end = i;
  while (i < n && text[i] == ' ') ++i;
  if (end == digits || i != n) I.raise(ty::ValueError, "invalid literal for int() with base 10: '" + text + "'");
  return std::stoll(text.substr(start, end - start));
}

// os.environ[name] of this session; empty when unset (PyTorch treats "" as unset too).
std::string env_var(Interpreter& I, const char* name) {
  Value environ = I.getattr(I.import_module("os"), "environ");
  Value* v = environ.as<DictObject>()->table.get(I, make_str(name));
  if (!v) return "";
  return is_str(*v) ? str_of(*v) : I.str(*v);
}

[[noreturn]] void rendezvous_error(Interpreter& I, const std::string& scheme, const std::string& msg) {
  I.raise(ty::ValueError, "Error initializing torch.distributed using " + scheme + ":// rendezvous: " + msg);
}

// The rendezvous handlers' checks (torch/distributed/rendezvous.py): fills rank and world_size.
void rendezvous(Interpreter& I, const std::string& url, int64_t& rank, int64_t& world_size) {
  size_t sep = url.find("://");
  std::string scheme = sep == std::string::npos ? "" : url.substr(0, sep);
  std::string rest = sep == std::string::npos ? url : url.substr(sep + 3);
  if (scheme == "env") {
    auto required = [&](const char* var) {
      std::string v = env_var(I, var);
      if (v.empty()) rendezvous_error(I, scheme, std::string("environment variable ") + var + " expected, but not set");
      return v;
    };
    if (rank == -1) rank = parse_int(I, required("RANK"));
    if (world_size == -1) world_size = parse_int(I, required("WORLD_SIZE"));
    required("MASTER_ADDR");
    int64_t port = parse_int(I, required("MASTER_PORT"));
    if (port < 0 || port >= 65536) I.raise(ty::ValueError, "port must have value from 0 to 65535 but was " + std::to_string(port) + ".");
  } else if (scheme == "tcp" || scheme == "file") {
    std::string host = rest.substr(0, rest.find_first_of("/?"));
    if (scheme == "tcp" && host.find(':') == std::string::npos) rendezvous_error(I, scheme, "port number missing");
    if (scheme == "file" && rest.find('/') == std::string::npos) rendezvous_error(I, scheme, "path missing");
    if (rank == -1) rendezvous_error(I, scheme, "rank parameter missing");
    if (world_size == -1) rendezvous_error(I, scheme, "world size parameter missing");
  } else {
    I.raise(ty::RuntimeError, "No rendezvous handler for " + scheme + "://");
  }
}

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

Value d_init_process_group(Interpreter& I, Args a) {
  OpArgs p(I, "init_process_group", a, {"backend", "init_method", "timeout", "world_size", "rank", "store",
                                         "group_name", "pg_options", "device_id"});
  WorldObject& w = world(I);
  if (w.initialized) I.raise(ty::ValueError, "trying to initialize the default process group twice!");
  TP_CHECK(!p.has(5), NotImplementedError, "init_process_group(store=...) is not supported by tensorplay");
  std::string backend = "undefined";
  if (p.has(0)) {
    if (!is_str(p.get(0))) I.raise(ty::ValueError, "Backend constructor parameter must be string-ish");
    backend = lower(str_of(p.get(0)));
  }
  if (backend == "mpi") {
    I.raise(ty::RuntimeError, "Distributed package doesn't have MPI built in. MPI is only included if you build "
                              "PyTorch from source on a host that has MPI installed.");
  }
  int64_t world_size = p.integer(3, -1), rank = p.integer(4, -1);
  rendezvous(I, p.has(1) ? I.str(p.get(1)) : std::string("env://"), rank, world_size);
  // PyTorch would now wait for the other processes to join; there are none to wait for.
  if (world_size != 1) {
    I.raise(ty::RuntimeError, "tensorplay runs one process, so world_size must be 1 (got " + std::to_string(world_size) +
                                  "): with more, init_process_group would wait forever for processes that never "
                                  "start. Real multi-GPU DDP launches one process per GPU with torchrun "
                                  "(torchrun --nproc_per_node=N train.py), which sets RANK and WORLD_SIZE for each.");
  }
  if (rank != 0) {
    I.raise(ty::RuntimeError, "tensorplay runs one process, so its rank must be 0 (got " + std::to_string(rank) +
                                  "): rank r of a real job is the r-th process torchrun starts.");
  }
  bool known = backend == "undefined" || backend == "gloo" || backend == "nccl" || backend.find(':') != std::string::npos;
  if (!known) I.raise(ty::AssertionError, "Unknown backend type " + backend);
  if (backend.find("nccl") != std::string::npos && cuda::device_count() == 0) {
    I.raise(ty::RuntimeError, "nccl2 requires at least one CUDA device");
  }
  w.initialized = true;
  w.backend = backend;
  w.rank = rank;
  w.world_size = world_size;
  return Value();
}

Value d_destroy_process_group(Interpreter& I, Args a) {
  OpArgs p(I, "destroy_process_group", a, {"group"});
  WorldObject& w = world(I);
  if (!w.initialized) I.raise(ty::AssertionError, "Process group cannot be None");
  w.initialized = false;
  return Value();
}

Value d_is_available(Interpreter& I, Args a) {
  OpArgs p(I, "is_available", a, {});
  return Value::boolean(true);
}
Value d_is_initialized(Interpreter& I, Args a) {
  OpArgs p(I, "is_initialized", a, {});
  return Value::boolean(world(I).initialized);
}
Value d_is_mpi_available(Interpreter& I, Args a) {
  OpArgs p(I, "is_mpi_available", a, {});
  return Value::boolean(false);
}
Value d_get_rank(Interpreter& I, Args a) {
  OpArgs p(I, "get_rank", a, {"group"});
  return Value::integer(default_group(I).rank);
}
Value d_get_world_size(Interpreter& I, Args a) {
  OpArgs p(I, "get_world_size", a, {"group"});
  return Value::integer(default_group(I).world_size);
}
Value d_get_backend(Interpreter& I, Args a) {
  OpArgs p(I, "get_backend", a, {"group"});
  return make_str(default_group(I).backend);
}
Value d_barrier(Interpreter& I, Args a) {
  OpArgs p(I, "barrier", a, {"group", "async_op", "device_ids"});
  default_group(I);
  return Value();
}

// ---- collectives: with one process every reduction and broadcast leaves the tensor as it is ----

Tensor collective_tensor(Interpreter& I, const OpArgs& p) {
  Value t = p.get(0);
  if (!is_tensor(t)) {
    I.raise(ty::TypeError, "Invalid function argument. Expected parameter `tensor` of type torch.Tensor\n"
                           "             but got <class '" + t.type()->name + "'> instead.");
  }
  return tensor_of(t);
}

Value d_all_reduce(Interpreter& I, Args a) {
  OpArgs p(I, "all_reduce", a, {"tensor", "op", "group", "async_op"});
  Tensor t = collective_tensor(I, p);
  default_group(I);
  TP_CHECK(!p.boolean(3, false), NotImplementedError, "all_reduce(async_op=True) is not supported by tensorplay");
  if (p.has(1)) {
    Value op = p.get(1);
    if (!op.is_obj() || op.obj()->type != RedOpObject::type_()) {
      I.raise(ty::TypeError, "all_reduce(): op must be a torch.distributed.ReduceOp, not " + op.type()->name);
    }
    // AVG divides the sum by the world size, which an integer tensor cannot hold.
    if (op.as<RedOpObject>()->name == "AVG" && !is_floating(t.dtype())) {
      I.raise(ty::RuntimeError, std::string("result type Float can't be cast to the desired output type ") +
                                    dtype_legacy_name(t.dtype()));
    }
  }
  return Value();
}

Value d_broadcast(Interpreter& I, Args a) {
  OpArgs p(I, "broadcast", a, {"tensor", "src", "group", "async_op", "group_src"});
  collective_tensor(I, p);
  WorldObject& w = default_group(I);
  int64_t src = p.integer(1, 0);
  if (src != 0) {
    std::string pg = w.backend == "nccl" ? "ProcessGroupNCCL" : "ProcessGroupGloo";
    I.raise(ty::RuntimeError, pg + "::broadcast: invalid root rank: " + std::to_string(src));
  }
  return Value();
}

}  // namespace

ProcessGroup default_process_group(Interpreter& I) {
  const WorldObject& w = default_group(I);
  return ProcessGroup{w.backend, w.rank, w.world_size};
}

void init_distributed_module(Interpreter&, ModuleObject& m) {
  m.attrs.set("_world", Value::object(new WorldObject()));
  add_function(m, "is_available", d_is_available);
  add_function(m, "is_initialized", d_is_initialized);
  add_function(m, "is_nccl_available", d_is_available);  // PyTorch's wheels ship NCCL and Gloo
  add_function(m, "is_gloo_available", d_is_available);
  add_function(m, "is_mpi_available", d_is_mpi_available);
  add_function(m, "init_process_group", d_init_process_group);
  add_function(m, "destroy_process_group", d_destroy_process_group);
  add_function(m, "get_rank", d_get_rank);
  add_function(m, "get_world_size", d_get_world_size);
  add_function(m, "get_backend", d_get_backend);
  add_function(m, "barrier", d_barrier);
  add_function(m, "all_reduce", d_all_reduce);
  add_function(m, "broadcast", d_broadcast);
  m.attrs.set("ReduceOp", Value::object(reduce_op_type()));
}

}  // namespace tp::torchlang
