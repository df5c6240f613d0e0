// The simulated GPU's streams (core/backends/sim/sim_clock.h): in order on one stream,
// overlapping across streams only as far as the SMs allow, copies on the copy engines,
// pageable copies blocking the host, events ordering streams, and the caching allocator
// holding a block another stream still uses (record_stream). The host's own time is frozen,
// so every figure is the model's and exact.
#include <doctest/doctest.h>

#include "core/backends/caching_allocator.h"
#include "core/backends/sim/sim_arena.h"
#include "core/backends/sim/sim_clock.h"
#include "core/gpu_profile.h"
#include "core/machine_clock.h"
#include "core/profiler.h"

using namespace tp;

namespace {

// Freezes the machine's clock for a test: only modeled time moves it.
struct FrozenHost {
  FrozenHost() { machine_clock().freeze_host(true); }
  ~FrozenHost() { machine_clock().freeze_host(false); }
};

// Float32 bytes of a kernel that asks for `blocks` of the T4's 160 resident 256-thread blocks.
int64_t bytes_for_blocks(int blocks) { return int64_t{blocks} * SimClock::kThreadsPerBlock * 4; }

constexpr double kLaunchNs = 5000;  // the T4 profile's launch latency

}  // namespace

TEST_CASE("one stream runs in order; streams overlap only as far as the SMs allow") {
  FrozenHost frozen;
  const GpuProfile t4 = find_gpu_profile("t4");
  REQUIRE(t4.sm_count * t4.max_threads_per_sm / SimClock::kThreadsPerBlock == 160);
  SimClock clock(t4);
  const double host0 = clock.host_ns();
  const int64_t half = bytes_for_blocks(80);  // half of the SMs
  const double dur = t4.kernel_ns(0, half, DType::Float32, OpClass::Elementwise);

  // A long kernel first, so that the host is far ahead of the GPU.
  const int64_t full = int64_t{1} << 26;
  const double long_dur = clock.launch_kernel("long", 0, full, DType::Float32, OpClass::Elementwise);
  const double long_end = host0 + long_dur;
  CHECK(clock.log().back().sm_share == 1.0);

  // Three half-GPU kernels on three streams: the first two run side by side after the long
  // one; the third waits for SMs, though its stream is free.
  const int s1 = clock.create_stream(0), s2 = clock.create_stream(0), s3 = clock.create_stream(-1);
  CHECK(clock.stream_priority(s3) == -1);
  for (int s : {s1, s2, s3}) {
    clock.set_current_stream(s);
    clock.launch_kernel("half", 0, half, DType::Float32, OpClass::Elementwise);
  }
  const auto& log = clock.log();
  REQUIRE(log.size() == 4);
  CHECK(log[1].sm_share == 0.5);
  CHECK(log[1].stream == s1);
  CHECK(log[1].start_ns == long_end);
  CHECK(log[2].start_ns == long_end);
  CHECK(log[3].start_ns == log[1].end_ns);
  CHECK(log[3].end_ns == long_end + 2 * dur);
  // The host paid four launches and never waited.
  CHECK(clock.host_ns() == host0 + 4 * kLaunchNs);

  // In order on one stream: the next kernel on s1 starts after s1's, though SMs are free.
  clock.set_current_stream(s1);
  clock.launch_kernel("small", 0, bytes_for_blocks(8), DType::Float32, OpClass::Elementwise);
  CHECK(clock.log().back().start_ns == log[1].end_ns);

  // synchronize() waits for every stream; a stream's own end is its last work.
  CHECK(clock.stream_end_ns(s3) == long_end + 2 * dur);
  clock.synchronize();
  CHECK(clock.host_ns() == clock.all_streams_end_ns());
}

