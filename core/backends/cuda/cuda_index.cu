// CudaBackend's advanced indexing (index, index_put) and nonzero. Same addressing as
// cpu_index.cpp: the op layer restrides the indexed tensor so indexed dims have stride 0
// and expands every int64 index tensor to the iteration shape; each element adds
// index * stride per index tensor.
//
// Bounds: PyTorch's CUDA kernel stops with a device-side assert; tensorplay raises the
// CPU's IndexError text instead, for the first offending element in row-major order (the
// kernel records the smallest bad element number with atomicMin; the host then reads that
// element's indices to name the dimension). In-bounds elements are still written.
#include <cub/device/device_scan.cuh>

#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_loops.cuh"
#include "core/backends/cuda/cuda_scratch.h"
#include "core/backends/cuda/cuda_streams.h"

namespace tp {

namespace {

constexpr int kMaxIndices = 8;
constexpr unsigned long long kNoError = ~0ull;

// The smallest element number whose index was out of bounds (kNoError: none).
__device__ unsigned long long g_first_bad = kNoError;

struct IndexArgs {
  int count = 0;
  const int64_t* idx[kMaxIndices];
  int64_t sizes[kMaxIndices];
  int64_t strides[kMaxIndices];
};

// Operands: 0 = the restrided tensor being indexed, 1 = the other side, 2.. = indices.
using IndexOperands = cuda::StridedOperands<2 + kMaxIndices>;

// Offset into operand 0 selected by element `i`'s indices, or -1 when one is out of bounds.
__device__ int64_t indexed_offset(const IndexArgs& ia, const int64_t (&off)[2 + kMaxIndices]) {
  int64_t at = off[0];
  for (int k = 0; k < ia.count; ++k) {
    int64_t v = ia.idx[k][off[2 + k]];
    const int64_t size = ia.sizes[k];
    if (v < -size || v >= size) return -1;
    if (v < 0) v += size;
    at += v * ia.strides[k];
  }
  return at;
}

template <typename T>
__global__ void index_kernel(IndexOperands ops, int64_t n, IndexArgs ia, const T* src, T* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[2 + kMaxIndices];
    ops.offsets(i, off);
    int64_t at = indexed_offset(ia, off);
    if (at < 0) {
      atomicMin(&g_first_bad, static_cast<unsigned long long>(i));
      continue;
    }
    out[off[1]] = src[at];
  }
}

// Read-modify-write of a 1- or 2-byte element through a CAS on its aligned 32-bit word
// (the GPU has no byte-sized atomics). f maps the old bits to the new bits.
template <typename F>
__device__ void atomic_update_narrow(void* p, int nbytes, F f) {
  uintptr_t addr = reinterpret_cast<uintptr_t>(p);
  unsigned* word = reinterpret_cast<unsigned*>(addr & ~uintptr_t{3});
  const unsigned shift = static_cast<unsigned>(addr & 3) * 8;
  const unsigned mask = (nbytes == 1 ? 0xffu : 0xffffu) << shift;
  unsigned old = *word, assumed;
  do {
    assumed = old;
    unsigned cur = (assumed & mask) >> shift;
    unsigned next = (static_cast<unsigned>(f(cur)) << shift) & mask;
    old = atomicCAS(word, assumed, (assumed & ~mask) | next);
  } while (assumed != old);
}

// *p += v, atomically: several elements may name the same destination.
template <typename T>
__device__ void atomic_accumulate(T* p, T v) {
  if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
    atomicAdd(p, v);
  } else if constexpr (std::is_same_v<T, bool>) {
    atomic_update_narrow(p, 1, [v](unsigned old) { return (old || v) ? 1u : 0u; });
  } else if constexpr (std::is_integral_v<T> && sizeof(T) == 4) {
    // Two's complement: unsigned wrap-around is the same sum, for every integer width.
    atomicAdd(reinterpret_cast<unsigned*>(p), static_cast<unsigned>(v));
  } else if constexpr (std::is_integral_v<T> && sizeof(T) == 8) {
    atomicAdd(reinterpret_cast<unsigned long long*>(p), static_cast<unsigned long long>(v));
  } else if constexpr (std::is_integral_v<T>) {  // 1 and 2 bytes: the low bits of the sum
    atomic_update_narrow(p, sizeof(T), [v](unsigned old) { return old + static_cast<unsigned>(v); });
  } else {  // Half, BFloat16: add in float, round to nearest even
    const float add = cuda::to_math(v);
    atomic_update_narrow(p, 2, [add](unsigned old) {
      T cur;
      cur.bits = static_cast<uint16_t>(old);
      return static_cast<unsigned>(cuda::from_math<T>(cuda::to_math(cur) + add).bits);
    });
  }
}

