// The kernel context (core/kernels/kernel_ctx.h) over CUDA's built-ins, so the teaching
// kernels written once in core/kernels run on a real GPU. CudaCtx is the plain one;
// TracingCudaCtx also counts the thread's memory accesses and barriers and remembers which
// output element it computed, for the instrumented launches.
#pragma once

#include <cstdint>

#include "core/kernels/kernel_ctx.h"

namespace tp::cuda {

struct CudaCtx {
  __device__ KDim3 block_idx() const { return {int(blockIdx.x), int(blockIdx.y), int(blockIdx.z)}; }
  __device__ KDim3 thread_idx() const {
    return {int(threadIdx.x), int(threadIdx.y), int(threadIdx.z)};
  }
  __device__ KDim3 block_dim() const { return {int(blockDim.x), int(blockDim.y), int(blockDim.z)}; }
  __device__ KDim3 grid_dim() const { return {int(gridDim.x), int(gridDim.y), int(gridDim.z)}; }

  template <typename T>
  __device__ T load(const T* p) { return *p; }
  template <typename T>
  __device__ void store(T* p, T value) { *p = value; }
  // The block's dynamic shared memory (sized by the launch's third <<<>>> argument).
  template <typename T>
  __device__ T* shared() {
    extern __shared__ __align__(16) unsigned char tp_dynamic_smem[];
    return reinterpret_cast<T*>(tp_dynamic_smem);
  }
  template <typename T>
  __device__ T load_shared(const T* p) { return *p; }
  template <typename T>
  __device__ void store_shared(T* p, T value) { *p = value; }
  __device__ void sync() { __syncthreads(); }
  __device__ void output(int64_t) {}
};

struct TracingCudaCtx : CudaCtx {
  int64_t out_index = -1;
  int global_reads = 0, global_writes = 0, shared_reads = 0, shared_writes = 0, barriers = 0;

  template <typename T>
  __device__ T load(const T* p) { ++global_reads; return *p; }
  template <typename T>
  __device__ void store(T* p, T value) { ++global_writes; *p = value; }
  template <typename T>
  __device__ T load_shared(const T* p) { ++shared_reads; return *p; }
  template <typename T>
  __device__ void store_shared(T* p, T value) { ++shared_writes; *p = value; }
  __device__ void sync() { ++barriers; __syncthreads(); }
  __device__ void output(int64_t index) { out_index = index; }
};

// Nanoseconds of the GPU's global timer (its resolution varies by GPU: 32 ns to 1 us).
__device__ inline uint64_t global_timer_ns() {
  uint64_t t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

// The SM this thread runs on.
__device__ inline int sm_id() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return static_cast<int>(id);
}

}  // namespace tp::cuda
