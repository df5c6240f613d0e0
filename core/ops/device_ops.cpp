// Device methods of Tensor, built on to() and the registry. Texts are PyTorch 2.x's:
// torch/csrc/utils/tensor_numpy.cpp (numpy), aten/src/ATen/native/Memory.cpp (pin_memory).
#include "core/ops/device_ops.h"

#include "core/backends/backend.h"
#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"

namespace tp {

Tensor to_cuda(const Tensor& t, std::optional<int> index, bool non_blocking) {
  Device target = index ? Device::cuda(*index) : Device{DeviceType::CUDA, -1};
  return to(t, target, std::nullopt, /*copy=*/false, non_blocking);
}

Tensor to_cpu(const Tensor& t) { return to(t, Device::cpu(), std::nullopt); }

bool is_cuda(const Tensor& t) { return t.device().type == DeviceType::CUDA; }

int get_device(const Tensor& t) { return t.device().is_cpu() ? -1 : t.device().index; }

void numpy_check(const Tensor& t) {
  if (!t.device().is_cpu()) {
    DeviceProblem problem;
    problem.kind = DeviceProblem::Kind::NotOnHost;
    problem.device = t.device();
    throw TorchError(ErrorKind::TypeError,
                     str_cat("can't convert ", t.device().str(),
                             " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first."),
                     problem);
  }
  TP_CHECK(!t.requires_grad(), RuntimeError,
           "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
           "instead.");
}

namespace {

// The accelerator whose host allocator pins memory: cuda (real or simulated), else a
// simulated mps; with neither, the CPU, whose allocate_pinned raises PyTorch's text.
DeviceRuntime& pinning_device() {
  if (!cuda_devices().empty()) return runtime_for(Device::cuda(0));
  if (mps_device() != nullptr) return runtime_for(Device{DeviceType::MPS, 0});
  return runtime_for(Device::cpu());
}

}  // namespace

Tensor pin_memory(const Tensor& t) {
  if (!t.device().is_cpu()) {
    // Tensor::toString(): the backend's name and the scalar type, e.g. "CUDAFloatType".
    const char* backend = t.device().type == DeviceType::CUDA ? "CUDA" : "MPS";
    fail(ErrorKind::RuntimeError, "cannot pin '", backend, dtype_legacy_name(t.dtype()),
         "Type' only dense CPU tensors can be pinned");
  }
  if (is_pinned(t)) return t;
  Tensor out = empty_pinned(t.sizes(), t.dtype());
  backend_for(Device::cpu()).copy(t, out);
  return out;
}

// Page-locked memory (cudaHostAlloc on a real GPU), given back to the same allocator when
// its storage dies.
Tensor empty_pinned(const Shape& sizes, DType dtype) {
  DeviceRuntime& pinning = pinning_device();
  const size_t nbytes = static_cast<size_t>(shape_numel(sizes)) * itemsize(dtype);
  std::shared_ptr<void> owner = pinning.allocate_pinned(nbytes);
  void* data = owner.get();
  auto storage = std::make_shared<Storage>(data, nbytes, std::move(owner));
  storage->set_pinned(true);
  return tensor_over(std::move(storage), sizes, contiguous_strides(sizes), dtype);
}

bool is_pinned(const Tensor& t) { return t.device().is_cpu() && t.storage()->pinned(); }

}  // namespace tp
