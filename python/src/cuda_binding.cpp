// torch.cuda and torch.backends.mps, C++ half: small torch._C functions over core/cuda_api.h
// (devices, properties, memory stats), core/cuda_event.h (Event, synchronize) and
// core/cuda_stream.h (streams). The Python packages torch/cuda and torch/backends/mps give
// them PyTorch's names and signatures.
#include <memory>

#include "core/cuda_api.h"
#include "core/cuda_event.h"
#include "core/cuda_stream.h"
#include "core/error.h"
#include "python/src/py_types.h"
#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

// The `device` argument of a torch.cuda function (None, int, "cuda:1", torch.device) as an
// ordinal; nullopt means the current device.
std::optional<int> cuda_index(py::handle device, const char* fname) {
  if (device.is_none()) return std::nullopt;
  Device d = to_device_value(device, fname);
  if (!d.has_index()) return std::nullopt;
  return d.index;
}

using MemFn = size_t (*)(std::optional<int>);
void def_mem_stat(py::module_& m, const char* name, MemFn fn) {
  m.def(name, [name, fn](py::handle device) { return static_cast<int64_t>(fn(cuda_index(device, name + 6))); },
        py::arg("device") = py::none());
}

void bind_properties(py::module_& m) {
  using P = cuda::DeviceProperties;
  py::class_<P> p(m, "_CudaDeviceProperties");
  p.def_readonly("name", &P::name)
      .def_readonly("major", &P::major)
      .def_readonly("minor", &P::minor)
      .def_readonly("total_memory", &P::total_memory)
      .def_readonly("multi_processor_count", &P::multi_processor_count)
      .def_readonly("uuid", &P::uuid)
      .def_readonly("pci_bus_id", &P::pci_bus_id)
      .def_readonly("pci_device_id", &P::pci_device_id)
      .def_readonly("pci_domain_id", &P::pci_domain_id)
      .def_readonly("L2_cache_size", &P::L2_cache_size)
      .def_readonly("warp_size", &P::warp_size)
      .def_readonly("max_threads_per_block", &P::max_threads_per_block)
      .def_readonly("max_threads_per_multi_processor", &P::max_threads_per_multi_processor)
      .def("__repr__", &P::repr);
  p.attr("__module__") = "torch._C";
}

// A torch.cuda.Stream (its device_index and stream_id), or the current stream for None.
cuda::StreamRef stream_ref(py::handle stream) {
  if (stream.is_none()) return cuda::current_stream(std::nullopt);
  if (!py::hasattr(stream, "stream_id") || !py::hasattr(stream, "device_index"))
    raise_type_error(std::string("expected a torch.cuda.Stream, got ") + Py_TYPE(stream.ptr())->tp_name);
  return {Device::cuda(stream.attr("device_index").cast<int>()), stream.attr("stream_id").cast<int>()};
}

// torch.cuda.Event's C++ half (PyTorch's torch._C._CudaEventBase).
void bind_event(py::module_& m) {
  py::class_<CudaEvent, std::unique_ptr<CudaEvent>> e(m, "_CudaEventBase");
  e.def(py::init([](bool enable_timing, bool, bool) { return std::make_unique<CudaEvent>(enable_timing); }),
        py::arg("enable_timing") = false, py::arg("blocking") = false, py::arg("interprocess") = false);
  e.def("record", [](CudaEvent& ev, py::handle stream) {
    cuda::StreamRef s = stream_ref(stream);
    ev.record(s.device, s.id);
  }, py::arg("stream") = py::none());
  e.def("wait", [](const CudaEvent& ev, py::handle stream) {
    cuda::StreamRef s = stream_ref(stream);
    ev.block(s.device, s.id);
  }, py::arg("stream") = py::none());
  e.def("synchronize", &CudaEvent::synchronize);
  e.def("query", &CudaEvent::query);
  e.def("elapsed_time", [](const CudaEvent& ev, py::handle end) {
    if (!py::isinstance<CudaEvent>(end)) raise_type_error("elapsed_time(): argument 'end_event' must be Event");
    return ev.elapsed_time(end.cast<const CudaEvent&>());
  }, py::arg("end_event"));
}

