// Mixed precision, C++ half: the per-device autocast state of core/amp (torch.autocast reads and
// sets it on entry and exit) and GradScaler's two kernels, which torch/amp/grad_scaler.py calls
// as PyTorch's does: unscaling gradients while checking them for inf/NaN, and updating the scale.
#include <cmath>

#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
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

// _amp_foreach_non_finite_check_and_unscale_(grads, found_inf, inv_scale): each gradient is
// multiplied by inv_scale in place; found_inf becomes 1 when any of them held inf or NaN.
void non_finite_check_and_unscale(const std::vector<Tensor>& grads, const Tensor& found_inf, const Tensor& inv_scale) {
  autograd::NoGradGuard no_grad;
  for (const Tensor& grad : grads) {
    Tensor bad = cast(logical_not(all(isfinite(grad))), DType::Float32);
    copy_(found_inf, maximum(found_inf, to(bad, found_inf.device(), std::nullopt)));
    mul_(grad, to(inv_scale, grad.device(), std::nullopt));
  }
}

// _amp_update_scale_: backoff after inf/NaN, growth after growth_interval clean steps in a
// row (in float32, as the kernel; a growth that overflows to inf is skipped).
void update_scale(const Tensor& scale, const Tensor& growth_tracker, const Tensor& found_inf, double growth_factor,
                  double backoff_factor, int64_t growth_interval) {
  autograd::NoGradGuard no_grad;
  double s = item(scale).to_double();
  int64_t tracker = item(growth_tracker).to_int();
  if (item(found_inf).to_double() != 0) {
    s *= backoff_factor;
    tracker = 0;
  } else if (tracker + 1 == growth_interval) {
    float grown = static_cast<float>(s) * static_cast<float>(growth_factor);
    if (std::isfinite(grown)) s = grown;
    tracker = 0;
  } else {
    tracker += 1;
  }
  fill_(scale, Scalar(static_cast<double>(static_cast<float>(s))));
  fill_(growth_tracker, Scalar(tracker));
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
    non_finite_check_and_unscale(ts, tensor_of(found_inf), tensor_of(inv_scale));
  });
  m.def("_amp_update_scale_", [](py::handle scale, py::handle growth_tracker, py::handle found_inf,
                                 double growth_factor, double backoff_factor, int64_t growth_interval) {
    update_scale(tensor_of(scale), tensor_of(growth_tracker), tensor_of(found_inf), growth_factor, backoff_factor,
                 growth_interval);
    return py::reinterpret_borrow<py::object>(scale);
  });
}

}  // namespace tp::torchpy
