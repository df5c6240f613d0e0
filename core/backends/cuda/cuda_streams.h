// Each real GPU's streams as PyTorch keeps them (c10/cuda/CUDAStream.cpp): id 0 is the
// default (legacy NULL) stream; torch.cuda.Stream() hands out one of 32 pooled streams per
// priority level, created on first use with cudaStreamNonBlocking (so the default stream
// does not wait for them, nor they for it) and given out round robin, so a learner who makes
// a stream in every loop step reuses a few instead of leaking thousands. Every kernel, cuBLAS
// call and copy of the CUDA backend is queued on its GPU's current stream.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "core/backends/caching_allocator.h"

namespace tp::cuda {

// A pooled stream of `priority` (0 down to kHighestStreamPriority) on `device`: its id.
int pooled_stream(int device, int priority);
// The priority a stream id was handed out with (0 for the default stream).
int stream_priority_of(int id);
// The CUDA stream behind id `id` of `device`.
cudaStream_t stream_handle(int device, int id);

// The current stream of `device` (torch.cuda.current_stream), and setting it.
int current_stream_id(int device);
void set_current_stream_id(int device, int id);
// The current stream of the GPU current in this thread (cudaGetDevice), where the backend
// queues its work.
cudaStream_t current_stream();

// A fence after the work queued on `stream` of `device` so far (a CUDA event recorded
// there), for the caching allocator's record_stream waits.
StreamFence fence_after_queued(int device, int stream);

// A copy queued on the current stream that the host then waits for (PyTorch's
// memcpy_and_sync): later work on that stream cannot race it, earlier work is done before.
void memcpy_and_sync(void* dst, const void* src, size_t nbytes, cudaMemcpyKind kind);

}  // namespace tp::cuda
