// torch.utils.data: Dataset (a base for a learner's datasets), TensorDataset, Subset,
// random_split and DataLoader (batch_size, shuffle, sampler, drop_last, pin_memory, collate_fn),
// drawing from the default generator exactly as PyTorch's DataLoader and RandomSampler do,
// so a seeded script sees the same batches and the same later random numbers.
#include <cmath>

#include "core/error.h"
#include "core/generator.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "core/ops/indexing.h"
#include "core/ops/random.h"
#include "core/ops/shape.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/submodules.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

TypeObject* data_type(const char* name, TypeObject* base = nullptr) {
  return new_native_type(name, "torch.utils.data.dataset", base);
}

TypeObject* dataset_type() {
  static TypeObject* t = [] {
    TypeObject* d = data_type("Dataset");
    d->subclassable = true;  // class MyData(Dataset): ...
    return d;
  }();
  return t;
}

// TensorDataset(*tensors): sample i is (t[i] for each tensor).
struct TensorDatasetObject : NativeObject {
  explicit TensorDatasetObject(std::vector<Tensor> ts) : NativeObject(type_()), tensors(std::move(ts)) {}
  static TypeObject* type_() {
    static TypeObject* t = data_type("TensorDataset", dataset_type());
    return t;
  }
  std::vector<Tensor> tensors;
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "tensors") return wrap_list(tensors, true);
    return Value::unbound();
  }
  Value get_item(Interpreter& I, const Value& key) override {
    std::vector<Value> items;
    for (const Tensor& t : tensors) items.push_back(I.getitem(wrap(t), key));
    return make_tuple(std::move(items));
  }
  int64_t len(Interpreter&) override { return tensors.empty() ? 0 : tensors[0].size(0); }
  std::string repr(Interpreter&) override { return "<torch.utils.data.dataset.TensorDataset object>"; }
};

// Subset(dataset, indices): what random_split returns.
struct SubsetObject : NativeObject {
  SubsetObject(Value d, std::vector<int64_t> idx) : NativeObject(type_()), dataset(std::move(d)), indices(std::move(idx)) {}
  static TypeObject* type_() {
    static TypeObject* t = data_type("Subset", dataset_type());
    return t;
  }
  Value dataset;
  std::vector<int64_t> indices;
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "dataset") return dataset;
    if (name == "indices") {
      std::vector<Value> v;
      for (int64_t i : indices) v.push_back(Value::integer(i));
      return make_list(std::move(v));
    }
    return Value::unbound();
  }
  Value get_item(Interpreter& I, const Value& key) override {
    int64_t i = I.to_index(key);
    int64_t n = static_cast<int64_t>(indices.size());
    if (i < -n || i >= n) I.raise(ty::IndexError, "list index out of range");
    return I.getitem(dataset, Value::integer(indices[static_cast<size_t>(i < 0 ? i + n : i)]));
  }
  int64_t len(Interpreter&) override { return static_cast<int64_t>(indices.size()); }
  std::string repr(Interpreter&) override { return "<torch.utils.data.dataset.Subset object>"; }
};

// torch.empty((), dtype=torch.int64).random_().item(): one 64-bit draw, below 2**63.
int64_t draw_seed() { return static_cast<int64_t>(default_generator().random64() % (1ULL << 63)); }

// default_collate: tensors stack, numbers become a tensor, tuples/lists collate per field.
Value collate(Interpreter& I, const std::vector<Value>& samples) {
  const Value& first = samples[0];
  if (is_tensor(first)) {
    std::vector<Tensor> ts;
    for (const Value& s : samples) ts.push_back(tensor_of(s));
    return wrap(stack(ts, 0));
  }
  if (first.is_float() || first.is_intlike()) {
    std::vector<Value> items(samples.begin(), samples.end());
    return wrap(tensor_from_data(I, make_list(items), first.is_float() ? std::optional<DType>(DType::Float64) : std::nullopt, Device::cpu()));
  }
  if (is_tuple(first) || is_list(first)) {
    size_t n = I.to_vector(first).size();
    std::vector<std::vector<Value>> fields(n);
    for (const Value& s : samples) {
      std::vector<Value> parts = I.to_vector(s);
      if (parts.size() != n) I.raise(ty::RuntimeError, "each element in list of batch should be of equal size");
      for (size_t k = 0; k < n; ++k) fields[k].push_back(parts[k]);
    }
    std::vector<Value> out;
    for (auto& f : fields) out.push_back(collate(I, f));
    return make_list(std::move(out));  // PyTorch returns a list for tuple samples
  }
  if (is_dict(first)) {
    auto* d = new DictObject();
    Value out = Value::object(d);
    for (auto& e : first.as<DictObject>()->table.entries()) {
      if (!e.live) continue;
      std::vector<Value> field;
      for (const Value& s : samples) field.push_back(I.getitem(s, e.key));
      d->table.set(I, e.key, collate(I, field));
    }
    return out;
  }
  return make_list(std::vector<Value>(samples.begin(), samples.end()));
}

