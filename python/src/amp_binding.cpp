// Mixed precision, C++ half: the per-device autocast state of core/amp (torch.autocast reads and
// sets it on entry and exit) and GradScaler's two kernels (core/amp/grad_scaler.h), which
// torch/amp/grad_scaler.py calls as PyTorch's does.
#include "core/amp/autocast.h"
#include "core/amp/grad_scaler.h"
#include "core/error.h"
#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

DeviceType autocast_device(const std::string& s) {
  if (s == "cuda") return DeviceType::CUDA;
  if (s == "cpu") return DeviceType::CPU;
  if (s == "mps") return DeviceType::MPS;
  fail(ErrorKind::RuntimeError, "User specified an unsupported autocast device_type '", s, "'");
}

}  // namespace

void bind_amp(py::module_& m) {
  m.def("is_autocast_enabled", [](const std::string& device_type) { return amp::is_enabled(autocast_device(device_type)); },
        py::arg("device_type"));
  m.def("get_autocast_dtype", [](const std::string& device_type) { return wrap_dtype(amp::get_dtype(autocast_device(device_type))); },
        py::arg("device_type"));
  m.def("set_autocast_enabled", [](const std::string& device_type, bool enabled) {
    amp::set_enabled(autocast_device(device_type), enabled);
  }, py::arg("device_type"), py::arg("enabled"));
  m.def("set_autocast_dtype", [](const std::string& device_type, py::handle dtype) {
    if (!is_dtype(dtype)) raise_type_error("set_autocast_dtype(): argument 'dtype' (position 2) must be torch.dtype, not " + type_name(dtype));
    amp::set_dtype(autocast_device(device_type), dtype_from(dtype));
  }, py::arg("device_type"), py::arg("dtype"));
  m.def("_amp_foreach_non_finite_check_and_unscale_", [](py::handle grads, py::handle found_inf, py::handle inv_scale) {
    std::vector<Tensor> ts;
    for (py::handle g : grads) ts.push_back(tensor_of(g));
    amp::amp_foreach_non_finite_check_and_unscale_(ts, tensor_of(found_inf), tensor_of(inv_scale));
  });
  m.def("_amp_update_scale_", [](py::handle scale, py::handle growth_tracker, py::handle found_inf,
                                 double growth_factor, double backoff_factor, int64_t growth_interval) {
    amp::amp_update_scale_(tensor_of(scale), tensor_of(growth_tracker), tensor_of(found_inf), growth_factor,
                           backoff_factor, growth_interval);
    return py::reinterpret_borrow<py::object>(scale);
  });
}

}  // namespace tp::torchpy
