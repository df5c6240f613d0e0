// What the front ends need from inside Python: an output sink that sends sys.stdout and
// sys.stderr to a C++ stream (the GUI console, lesson runs, tests).
#include <ostream>

#include "repl/bindings/bindings.h"

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
}

}  // namespace tp::torchpy