struct DataLoaderObject : NativeObject {
  DataLoaderObject() : NativeObject(type_()) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("DataLoader", "torch.utils.data.dataloader");
    return t;
  }
  Value dataset, collate_fn, sampler;  // sampler: None, or an iterable of indices with a len()
  int64_t batch_size = 1;
  bool shuffle = false, drop_last = false, pin = false;

  // How many indices one pass yields.
  int64_t samples(Interpreter& I) { return sampler.is_none() ? I.len(dataset) : I.len(sampler); }
  int64_t batches(Interpreter& I) {
    int64_t n = samples(I);
    return drop_last ? n / batch_size : (n + batch_size - 1) / batch_size;
  }
  Value get_attr(Interpreter&, const std::string& name) override {
    if (name == "dataset") return dataset;
    if (name == "batch_size") return Value::integer(batch_size);
    if (name == "sampler" && !sampler.is_none()) return sampler;
    if (name == "drop_last") return Value::boolean(drop_last);
    return Value::unbound();
  }
  int64_t len(Interpreter& I) override { return batches(I); }
  Value iter(Interpreter& I) override;
  std::string repr(Interpreter&) override { return "<torch.utils.data.dataloader.DataLoader object>"; }
};

// One pass over a DataLoader.
struct DataLoaderIter : NativeObject {
  explicit DataLoaderIter(Ref<DataLoaderObject> l) : NativeObject(type_()), loader(std::move(l)) {}
  static TypeObject* type_() {
    static TypeObject* t = new_native_type("_SingleProcessDataLoaderIter", "torch.utils.data.dataloader");
    return t;
  }
  Ref<DataLoaderObject> loader;
  std::vector<int64_t> order;
  bool started = false;
  int64_t next_batch = 0;

  Value iter(Interpreter&) override { return Value::object(this); }
  Value next(Interpreter& I) override {
    if (!started) {
      started = true;
      if (!loader->sampler.is_none()) {
        for (const Value& i : I.to_vector(loader->sampler)) order.push_back(I.to_index(i));
      } else if (loader->shuffle) {
        int64_t n = I.len(loader->dataset);
        // RandomSampler: a fresh generator seeded from the default one.
        Generator gen(static_cast<uint64_t>(draw_seed()));
        Tensor perm = randperm(n, DType::Int64, &gen);
        for (int64_t i = 0; i < n; ++i) order.push_back(item(select(perm, 0, i)).to_int());
      } else {
        for (int64_t i = 0; i < I.len(loader->dataset); ++i) order.push_back(i);
      }
    }
    int64_t n = static_cast<int64_t>(order.size());
    int64_t start = next_batch * loader->batch_size;
    int64_t stop = std::min(start + loader->batch_size, n);
    if (start >= n || (loader->drop_last && stop - start < loader->batch_size)) return Value::unbound();
    ++next_batch;
    std::vector<int64_t> idx(order.begin() + start, order.begin() + stop);
    Value batch;
    auto* td = dynamic_cast<TensorDatasetObject*>(loader->dataset.is_obj() ? loader->dataset.obj() : nullptr);
    if (td && loader->collate_fn.is_none()) {
      // The same result as collating idx samples one by one: one gather per tensor.
      Tensor index = empty({static_cast<int64_t>(idx.size())}, DType::Int64);
      for (size_t k = 0; k < idx.size(); ++k) index.data<int64_t>()[k] = idx[k];
      std::vector<Value> fields;
      for (const Tensor& t : td->tensors) fields.push_back(wrap(advanced_index(t, {index})));
      batch = make_list(std::move(fields));
    } else {
      std::vector<Value> samples;
      for (int64_t i : idx) samples.push_back(I.getitem(loader->dataset, Value::integer(i)));
      batch = loader->collate_fn.is_none() ? collate(I, samples) : I.call(loader->collate_fn, std::vector<Value>{make_list(samples)});
    }
    if (loader->pin && is_list(batch)) {
      for (Value& v : batch.as<ListObject>()->items)
        if (is_tensor(v) && tensor_of(v).device().is_cpu()) v = wrap(pin_memory(tensor_of(v)));
    }
    return batch;
  }
};

Value DataLoaderObject::iter(Interpreter& I) {
  (void)I;
  draw_seed();  // _BaseDataLoaderIter's base seed: PyTorch draws it on every iter()
  return Value::object(new DataLoaderIter(Ref<DataLoaderObject>(this)));
}

