// The 2-norm of one contiguous row, written once for the CPU backend (which the simulated GPU
// reuses) and the CUDA backend's one-thread-per-row kernel, in the order of ATen's CPU
// kernel for a reduction over a contiguous last dim (norm_kernel_tensor_iterator_impl).
#pragma once

#include <cstdint>

#include "core/kernels/kernel_ctx.h"
#include "core/kernels/rounded_ops.h"

namespace tp::kernels {

// sqrt(sum of x[i]^2) as PyTorch 2.15's CPU build sums it (measured bit for bit on 1-D and
// 2-D rows of 1..5000 elements): the squares go into 8 running sums for float (4 for double,
// one AVX2 vector), lane j taking elements j, j+lanes, ...; each step acc + x*x, multiply and
// add rounded apart. The lanes are then added left to right, and the n % lanes leftovers
// after them: those in whole groups of 4 as x*x rounded then added (the compiler multiplies
// them 4 at a time), the last n % 4 fused, fma(x, x, acc).
template <typename T>
TP_KERNEL_FN T norm2_row(const T* x, int64_t n) {
  constexpr int kLanes = sizeof(T) == 4 ? 8 : 4;
  T lane[kLanes] = {};
  const int64_t body = n - n % kLanes;
  int64_t i = 0;
  for (; i < body; i += kLanes) {
    for (int j = 0; j < kLanes; ++j) lane[j] = add_rn(lane[j], mul_rn(x[i + j], x[i + j]));
  }
  T acc = lane[0];
  for (int j = 1; j < kLanes; ++j) acc = add_rn(acc, lane[j]);
  const int64_t unfused_end = n - n % 4;
  for (; i < unfused_end; ++i) acc = add_rn(acc, mul_rn(x[i], x[i]));
  for (; i < n; ++i) acc = fma_rn(x[i], x[i], acc);
  return sqrt_rn(acc);
}

}  // namespace tp::kernels
