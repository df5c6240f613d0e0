// The SIMT executor (simt.h): a readable specification of how a GPU runs a kernel.
// launch() checks the configuration as CUDA does, places blocks on SMs in waves by the
// profile's occupancy limits, and runs every thread of every block, in order; threads of a
// kernel with barriers run on fibers so that sync() can switch between them.
#include "core/backends/sim/simt.h"

#include <algorithm>
#include <climits>
#include <cstdio>

#include "core/cuda_error.h"
#include "core/backends/sim/fiber.h"
#include "core/backends/sim/sim_thread.h"
#include "core/backends/sim/simt_timing.h"
#include "core/error.h"

namespace tp {

namespace {

// Stack of one thread's fiber: teaching kernels need little; exceptions need a few KiB.
constexpr size_t kFiberStackBytes = 64 * 1024;

// CUDA's limits on block and grid dimensions (the same for every GPU since compute 3.0).
constexpr int kMaxBlockDim[3] = {1024, 1024, 64};
constexpr int64_t kMaxGridDim[3] = {2147483647, 65535, 65535};

std::string dim3_str(KDim3 d) { return str_cat("(", d.x, ",", d.y, ",", d.z, ")"); }

std::string hex(uintptr_t address) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(address));
  return text;
}

int64_t volume(KDim3 d) { return int64_t{d.x} * d.y * d.z; }

// Runs every thread of a block without barriers: one plain call per thread, in order.
void run_plain(std::vector<SimThread>& threads, const std::function<void(SimThread&)>& kernel) {
  for (SimThread& t : threads) kernel(t);
}

// Runs a block whose kernel uses barriers: every thread on its own fiber. Each round runs
// each unfinished thread until it parks at the barrier or exits; then the barrier opens for
// those parked, since threads that exited no longer count (PTX's bar.sync, the same rule as
// for learner kernels in warp_block.cpp), and when all have exited the block is done.
void run_fibers(std::vector<SimThread>& threads,
                const std::function<void(SimThread&)>& kernel, FiberStacks& stacks,
                std::vector<std::unique_ptr<Fiber>>& fiber_pool) {
  std::vector<Fiber*> fibers;
  for (size_t t = 0; t < threads.size(); ++t) {
    Fiber* f = fiber_pool[t].get();
    SimThread* thread = &threads[t];
    f->start(stacks.stack(static_cast<int>(t)), stacks.stack_bytes(),
             [&kernel, thread] { kernel(*thread); });
    fibers.push_back(f);
  }
  while (true) {
    for (size_t t = 0; t < threads.size(); ++t) {
      if (fibers[t]->done()) continue;
      threads[t].release();
      fibers[t]->resume();
      // A fault in a thread ends the launch; the other fibers are abandoned unwound, which
      // is safe because kernels hold only plain values on their stacks.
      if (fibers[t]->error()) std::rethrow_exception(fibers[t]->error());
    }
    if (std::all_of(fibers.begin(), fibers.end(), [](const Fiber* f) { return f->done(); })) return;
    // Every thread still running has arrived: the barrier opens.
  }
}

}  // namespace

// Rejects what a real launch rejects, with CUDA's error texts.
void check_launch(const LaunchConfig& config, const GpuProfile& profile) {
  const int block[3] = {config.block.x, config.block.y, config.block.z};
  const int grid[3] = {config.grid.x, config.grid.y, config.grid.z};
  for (int i = 0; i < 3; ++i) {
    if (block[i] <= 0 || block[i] > kMaxBlockDim[i] || grid[i] <= 0 || grid[i] > kMaxGridDim[i])
      fail_cuda("invalid configuration argument", "cudaErrorInvalidConfiguration");
  }
  if (volume(config.block) > profile.max_threads_per_block)
    fail_cuda("invalid configuration argument", "cudaErrorInvalidConfiguration");
  // More dynamic shared memory than a block may have without an opt-in: CUDA answers
  // cudaErrorInvalidValue.
  if (config.shared_bytes > static_cast<size_t>(profile.shared_memory_per_block_kib) * 1024)
    fail_cuda("invalid argument", "cudaErrorInvalidValue");
}

