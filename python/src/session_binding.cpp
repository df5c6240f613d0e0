// What the front ends need from inside Python: an output sink that sends sys.stdout and
// sys.stderr to a C++ stream (the GUI console, lesson runs, tests), and the simulated
// machine's clock that tensorplay/machine_time.py puts behind the time module.
#include <ostream>

#include "core/device_registry.h"
#include "core/machine_clock.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

struct OutputSink {
  std::ostream* out;
};

}  // namespace

void bind_session(py::module_& m) {
  py::class_<OutputSink>(m, "_OutputSink")
      .def(py::init([](uintptr_t stream) { return OutputSink{reinterpret_cast<std::ostream*>(stream)}; }))
      .def("write", [](OutputSink& s, const std::string& text) {
        if (s.out) *s.out << text;
        return text.size();
      })
      .def("flush", [](OutputSink& s) {
        if (s.out) s.out->flush();
      })
      .def("isatty", [](OutputSink&) { return false; })
      .def_property_readonly("encoding", [](OutputSink&) { return "utf-8"; });
  m.def("_machine_clock_ns", [] { return machine_clock().now_ns(); },
        "Nanoseconds on the simulated machine's clock since the program started.");
  m.def("_machine_clock_simulated", &machine_clock_simulated,
        "Whether time.time() and friends read the simulated machine's clock.");
}

}  // namespace tp::torchpy
