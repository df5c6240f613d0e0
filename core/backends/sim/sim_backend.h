// The simulated GPU backend: every cuda:N (and mps) device that is not a real GPU.
// Memory comes from each device's caching allocator over its SimArena (host-resident). Kernels run at host speed
// (the CPU backend's loops where the result does not depend on the order, host loops in
// the GPU kernels' order for reductions), or, in the checking mode, through the SIMT
// executor (simt.h), which is their specification; both give the same bits. Each kernel
// and copy advances the device's modeled clock (sim_clock.h).
#pragma once

#include <memory>
#include <vector>

#include "core/backends/backend.h"
#include "core/backends/caching_allocator.h"
#include "core/backends/sim/sim_clock.h"
#include "core/backends/sim/simt.h"
#include "core/gpu_profile.h"

namespace tp {

// One simulated device's state.
struct SimDevice {
  Device device;  // cuda:N or mps:0
  GpuProfile profile;
  std::unique_ptr<CachingAllocator> allocator;  // over the device's SimArena
  std::unique_ptr<SimClock> clock;
};

class SimBackend final : public Backend {
 public:
  const char* name() const override { return "sim"; }

  // Memory (sim_backend_memory.cpp). `index` is the device ordinal; mps uses mps_index().
  // Pinned host memory is ordinary host memory here; only the copy model treats it apart.
  void* allocate(size_t nbytes, int index) override;
  void deallocate(void* ptr, size_t nbytes, int index) override;
  void* allocate_pinned(size_t nbytes) override;
  void free_pinned(void* ptr, size_t nbytes) override;
  MemoryStats memory_stats(int index) const override;
  void reset_peak_memory_stats(int index) override;
  void empty_cache(int index) override;

  // The modeled stream (sim_events.cpp): the host waits for it; events mark points on it.
  void synchronize(int index) override;
  std::unique_ptr<BackendEvent> create_event(int index, bool enable_timing) override;

  // Copies and compute (sim_copy.cpp, sim_elementwise.cpp, sim_reduce.cpp, sim_matmul.cpp,
  // sim_index.cpp): each runs SIMT kernels and advances the device clock.
  void copy_from_host(void* dst, const void* host_src, size_t nbytes, int index,
                      CopyOptions options) override;
  void copy_to_host(void* host_dst, const void* src, size_t nbytes, int index,
                    CopyOptions options) override;
  void copy(const Tensor& src, const Tensor& dst) override;
  bool supports_peer_copy() const override { return true; }  // NVLink / PCIe peer model
  void fill(const Tensor& dst, Scalar value) override;
  void unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) override;
  void binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) override;
  void where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) override;
  void reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
              int64_t correction, int64_t kept_columns) override;
  void scan(ScanOp op, const Tensor& in, const Tensor& out) override;
  void sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) override;
  void select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) override;  // sim_select.cpp
  void softmax(const Tensor& in, const Tensor& out, bool log) override;
  void layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                  const Tensor& y, const Tensor& mean, const Tensor& rstd) override;
  void norm2_rows(const Tensor& x, const Tensor& out) override;
  void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate) override;
  void factorize(const MatrixJob& job) override;  // sim_factorize.cpp
  void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
             const Shape& indexed_sizes, const Shape& indexed_strides) override;
  void index_put(const Tensor& dst, const Tensor& values, const std::vector<Tensor>& indices,
                 const Shape& indexed_sizes, const Shape& indexed_strides,
                 bool accumulate) override;
  Tensor nonzero(const Tensor& in) override;

  // The simulated devices (sim_backend_memory.cpp). reset() is called by
  // configure_devices with the new set; devices are found by their Device.
  void reset(std::vector<std::unique_ptr<SimDevice>> devices);
  SimDevice& device(Device d);
  const SimDevice& device_at(int index) const;
  const std::vector<std::unique_ptr<SimDevice>>& devices() const;
  // The device behind an allocate/copy `index` (a cuda ordinal or mps_index()).
  SimDevice& device_at(int index);

  // The checking mode: every kernel runs through the SIMT executor (slow) instead of at
  // host speed. Set by configure_devices (--sim-simt, TENSORPLAY_SIM_SIMT).
  bool simt_everything() const { return simt_everything_; }
  void set_simt_everything(bool on) { simt_everything_ = on; }

 private:
  std::vector<std::unique_ptr<SimDevice>> devices_;
  bool simt_everything_ = false;
};

SimBackend& sim_backend();

// The ordinal SimBackend uses for the mps device in allocate/copy calls.
constexpr int mps_index() { return 1000; }

}  // namespace tp