Value make_tensor_dataset(Interpreter& I, Args a) {
  if (a.nkw) I.raise(ty::TypeError, "TensorDataset.__init__() got an unexpected keyword argument '" + *a.kw[0].name + "'");
  std::vector<Tensor> ts;
  for (size_t i = 0; i < a.n; ++i) {
    if (!is_tensor(a[i])) I.raise(ty::AttributeError, "'" + a[i].type()->name + "' object has no attribute 'size'");
    ts.push_back(tensor_of(a[i]));
  }
  for (const Tensor& t : ts) {
    if (t.dim() == 0 || t.size(0) != ts[0].size(0)) I.raise(ty::AssertionError, "Size mismatch between tensors");
  }
  return Value::object(new TensorDatasetObject(std::move(ts)));
}

Value make_data_loader(Interpreter& I, Args a) {
  OpArgs p(I, "DataLoader", a, {"dataset", "batch_size", "shuffle", "sampler", "batch_sampler", "num_workers",
                                "collate_fn", "pin_memory", "drop_last", "timeout", "worker_init_fn",
                                "generator", "prefetch_factor", "persistent_workers"});
  auto* d = new DataLoaderObject();
  Value v = Value::object(d);
  d->dataset = p.get(0);
  if (d->dataset.is_unbound()) I.raise(ty::TypeError, "DataLoader.__init__() missing 1 required positional argument: 'dataset'");
  d->batch_size = p.has(1) ? p.integer(1) : 1;
  if (d->batch_size <= 0) {
    I.raise(ty::ValueError, "batch_size should be a positive integer value, but got batch_size=" + std::to_string(d->batch_size));
  }
  d->shuffle = p.boolean(2, false);
  d->sampler = p.has(3) ? p.get(3) : Value();
  if (!d->sampler.is_none() && d->shuffle) I.raise(ty::ValueError, "sampler option is mutually exclusive with shuffle");
  TP_CHECK(!p.has(4), NotImplementedError, "DataLoader's batch_sampler= is not supported by tensorplay");
  d->collate_fn = p.has(6) ? p.get(6) : Value();
  d->pin = p.boolean(7, false);
  d->drop_last = p.boolean(8, false);
  I.len(d->dataset);  // a dataset without __len__ fails here, as a map-style one must have it
  return v;
}

Value t_random_split(Interpreter& I, Args a) {
  OpArgs p(I, "random_split", a, {"dataset", "lengths", "generator"});
  Value dataset = p.get(0);
  int64_t n = I.len(dataset);
  std::vector<Value> given = I.to_vector(p.get(1));
  std::vector<int64_t> lengths;
  bool fractions = !given.empty() && given[0].is_float();
  if (fractions) {
    // PyTorch: floor of each fraction, then the remainder spread round-robin.
    double total = 0;
    for (const Value& f : given) total += f.to_double();
    if (std::fabs(total - 1.0) > 1e-9) I.raise(ty::ValueError, "Sum of input lengths does not equal the length of the input dataset!");
    int64_t used = 0;
    for (const Value& f : given) {
      lengths.push_back(static_cast<int64_t>(std::floor(n * f.to_double())));
      used += lengths.back();
    }
    for (int64_t i = 0; i < n - used; ++i) lengths[static_cast<size_t>(i) % lengths.size()] += 1;
  } else {
    for (const Value& l : given) lengths.push_back(I.to_index(l));
  }
  int64_t sum = 0;
  for (int64_t l : lengths) sum += l;
  if (sum != n) I.raise(ty::ValueError, "Sum of input lengths does not equal the length of the input dataset!");
  Tensor perm = randperm(n, DType::Int64, nullptr);
  std::vector<Value> subsets;
  int64_t offset = 0;
  for (int64_t l : lengths) {
    std::vector<int64_t> idx;
    for (int64_t i = offset; i < offset + l; ++i) idx.push_back(item(select(perm, 0, i)).to_int());
    offset += l;
    subsets.push_back(Value::object(new SubsetObject(dataset, std::move(idx))));
  }
  return make_list(std::move(subsets));
}

Value make_subset(Interpreter& I, Args a) {
  OpArgs p(I, "Subset", a, {"dataset", "indices"});
  std::vector<int64_t> idx;
  for (const Value& v : I.to_vector(p.get(1))) idx.push_back(I.to_index(v));
  return Value::object(new SubsetObject(p.get(0), std::move(idx)));
}

}  // namespace

void init_data_module(Interpreter&, lang::ModuleObject& m) {
  TensorDatasetObject::type_()->construct = make_tensor_dataset;
  DataLoaderObject::type_()->construct = make_data_loader;
  SubsetObject::type_()->construct = make_subset;
  dataset_type()->new_instance = ty::object->new_instance;
  m.attrs.set("Dataset", Value::object(dataset_type()));
  m.attrs.set("TensorDataset", Value::object(TensorDatasetObject::type_()));
  m.attrs.set("Subset", Value::object(SubsetObject::type_()));
  m.attrs.set("DataLoader", Value::object(DataLoaderObject::type_()));
  m.attrs.set("random_split", Value::object(new BuiltinFunction("random_split", t_random_split)));
}

}  // namespace tp::torchlang
