// The teaching matmul kernels (core/kernels/teaching_matmul.h) on a real GPU: the same
// kernel bodies as the simulator runs, over CudaCtx. The instrumented variant wraps each
// thread's body between two reads of %globaltimer, notes %smid, and copies one record per
// thread back, so the GUI can replay the schedule the hardware really ran (labelled
// measured). Timer reads and the record store add a little time to every thread.
#include <algorithm>
#include <vector>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_ctx.cuh"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_scratch.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/error.h"
#include "core/kernels/teaching_matmul.h"
#include "core/teaching.h"
#include "core/tensor.h"

namespace tp {

namespace {

template <typename Ctx>
__device__ void teaching_body(TeachingKernel kind, Ctx& ctx, const float* A, const float* B,
                              float* C, int M, int N, int K) {
  switch (kind) {
    case TeachingKernel::Naive: matmul_naive(ctx, A, B, C, M, N, K); break;
    case TeachingKernel::Coalesced: matmul_coalesced(ctx, A, B, C, M, N, K); break;
    case TeachingKernel::Tiled: matmul_tiled(ctx, A, B, C, M, N, K); break;
  }
}

__global__ void teaching_kernel(TeachingKernel kind, const float* A, const float* B, float* C,
                                int M, int N, int K) {
  cuda::CudaCtx ctx;
  teaching_body(kind, ctx, A, B, C, M, N, K);
}

// What one thread of an instrumented launch reports.
struct ThreadRecord {
  uint64_t start_ns, end_ns;
  int64_t output;
  int sm, global_reads, global_writes, shared_reads, shared_writes, barriers;
};

__global__ void teaching_traced_kernel(TeachingKernel kind, const float* A, const float* B,
                                       float* C, int M, int N, int K, ThreadRecord* records) {
  cuda::TracingCudaCtx ctx;
  const int sm = cuda::sm_id();
  const uint64_t start = cuda::global_timer_ns();
  teaching_body(kind, ctx, A, B, C, M, N, K);
  const uint64_t end = cuda::global_timer_ns();
  const int64_t block = blockIdx.x + int64_t{gridDim.x} * (blockIdx.y + int64_t{gridDim.y} * blockIdx.z);
  const int64_t threads = int64_t{blockDim.x} * blockDim.y * blockDim.z;
  const int64_t thread = threadIdx.x + int64_t{blockDim.x} * (threadIdx.y + int64_t{blockDim.y} * threadIdx.z);
  records[block * threads + thread] = {start,          end,
                                       ctx.out_index,  sm,
                                       ctx.global_reads, ctx.global_writes,
                                       ctx.shared_reads, ctx.shared_writes,
                                       ctx.barriers};
}

// Builds the trace from the records, in block-major, thread-minor order.
void fill_trace(const LaunchConfig& config, const std::vector<ThreadRecord>& records,
                int blocks_per_sm, int sm_count, KernelTrace* trace) {
  trace->config = config;
  trace->measured = true;
  trace->blocks_per_sm = blocks_per_sm;
  const int64_t blocks = int64_t{config.grid.x} * config.grid.y * config.grid.z;
  const int64_t per_wave = std::max<int64_t>(1, int64_t{blocks_per_sm} * sm_count);
  trace->waves = static_cast<int>((blocks + per_wave - 1) / per_wave);
  uint64_t first = ~uint64_t{0}, last = 0;
  for (const ThreadRecord& r : records) {
    first = std::min(first, r.start_ns);
    last = std::max(last, r.end_ns);
  }
  trace->duration_ns = records.empty() ? 0.0 : static_cast<double>(last - first);
  trace->threads.clear();
  trace->threads.reserve(records.size());
  const KDim3 g = config.grid, b = config.block;
  const int64_t per_block = int64_t{b.x} * b.y * b.z;
  for (size_t i = 0; i < records.size(); ++i) {
    const ThreadRecord& r = records[i];
    const int64_t blk = static_cast<int64_t>(i) / per_block, th = static_cast<int64_t>(i) % per_block;
    ThreadTrace t;
    t.block = {static_cast<int>(blk % g.x), static_cast<int>(blk / g.x % g.y),
               static_cast<int>(blk / (int64_t{g.x} * g.y))};
    t.thread = {static_cast<int>(th % b.x), static_cast<int>(th / b.x % b.y),
                static_cast<int>(th / (int64_t{b.x} * b.y))};
    t.warp = static_cast<int>(th / 32);  // warps are 32 consecutive linear thread ids
    t.sm = r.sm;
    t.output = r.output;
    t.start_ns = static_cast<double>(r.start_ns - first);
    t.end_ns = static_cast<double>(r.end_ns - first);
    t.global_reads = r.global_reads;
    t.global_writes = r.global_writes;
    t.shared_reads = r.shared_reads;
    t.shared_writes = r.shared_writes;
    t.barriers = r.barriers;
    trace->threads.push_back(t);
  }
}

}  // namespace

void cuda_run_teaching_matmul(TeachingKernel kind, const Tensor& A, const Tensor& B,
                              const Tensor& C, int tile, KernelTrace* trace) {
  TP_CHECK(A.dim() == 2 && B.dim() == 2 && C.dim() == 2 && A.dtype() == DType::Float32 &&
               B.dtype() == DType::Float32 && C.dtype() == DType::Float32 &&
               A.is_contiguous() && B.is_contiguous() && C.is_contiguous(),
           RuntimeError, "teaching matmul: A, B and C must be contiguous 2-D float32 tensors");
  const int M = static_cast<int>(A.sizes()[0]), K = static_cast<int>(A.sizes()[1]);
  const int N = static_cast<int>(B.sizes()[1]);
  TP_CHECK(B.sizes()[0] == K && C.sizes()[0] == M && C.sizes()[1] == N, RuntimeError,
           "teaching matmul: shapes ", shape_str(A.sizes()), " @ ", shape_str(B.sizes()), " -> ",
           shape_str(C.sizes()), " do not match");
  TP_CHECK(M > 0 && N > 0 && K > 0 && tile > 0, RuntimeError,
           "teaching matmul: M, N, K and tile must be positive, got ", M, ", ", N, ", ", K,
           " and ", tile);
  const int device = C.device().index;
  CudaDeviceGuard guard(device);
  const LaunchConfig config = teaching_launch_config(kind, M, N, tile);
  const dim3 grid(config.grid.x, config.grid.y, config.grid.z);
  const dim3 block(config.block.x, config.block.y, config.block.z);
  const float* a = A.data<float>();
  const float* b = B.data<float>();
  float* c = C.data<float>();
  if (!trace) {
    teaching_kernel<<<grid, block, config.shared_bytes, cuda::current_stream()>>>(kind, a, b, c, M,
                                                                                  N, K);
    CUDA_CHECK_LAUNCH();
    return;
  }
  const size_t threads = size_t(grid.x) * grid.y * grid.z * block.x * block.y * block.z;
  std::vector<ThreadRecord> host(threads);
  {
    cuda::Scratch buffer(device, threads * sizeof(ThreadRecord));
    auto* records = static_cast<ThreadRecord*>(buffer.ptr);
    teaching_traced_kernel<<<grid, block, config.shared_bytes, cuda::current_stream()>>>(
        kind, a, b, c, M, N, K, records);
    CUDA_CHECK_LAUNCH();
    cuda::memcpy_and_sync(host.data(), records, threads * sizeof(ThreadRecord),
                          cudaMemcpyDeviceToHost);
  }
  int blocks_per_sm = 0, sm_count = 0;
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
      &blocks_per_sm, teaching_traced_kernel, static_cast<int>(block.x * block.y * block.z),
      config.shared_bytes));
  CUDA_CHECK(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device));
  fill_trace(config, host, blocks_per_sm, sm_count, trace);
}

}  // namespace tp
