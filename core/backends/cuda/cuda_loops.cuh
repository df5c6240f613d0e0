// What every CUDA kernel here shares: strided operands (sizes and strides of up to
// kMaxDims dims, passed by value to the kernel), the launch shape of a grid-stride loop,
// and element conversions that round exactly as the CPU kernels do (half/bfloat16 are
// computed in float, rounded to nearest even on store).
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <array>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "core/dtype.h"
#include "core/error.h"
#include "core/tensor.h"

namespace tp::cuda {

// PyTorch's MAX_DIMS for CUDA kernels.
constexpr int kMaxDims = 25;
constexpr int kThreads = 256;

// N operands walked together over one logical shape (operand 0 is usually the output).
template <int N>
struct StridedOperands {
  int ndim = 0;
  int64_t sizes[kMaxDims];
  int64_t strides[N][kMaxDims];

  // Element offsets of the `linear`-th element (row-major over sizes) in every operand.
  __host__ __device__ void offsets(int64_t linear, int64_t (&off)[N]) const {
    if (ndim == 1) {  // the common case (contiguous, merged): no 64-bit division per element
      for (int k = 0; k < N; ++k) off[k] = linear * strides[k][0];
      return;
    }
    for (int k = 0; k < N; ++k) off[k] = 0;
    for (int d = ndim - 1; d >= 0; --d) {
      int64_t i = linear % sizes[d];
      linear /= sizes[d];
      for (int k = 0; k < N; ++k) off[k] += i * strides[k][d];
    }
  }
};

// Builds the operands' description, merging neighbouring dims that every operand steps
// through as one run and dropping size-1 dims (fewer divisions per element).
template <int N>
StridedOperands<N> make_strided(const Shape& sizes, const std::array<const Shape*, N>& strides) {
  std::vector<int64_t> sz;                   // innermost dim first
  std::vector<std::array<int64_t, N>> st;
  for (int d = static_cast<int>(sizes.size()) - 1; d >= 0; --d) {
    if (sizes[d] == 1) continue;
    if (!sz.empty()) {
      bool merge = true;
      for (int k = 0; k < N; ++k) merge = merge && (*strides[k])[d] == st.back()[k] * sz.back();
      if (merge) {
        sz.back() *= sizes[d];
        continue;
      }
    }
    std::array<int64_t, N> s;
    for (int k = 0; k < N; ++k) s[k] = (*strides[k])[d];
    sz.push_back(sizes[d]);
    st.push_back(s);
  }
  TP_CHECK(sz.size() <= static_cast<size_t>(kMaxDims), RuntimeError,
           "CUDA kernels support tensors of at most ", kMaxDims, " dimensions");
  StridedOperands<N> out;
  out.ndim = static_cast<int>(sz.size());
  for (int d = 0; d < out.ndim; ++d) {
    out.sizes[d] = sz[out.ndim - 1 - d];
    for (int k = 0; k < N; ++k) out.strides[k][d] = st[out.ndim - 1 - d][k];
  }
  return out;
}

// Blocks for a grid-stride loop over n elements (the loop covers any excess).
inline unsigned blocks_for(int64_t n) {
  int64_t b = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned>(b < 65535 ? (b < 1 ? 1 : b) : 65535);
}

// Elementwise kernels have each thread load kUnroll elements (a block apart, so a warp's
// loads stay coalesced) before computing any: more loads in flight hide the memory's
// latency. With one element per thread a contiguous add ran at half PyTorch's speed on an
// H200 (0.082 vs 0.041 ms for 2^24 floats).
constexpr int kUnroll = 4;
inline unsigned blocks_for_unrolled(int64_t n) { return blocks_for((n + kUnroll - 1) / kUnroll); }

// The type arithmetic happens in: float for the 16-bit floats, the element type otherwise.
template <typename T>
constexpr bool is_half_like = std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>;
template <typename T>
using OpMath = std::conditional_t<is_half_like<T>, float, T>;

template <typename T>
__device__ inline T to_math(T v) { return v; }
__device__ inline float to_math(Half h) { return __half2float(__ushort_as_half(h.bits)); }
__device__ inline float to_math(BFloat16 h) {
  return __bfloat162float(__ushort_as_bfloat16(h.bits));
}

// Stores an OpMath value as T (round to nearest even for the 16-bit floats).
template <typename T>
__device__ inline T from_math(OpMath<T> v) {
  if constexpr (std::is_same_v<T, Half>) {
    Half h;
    h.bits = __half_as_ushort(__float2half_rn(v));
    return h;
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    BFloat16 h;
    h.bits = __bfloat16_as_ushort(__float2bfloat16_rn(v));
    return h;
  } else {
    return v;
  }
}

// One element converted as the CPU's copy does (cpu_copy.cpp convert<>).
template <typename D, typename S>
__device__ inline D convert(S v) {
  if constexpr (std::is_same_v<D, S>) {
    return v;
  } else {
    auto m = to_math(v);
    using M = decltype(m);
    if constexpr (std::is_same_v<D, bool>) {
      return m != M(0);
    } else if constexpr (is_half_like<D>) {
      return from_math<D>(static_cast<float>(m));
    } else if constexpr (std::is_unsigned_v<D> && std::is_floating_point_v<M>) {
      // x86 converts through a signed integer and keeps the low bits (-1.0 -> 255);
      // the GPU's direct conversion would saturate instead.
      return static_cast<D>(static_cast<int64_t>(m));
    } else {
      return static_cast<D>(m);
    }
  }
}

// NaN and infinity tests written without <cmath>, valid for float and double alike.
template <typename C>
__device__ inline bool is_nan(C x) { return x != x; }
template <typename C>
__device__ inline bool is_inf(C x) { return !is_nan(x) && is_nan(x - x); }

}  // namespace tp::cuda
