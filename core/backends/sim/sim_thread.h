// SimThread: the kernel context of one simulated GPU thread (see core/kernels/kernel_ctx.h).
// Its loads and stores are counted and bounds-checked against the launch's buffers and the
// block's shared memory; sync() parks the thread's fiber until the whole block arrives.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "core/backends/sim/simt.h"
#include "core/kernels/kernel_ctx.h"

namespace tp {

// What one recorded memory event was; the modeled timing replays these per warp.
enum class AccessKind : uint8_t { GlobalRead, GlobalWrite, SharedRead, SharedWrite, Barrier };

// One memory event of a thread (recorded only when a trace is asked for).
struct Access {
  uintptr_t address;
  AccessKind kind;
};

// What a launch shares with all its threads.
struct SimLaunch {
  const LaunchConfig* config = nullptr;
  const std::vector<BufferRange>* buffers = nullptr;
  int warp_size = 32;
  bool record = false;  // keep each thread's access log for the modeled timing
};

// One block's state: its index and its shared memory.
struct SimBlock {
  KDim3 index;
  std::vector<std::max_align_t> shared;  // shared_bytes, rounded up; aligned for any type
  size_t shared_bytes = 0;
};

class SimThread {
 public:
  SimThread(const SimLaunch& launch, SimBlock& block, KDim3 thread, int linear)
      : launch_(&launch), block_(&block), thread_(thread), linear_(linear) {}

  // The built-in variables: blockIdx, threadIdx, blockDim, gridDim.
  KDim3 block_idx() const { return block_->index; }
  KDim3 thread_idx() const { return thread_; }
  KDim3 block_dim() const { return launch_->config->block; }
  KDim3 grid_dim() const { return launch_->config->grid; }

  // Global memory: checked against the launch's buffers, then read or written.
  template <typename T>
  T load(const T* p) {
    check_global(p, sizeof(T), AccessKind::GlobalRead);
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
  }
  template <typename T>
  void store(T* p, T value) {
    check_global(p, sizeof(T), AccessKind::GlobalWrite);
    std::memcpy(p, &value, sizeof(T));
  }

  // The block's dynamic shared memory (extern __shared__), and checked accesses to it.
  template <typename T>
  T* shared() {
    return reinterpret_cast<T*>(block_->shared.data());
  }
  template <typename T>
  T load_shared(const T* p) {
    check_shared(p, sizeof(T), AccessKind::SharedRead);
    T value;
    std::memcpy(&value, p, sizeof(T));
    return value;
  }
  template <typename T>
  void store_shared(T* p, T value) {
    check_shared(p, sizeof(T), AccessKind::SharedWrite);
    std::memcpy(p, &value, sizeof(T));
  }

  // __syncthreads(): waits until every thread of the block has arrived.
  void sync();

  // Records which output element this thread computes (for the trace).
  void output(int64_t index) { trace_.output = index; }

  // For the executor: this thread's linear index in its block, counters and access log.
  int linear() const { return linear_; }
  ThreadTrace& record() { return trace_; }
  const std::vector<Access>& accesses() const { return accesses_; }
  bool waiting() const { return waiting_; }
  void release() { waiting_ = false; }

 private:
  void check_global(const void* p, size_t bytes, AccessKind kind);
  void check_shared(const void* p, size_t bytes, AccessKind kind);
  void log(const void* p, AccessKind kind) {
    if (launch_->record) accesses_.push_back({reinterpret_cast<uintptr_t>(p), kind});
  }

  const SimLaunch* launch_;
  SimBlock* block_;
  KDim3 thread_;
  int linear_;
  ThreadTrace trace_;  // counters and output; times and placement are filled by launch()
  std::vector<Access> accesses_;
  bool waiting_ = false;  // parked at a barrier
};

}  // namespace tp
