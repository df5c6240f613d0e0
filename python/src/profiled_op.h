// A binding's span in an open torch.profiler profile: "aten::NAME" from the call to its
// return, with its inputs' shapes and types when record_shapes is on (one branch when no
// profile is open); and the cause a host wait inside it is labelled with on the timeline.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>

#include "core/profiler.h"

namespace tp::torchpy {

namespace py = pybind11;

class ProfiledOp {
 public:
  // `name` without the "aten::" prefix ("mm", "add_"); `args` the call's positional
  // arguments (self first for a method).
  ProfiledOp(const char* name, const py::args& args) : cause_(name) {
    if (profiler::active()) open(name, args.ptr());
  }
  ProfiledOp(const char* name, py::handle self, py::handle other) : cause_(name) {
    if (profiler::active()) open(name, py::make_tuple(self, other).ptr());
  }
  ~ProfiledOp() { profiler::pop(id_); }
  ProfiledOp(const ProfiledOp&) = delete;
  ProfiledOp& operator=(const ProfiledOp&) = delete;

 private:
  void open(const char* name, PyObject* args);  // profiler_binding.cpp
  profiler::WaitCause cause_;  // a wait inside the op is the op's (".item()" waits in item)
  int64_t id_ = 0;
};

}  // namespace tp::torchpy