TEST_CASE("copies run on copy engines: beside kernels, and both ways at once on a card with two") {
  FrozenHost frozen;
  const GpuProfile t4 = find_gpu_profile("t4");
  REQUIRE(t4.copy_engines >= 2);
  SimClock clock(t4);
  const double host0 = clock.host_ns();
  const int64_t mib16 = int64_t{16} << 20;
  const double kernel = clock.launch_kernel("gemm", 1e10, mib16, DType::Float32, OpClass::Matmul);
  // A pinned non_blocking upload on a side stream starts at once, beside the kernel.
  const int side = clock.create_stream(0);
  clock.set_current_stream(side);
  clock.transfer(mib16, CopyDirection::HostToDevice, /*pinned=*/true, /*non_blocking=*/true);
  const ClockRecord up = clock.log().back();
  CHECK(up.lane == ClockLane::CopyHtoD);
  CHECK(up.start_ns == host0 + kLaunchNs);
  CHECK(up.end_ns == up.start_ns + t4.transfer_seconds(mib16, CopyDirection::HostToDevice, true) * 1e9);
  CHECK(up.start_ns < host0 + kernel);
  // A download on a third stream uses the other engine: it overlaps the upload.
  const int third = clock.create_stream(0);
  clock.set_current_stream(third);
  clock.transfer(mib16, CopyDirection::DeviceToHost, true, true);
  CHECK(clock.log().back().start_ns == host0 + 2 * kLaunchNs);
  // A second upload waits for the HtoD engine, though its stream is idle.
  const int fourth = clock.create_stream(0);
  clock.set_current_stream(fourth);
  clock.transfer(mib16, CopyDirection::HostToDevice, true, true);
  CHECK(clock.log().back().start_ns == up.end_ns);

  // With one engine (Apple M2's profile), the download waits for the upload.
  SimClock one(find_gpu_profile("apple_m2"));
  one.transfer(mib16, CopyDirection::HostToDevice, true, true);
  const double first_end = one.log().back().end_ns;
  one.set_current_stream(one.create_stream(0));
  one.transfer(mib16, CopyDirection::DeviceToHost, true, true);
  CHECK(one.log().back().start_ns == first_end);
}

TEST_CASE("a pageable copy blocks the host; waits order one stream after another") {
  FrozenHost frozen;
  const GpuProfile t4 = find_gpu_profile("t4");
  SimClock clock(t4);
  const int64_t mib4 = int64_t{4} << 20;
  clock.launch_kernel("k", 1e9, mib4, DType::Float32, OpClass::Matmul);
  const double kernel_end = clock.stream_end_ns();
  // non_blocking=True from pageable memory still waits: staged by the driver.
  clock.transfer(mib4, CopyDirection::HostToDevice, /*pinned=*/false, /*non_blocking=*/true);
  CHECK(clock.log().back().start_ns == kernel_end);
  CHECK(clock.host_ns() == clock.log().back().end_ns);

  // stream_wait_until (an event's point): the side stream's next kernel starts after it.
  const int side = clock.create_stream(0);
  clock.launch_kernel("k", 1e9, mib4, DType::Float32, OpClass::Matmul);
  const double marker = clock.stream_end_ns();
  clock.stream_wait_until(side, marker);
  clock.set_current_stream(side);
  clock.launch_kernel("after", 0, 1024, DType::Float32, OpClass::Elementwise);
  CHECK(clock.log().back().start_ns == marker);
}

TEST_CASE("the profiler links each launch to the kernel it queued") {
  FrozenHost frozen;
  SimClock clock(find_gpu_profile("t4"), 1);
  profiler::start(false);
  const int64_t op = profiler::push("aten::mul", profiler::HostKind::Op);
  clock.launch_kernel("mul_kernel", 0, 4096, DType::Float32, OpClass::Elementwise);
  profiler::pop(op);
  clock.synchronize();
  profiler::Recording rec = profiler::stop();
  REQUIRE(rec.host.size() == 3);
  CHECK(rec.host[1].name == "cudaLaunchKernel");
  CHECK(rec.host[1].parent == rec.host[0].id);
  CHECK(rec.host[2].name == "cudaDeviceSynchronize");
  CHECK(rec.host[2].end_ns == clock.log().back().end_ns);
  REQUIRE(rec.device.size() == 1);
  CHECK(rec.device[0].device == 1);
  CHECK(rec.device[0].correlation == rec.host[1].id);
  CHECK(!profiler::active());
}

TEST_CASE("record_stream: a block freed while another stream uses it waits for that work") {
  double stream_end[2] = {0, 0};
  double now = 0;
  CachingAllocator alloc(0, std::make_unique<SimArena>(size_t{64} << 20));
  alloc.set_stream_fences([&](int s) -> StreamFence {
    const double end = stream_end[s];
    return [&now, end] { return now >= end; };
  });
  const size_t mib4 = size_t{4} << 20;
  void* a = alloc.allocate(mib4, 0);
  alloc.record_stream(a, 1);
  stream_end[1] = 100;  // the side stream's work on it ends at 100
  alloc.free(a);
  CHECK(alloc.memory_allocated() == 0);
  void* b = alloc.allocate(mib4, 0);
  CHECK(b != a);  // still in use by stream 1
  now = 100;
  alloc.free(b);
  void* c = alloc.allocate(mib4, 0);
  CHECK(c == a);  // its work is done: cached again, merged, handed out
  alloc.free(c);
  // Blocks serve the stream they were allocated for.
  void* d = alloc.allocate(mib4, 1);
  CHECK(d != a);
  alloc.free(d);
}
