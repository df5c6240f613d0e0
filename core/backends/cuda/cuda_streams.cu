// The stream pools, current streams and fences of cuda_streams.h.
#include "core/backends/cuda/cuda_streams.h"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <vector>

#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_device_guard.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/cuda_stream.h"
#include "core/error.h"

namespace tp::cuda {

namespace {

constexpr int kStreamsPerPool = 32;  // c10's kStreamsPerPool
constexpr int kPriorityLevels = 1 - kHighestStreamPriority;

// One GPU's pools (created stream by stream on first use), round-robin counters and
// current stream. Never destroyed: the driver may be shutting down at exit.
struct DevicePools {
  std::array<std::array<cudaStream_t, kStreamsPerPool>, kPriorityLevels> streams{};
  std::array<int, kPriorityLevels> next{};
  int current = 0;
};

std::mutex pools_mutex;

DevicePools& pools(int device) {
  static auto* all = new std::vector<DevicePools>(cuda_real_device_count());
  TP_ASSERT(device >= 0 && device < static_cast<int>(all->size()));
  return (*all)[device];
}

// Ids: 0 is the default stream; pooled ones are 1 + level * kStreamsPerPool + slot.
int level_of(int id) {
  return (id - 1) / kStreamsPerPool;
}
int slot_of(int id) {
  return (id - 1) % kStreamsPerPool;
}

}  // namespace

int pooled_stream(int device, int priority) {
  const int level = std::min(-priority, kPriorityLevels - 1);
  std::lock_guard<std::mutex> lock(pools_mutex);
  DevicePools& p = pools(device);
  const int slot = p.next[level]++ % kStreamsPerPool;
  cudaStream_t& s = p.streams[level][slot];
  if (s == nullptr) {
    CudaDeviceGuard guard(device);
    // Lower numbers are higher priorities in CUDA too; the driver clamps to its range.
    CUDA_CHECK(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, -level));
  }
  return 1 + level * kStreamsPerPool + slot;
}

int stream_priority_of(int id) {
  return id == 0 ? 0 : -level_of(id);
}

cudaStream_t stream_handle(int device, int id) {
  if (id == 0) return nullptr;
  std::lock_guard<std::mutex> lock(pools_mutex);
  cudaStream_t s = pools(device).streams[level_of(id)][slot_of(id)];
  TP_ASSERT(s != nullptr);  // ids come from pooled_stream
  return s;
}

int current_stream_id(int device) {
  std::lock_guard<std::mutex> lock(pools_mutex);
  return pools(device).current;
}

void set_current_stream_id(int device, int id) {
  std::lock_guard<std::mutex> lock(pools_mutex);
  pools(device).current = id;
}

cudaStream_t current_stream() {
  int device = 0;
  CUDA_CHECK(cudaGetDevice(&device));
  return stream_handle(device, current_stream_id(device));
}

StreamFence fence_after_queued(int device, int stream) {
  CudaDeviceGuard guard(device);
  cudaEvent_t event = nullptr;
  CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  std::shared_ptr<CUevent_st> owned(
      event, [](cudaEvent_t e) { cudaEventDestroy(e); });  // no throwing in a deleter
  CUDA_CHECK(cudaEventRecord(event, stream_handle(device, stream)));
  return [owned] {
    const cudaError_t err = cudaEventQuery(owned.get());
    if (err == cudaErrorNotReady) {
      cudaGetLastError();  // not an error: the work is still running
      return false;
    }
    CUDA_CHECK(err);
    return true;
  };
}

void memcpy_and_sync(void* dst, const void* src, size_t nbytes, cudaMemcpyKind kind) {
  if (nbytes == 0) return;
  cudaStream_t stream = current_stream();
  CUDA_CHECK(cudaMemcpyAsync(dst, src, nbytes, kind, stream));
  CUDA_CHECK(cudaStreamSynchronize(stream));
}

}  // namespace tp::cuda
