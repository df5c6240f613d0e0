// The simulated GPU's modeled clock: bigger work takes more modeled time, transfers follow
// the link model, kernels run asynchronously until the host needs a result, and
// torch.cuda.Event measures modeled time on the sim. Times are compared with the roofline
// formula and with each other, never with a wall clock.
#include <doctest/doctest.h>

#include "core/cuda_error.h"
#include "core/backends/sim/sim_backend.h"
#include "core/backends/sim/sim_clock.h"
#include "core/cuda_event.h"
#include "core/device_registry.h"
#include "core/machine_clock.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/profiler.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

// A fresh session with `gpus` simulated T4s (or `profile`).
void use_sim(int gpus, const std::string& profile = "t4") {
  DeviceConfig config;
  config.sim_gpus = gpus;
  config.force_sim = true;
  config.gpu_profile = profile;
  configure_devices(config);
}

SimClock& clock0() { return *sim_backend().device(Device::cuda(0)).clock; }

// The device's work queued since `since`, without the host's waits the log also returns.
std::vector<ClockRecord> work_since(const SimClock& clock, const ClockPoint& since) {
  std::vector<ClockRecord> out;
  for (ClockRecord& r : clock.records_since(since))
    if (r.lane != ClockLane::HostWait) out.push_back(std::move(r));
  return out;
}

Tensor sim_ones(const Shape& shape, DType dtype = DType::Float32) {
  Tensor t = empty(shape, TensorOptions(dtype, Device::cuda(0)));
  fill_(t, Scalar(1.0));
  return t;
}

}  // namespace

namespace {
int64_t g_fake_real_ns = 0;  // the real time a test's MachineClock sees
int64_t fake_real() { return g_fake_real_ns; }
}  // namespace

TEST_CASE("the machine's clock: host work counts, simulating does not, waits are modeled") {
  g_fake_real_ns = 1000;
  MachineClock clock(fake_real);
  CHECK(clock.now_ns() == 0);
  g_fake_real_ns += 500;  // the host works for 500 ns
  CHECK(clock.now_ns() == 500);
  {
    SimulationScope simulating(clock);
    g_fake_real_ns += 10000;  // 10 us simulating a kernel: the machine's time stands still
    CHECK(clock.now_ns() == 500);
    clock.spend(200);  // ... but the launch's modeled cost counts
    CHECK(clock.now_ns() == 700);
    {
      SimulationScope nested(clock);
      g_fake_real_ns += 100;
    }
    CHECK(clock.now_ns() == 700);
  }
  CHECK(clock.simulation_ns() == 10100);
  CHECK(clock.real_ns() == 10600);
  g_fake_real_ns += 300;
  CHECK(clock.now_ns() == 1000);
  clock.wait_until(5000);  // the host waits for the device until 5 us
  CHECK(clock.now_ns() == 5000);
  clock.wait_until(4000);  // already past: no wait
  CHECK(clock.now_ns() == 5000);
  // Frozen, only modeled time moves it; thawed, it goes on from there (never backwards).
  clock.freeze_host(true);
  g_fake_real_ns += 7000;
  CHECK(clock.now_ns() == 5000);
  clock.spend(50);
  CHECK(clock.now_ns() == 5050);
  clock.freeze_host(false);
  CHECK(clock.now_ns() == 5050);
  g_fake_real_ns += 10;
  CHECK(clock.now_ns() == 5060);
}

TEST_CASE("roofline: bigger work takes more modeled time") {
  use_sim(1);
  SimClock& clock = clock0();
  const GpuProfile& p = sim_backend().device(Device::cuda(0)).profile;
  const double launch = p.kernel_launch_latency_us * 1e3;
  // Memory-bound: time = launch + bytes / bandwidth.
  CHECK(p.kernel_ns(0, 1 << 30, DType::Float32, OpClass::Elementwise) ==
        doctest::Approx(launch + (1 << 30) / p.memory_bytes_per_second() * 1e9));
  // Compute-bound: time = launch + flops / peak.
  CHECK(p.kernel_ns(1e12, 8, DType::Float32, OpClass::Matmul) ==
        doctest::Approx(launch + 1e12 / p.peak_flops(DType::Float32, OpClass::Matmul) * 1e9));
  // An empty kernel still pays the launch latency.
  CHECK(p.kernel_ns(0, 0, DType::Float32, OpClass::Elementwise) == doctest::Approx(launch));

  // Through real ops: a 4x larger add and a 8x larger matmul take longer.
  auto device_time = [&](auto&& work) {
    ClockPoint a = clock.point();
    work();
    return device_ns_between(a, clock.point());
  };
  Tensor small = sim_ones({256, 256}), big = sim_ones({1024, 1024});
  double t_small = device_time([&] { add(small, small); });
  double t_big = device_time([&] { add(big, big); });
  CHECK(t_big > t_small);
  double mm_small = device_time([&] { matmul(small, small); });
  double mm_big = device_time([&] { matmul(big, big); });
  CHECK(mm_big > mm_small);
  // The log names each kernel, with its bytes and flops, and says it is modeled.
  ClockPoint before = clock.point();
  matmul(big, big);
  std::vector<ClockRecord> log = work_since(clock, before);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "gemm (cuBLAS)");
  CHECK(log[0].flops == doctest::Approx(2.0 * 1024 * 1024 * 1024));
  CHECK(log[0].bytes == 3 * 1024 * 1024 * 4);
  CHECK(log[0].modeled);
  CHECK(log[0].end_ns - log[0].start_ns ==
        doctest::Approx(p.kernel_ns(log[0].flops, log[0].bytes, DType::Float32, OpClass::Matmul)));
  // Half matmul uses the T4's tensor cores: faster than float32 for the same shape.
  Tensor big_h = sim_ones({1024, 1024}, DType::Float16);
  CHECK(device_time([&] { matmul(big_h, big_h); }) < mm_big);
}

