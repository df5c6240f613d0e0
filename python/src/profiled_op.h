// A binding's span in an open torch.profiler profile: "aten::NAME" from the call to its
// return, with its inputs' shapes and types when record_shapes is on (one branch when no
// profile is open); and the cause a host wait inside it is labelled with on the timeline.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "core/profiler.h"

namespace tp::torchpy {

namespace py = pybind11;

class ProfiledOp {
 public:
  // `name` without the "aten::" prefix ("mm", "add_"); `args` the call's positional
  // arguments (self first for a method).
  ProfiledOp(const char* name, const py::args& args) : inputs_{args.ptr(), nullptr, nullptr}, cause_(name, &inputs_) {
    if (profiler::active()) open(name, args.ptr());
  }
  ProfiledOp(const char* name, py::handle self, py::handle other)
      : inputs_{nullptr, self.ptr(), other.ptr()}, cause_(name, &inputs_) {
    if (profiler::active()) open(name, py::make_tuple(self, other).ptr());
  }
  ~ProfiledOp() { profiler::pop(id_); }
  ProfiledOp(const ProfiledOp&) = delete;
  ProfiledOp& operator=(const ProfiledOp&) = delete;
  // profiler::current_op's describer: "[[64, 128], [128, 32]]" ([] for a non-tensor).
  static std::string describe(const void* inputs);  // profiler_binding.cpp

 private:
  void open(const char* name, PyObject* args);  // profiler_binding.cpp
  // The op's inputs, for the timeline's label of a kernel it queues (profiler::current_op):
  // the call's positional arguments, or an operator's two operands.
  struct Inputs {
    PyObject* args;
    PyObject* self;
    PyObject* other;
  };
  Inputs inputs_;
  profiler::WaitCause cause_;  // a wait inside the op is the op's (".item()" waits in item)
  int64_t id_ = 0;
};

}  // namespace tp::torchpy
