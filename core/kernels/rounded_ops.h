// Arithmetic rounded once per operation on the host and in CUDA device code alike, so a
// kernel written once (core/kernels/*_row.h) gives the CPU's bits on a GPU: nvcc would
// otherwise fuse a * b + c, and the core is built with -ffp-contract=off on the host.
#pragma once

#include <cmath>

#include "core/kernels/kernel_ctx.h"

namespace tp::kernels {

// Rounded once each, never fused by the compiler (nvcc fuses a * b + c unless told not to).
template <typename T>
TP_KERNEL_FN T mul_rn(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) return __fmul_rn(a, b); else return __dmul_rn(a, b);
#else
  return a * b;
#endif
}
template <typename T>
TP_KERNEL_FN T add_rn(T a, T b) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) return __fadd_rn(a, b); else return __dadd_rn(a, b);
#else
  return a + b;
#endif
}
template <typename T>
TP_KERNEL_FN T sub_rn(T a, T b) { return add_rn(a, -b); }
template <typename T>
TP_KERNEL_FN T fma_rn(T a, T b, T c) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) return __fmaf_rn(a, b, c); else return __fma_rn(a, b, c);
#else
  return std::fma(a, b, c);
#endif
}
template <typename T>
TP_KERNEL_FN T sqrt_rn(T a) {
#if defined(__CUDA_ARCH__)
  if constexpr (sizeof(T) == 4) return __fsqrt_rn(a); else return __dsqrt_rn(a);
#else
  return std::sqrt(a);
#endif
}

}  // namespace tp::kernels