// How many blocks of this launch fit on one SM at once: the tightest of the thread, block
// and shared-memory limits (threads are allocated in whole warps; registers not modeled).
int blocks_per_sm(const LaunchConfig& config, const GpuProfile& profile) {
  int64_t warps = (volume(config.block) + profile.warp_size - 1) / profile.warp_size;
  int64_t by_threads = profile.max_threads_per_sm / (warps * profile.warp_size);
  int64_t by_shared = config.shared_bytes == 0
                          ? INT_MAX
                          : int64_t{profile.shared_memory_per_sm_kib} * 1024 /
                                static_cast<int64_t>(config.shared_bytes);
  int64_t n = std::min<int64_t>({by_threads, by_shared, profile.max_blocks_per_sm});
  TP_ASSERT(n >= 1);  // check_launch keeps a block within one SM's limits
  return static_cast<int>(n);
}

// The block with linear index b (x fastest, as GPUs number them).
KDim3 block_index(int64_t b, KDim3 grid) {
  return {static_cast<int>(b % grid.x), static_cast<int>(b / grid.x % grid.y),
          static_cast<int>(b / (int64_t{grid.x} * grid.y))};
}

KernelStats launch(const LaunchConfig& config, const GpuProfile& profile,
                   const std::vector<BufferRange>& buffers,
                   const std::function<void(SimThread&)>& kernel, KernelTrace* trace) {
  check_launch(config, profile);
  const int warp = profile.warp_size;
  const int per_sm = blocks_per_sm(config, profile);
  const int64_t per_wave = int64_t{per_sm} * profile.sm_count;  // blocks resident at once
  const int64_t blocks = volume(config.grid);
  const int threads_per_block = static_cast<int>(volume(config.block));

  KernelStats stats;
  stats.waves = static_cast<int>((blocks + per_wave - 1) / per_wave);
  if (trace) {
    *trace = KernelTrace{};
    trace->config = config;
    trace->blocks_per_sm = per_sm;
    trace->waves = stats.waves;
    trace->threads.reserve(static_cast<size_t>(blocks * threads_per_block));
  }

  SimLaunch state{&config, &buffers, warp, trace != nullptr};
  SimTiming timing(profile);
  std::unique_ptr<FiberStacks> stacks;
  std::vector<std::unique_ptr<Fiber>> fibers;
  if (config.uses_barriers) {
    stacks = std::make_unique<FiberStacks>(threads_per_block, kFiberStackBytes);
    for (int t = 0; t < threads_per_block; ++t) fibers.push_back(std::make_unique<Fiber>());
  }

  // Waves run one after another; the blocks of a wave run side by side on the SMs.
  double wave_start = 0, wave_end = 0;
  std::vector<double> warp_end;
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t wave = b / per_wave, slot = b % per_wave;
    if (slot == 0) wave_start = wave_end;
    const int sm = static_cast<int>(slot % profile.sm_count);

    SimBlock block;
    block.index = block_index(b, config.grid);
    block.shared_bytes = config.shared_bytes;
    block.shared.resize((config.shared_bytes + sizeof(std::max_align_t) - 1) /
                        sizeof(std::max_align_t));
    std::vector<SimThread> threads;
    threads.reserve(threads_per_block);
    for (int t = 0; t < threads_per_block; ++t) {
      KDim3 idx{t % config.block.x, t / config.block.x % config.block.y,
                t / (config.block.x * config.block.y)};
      threads.emplace_back(state, block, idx, t);
    }

    if (config.uses_barriers)
      run_fibers(threads, kernel, *stacks, fibers);
    else
      run_plain(threads, kernel);

    for (SimThread& t : threads) {
      const ThreadTrace& r = t.record();
      stats.global_reads += r.global_reads;
      stats.global_writes += r.global_writes;
      stats.shared_reads += r.shared_reads;
      stats.shared_writes += r.shared_writes;
      stats.barriers += r.barriers;
    }
    stats.threads += threads_per_block;
    if (!trace) continue;

    // Blocks of this wave that share SM `sm` (slots are dealt to SMs round-robin).
    int64_t in_wave = std::min(per_wave, blocks - wave * per_wave);
    int on_sm = static_cast<int>(in_wave / profile.sm_count + (sm < in_wave % profile.sm_count));
    double block_ns = timing.block_ns(threads, warp, on_sm, warp_end);
    wave_end = std::max(wave_end, wave_start + block_ns);
    for (SimThread& t : threads) {
      ThreadTrace r = t.record();
      r.block = block.index;
      r.thread = t.thread_idx();
      r.warp = t.linear() / warp;
      r.sm = sm;
      r.start_ns = wave_start;
      r.end_ns = wave_start + warp_end[r.warp];
      trace->threads.push_back(r);
    }
  }
  if (trace) trace->duration_ns = wave_end;
  return stats;
}

