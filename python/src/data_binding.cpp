// What torch.utils.data and torch.nn.parallel (written in Python) need from the C++ core:
// the draws PyTorch's DataLoader, RandomSampler, random_split and DistributedSampler make on
// the generators (so a seeded script sees PyTorch's batches and later random numbers), and
// DataParallel's differentiable scatter and gather across devices (core/nn/parallel).
#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <vector>

#include "core/generator.h"
#include "core/nn/parallel.h"
#include "core/ops/random.h"
#include "python/src/bindings.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

// torch.empty((), dtype=torch.int64).random_(generator=g).item(): one 64-bit draw from g (the
// default generator for None), below 2**63 (DataLoader's base seed, RandomSampler's seed).
int64_t draw_seed(std::optional<std::shared_ptr<Generator>> gen) {
  Generator& g = gen && *gen ? **gen : default_generator();
  return static_cast<int64_t>(g.random64() % (1ULL << 63));
}

// torch.randperm(n, generator=g).tolist(), `count` times over from the same g: g seeded with
// `seed`, or the default generator.
std::vector<int64_t> randperm_list(int64_t n, std::optional<int64_t> seed, int64_t count) {
  std::optional<Generator> seeded;
  if (seed) seeded.emplace(static_cast<uint64_t>(*seed));
  std::vector<int64_t> out;
  for (int64_t k = 0; k < count; ++k) {
    Tensor perm = randperm(n, DType::Int64, seeded ? &*seeded : nullptr);
    const int64_t* data = perm.data<int64_t>();  // a fresh contiguous CPU tensor
    out.insert(out.end(), data, data + n);
  }
  return out;
}

// torch.randint(high, size=(count,), generator=g).tolist() with g seeded with `seed`:
// RandomSampler's draws with replacement (drawn 32 at a time there, element by element).
std::vector<int64_t> randint_list(int64_t high, int64_t count, int64_t seed) {
  Generator gen(static_cast<uint64_t>(seed));
  Tensor draws = randint(high, {count}, DType::Int64, &gen);
  const int64_t* data = draws.data<int64_t>();
  return std::vector<int64_t>(data, data + count);
}

std::vector<Device> devices_of(const py::sequence& devices) {
  std::vector<Device> out;
  for (py::handle d : devices) out.push_back(device_from(d));
  return out;
}

py::object scatter(py::handle x, const py::sequence& devices) {
  return wrap_list(nn::scatter(tensor_of(x), devices_of(devices)), false);
}

py::object gather(const py::sequence& outputs, py::handle device) {
  std::vector<Tensor> ts;
  for (py::handle o : outputs) ts.push_back(tensor_of(o));
  return wrap(nn::gather(ts, device_from(device)));
}

}  // namespace

void bind_data(py::module_& m) {
  m.def("_draw_seed", &draw_seed, py::arg("generator") = py::none(),
        "torch.empty((), dtype=torch.int64).random_(generator=g).item() (g: the default generator for None).");
  m.def("_randperm_list", &randperm_list, py::arg("n"), py::arg("seed") = py::none(), py::arg("count") = 1,
        "torch.randperm(n) as a list, `count` times over, from one generator seeded with `seed` (default: the "
        "default generator).");
  m.def("_randint_list", &randint_list, py::arg("high"), py::arg("count"), py::arg("seed"),
        "torch.randint(high, (count,)) as a list, from a generator seeded with `seed`.");
  m.def("_dp_scatter", &scatter, py::arg("input"), py::arg("devices"),
        "DataParallel: input split along dim 0 into one chunk per device (ScatterBackward).");
  m.def("_dp_gather", &gather, py::arg("outputs"), py::arg("device"),
        "DataParallel: outputs concatenated along dim 0 on `device` (GatherBackward).");
}

}  // namespace tp::torchpy
