// Device methods of Tensor, built on to() and the registry. Texts are PyTorch 2.x's:
// torch/csrc/utils/tensor_numpy.cpp (numpy), aten/src/ATen/native/Memory.cpp (pin_memory).
#include "core/ops/device_ops.h"

#include "core/backends/backend.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"

namespace tp {

namespace {
thread_local TransferHints g_hints;
thread_local bool g_non_blocking = false;  // set by to_device for the copy it makes
}  // namespace

TransferHints current_transfer_hints() {
  TransferHints h = g_hints;
  h.non_blocking = h.non_blocking || g_non_blocking;
  return h;
}

TransferHintsScope::TransferHintsScope(TransferHints hints) : saved_(g_hints) { g_hints = hints; }

TransferHintsScope::~TransferHintsScope() { g_hints = saved_; }

Tensor to_device(const Tensor& t, std::optional<Device> device, std::optional<DType> dtype,
                 bool non_blocking, bool copy) {
  bool saved = g_non_blocking;
  g_non_blocking = non_blocking;
  try {
    Tensor out = to(t, device, dtype, copy);
    g_non_blocking = saved;
    return out;
  } catch (...) {
    g_non_blocking = saved;
    throw;
  }
}

Tensor to_cuda(const Tensor& t, std::optional<int> index, bool non_blocking) {
  Device target = index ? Device::cuda(*index) : Device{DeviceType::CUDA, -1};
  return to_device(t, target, std::nullopt, non_blocking);
}

Tensor to_cpu(const Tensor& t) { return to(t, Device::cpu(), std::nullopt); }

bool is_cuda(const Tensor& t) { return t.device().type == DeviceType::CUDA; }

int get_device(const Tensor& t) { return t.device().is_cpu() ? -1 : t.device().index; }

void numpy_check(const Tensor& t) {
  TP_CHECK(t.device().is_cpu(), TypeError, "can't convert ", t.device().str(),
           " device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory "
           "first.");
  TP_CHECK(!t.requires_grad(), RuntimeError,
           "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
           "instead.");
}

Tensor pin_memory(const Tensor& t) {
  if (!t.device().is_cpu()) {
    // Tensor::toString(): the backend's name and the scalar type, e.g. "CUDAFloatType".
    const char* backend = t.device().type == DeviceType::CUDA ? "CUDA" : "MPS";
    fail(ErrorKind::RuntimeError, "cannot pin '", backend, dtype_legacy_name(t.dtype()),
         "Type' only dense CPU tensors can be pinned");
  }
  // Pinned memory comes from the accelerator's host allocator; a CPU-only build has none.
  TP_CHECK(!cuda_devices().empty() || mps_device() != nullptr, RuntimeError,
           "Need to provide pin_memory allocator to use pin memory.");
  if (is_pinned(t)) return t;
  Tensor out = empty(t.sizes(), TensorOptions(t.dtype(), Device::cpu()));
  out.storage()->set_pinned(true);
  backend_for(Device::cpu()).copy(t, out);
  return out;
}

bool is_pinned(const Tensor& t) { return t.device().is_cpu() && t.storage()->pinned(); }

}  // namespace tp
