// The contract every teaching kernel is written against, so that one kernel body runs on
// the real CUDA backend (a context over CUDA's built-ins) and in the simulator (a context
// whose loads are counted and bounds-checked and whose barrier switches between threads).
//
//   template <typename Ctx> TP_KERNEL_FN void my_kernel(Ctx& ctx, <args>)
//
// A Ctx provides:
//   ctx.block_idx(), ctx.thread_idx(), ctx.block_dim(), ctx.grid_dim()  -> KDim3
//   ctx.load(const T* p)          read global memory
//   ctx.store(T* p, T value)      write global memory
//   ctx.template shared<T>()      the block's dynamic shared memory, as T*
//   ctx.load_shared(const T* p), ctx.store_shared(T* p, T value)
//   ctx.sync()                    __syncthreads(): every thread of the block waits here
//   ctx.output(int64_t index)     which output element this thread computes (for traces)
#pragma once

#include <cstdint>

#if defined(__CUDACC__)
#define TP_KERNEL_FN __host__ __device__ inline
#else
#define TP_KERNEL_FN inline
#endif

namespace tp {

struct KDim3 {
  int x = 1, y = 1, z = 1;
};

}  // namespace tp
