// torch.utils.data.distributed.DistributedSampler: each replica's share of a dataset, in
// PyTorch's order (a permutation seeded with seed + epoch, padded or cut to an even split).
#include "core/generator.h"
#include "core/ops/random.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/distributed_group.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// torch.randperm(n, generator=g) with g.manual_seed(seed), as a list of indices.
std::vector<int64_t> randperm_indices(int64_t n, uint64_t seed) {
  Generator gen(seed);
  Tensor perm = randperm(n, DType::Int64, &gen);  // a fresh contiguous CPU tensor
  const int64_t* data = perm.data<int64_t>();
  return std::vector<int64_t>(data, data + n);
}

struct DistributedSamplerObject : NativeObject {
  DistributedSamplerObject() : NativeObject(type_()) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("DistributedSampler", "torch.utils.data.distributed");
    return t;
  }
  Value dataset;
  int64_t num_replicas = 1, rank = 0, epoch = 0, seed = 0, num_samples = 0, total_size = 0;
  bool shuffle = true, drop_last = false;

  Value get_attr(Interpreter&, const std::string& n) override {
    if (n == "dataset") return dataset;
    if (n == "num_replicas") return Value::integer(num_replicas);
    if (n == "rank") return Value::integer(rank);
    if (n == "epoch") return Value::integer(epoch);
    if (n == "seed") return Value::integer(seed);
    if (n == "num_samples") return Value::integer(num_samples);
    if (n == "total_size") return Value::integer(total_size);
    if (n == "shuffle") return Value::boolean(shuffle);
    if (n == "drop_last") return Value::boolean(drop_last);
    return Value::unbound();
  }
  int64_t len(Interpreter&) override { return num_samples; }
  // This replica's indices: a permutation seeded with seed + epoch (the same on every
  // replica), padded or cut to total_size, then every num_replicas-th from rank.
  Value iter(Interpreter& I) override {
    int64_t n = I.len(dataset);
    std::vector<int64_t> indices;
    if (shuffle) {
      indices = randperm_indices(n, static_cast<uint64_t>(seed + epoch));
    } else {
      for (int64_t i = 0; i < n; ++i) indices.push_back(i);
    }
    if (!drop_last) {
      for (int64_t k = 0; static_cast<int64_t>(indices.size()) < total_size; ++k) indices.push_back(indices[k % n]);
    } else {
      indices.resize(static_cast<size_t>(total_size));
    }
    std::vector<Value> mine;
    for (int64_t i = rank; i < total_size; i += num_replicas) mine.push_back(Value::integer(indices[i]));
    return I.iter(make_list(std::move(mine)));
  }
  std::string repr(Interpreter&) override { return "<torch.utils.data.distributed.DistributedSampler object>"; }
  std::vector<std::string> dir(Interpreter&) override {
    return {"dataset", "drop_last", "epoch", "num_replicas", "num_samples", "rank", "seed", "set_epoch", "shuffle", "total_size"};
  }
};

Value sampler_set_epoch(Interpreter& I, const Value& self, Args a) {
  OpArgs p(I, "set_epoch", a, {"epoch"});
  self.as<DistributedSamplerObject>()->epoch = p.integer(0);
  return Value();
}

Value make_distributed_sampler(Interpreter& I, Args a) {
  OpArgs p(I, "DistributedSampler", a, {"dataset", "num_replicas", "rank", "shuffle", "seed", "drop_last"});
  auto* s = new DistributedSamplerObject();
  Value v = Value::object(s);
  s->dataset = p.get(0);
  s->num_replicas = p.has(1) ? p.integer(1) : default_process_group(I).world_size;
  s->rank = p.has(2) ? p.integer(2) : default_process_group(I).rank;
  if (s->rank >= s->num_replicas || s->rank < 0) {
    I.raise(ty::ValueError, "Invalid rank " + std::to_string(s->rank) + ", rank should be in the interval [0, " +
                                std::to_string(s->num_replicas - 1) + "]");
  }
  s->shuffle = p.boolean(3, true);
  s->seed = p.integer(4, 0);
  s->drop_last = p.boolean(5, false);
  int64_t n = I.len(s->dataset), r = s->num_replicas;
  // math.ceil of the float division, as PyTorch computes it.
  auto ceil_div = [](int64_t x, int64_t y) { return x >= 0 ? (x + y - 1) / y : -((-x) / y); };
  s->num_samples = s->drop_last && n % r != 0 ? ceil_div(n - r, r) : ceil_div(n, r);
  s->total_size = s->num_samples * r;
  return v;
}

}  // namespace

void init_data_distributed_module(Interpreter& I, ModuleObject& m) {
  DistributedSamplerObject::type_()->construct = make_distributed_sampler;
  add_method(DistributedSamplerObject::type_(), "set_epoch", sampler_set_epoch);
  m.attrs.set("DistributedSampler", Value::object(DistributedSamplerObject::type_()));
  // torch.utils.data re-exports it.
  I.import_module("torch.utils.data").as<ModuleObject>()->attrs.set("DistributedSampler", *m.attrs.find("DistributedSampler"));
}

}  // namespace tp::torchlang
