// The same-device rule. Sources: aten/src/ATen/TensorIterator.cpp (compute_types) for the
// elementwise form; aten/src/ATen/core/adaption.cpp (2.8+) for the generated-check form.
#include "core/ops/device_check.h"

#include "core/error.h"

namespace tp {

namespace {

// Meta tensors mixed with another device: ATen's meta kernels name the first operand's
// device as the expected one ("Tensor on device cpu is not on the expected device meta!").
void check_meta_mix(std::initializer_list<const Tensor*> operands) {
  const Tensor* first = nullptr;
  bool any_meta = false;
  for (const Tensor* t : operands) {
    if (!t || !t->defined()) continue;
    if (!first) first = t;
    any_meta = any_meta || t->device().is_meta();
  }
  if (!any_meta) return;
  for (const Tensor* t : operands) {
    if (!t || !t->defined() || t->device() == first->device()) continue;
    if (t->device().is_cpu() && t->is_wrapped_number()) continue;
    throw TorchError(str_cat("Tensor on device ", t->device().str(), " is not on the expected device ",
                             first->device().str(), "!"),
                     DeviceMismatch{"", "", first->device(), t->device()});
  }
}

}  // namespace

Device check_same_device_elementwise(std::initializer_list<const Tensor*> operands) {
  check_meta_mix(operands);
  // The first non-CPU device is the common device; with none, everything is on the CPU.
  const Tensor* first_device_tensor = nullptr;
  for (const Tensor* t : operands) {
    if (t && t->defined() && !t->device().is_cpu()) {
      first_device_tensor = t;
      break;
    }
  }
  if (!first_device_tensor) return Device::cpu();
  Device common = first_device_tensor->device();
  int cpu_scalars = 0;
  for (const Tensor* t : operands) {
    if (!t || !t->defined()) continue;
    Device d = t->device();
    if (d == common) continue;
    if (d.is_cpu() && t->dim() == 0) {
      ++cpu_scalars;
      TP_CHECK(cpu_scalars <= 1 || t->is_wrapped_number(), RuntimeError,
               "Trying to pass too many CPU scalars to non-CPU kernel!");
      continue;
    }
    throw TorchError(str_cat("Expected all tensors to be on the same device, but found at least two devices, ",
                             common.str(), " and ", d.str(), "!"),
                     DeviceMismatch{"", "", common, d});
  }
  return common;
}

Device check_same_device_args(const char* method,
                              std::initializer_list<std::pair<const char*, const Tensor*>> args) {
  const Tensor* common_tensor = nullptr;
  bool any_device = false;
  for (const auto& [name, t] : args) {
    if (t && t->defined() && !t->device().is_cpu()) any_device = true;
  }
  for (const auto& [name, t] : args) {
    if (!t || !t->defined()) continue;
    if (!common_tensor) {
      common_tensor = t;
      continue;
    }
    // CPU kernels carry no generated check; the CUDA kernel runs if any argument is on a GPU.
    if (any_device && t->device() != common_tensor->device()) {
      throw TorchError(str_cat("Expected all tensors to be on the same device, but got ", name, " is on ",
                               t->device().str(), ", different from other tensors on ",
                               common_tensor->device().str(), " (when checking argument in method wrapper_CUDA_",
                               method, ")"),
                       DeviceMismatch{method, name, common_tensor->device(), t->device()});
    }
  }
  return common_tensor ? common_tensor->device() : Device::cpu();
}

}  // namespace tp