// ---- SimThread: the checks behind every load, store and barrier ----

namespace {
const char* verb(AccessKind kind) {
  return kind == AccessKind::GlobalRead || kind == AccessKind::SharedRead ? "read" : "wrote";
}
}  // namespace

void SimThread::check_global(const void* p, size_t bytes, AccessKind kind) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  (kind == AccessKind::GlobalRead ? trace_.global_reads : trace_.global_writes) += 1;
  log(p, kind);
  const auto& buffers = *launch_->buffers;
  for (const BufferRange& r : buffers) {
    uintptr_t lo = reinterpret_cast<uintptr_t>(r.ptr);
    if (a >= lo && a + bytes <= lo + r.bytes) return;
  }
  // Say where the access landed relative to the nearest buffer.
  std::string where = "; the kernel was given no global buffers";
  uintptr_t best = UINTPTR_MAX;
  for (size_t i = 0; i < buffers.size(); ++i) {
    uintptr_t lo = reinterpret_cast<uintptr_t>(buffers[i].ptr), hi = lo + buffers[i].bytes;
    uintptr_t distance = a < lo ? lo - a : a >= hi ? a - hi : 0;
    if (distance >= best) continue;
    best = distance;
    std::string buffer = str_cat("buffer ", i, " (", buffers[i].bytes, " bytes at ", hex(lo), ")");
    if (a < lo)
      where = str_cat(", ", lo - a, " bytes before the start of ", buffer);
    else if (a >= hi)
      where = str_cat(", ", a - hi, " bytes past the end of ", buffer);
    else
      where = str_cat(", running past the end of ", buffer);
  }
  fail(ErrorKind::AcceleratorError,
       cuda_error_message("an illegal memory access was encountered", "cudaErrorIllegalAddress"),
       "Simulated GPU: kernel '", launch_->config->name, "', thread ", dim3_str(thread_),
       " in block ", dim3_str(block_->index), " (warp ", linear_ / launch_->warp_size, ") ",
       verb(kind), " ", bytes, " bytes of global memory at ", hex(a), where);
}

void SimThread::check_shared(const void* p, size_t bytes, AccessKind kind) {
  const uintptr_t a = reinterpret_cast<uintptr_t>(p);
  (kind == AccessKind::SharedRead ? trace_.shared_reads : trace_.shared_writes) += 1;
  log(p, kind);
  const uintptr_t lo = reinterpret_cast<uintptr_t>(block_->shared.data());
  const size_t size = block_->shared_bytes;
  if (a >= lo && a + bytes <= lo + size) return;
  std::string where =
      size == 0 ? str_cat(" but the launch gave the block no shared memory")
      : a < lo  ? str_cat(", ", lo - a, " bytes before the block's ", size, " bytes of shared memory")
                : str_cat(" at offset ", a - lo, ", past the end of the block's ", size,
                          " bytes of shared memory");
  fail(ErrorKind::AcceleratorError,
       cuda_error_message("an illegal memory access was encountered", "cudaErrorIllegalAddress"),
       "Simulated GPU: kernel '", launch_->config->name, "', thread ", dim3_str(thread_),
       " in block ", dim3_str(block_->index), " (warp ", linear_ / launch_->warp_size, ") ",
       verb(kind), " ", bytes, " bytes of shared memory", where);
}

void SimThread::sync() {
  if (!launch_->config->uses_barriers || !Fiber::inside())
    throw_internal(__FILE__, __LINE__,
                   str_cat("kernel '", launch_->config->name,
                           "' calls sync() but was launched without uses_barriers"));
  trace_.barriers += 1;
  if (launch_->record) accesses_.push_back({0, AccessKind::Barrier});
  waiting_ = true;
  Fiber::yield();  // back to run_fibers; resumed once the whole block has arrived
}

}  // namespace tp
