// torch.cuda's stream functions over each GPU's device face; here only PyTorch's rules and
// texts (c10/cuda/CUDAStream.cpp, the dispatcher's "Could not run").
#include "core/cuda_stream.h"

#include <algorithm>

#include "core/backends/device_runtime.h"
#include "core/cuda_api.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/tensor.h"

namespace tp::cuda {

namespace {

Device gpu(std::optional<int> index) { return resolve_device(Device::cuda(index ? *index : current_device())); }

}  // namespace

StreamRef new_stream(std::optional<int> index, int priority) {
  TP_CHECK(priority <= 0, RuntimeError, "Expected cuda stream priority to be less than or equal to 0, got ",
           priority);
  Device d = gpu(index);
  return {d, runtime_for(d).create_stream(std::max(priority, kHighestStreamPriority))};
}

StreamRef current_stream(std::optional<int> index) {
  Device d = gpu(index);
  return {d, runtime_for(d).current_stream()};
}

StreamRef default_stream(std::optional<int> index) { return {gpu(index), 0}; }

void set_stream(StreamRef stream) { runtime_for(stream.device).set_current_stream(stream.id); }

int stream_priority(StreamRef stream) { return runtime_for(stream.device).stream_priority(stream.id); }

bool stream_query(StreamRef stream) { return runtime_for(stream.device).stream_query(stream.id); }

void stream_synchronize(StreamRef stream) { runtime_for(stream.device).stream_synchronize(stream.id); }

void record_stream(const Tensor& tensor, StreamRef stream) {
  const Device d = tensor.device();
  if (d.is_meta()) return;  // shapes only: nothing to hold
  if (d.type != DeviceType::CUDA) {
    // The dispatcher's text (its list of kernel registrations, build paths, left out).
    const char* backend = d.is_cpu() ? "CPU" : "MPS";
    fail(ErrorKind::NotImplementedError, "Could not run 'aten::record_stream' with arguments from the '", backend,
         "' backend. This could be because the operator doesn't exist for this backend, or was omitted during "
         "the selective/custom build process (if using custom build). If you are a Facebook employee using "
         "PyTorch on mobile, please visit https://fburl.com/ptmfixes for possible resolutions. "
         "'aten::record_stream' is only available for these backends: [CUDA, Meta, BackendSelect, Python, "
         "FuncTorchDynamicLayerBackMode, Functionalize, Conjugate, Negative, ZeroTensor, ADInplaceOrView, "
         "AutogradOther, AutogradCPU, AutogradCUDA, AutogradHIP, AutogradXLA, AutogradMPS, AutogradIPU, "
         "AutogradXPU, AutogradHPU, AutogradVE, AutogradLazy, AutogradMTIA, AutogradMAIA, AutogradPrivateUse1, "
         "AutogradPrivateUse2, AutogradPrivateUse3, AutogradMeta, AutogradNestedTensor, Tracer, AutocastCPU, "
         "AutocastMTIA, AutocastMAIA, AutocastXPU, AutocastMPS, AutocastCUDA, FuncTorchBatched, "
         "BatchedNestedTensor, FuncTorchVmapMode, Batched, VmapMode, FuncTorchGradWrapper, PythonTLSSnapshot, "
         "FuncTorchDynamicLayerFrontMode, PreDispatch, PythonDispatcher].");
  }
  // A stream of another GPU never runs on this one's memory: nothing to hold back here.
  if (stream.device != d) return;
  runtime_for(d).record_stream(tensor.storage()->data(), stream.id);
}

}  // namespace tp::cuda
