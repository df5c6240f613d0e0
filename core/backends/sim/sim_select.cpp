// SimBackend::select (kthvalue, median, nanmedian, mode per row): the values come from the
// CPU backend's host code, so the simulated GPU picks the same positions among ties as the
// CPU; the modeled clock is charged one launch with a thread per row.
#include <algorithm>
#include <cmath>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

const char* kernel_name(SelectOp op) {
  switch (op) {
    case SelectOp::Kth: return "kthvalue_kernel";
    case SelectOp::Median: return "median_kernel";
    case SelectOp::NanMedian: return "nanmedian_kernel";
    case SelectOp::Mode: return "mode_kernel";
  }
  return "select_kernel";
}

}  // namespace

void SimBackend::select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t inner = in.sizes()[1];
  // Each row is partitioned (or sorted, for mode) in place: about n log n steps.
  const double steps = static_cast<double>(in.numel()) * std::max(1.0, std::log2(std::max(2.0, static_cast<double>(inner))));
  const int64_t bytes = 2 * in.numel() * static_cast<int64_t>(in.element_size() + sizeof(int64_t));
  cpu_backend().select(op, in, k, values, indices);
  sim::charge(sim::device_of(in), kernel_name(op), {steps, bytes, in.dtype(), OpClass::Elementwise});
}

}  // namespace tp
