// Shared pieces of SimBackend's compute kernels (sim_copy/elementwise/reduce/index.cpp):
// finding an operand's device, choosing between the host path and the SIMT executor,
// advancing the device's modeled clock, and turning a flat element index into strided
// offsets.
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
#include "core/machine_clock.h"
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

// Whether kernels run through the SIMT executor. Normally they run at host speed
// (the CPU backend's loops, or a host loop in the SIMT kernel's own order), with the same
// bits; the executor runs them in the checking mode (--sim-simt), where it is the
// specification the host path is tested against.
inline bool simt_wanted() { return sim_backend().simt_everything(); }

// Runs `kernel` on the SIMT executor over the launch's buffers.
inline void launch_simt(SimDevice& dev, const LaunchConfig& config,
                        const std::vector<BufferRange>& buffers,
                        const std::function<void(SimThread&)>& kernel) {
  launch(config, dev.profile, buffers, kernel);
}

// Queues one kernel's modeled duration on the device's stream.
inline void charge(SimDevice& dev, const std::string& name, const KernelCost& cost) {
  dev.clock->launch_kernel(name, cost.flops, cost.bytes, cost.dtype, cost.op_class);
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