TEST_CASE("transfers follow the link model") {
  use_sim(1);
  SimClock& clock = clock0();
  const GpuProfile& p = sim_backend().device(Device::cuda(0)).profile;
  const int64_t mib = 1 << 20;
  auto copy_ns = [&](int64_t bytes, CopyDirection dir, bool pinned) {
    ClockPoint a = clock.point();
    clock.transfer(bytes, dir, pinned, false);
    return device_ns_between(a, clock.point());
  };
  // Time = latency + bytes / rate, for each direction and kind of host memory.
  for (bool pinned : {false, true}) {
    for (CopyDirection dir : {CopyDirection::HostToDevice, CopyDirection::DeviceToHost}) {
      CHECK(copy_ns(64 * mib, dir, pinned) ==
            doctest::Approx(p.transfer_seconds(64 * mib, dir, pinned) * 1e9));
    }
  }
  // Pinned memory is faster than pageable; twice the bytes take twice the time past the
  // fixed latency.
  CHECK(copy_ns(64 * mib, CopyDirection::HostToDevice, true) <
        copy_ns(64 * mib, CopyDirection::HostToDevice, false));
  const double latency = p.transfer_latency_us * 1e3;
  double one = copy_ns(32 * mib, CopyDirection::HostToDevice, true) - latency;
  double two = copy_ns(64 * mib, CopyDirection::HostToDevice, true) - latency;
  CHECK(two == doctest::Approx(2 * one));

  // Tensor copies: .to('cuda') of pageable memory is charged as a pageable upload, and
  // the same bytes from pin_memory() memory as a pinned one.
  Tensor host = test::make_tensor(std::vector<double>(1 << 20, 1.0), {1 << 20});
  ClockPoint a = clock.point();
  Tensor dev = to(host, Device::cuda(0), std::nullopt);
  std::vector<ClockRecord> log = work_since(clock, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy HtoD (pageable)");
  CHECK(log[0].bytes == 4 << 20);
  Tensor pinned = pin_memory(host);
  a = clock.point();
  dev = to(pinned, Device::cuda(0), std::nullopt);
  log = work_since(clock, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy HtoD (pinned)");
  // Reading back (.cpu()) is a download.
  a = clock.point();
  Tensor back = to(dev, Device::cpu(), std::nullopt);
  log = work_since(clock, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy DtoH (pageable)");
}

TEST_CASE("work is asynchronous until the host needs a result") {
  use_sim(1);
  SimClock& clock = clock0();
  const GpuProfile& p = sim_backend().device(Device::cuda(0)).profile;
  const double launch = p.kernel_launch_latency_us * 1e3;
  Tensor x = sim_ones({1024, 1024});
  cuda_synchronize(Device::cuda(0));
  double host0 = clock.host_ns();
  for (int i = 0; i < 10; ++i) mul(x, x);
  // The host paid ten launch costs; the stream holds ten kernels' worth of work.
  CHECK(clock.host_ns() - host0 == doctest::Approx(10 * launch));
  CHECK(clock.stream_end_ns() > clock.host_ns());
  // .item() waits for the stream, then for its own small download.
  double stream_end = clock.stream_end_ns();
  item(sum(x));
  CHECK(clock.host_ns() > stream_end);
  CHECK(clock.host_ns() == doctest::Approx(clock.stream_end_ns()));

  // A non_blocking copy from pinned memory is queued; a pageable one blocks the host.
  mul(x, x);
  Tensor staged = pin_memory(test::make_tensor(std::vector<double>(1 << 18, 1.0), {1 << 18}));
  to(staged, Device::cuda(0), std::nullopt, /*copy=*/false, /*non_blocking=*/true);
  CHECK(clock.host_ns() < clock.stream_end_ns());
  Tensor pageable = test::make_tensor(std::vector<double>(1 << 18, 1.0), {1 << 18});
  to(pageable, Device::cuda(0), std::nullopt, /*copy=*/false, /*non_blocking=*/true);
  CHECK(clock.host_ns() == doctest::Approx(clock.stream_end_ns()));

  // synchronize() brings the host to the end of the stream.
  mul(x, x);
  CHECK(clock.host_ns() < clock.stream_end_ns());
  cuda_synchronize(Device::cuda(0));
  CHECK(clock.host_ns() == clock.stream_end_ns());
}

TEST_CASE("torch.cuda.Event measures modeled time on the sim") {
  use_sim(2);
  Tensor x = sim_ones({1024, 1024});
  CudaEvent start(true), end(true);
  start.record(Device::cuda(0));
  for (int i = 0; i < 5; ++i) matmul(x, x);
  end.record(Device::cuda(0));
  CHECK(start.modeled());
  // The work has not finished in modeled time until the host waits for it.
  CHECK_FALSE(end.query());
  CHECK_THROWS_WITH(start.elapsed_time(end),
                    cuda_error_message("device not ready", "cudaErrorNotReady").c_str());
  end.synchronize();
  CHECK(end.query());
  const GpuProfile& p = sim_backend().device(Device::cuda(0)).profile;
  const double one = p.kernel_ns(2.0 * 1024 * 1024 * 1024, 3 * 1024 * 1024 * 4,
                                 DType::Float32, OpClass::Matmul);
  CHECK(start.elapsed_time(end) == doctest::Approx(5 * one * 1e-6).epsilon(1e-5));

  // PyTorch's errors: timing not enabled, events not recorded.
  CudaEvent plain, unrecorded(true);
  plain.record(Device::cuda(0));
  CHECK_THROWS_WITH(plain.elapsed_time(end),
                    "Both events must be created with argument 'enable_timing=True'.");
  CHECK_THROWS_WITH(unrecorded.elapsed_time(end),
                    "Both events must be recorded before calculating elapsed time.");
  CHECK(unrecorded.query());
  // Events on two different GPUs cannot be compared.
  CudaEvent other(true);
  other.record(Device::cuda(1));
  CHECK_THROWS_WITH(start.elapsed_time(other),
                    cuda_error_message("invalid resource handle", "cudaErrorInvalidResourceHandle").c_str());
}

TEST_CASE("copies between two simulated GPUs use NVLink or PCIe") {
  use_sim(2, "h100_sxm");
  {
  SimDevice& d0 = sim_backend().device(Device::cuda(0));
  SimDevice& d1 = sim_backend().device(Device::cuda(1));
  Tensor x = sim_ones({1 << 20});
  Tensor y = empty({1 << 20}, TensorOptions(DType::Float32, Device::cuda(1)));
  ClockPoint a = d1.clock->point();
  sim_backend().copy(x, y);
  std::vector<ClockRecord> log = work_since(*d1.clock, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy PtoP (NVLink)");
  CHECK(log[0].end_ns - log[0].start_ns ==
        doctest::Approx((d0.profile.transfer_latency_us * 1e-6 +
                         (4 << 20) / (d0.profile.nvlink_bandwidth_gbps * 1e9)) * 1e9));
  CHECK(test::values_of(y) == test::values_of(x));
  // The source stream is busy until the copy ends too.
  CHECK(d0.clock->stream_end_ns() >= log[0].end_ns);
  }

  use_sim(2, "t4");  // no NVLink: peer-to-peer over PCIe
  Tensor p = sim_ones({1 << 10});
  Tensor q = empty({1 << 10}, TensorOptions(DType::Float32, Device::cuda(1)));
  SimClock& c1 = *sim_backend().device(Device::cuda(1)).clock;
  ClockPoint a = c1.point();
  sim_backend().copy(p, q);
  std::vector<ClockRecord> log = work_since(c1, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy PtoP (PCIe)");

  // x.to('cuda:1') takes the same peer path, not a trip through the host.
  a = c1.point();
  Tensor moved = to(p, Device::cuda(1), std::nullopt);
  log = work_since(c1, a);
  REQUIRE(log.size() == 1);
  CHECK(log[0].name == "memcpy PtoP (PCIe)");
  CHECK(moved.device() == Device::cuda(1));
}

namespace {
std::string two_by_three(const void*) { return "[[2, 3]]"; }
}  // namespace

TEST_CASE("a kernel or copy is labelled with the op that queued it, outside an op with nothing") {
  use_sim(1);
  SimClock& clock = clock0();
  Tensor x = sim_ones({2, 3});
  profiler::set_input_describer(&two_by_three);
  const int inputs = 0;
  ClockPoint before = clock.point();
  {
    profiler::WaitCause op("mul", &inputs);
    mul(x, x);
    to(x, Device::cpu(), std::nullopt);
  }
  mul(x, x);
  std::vector<ClockRecord> work = work_since(clock, before);
  REQUIRE(work.size() == 3);
  CHECK(work[0].op == "aten::mul [[2, 3]]");
  CHECK(work[1].op == "aten::mul [[2, 3]]");
  CHECK(work[1].is_copy);
  CHECK(work[2].op.empty());
  profiler::set_input_describer(nullptr);
}
