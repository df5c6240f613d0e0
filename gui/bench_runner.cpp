// The benchmark thread: CPU naive and BLAS matmul timed here; the teaching kernels,
// cuBLAS and the copies timed on a real GPU, or modeled from the profile on a simulated one.
#include "gui/bench_runner.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>

#include "core/backends/cpu/cpu_matmul.h"
#include "core/cuda_event.h"
#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "core/ops/linalg.h"
#include "core/teaching.h"
#include "core/tensor.h"

namespace tp::gui {

namespace {

using Clock = std::chrono::steady_clock;

const TeachingKernel kKernels[] = {TeachingKernel::Naive, TeachingKernel::Coalesced,
                                   TeachingKernel::Tiled};
constexpr int kTile = 16;
constexpr int kSimMaxN = 64;  // larger sizes scale the simulator's figure at this size

// A (1,n,n) matrix: matmul_reference takes batches.
Tensor random_matrix(int n, std::mt19937& rng) {
  Tensor t = empty({1, n, n}, TensorOptions(DType::Float32));
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  float* p = t.data<float>();
  for (int64_t i = 0; i < int64_t(n) * n; ++i) p[i] = dist(rng);
  return t;
}

// Median seconds of f over one short window: a warm-up call first (it wakes BLAS's
// threads, which sleep between sizes, and touches fresh buffers; it is never a sample),
// then timed calls for about 50 ms, at least one. The median drops a call that a timer
// interrupt hit; a window that other work on the machine took is for the passes to drop.
template <typename F>
double time_median(F&& f) {
  f();
  std::vector<double> times;
  double total = 0;
  while (times.empty() || (total < 0.05 && times.size() < 50)) {
    auto t0 = Clock::now();
    f();
    double s = std::chrono::duration<double>(Clock::now() - t0).count();
    times.push_back(s);
    total += s;
    pause_point();
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

// Modeled seconds of a teaching kernel at n: the simulator's trace for n <= 64; above, the
// time of one wave at 64 scaled by n/64 (each thread's loop is n long) times the waves n
// needs on this GPU.
double modeled_teaching_seconds(TeachingKernel kind, int n, const GpuProfile& p) {
  const int sim_n = std::min(n, kSimMaxN);
  std::vector<float> A(size_t(sim_n) * sim_n, 1.0f), B(A.size(), 1.0f), C(A.size());
  KernelTrace trace = run_teaching_matmul(kind, A.data(), B.data(), C.data(), sim_n, sim_n, sim_n,
                                          p, kTile);
  const double launch_ns = p.kernel_launch_latency_us * 1e3;
  if (n <= kSimMaxN) return (trace.duration_ns + launch_ns) * 1e-9;
  const double wave_ns = trace.duration_ns / std::max(1, trace.waves);
  const int64_t blocks = int64_t((n + kTile - 1) / kTile) * ((n + kTile - 1) / kTile);
  const int64_t per_wave = int64_t(p.sm_count) * std::max(1, trace.blocks_per_sm);
  const int64_t waves = (blocks + per_wave - 1) / per_wave;
  return (launch_ns + double(waves) * wave_ns * n / sim_n) * 1e-9;
}

// Seconds on the real cuda:0 of `f`, synchronised, median of a few runs.
template <typename F>
double time_on_gpu(F&& f) {
  return time_median([&] {
    f();
    cuda_synchronize(Device::cuda(0));
  });
}

// Sets BLAS's thread count for a scope and puts the process's setting back after.
class BlasThreadsScope {
 public:
  explicit BlasThreadsScope(int threads) : saved_(cpu::blas_threads()) { cpu::set_blas_threads(threads); }
  ~BlasThreadsScope() { cpu::set_blas_threads(saved_); }
  BlasThreadsScope(const BlasThreadsScope&) = delete;
  BlasThreadsScope& operator=(const BlasThreadsScope&) = delete;

 private:
  int saved_;
};

}  // namespace

double modeled_cublas_seconds(const GpuProfile& p, int n) {
  const double flops = 2.0 * n * n * double(n);
  const int64_t bytes = 3 * int64_t(n) * n * 4;
  return p.kernel_ns(flops, bytes, DType::Float32, OpClass::Matmul) * 1e-9;
}

double modeled_copy_seconds(const GpuProfile& p, int n, bool to_device, bool pinned) {
  return p.transfer_seconds(int64_t(n) * n * 4,
                            to_device ? CopyDirection::HostToDevice : CopyDirection::DeviceToHost,
                            pinned);
}

BenchPlan default_bench_plan(bool large) {
  BenchPlan plan;
  if (large) plan.sizes.push_back(4096);
  plan.cpu_threads = std::max(1, cpu::blas_threads() - 1);
  const auto& devs = cuda_devices();
  plan.real_gpu = !devs.empty() && cuda_devices_are_real();
  if (!devs.empty() && !plan.real_gpu) {
    plan.profile = devs[0].profile;
  } else {
    plan.profile = find_gpu_profile("t4");
  }
  return plan;
}

BenchRunner::~BenchRunner() {
  cancel();
}

void BenchRunner::start(const BenchPlan& plan) {
  cancel();
  cancel_ = false;
  running_ = true;
  progress_ = 0;
  {
    std::lock_guard<std::mutex> lock(mu_);
    results_ = BenchResults{};
    const std::string gpu = plan.real_gpu ? cuda_devices()[0].name : plan.profile.name;
    results_.gpu_name = plan.real_gpu ? gpu : gpu + " (simulated)";
    const std::string cpu = "CPU measured (BLAS on " + std::to_string(plan.cpu_threads) + " of " +
                            std::to_string(cpu::blas_threads()) + " cores)";
    results_.source = plan.real_gpu ? "this machine: " + cpu + ", GPU measured"
                                    : "this machine: " + cpu + "; GPU modeled from the " +
                                          plan.profile.id + " profile";
    auto add = [&](const std::string& name, SeriesKind kind, bool pinned) {
      BenchSeries s;
      s.name = name;
      s.kind = kind;
      s.pinned = pinned;
      s.measured = kind == SeriesKind::Cpu || plan.real_gpu;
      results_.series.push_back(s);
    };
    add("CPU naive", SeriesKind::Cpu, false);
    add("CPU BLAS", SeriesKind::Cpu, false);
    for (TeachingKernel k : kKernels) add(std::string("GPU ") + teaching_kernel_name(k), SeriesKind::Gpu, false);
    add("cuBLAS", SeriesKind::Gpu, false);
    add("H2D pageable", SeriesKind::CopyToDevice, false);
    add("H2D pinned", SeriesKind::CopyToDevice, true);
    add("D2H pageable", SeriesKind::CopyToHost, false);
    add("D2H pinned", SeriesKind::CopyToHost, true);
  }
  worker_.start([this, plan] { run(plan); });
}

void BenchRunner::cancel() {
  cancel_ = true;
  worker_.join();  // run() ends with running_ false
}

std::string BenchRunner::status() const {
  std::lock_guard<std::mutex> lock(mu_);
  return status_;
}

BenchResults BenchRunner::results() const {
  std::lock_guard<std::mutex> lock(mu_);
  return results_;
}

void BenchRunner::set_results(BenchResults r) {
  cancel();
  std::lock_guard<std::mutex> lock(mu_);
  results_ = std::move(r);
  status_ = "loaded: " + results_.source;
}

void BenchRunner::keep_fastest(const std::string& series, BenchPoint p) {
  std::lock_guard<std::mutex> lock(mu_);
  BenchSeries* s = results_.find(series);
  if (!s) return;
  for (BenchPoint& q : s->points) {
    if (q.n == p.n) {
      q.seconds = std::min(q.seconds, p.seconds);
      return;
    }
  }
  s->points.push_back(p);  // the first pass goes up through the sizes: points stay sorted
}

bool BenchRunner::has_point(const std::string& series, int n) const {
  std::lock_guard<std::mutex> lock(mu_);
  const BenchSeries* s = results_.find(series);
  return s && s->at(n);
}

void BenchRunner::set_status(std::string s) {
  std::lock_guard<std::mutex> lock(mu_);
  status_ = std::move(s);
}

// Every size once per pass, so a few seconds of other work on the machine slow one pass of
// a size rather than all of its timings; each figure is the fastest pass's. The modeled GPU
// figures do not vary and are computed in the first pass only.
void BenchRunner::run(BenchPlan plan) {
  std::mt19937 rng(7);
  const int passes = std::max(1, plan.passes);
  const size_t steps = plan.sizes.size() * size_t(passes);
  size_t done = 0;
  BlasThreadsScope threads(plan.cpu_threads);
  try {
    for (int pass = 0; pass < passes && !cancel_; ++pass) {
      const std::string where = "pass " + std::to_string(pass + 1) + " of " + std::to_string(passes) + ", N = ";
      double naive_last = 0, blas_last = 0;
      int naive_last_n = 0, blas_last_n = 0;
      for (size_t i = 0; i < plan.sizes.size() && !cancel_; ++i) {
        const int n = plan.sizes[i];
        set_status(where + std::to_string(n) + ": CPU");
        Tensor a = random_matrix(n, rng), b = random_matrix(n, rng);
        Tensor c = empty({1, n, n}, TensorOptions(DType::Float32));
        // The naive loop grows as n^3: the first pass stops once the next size would blow
        // the budget; the later ones time the sizes it timed.
        const double predicted = naive_last * std::pow(double(n) / std::max(1, naive_last_n), 3);
        const bool naive = pass == 0 ? naive_last_n == 0 || predicted < plan.cpu_budget_s
                                     : has_point("CPU naive", n);
        if (naive) {
          naive_last = time_median([&] { cpu::matmul_reference(a, b, c); });
          naive_last_n = n;
          keep_fastest("CPU naive", {n, naive_last});
        }
        if (cancel_) break;
        const double blas_predicted = blas_last * std::pow(double(n) / std::max(1, blas_last_n), 3);
        if (pass == 0 ? blas_last_n == 0 || blas_predicted < plan.cpu_budget_s : has_point("CPU BLAS", n)) {
          blas_last = time_median([&] { (void)matmul(a, b); });
          blas_last_n = n;
          keep_fastest("CPU BLAS", {n, blas_last});
        }
        if (cancel_) break;
        set_status(where + std::to_string(n) + ": GPU");
        if (plan.real_gpu) {
          time_real_gpu(a, b, n);
        } else if (pass == 0) {
          model_gpu(plan.profile, n);
        }
        progress_ = float(++done) / float(steps);
      }
    }
    set_status(cancel_ ? "cancelled" : "done");
  } catch (const std::exception& e) {
    set_status(std::string("failed: ") + e.what());
  }
  running_ = false;
}

void BenchRunner::time_real_gpu(const Tensor& a, const Tensor& b, int n) {
  // The teaching kernels take 2-D matrices.
  const Device gpu = Device::cuda(0);
  Tensor a2 = a.as_strided({n, n}, {n, 1}, 0), b2 = b.as_strided({n, n}, {n, 1}, 0);
  Tensor ga = to(a2, gpu, std::nullopt), gb = to(b2, gpu, std::nullopt);
  Tensor gc = to(empty({n, n}, TensorOptions(DType::Float32)), gpu, std::nullopt);
  for (TeachingKernel k : kKernels) {
    keep_fastest(std::string("GPU ") + teaching_kernel_name(k),
                 {n, time_on_gpu([&] { cuda_run_teaching_matmul(k, ga, gb, gc, kTile, nullptr); })});
  }
  keep_fastest("cuBLAS", {n, time_on_gpu([&] { (void)matmul(ga, gb); })});
  Tensor pa = pin_memory(a2);
  keep_fastest("H2D pageable", {n, time_on_gpu([&] { (void)to(a2, gpu, std::nullopt, true); })});
  keep_fastest("H2D pinned", {n, time_on_gpu([&] { (void)to(pa, gpu, std::nullopt, true); })});
  keep_fastest("D2H pageable", {n, time_on_gpu([&] { (void)to(ga, Device::cpu(), std::nullopt, true); })});
  keep_fastest("D2H pinned", {n, time_on_gpu([&] { copy_(pa, ga); })});
}

void BenchRunner::model_gpu(const GpuProfile& profile, int n) {
  for (TeachingKernel k : kKernels) {
    keep_fastest(std::string("GPU ") + teaching_kernel_name(k), {n, modeled_teaching_seconds(k, n, profile)});
  }
  keep_fastest("cuBLAS", {n, modeled_cublas_seconds(profile, n)});
  keep_fastest("H2D pageable", {n, modeled_copy_seconds(profile, n, true, false)});
  keep_fastest("H2D pinned", {n, modeled_copy_seconds(profile, n, true, true)});
  keep_fastest("D2H pageable", {n, modeled_copy_seconds(profile, n, false, false)});
  keep_fastest("D2H pinned", {n, modeled_copy_seconds(profile, n, false, true)});
}

}  // namespace tp::gui
