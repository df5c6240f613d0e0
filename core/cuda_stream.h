// torch.cuda.Stream and its companions as a learner calls them: new streams (with PyTorch's
// priority levels), the current and default stream of each GPU, query and synchronize, and
// Tensor.record_stream, with PyTorch's texts. The device answers (device_runtime.h): a
// simulated GPU models every stream (sim_clock.h); a real GPU runs real CUDA streams
// (backends/cuda/cuda_streams.h).
#pragma once

#include <optional>

#include "core/device.h"

namespace tp {
class Tensor;
}

namespace tp::cuda {

// One stream of one GPU: torch.cuda.Stream's device and id (0: the default stream).
struct StreamRef {
  Device device;
  int id = 0;
};

// PyTorch's priority levels: 0 (the default) down to kHighestStreamPriority (the highest);
// lower numbers clamp to it, as c10's stream pools do.
constexpr int kHighestStreamPriority = -3;

// torch.cuda.Stream(device, priority). nullopt: the current device. A positive priority
// raises PyTorch's RuntimeError.
StreamRef new_stream(std::optional<int> index, int priority);
StreamRef current_stream(std::optional<int> index);
StreamRef default_stream(std::optional<int> index);
// torch.cuda.set_stream(s): work on s's GPU goes to s from now on.
void set_stream(StreamRef stream);
int stream_priority(StreamRef stream);
// stream.query(): true when its work is done; stream.synchronize(): the host waits for it.
bool stream_query(StreamRef stream);
void stream_synchronize(StreamRef stream);
// tensor.record_stream(s): its memory is not reused until s's work queued by the time the
// tensor is freed is done. A CPU tensor raises PyTorch's NotImplementedError.
void record_stream(const Tensor& tensor, StreamRef stream);

}  // namespace tp::cuda