template <typename T>
__global__ void index_put_kernel(IndexOperands ops, int64_t n, IndexArgs ia, T* dst,
                                 const T* values, bool accumulate) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[2 + kMaxIndices];
    ops.offsets(i, off);
    int64_t at = indexed_offset(ia, off);
    if (at < 0) {
      atomicMin(&g_first_bad, static_cast<unsigned long long>(i));
      continue;
    }
    if (accumulate) {
      atomic_accumulate(dst + at, values[off[1]]);
    } else {
      dst[at] = values[off[1]];
    }
  }
}

struct Prepared {
  IndexOperands ops;
  IndexArgs args;
};

// Describes the operands for the kernels; unused index slots get stride 0 everywhere.
Prepared prepare(const Shape& sizes, const Tensor& first, const Tensor& second,
                 const std::vector<Tensor>& indices, const Shape& indexed_sizes,
                 const Shape& indexed_strides) {
  TP_CHECK(indices.size() <= static_cast<size_t>(kMaxIndices), RuntimeError,
           "CUDA indexing supports at most ", kMaxIndices, " index tensors");
  const Shape zeros(sizes.size(), 0);
  std::array<const Shape*, 2 + kMaxIndices> strides;
  strides[0] = &first.strides();
  strides[1] = &second.strides();
  Prepared p;
  p.args.count = static_cast<int>(indices.size());
  for (int k = 0; k < kMaxIndices; ++k) {
    const bool used = k < p.args.count;
    strides[2 + k] = used ? &indices[k].strides() : &zeros;
    p.args.idx[k] = used ? indices[k].data<int64_t>() : nullptr;
    p.args.sizes[k] = used ? indexed_sizes[k] : 0;
    p.args.strides[k] = used ? indexed_strides[k] : 0;
  }
  p.ops = cuda::make_strided<2 + kMaxIndices>(sizes, strides);
  return p;
}

void reset_bad_flag() {
  const unsigned long long none = kNoError;
  CUDA_CHECK(cudaMemcpyToSymbolAsync(g_first_bad, &none, sizeof none, 0, cudaMemcpyHostToDevice,
                                     cuda::current_stream()));
}

// After a launch: raises the CPU's IndexError for the first bad element, if any.
void check_bad_flag(const Prepared& p, int64_t n) {
  unsigned long long first = kNoError;  // reading the flag waits for the kernel
  CUDA_CHECK(cudaMemcpyFromSymbolAsync(&first, g_first_bad, sizeof first, 0, cudaMemcpyDeviceToHost,
                                       cuda::current_stream()));
  CUDA_CHECK(cudaStreamSynchronize(cuda::current_stream()));
  if (first == kNoError || static_cast<int64_t>(first) >= n) return;
  int64_t off[2 + kMaxIndices];
  p.ops.offsets(static_cast<int64_t>(first), off);
  for (int k = 0; k < p.args.count; ++k) {
    int64_t v = 0;
    cuda::memcpy_and_sync(&v, p.args.idx[k] + off[2 + k], sizeof v, cudaMemcpyDeviceToHost);
    const int64_t size = p.args.sizes[k];
    TP_CHECK(v >= -size && v < size, IndexError, "index ", v, " is out of bounds for dimension ",
             k, " with size ", size);
  }
}

// flags[i] = 1 where the i-th element (row-major) is nonzero.
template <typename T>
__global__ void nonzero_flags_kernel(cuda::StridedOperands<1> ops, int64_t n, const T* in,
                                     int64_t* flags) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    int64_t off[1];
    ops.offsets(i, off);
    auto v = cuda::to_math(in[off[0]]);
    flags[i] = v != decltype(v)(0) ? 1 : 0;
  }
}

struct Dims {
  int ndim;
  int64_t sizes[cuda::kMaxDims];
};

