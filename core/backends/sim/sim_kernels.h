// Shared pieces of SimBackend's compute kernels (sim_copy/elementwise/reduce/index.cpp):
// finding an operand's device, launching a kernel through the SIMT executor and advancing
// the device's modeled clock, and turning a flat element index into strided offsets.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <functional>
#include <string>
#include <vector>

#include "core/backends/sim/sim_backend.h"
#include "core/backends/sim/sim_thread.h"
#include "core/error.h"
#include "core/tensor.h"

namespace tp::sim {

// Threads per block of the elementwise and reduction kernels (PyTorch uses 128-512).
constexpr int kBlockThreads = 256;

// The simulated device a tensor lives on.
inline SimDevice& device_of(const Tensor& t) { return sim_backend().device(t.device()); }

// The whole storage of each tensor: the global memory a kernel may touch.
inline std::vector<BufferRange> buffers_of(const std::vector<const Tensor*>& tensors) {
  std::vector<BufferRange> buffers;
  for (const Tensor* t : tensors) {
    if (t->defined() && t->storage()->nbytes() > 0)
      buffers.push_back({t->storage()->data(), t->storage()->nbytes()});
  }
  return buffers;
}

// What the modeled clock charges for a kernel.
struct KernelCost {
  double flops = 0;
  int64_t bytes = 0;
  DType dtype = DType::Float32;
  OpClass op_class = OpClass::Elementwise;
};

// Runs `kernel` on `dev` through the SIMT executor (recording a trace when the device asks
// for one), then queues its modeled duration on the device's stream.
inline void run_kernel(SimDevice& dev, const LaunchConfig& config,
                       const std::vector<BufferRange>& buffers,
                       const std::function<void(SimThread&)>& kernel, const KernelCost& cost) {
  // An empty tensor launches nothing: PyTorch returns before the launch (and CUDA would
  // reject a zero-sized grid), so no time is charged either.
  if (config.grid.x == 0) return;
  if (dev.trace_next_launch) {
    auto trace = std::make_shared<KernelTrace>();
    dev.trace_next_launch = false;
    launch(config, dev.profile, buffers, kernel, trace.get());
    dev.last_trace = trace;
  } else {
    launch(config, dev.profile, buffers, kernel);
  }
  dev.clock->launch_kernel(config.name, cost.flops, cost.bytes, cost.dtype, cost.op_class);
}

// A 1-D grid with one thread per element (up to a cap; the kernels stride over the rest).
inline LaunchConfig elementwise_config(const std::string& name, int64_t n) {
  LaunchConfig config;
  config.name = name;
  const int64_t blocks = (n + kBlockThreads - 1) / kBlockThreads;
  config.grid.x = static_cast<int>(std::min<int64_t>(blocks, 1 << 20));
  config.block.x = kBlockThreads;
  return config;
}

// Calls body(i) for the elements i = global thread id, id + grid size, ... below n: the
// grid-stride loop of every elementwise kernel.
template <typename Body>
void grid_stride(SimThread& ctx, int64_t n, Body&& body) {
  const int64_t first = int64_t{ctx.block_idx().x} * ctx.block_dim().x + ctx.thread_idx().x;
  const int64_t stride = int64_t{ctx.grid_dim().x} * ctx.block_dim().x;
  if (first < n) ctx.output(first);
  for (int64_t i = first; i < n; i += stride) body(i);
}

// Element offsets of several same-shaped strided operands for a flat (row-major) index.
class Offsets {
 public:
  Offsets(const Shape& sizes, std::vector<const Shape*> strides)
      : sizes_(sizes), strides_(std::move(strides)) {}
  size_t operands() const { return strides_.size(); }
  // off[k] = offset of element `flat` in operand k; off has operands() entries.
  void at(int64_t flat, int64_t* off) const {
    for (size_t k = 0; k < strides_.size(); ++k) off[k] = 0;
    for (size_t d = sizes_.size(); d-- > 0;) {
      const int64_t coord = flat % sizes_[d];
      flat /= sizes_[d];
      for (size_t k = 0; k < strides_.size(); ++k) off[k] += coord * (*strides_[k])[d];
    }
  }

 private:
  Shape sizes_;
  std::vector<const Shape*> strides_;
};

}  // namespace tp::sim
