// The simulated GPU backend: the kernels of every cuda:N (and mps) device that is not a real
// GPU. Kernels run at host speed (the CPU backend's loops where the result does not depend
// on the order, host loops in the GPU kernels' order for reductions), or, in the checking
// mode, through the SIMT executor (simt.h), which is their specification; both give the
// same bits. Each kernel and copy advances its device's modeled clock (sim_clock.h). The
// devices themselves (memory, stream, clock) are SimDevices (sim_device.h), held here.
#pragma once

#include <memory>
#include <vector>

#include "core/backends/backend.h"
#include "core/backends/sim/sim_device.h"
#include "core/backends/sim/simt.h"

namespace tp {

class SimBackend final : public Backend {
 public:
  // Copies and compute (sim_copy.cpp, sim_elementwise.cpp, sim_reduce.cpp, sim_matmul.cpp,
  // sim_index.cpp): each runs SIMT kernels and advances the device clock.
  void copy(const Tensor& src, const Tensor& dst) override;
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
  void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
              ProductKind kind) override;
  void factorize(const MatrixJob& job) override;  // sim_factorize.cpp
  void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
             const Shape& indexed_sizes, const Shape& indexed_strides) override;
  void index_put(const Tensor& dst, const Tensor& values, const std::vector<Tensor>& indices,
                 const Shape& indexed_sizes, const Shape& indexed_strides,
                 bool accumulate) override;
  Tensor nonzero(const Tensor& in) override;

  // The simulated devices (sim_backend.cpp). reset() is called by configure_devices with
  // the new set; devices are found by their Device.
  void reset(std::vector<std::unique_ptr<SimDevice>> devices);
  SimDevice& device(Device d);

  // The checking mode: every kernel runs through the SIMT executor (slow) instead of at
  // host speed. Set by configure_devices (--sim-simt, TENSORPLAY_SIM_SIMT).
  bool simt_everything() const { return simt_everything_; }
  void set_simt_everything(bool on) { simt_everything_ = on; }

 private:
  std::vector<std::unique_ptr<SimDevice>> devices_;
  bool simt_everything_ = false;
};

SimBackend& sim_backend();

}  // namespace tp
