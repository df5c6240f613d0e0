// torch.profiler's C++ half: opening and closing the recorder (core/profiler.h), user ranges
// (record_function), and what was recorded as plain tuples for torch/profiler to lay out; and
// the op hook every binding opens (profiled_op.h).
#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "core/dtype.h"
#include "core/profiler.h"
#include "core/tensor.h"
#include "python/src/bindings.h"
#include "python/src/profiled_op.h"
#include "python/src/py_types.h"
#include "python/src/python_stack.h"

namespace tp::torchpy {

namespace {

// The C++ type name PyTorch's trace gives a tensor's dtype ("Input type").
const char* trace_type_name(DType t) {
  switch (t) {
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Int64: return "long int";
    case DType::Int32: return "int";
    case DType::Bool: return "bool";
    default: return dtype_cpp_name(t);
  }
}

const char* lane_name(ClockLane lane) {
  switch (lane) {
    case ClockLane::Compute: return "kernel";
    case ClockLane::CopyHtoD: return "memcpy_htod";
    case ClockLane::CopyDtoH: return "memcpy_dtoh";
    case ClockLane::Peer: return "memcpy_peer";
    case ClockLane::HostWait: return "host_wait";
  }
  return "";
}

const char* kind_name(profiler::HostKind kind) {
  switch (kind) {
    case profiler::HostKind::Op: return "cpu_op";
    case profiler::HostKind::UserRange: return "user_annotation";
    case profiler::HostKind::Runtime: return "cuda_runtime";
  }
  return "";
}

}  // namespace

namespace {

// An input's shape as record_shapes keeps it ([] for what is no tensor).
std::vector<int64_t> input_shape(py::handle a) {
  if (!py::isinstance(a, tensor_type())) return {};
  const Shape& sizes = tensor_of(a).sizes();
  return {sizes.begin(), sizes.end()};
}

std::string shape_list(const std::vector<py::handle>& inputs) {
  std::string out = "[";
  for (size_t i = 0; i < inputs.size(); ++i) out += (i ? ", " : "") + shape_str(input_shape(inputs[i]));
  return out + "]";
}

}  // namespace

std::string ProfiledOp::describe(const void* inputs) {
  // Only the thread that holds the GIL may read the arguments (a collective runs without it).
  if (!PyGILState_Check()) return "";
  const auto* in = static_cast<const Inputs*>(inputs);
  std::vector<py::handle> items;
  if (in->args) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(in->args); ++i) items.emplace_back(PyTuple_GET_ITEM(in->args, i));
  } else {
    items = {py::handle(in->self), py::handle(in->other)};
  }
  return shape_list(items);
}

void ProfiledOp::open(const char* name, PyObject* args) {
  std::vector<std::vector<int64_t>> shapes;
  std::vector<std::string> types;
  if (profiler::record_shapes()) {
    const Py_ssize_t n = PyTuple_GET_SIZE(args);
    for (Py_ssize_t i = 0; i < n; ++i) {
      py::handle a(PyTuple_GET_ITEM(args, i));
      shapes.push_back(input_shape(a));
      if (py::isinstance(a, tensor_type())) {
        types.emplace_back(trace_type_name(tensor_of(a).dtype()));
      } else {
        types.emplace_back(a.is_none() ? "" : "Scalar");
      }
    }
  }
  std::vector<std::string> stack;
  if (profiler::with_stack())
    for (const AllocFrame& f : python_frames()) stack.push_back(f.filename + "(" + std::to_string(f.line) + "): " + f.name);
  id_ = profiler::push(std::string("aten::") + name, profiler::HostKind::Op, std::move(shapes), std::move(types),
                       std::move(stack));
}

void bind_profiler(py::module_& m) {
  profiler::set_input_describer(&ProfiledOp::describe);
  m.def("_profiler_start", &profiler::start, py::arg("record_shapes"), py::arg("profile_memory"),
        py::arg("with_stack"));
  m.def("_profiler_active", &profiler::active);
  m.def("_profiler_push", [](const std::string& name) { return profiler::push(name, profiler::HostKind::UserRange); });
  m.def("_profiler_pop", &profiler::pop);
  // (host spans, device work): host (name, cat, start_ns, end_ns, id, parent, shapes, types,
  // stack, self_cpu_mem, self_device_mem);
  // device (device, stream, lane, name, start_ns, end_ns, bytes, flops, sm_share,
  // correlation, issue_ns).
  m.def("_profiler_stop", [] {
    profiler::Recording rec = profiler::stop();
    py::list host, device;
    for (const profiler::HostEvent& e : rec.host) {
      py::list shapes;
      for (const auto& s : e.shapes) shapes.append(py::cast(s));
      host.append(py::make_tuple(e.name, kind_name(e.kind), e.start_ns, e.end_ns, e.id, e.parent, shapes,
                                 py::cast(e.dtypes), py::cast(e.stack), e.self_cpu_mem, e.self_device_mem));
    }
    for (const profiler::DeviceWork& w : rec.device) {
      const ClockRecord& r = w.record;
      device.append(py::make_tuple(w.device, r.stream, lane_name(r.lane), r.name, r.start_ns, r.end_ns, r.bytes,
                                   r.flops, r.sm_share, w.correlation, r.issue_ns));
    }
    return py::make_tuple(host, device);
  });
}

}  // namespace tp::torchpy