// Row pos[i] - 1 of out gets element i's coordinates; pos is the inclusive scan of flags.
__global__ void nonzero_write_kernel(Dims dims, int64_t n, const int64_t* flags,
                                     const int64_t* pos, int64_t* out) {
  for (int64_t i = blockIdx.x * int64_t{blockDim.x} + threadIdx.x; i < n;
       i += int64_t{gridDim.x} * blockDim.x) {
    if (!flags[i]) continue;
    int64_t* row = out + (pos[i] - 1) * dims.ndim;
    int64_t rest = i;
    for (int d = dims.ndim - 1; d >= 0; --d) {
      row[d] = rest % dims.sizes[d];
      rest /= dims.sizes[d];
    }
  }
}

}  // namespace

void CudaBackend::index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
                        const Shape& indexed_sizes, const Shape& indexed_strides) {
  const int64_t n = out.numel();
  if (n == 0) return;
  CudaDeviceGuard guard(out.device().index);
  Prepared p = prepare(out.sizes(), src, out, indices, indexed_sizes, indexed_strides);
  reset_bad_flag();
  visit_any_dtype(src.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    index_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        p.ops, n, p.args, src.data<T>(), out.data<T>());
    CUDA_CHECK_LAUNCH();
  });
  check_bad_flag(p, n);
}

void CudaBackend::index_put(const Tensor& dst, const Tensor& values,
                            const std::vector<Tensor>& indices, const Shape& indexed_sizes,
                            const Shape& indexed_strides, bool accumulate) {
  const int64_t n = shape_numel(dst.sizes());
  if (n == 0) return;
  CudaDeviceGuard guard(dst.device().index);
  Prepared p = prepare(dst.sizes(), dst, values, indices, indexed_sizes, indexed_strides);
  reset_bad_flag();
  visit_any_dtype(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    index_put_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        p.ops, n, p.args, dst.data<T>(), values.data<T>(), accumulate);
    CUDA_CHECK_LAUNCH();
  });
  check_bad_flag(p, n);
}

Tensor CudaBackend::nonzero(const Tensor& in) {
  const int device = in.device().index;
  const int64_t n = in.numel(), ndim = in.dim();
  TP_CHECK(ndim <= cuda::kMaxDims, RuntimeError, "nonzero is not supported for tensors with more than ",
           cuda::kMaxDims, " dimensions");
  if (n == 0) return empty({0, ndim}, TensorOptions(DType::Int64, in.device()));
  CudaDeviceGuard guard(device);
  // Three steps, as PyTorch's CUDA nonzero: flag, scan (cub), write coordinates.
  cuda::Scratch flags_buf(device, n * sizeof(int64_t)), pos_buf(device, n * sizeof(int64_t));
  auto* flags = static_cast<int64_t*>(flags_buf.ptr);
  auto* pos = static_cast<int64_t*>(pos_buf.ptr);
  auto ops = cuda::make_strided<1>(in.sizes(), {&in.strides()});
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    nonzero_flags_kernel<T><<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        ops, n, in.data<T>(), flags);
    CUDA_CHECK_LAUNCH();
  });
  size_t temp_bytes = 0;
  CUDA_CHECK(
      cub::DeviceScan::InclusiveSum(nullptr, temp_bytes, flags, pos, n, cuda::current_stream()));
  cuda::Scratch temp(device, temp_bytes > 0 ? temp_bytes : 1);  // a null buffer means "size query"
  CUDA_CHECK(
      cub::DeviceScan::InclusiveSum(temp.ptr, temp_bytes, flags, pos, n, cuda::current_stream()));
  int64_t count = 0;
  cuda::memcpy_and_sync(&count, pos + (n - 1), sizeof count, cudaMemcpyDeviceToHost);
  Tensor out = empty({count, ndim}, TensorOptions(DType::Int64, in.device()));
  if (count > 0 && ndim > 0) {
    Dims dims;
    dims.ndim = static_cast<int>(ndim);
    for (int d = 0; d < ndim; ++d) dims.sizes[d] = in.sizes()[d];
    nonzero_write_kernel<<<cuda::blocks_for(n), cuda::kThreads, 0, cuda::current_stream()>>>(
        dims, n, flags, pos, out.data<int64_t>());
    CUDA_CHECK_LAUNCH();
  }
  return out;
}

}  // namespace tp