// torch.cuda.Stream's C++ half: (device_index, stream_id) pairs; the class is Python
// (torch/cuda/streams.py), as PyTorch's is.
void bind_streams(py::module_& m) {
  auto pair = [](cuda::StreamRef s) { return py::make_tuple(s.device.index, s.id); };
  m.def("_cuda_new_stream", [pair](py::handle device, int priority) {
    return pair(cuda::new_stream(cuda_index(device, "Stream"), priority));
  });
  m.def("_cuda_current_stream", [pair](py::handle device) {
    return pair(cuda::current_stream(cuda_index(device, "current_stream")));
  });
  m.def("_cuda_default_stream", [pair](py::handle device) {
    return pair(cuda::default_stream(cuda_index(device, "default_stream")));
  });
  m.def("_cuda_set_stream", [](py::handle stream) { cuda::set_stream(stream_ref(stream)); });
  m.def("_cuda_stream_priority", [](py::handle stream) { return cuda::stream_priority(stream_ref(stream)); });
  m.def("_cuda_stream_query", [](py::handle stream) { return cuda::stream_query(stream_ref(stream)); });
  m.def("_cuda_stream_synchronize", [](py::handle stream) { cuda::stream_synchronize(stream_ref(stream)); });
  py::cpp_function record_stream(
      [](py::handle self, py::handle stream) {
        // PyTorch's argument parser's text for anything but a Stream.
        if (stream.is_none() || !py::hasattr(stream, "stream_id")) fail(ErrorKind::RuntimeError, "unknown parameter type");
        cuda::record_stream(tensor_of(self), stream_ref(stream));
      },
      py::name("record_stream"), py::is_method(tensor_type()), py::arg("stream"),
      "Keeps this tensor's memory from reuse until the stream's work queued by the time it is freed is done.");
  py::setattr(tensor_type(), "record_stream", record_stream);
}

}  // namespace

void bind_cuda(py::module_& m) {
  m.def("_cuda_is_available", &cuda::is_available);
  m.def("_cuda_device_count", &cuda::device_count);
  m.def("_cuda_current_device", &cuda::current_device);
  // torch.cuda.device(d)'s ordinal ("cuda" alone: the current device).
  m.def("_cuda_device_index", [](py::handle device) {
    auto index = cuda_index(device, "device");
    return index ? *index : cuda::current_device();
  });
  m.def("_cuda_set_device", [](py::handle device) { cuda::set_device(to_device_value(device, "set_device")); });
  m.def("_cuda_get_device_name", [](py::handle device) { return cuda::get_device_name(cuda_index(device, "get_device_name")); });
  m.def("_cuda_get_device_properties", [](py::handle device) {
    return cuda::get_device_properties(cuda_index(device, "get_device_properties"));
  });
  def_mem_stat(m, "_cuda_memory_allocated", cuda::memory_allocated);
  def_mem_stat(m, "_cuda_memory_reserved", cuda::memory_reserved);
  def_mem_stat(m, "_cuda_max_memory_allocated", cuda::max_memory_allocated);
  m.def("_cuda_reset_peak_memory_stats", [](py::handle device) {
    cuda::reset_peak_memory_stats(cuda_index(device, "reset_peak_memory_stats"));
  });
  m.def("_cuda_empty_cache", &cuda::empty_cache);
  m.def("_cuda_synchronize", [](py::handle device) {
    auto index = cuda_index(device, "synchronize");
    cuda_synchronize(Device::cuda(index.value_or(cuda::current_device())));
  });
  m.def("_mps_is_available", &cuda::mps_is_available);
  bind_properties(m);
  bind_event(m);
  bind_streams(m);
}

}  // namespace tp::torchpy
