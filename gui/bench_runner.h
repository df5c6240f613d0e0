// The live benchmark behind the timings view: runs in the background (background_work.h: a
// thread natively, between frames in the page), reports its
// progress, can be cancelled. CPU figures are measured here, each the fastest of a few passes
// over the sizes; GPU figures are measured on a real GPU or modeled from the simulated
// device's profile (and labelled so).
#pragma once

#include <atomic>
#include <mutex>
#include <string>
#include <vector>

#include "core/gpu_profile.h"
#include "core/tensor.h"
#include "gui/background_work.h"
#include "gui/timings_state.h"

namespace tp::gui {

// What to run.
struct BenchPlan {
  std::vector<int> sizes = {16, 32, 64, 128, 256, 512, 1024, 2048};
  // Skip CPU sizes predicted to take longer than this per product: the naive loop's larger
  // sizes, and BLAS's where the product is slow too (the page's portable gemm at 2048).
  double cpu_budget_s = 1.0;
  int passes = 3;               // times through every size; a figure is its fastest pass
  // BLAS threads for the CPU figures: a fixed count, every core but one, so the window's
  // own drawing and the session do not take a core from a product mid-way (with OpenBLAS's
  // even split, one late thread delays the whole product).
  int cpu_threads = 1;
  bool real_gpu = false;        // time the real cuda:0; else model from `profile`
  GpuProfile profile;           // the simulated GPU's figures
};

// The default plan for this session's devices (real GPU or the sim profile of cuda:0, or
// the T4 profile when there is no cuda device).
BenchPlan default_bench_plan(bool large);

// Modeled seconds for the GPU figures (no window, no GPU): used by the runner and tests.
double modeled_cublas_seconds(const GpuProfile& p, int n);
double modeled_copy_seconds(const GpuProfile& p, int n, bool to_device, bool pinned);

class BenchRunner {
 public:
  ~BenchRunner();
  void start(const BenchPlan& plan);
  void cancel();
  bool running() const { return running_.load(); }
  float progress() const { return progress_.load(); }
  std::string status() const;
  // A copy of the results so far (the plot draws while the run goes on).
  BenchResults results() const;
  // Replaces the results (a loaded file).
  void set_results(BenchResults r);

 private:
  void run(BenchPlan plan);
  void time_real_gpu(const Tensor& a, const Tensor& b, int n);
  void model_gpu(const GpuProfile& profile, int n);
  // Adds the point, or keeps the smaller time when the series has one at that size.
  void keep_fastest(const std::string& series, BenchPoint p);
  bool has_point(const std::string& series, int n) const;
  void set_status(std::string s);

  BackgroundWork worker_;
  std::atomic<bool> running_{false}, cancel_{false};
  std::atomic<float> progress_{0};
  mutable std::mutex mu_;
  BenchResults results_;
  std::string status_ = "not run yet";
};

}  // namespace tp::gui
