// Benchmark check (not a test: no timing assertions): runs the timings view's benchmark
// (gui/bench_runner.h, the same runner and plan as the GUI) several times and prints, per N,
// the spread of the CPU BLAS figure across runs, each run's GFLOP/s curve and its crossover.
// usage: gui_timings_spread [RUNS]   (default 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <thread>
#include <vector>

#include "core/device_registry.h"
#include "gui/bench_runner.h"

using namespace tp;
using namespace tp::gui;

namespace {

BenchResults run_once() {
  BenchRunner runner;
  runner.start(default_bench_plan(false));
  while (runner.running()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return runner.results();
}

double gflops(int n, double seconds) { return 2.0 * n * n * double(n) / seconds / 1e9; }

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  configure_devices(DeviceConfig{});
  std::map<int, std::vector<double>> blas;  // n -> seconds, one per run
  std::printf("CPU BLAS GFLOP/s per run (the timings view's benchmark), and where cuBLAS with its\n"
              "copies overtakes it (the view's crossover with \"include transfers\")\n");
  for (int r = 0; r < runs; ++r) {
    const BenchResults res = run_once();
    const BenchSeries* cpu = res.find("CPU BLAS");
    const BenchSeries* gpu = res.find("cuBLAS");
    if (!cpu || cpu->points.empty()) {
      std::fprintf(stderr, "run %d: no CPU BLAS figures\n", r + 1);
      return 1;
    }
    std::printf("run %d:", r + 1);
    // A dip: a size slower per flop than the size below it by more than 15%.
    int dips = 0;
    double last = 0;
    for (const BenchPoint& p : cpu->points) {
      blas[p.n].push_back(p.seconds);
      const double g = gflops(p.n, p.seconds);
      std::printf(" %d:%.0f", p.n, g);
      if (p.n >= 128 && last > 0 && g < 0.85 * last) ++dips;
      last = g;
    }
    const std::optional<double> x = gpu ? crossover(res, *cpu, *gpu, true) : std::nullopt;
    std::printf("   dips %d   crossover %s\n", dips, x ? std::to_string(int(*x + 0.5)).c_str() : "none");
  }
  std::printf("\n%6s %12s %12s %12s %8s\n", "N", "min", "median", "max", "max/min");
  for (auto& [n, v] : blas) {
    std::sort(v.begin(), v.end());
    std::printf("%6d %12s %12s %12s %8.2f\n", n, format_seconds(v.front()).c_str(),
                format_seconds(v[v.size() / 2]).c_str(), format_seconds(v.back()).c_str(),
                v.back() / v.front());
  }
  return 0;
}
