// torch.Generator (CPU generators, bit-compatible with PyTorch's, with get_state/set_state),
// torch.default_generator, torch.initial_seed / seed, and the `generator=` argument of the random functions.
#include "core/error.h"
#include "core/generator.h"
#include "core/ops/rng_state.h"
#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

using GeneratorClass = py::class_<Generator, std::shared_ptr<Generator>>;

py::handle g_generator_type;

// The default generator as a Python object that does not own it.
py::object default_generator_object() {
  static py::object obj = py::cast(std::shared_ptr<Generator>(&default_generator(), [](Generator*) {}));
  return obj;
}

}  // namespace

Generator* generator_arg(const OpArgs& p, size_t i) {
  if (!p.has(i)) return nullptr;
  py::handle v = p.get(i);
  if (!g_generator_type || !py::isinstance(v, g_generator_type)) p.type_error(i, "torch.Generator");
  return v.cast<Generator*>();
}

void bind_generator(py::module_& m) {
  GeneratorClass gen(m, "Generator");
  g_generator_type = gen;
  gen.def(py::init([](py::object device) {
            Device d = device.is_none() ? Device::cpu() : to_device_value(device, "Generator");
            TP_CHECK(d.is_cpu(), NotImplementedError,
                     "tensorplay's generators are CPU generators (its random numbers are drawn on the CPU, as "
                     "PyTorch's CPU generator does); use torch.Generator() or torch.Generator('cpu')");
            return std::make_shared<Generator>();
          }),
          py::arg("device") = py::none());
  gen.def(
      "manual_seed",
      [](py::object self, py::object seed) {
        self.cast<Generator&>().manual_seed(static_cast<uint64_t>(seed.cast<int64_t>()));
        return self;
      },
      py::arg("seed"), "Restarts the stream from seed; returns the generator.");
  gen.def("initial_seed", &Generator::initial_seed, "The seed the current stream started from.");
  gen.def("seed", &Generator::seed, "Reseeds from the operating system's entropy and returns the seed.");
  gen.def(
      "get_state", [](const Generator& g) { return wrap(generator_state(g)); },
      "The generator's state as a uint8 tensor (PyTorch's 5056-byte layout).");
  gen.def(
      "set_state",
      [](py::object self, py::handle state) {
        if (!is_tensor(state)) raise_type_error("expected a torch.ByteTensor, but got " + type_name(state));
        set_generator_state(self.cast<Generator&>(), tensor_of(state));
        return self;
      },
      py::arg("new_state"), "Restores a state from get_state(); returns the generator.");
  gen.def_property_readonly("device", [](const Generator&) { return wrap_device(Device::cpu()); });
  gen.attr("__module__") = "torch._C";

  m.attr("default_generator") = default_generator_object();
  m.def("manual_seed", [](py::object seed) {
    default_generator().manual_seed(static_cast<uint64_t>(seed.cast<int64_t>()));
    return default_generator_object();
  }, py::arg("seed"), "manual_seed(seed): seed the default random number generator; returns it.");
  m.def("initial_seed", [] { return default_generator().initial_seed(); }, "The default generator's seed.");
  m.def("seed", [] { return default_generator().seed(); }, "Reseeds the default generator from the OS.");
}

}  // namespace tp::torchpy
