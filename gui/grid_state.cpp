// Schedules for the thread grid (from a kernel trace, or a CPU sweep), the animation clock,
// the dot-product text of a clicked cell, and the problem made from the session's tensors.
#include "gui/grid_state.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <chrono>
#include <random>

#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/linalg.h"
#include "core/teaching.h"

namespace tp::gui {

const char* grid_kernel_label(GridKernel k) {
  switch (k) {
    case GridKernel::Naive: return "naive";
    case GridKernel::Coalesced: return "coalesced";
    case GridKernel::Tiled: return "shared-memory tiled";
    case GridKernel::Learner: return "your last kernel";
  }
  return "?";
}

static TeachingKernel teaching_kind(GridKernel k) {
  switch (k) {
    case GridKernel::Naive: return TeachingKernel::Naive;
    case GridKernel::Coalesced: return TeachingKernel::Coalesced;
    case GridKernel::Tiled: return TeachingKernel::Tiled;
    case GridKernel::Learner: break;  // not a teaching kernel: schedule_from_learner
  }
  return TeachingKernel::Naive;
}

GridSchedule schedule_from_trace(const KernelTrace& trace, int m, int k, int n, GridKernel kernel,
                                 int warp_size) {
  GridSchedule s;
  s.mode = GridMode::Gpu;
  s.kernel = kernel;
  s.m = m;
  s.n = n;
  s.k = k;
  s.tile = trace.config.block.x;
  s.grid_x = trace.config.grid.x;
  s.grid_y = trace.config.grid.y;
  s.warp_size = warp_size;
  s.blocks_per_sm = trace.blocks_per_sm;
  s.waves = trace.waves;
  s.launch = teaching_launch_text(teaching_kind(kernel), m, n, s.tile);
  s.measured = trace.measured;
  s.timing_label = trace.measured ? "measured (timestamps recorded by the kernel)"
                                  : "modeled (simulator trace)";
  s.cells.assign(size_t(m) * n, CellEvent{});
  // Measured traces start at their earliest thread; modeled ones at the launch. Either
  // way the animation starts at the first thread.
  double t0 = 1e300;
  for (const ThreadTrace& th : trace.threads) t0 = std::min(t0, th.start_ns);
  if (trace.threads.empty()) t0 = 0;
  int max_sm = -1;
  for (const ThreadTrace& th : trace.threads) {
    s.total_global_reads += th.global_reads;
    s.total_shared_reads += th.shared_reads;
    max_sm = std::max(max_sm, th.sm);
    if (th.output < 0 || th.output >= int64_t(m) * n) continue;  // tiled edge threads
    CellEvent& c = s.cells[size_t(th.output)];
    c.start_ns = th.start_ns - t0;
    c.end_ns = th.end_ns - t0;
    c.worker = th.sm;
    c.block_x = th.block.x;
    c.block_y = th.block.y;
    c.thread_x = th.thread.x;
    c.thread_y = th.thread.y;
    c.warp = th.warp;
    c.block_linear = th.block.y * s.grid_x + th.block.x;
    c.global_reads = th.global_reads;
    c.shared_reads = th.shared_reads;
    c.global_writes = th.global_writes;
    c.barriers = th.barriers;
    c.computed = true;
    s.duration_ns = std::max(s.duration_ns, c.end_ns);
  }
  s.workers = max_sm + 1;
  return s;
}

const WarpMemory* GridSchedule::warp_memory(const CellEvent& c) const {
  if (!learner || !c.computed) return nullptr;
  const size_t i = size_t(c.block_linear) * learner->warps_per_block + c.warp;
  return i < learner->warps.size() ? &learner->warps[i] : nullptr;
}

GridSchedule schedule_from_learner(const std::shared_ptr<const LearnerKernel>& kernel) {
  if (!kernel || kernel->version == 0)
    fail(ErrorKind::RuntimeError, "no numba.cuda kernel launched yet: write one with @cuda.jit in the console "
                                  "(from numba import cuda) and launch it; its threads show here");
  const LearnerKernel& k = *kernel;
  if (k.trace.threads.empty())
    fail(ErrorKind::RuntimeError, "kernel '", k.name, "' ran too many threads to replay here; launch a smaller one");
  if (k.output_shape.empty())
    fail(ErrorKind::RuntimeError, "kernel '", k.name, "' stores to no array, so no element shows who wrote it");
  const KernelTrace& trace = k.trace;
  const bool one_d = k.output_shape.size() == 1;
  int64_t rows = 1, cols = 1;
  if (one_d) {
    cols = std::min<int64_t>(k.output_shape[0], 32);
    rows = (k.output_shape[0] + 31) / 32;
  } else {
    cols = k.output_shape.back();
    for (size_t i = 0; i + 1 < k.output_shape.size(); ++i) rows *= k.output_shape[i];
  }
  GridSchedule s;
  s.mode = GridMode::Gpu;
  s.kernel = GridKernel::Learner;
  s.learner = kernel;
  s.m = int(std::min<int64_t>(rows, kGridMaxEdge));
  s.n = int(std::min<int64_t>(cols, kGridMaxEdge));
  s.k = 0;
  s.tile = 0;
  s.output_cols = int(cols);
  s.grid_x = trace.config.grid.x;
  s.grid_y = trace.config.grid.y;
  s.warp_size = 32;
  s.blocks_per_sm = trace.blocks_per_sm;
  s.waves = trace.waves;
  const KDim3 g = trace.config.grid, b = trace.config.block;
  s.launch = str_cat("kernel '", k.name, "': a grid of (", g.x, ", ", g.y, ", ", g.z, ") blocks of (", b.x, ", ", b.y,
                     ", ", b.z, ") threads");
  std::string shape;
  for (int64_t d : k.output_shape) shape += (shape.empty() ? "" : ", ") + std::to_string(d);
  s.output_label = str_cat("cells: ", k.output_name, " (", shape, one_d ? ",)" : ")",
                           one_d ? ", 32 elements (a warp's worth) to a row" : "",
                           rows > s.m || cols > s.n ? str_cat("; the first ", s.m, " x ", s.n, " shown") : "");
  s.timing_label = "modeled (your kernel on the simulated " + k.device + ")";
  s.cells.assign(size_t(s.m) * s.n, CellEvent{});
  int max_sm = -1;
  for (const ThreadTrace& th : trace.threads) {
    s.total_global_reads += th.global_reads;
    s.total_shared_reads += th.shared_reads;
    max_sm = std::max(max_sm, th.sm);
    s.duration_ns = std::max(s.duration_ns, th.end_ns);
    if (th.output < 0) continue;
    const int64_t row = th.output / cols, col = th.output % cols;
    if (row >= s.m || col >= s.n) continue;
    CellEvent& c = s.cells[size_t(row) * s.n + size_t(col)];
    if (c.computed) continue;  // the first thread that stored there
    c.start_ns = th.start_ns;
    c.end_ns = th.end_ns;
    c.worker = th.sm;
    c.block_x = th.block.x;
    c.block_y = th.block.y;
    c.thread_x = th.thread.x;
    c.thread_y = th.thread.y;
    c.warp = th.warp;
    c.block_linear = (th.block.z * g.y + th.block.y) * g.x + th.block.x;
    c.global_reads = th.global_reads;
    c.shared_reads = th.shared_reads;
    c.global_writes = th.global_writes;
    c.barriers = th.barriers;
    c.computed = true;
  }
  s.workers = max_sm + 1;
  return s;
}

GridSchedule cpu_schedule(int m, int k, int n, int cores, double ns_per_cell, bool measured) {
  GridSchedule s;
  s.mode = GridMode::Cpu;
  s.m = m;
  s.n = n;
  s.k = k;
  s.workers = std::max(1, cores);
  s.measured = measured;
  s.timing_label = measured ? "measured (this CPU, time per cell)" : "modeled";
  s.cells.assign(size_t(m) * n, CellEvent{});
  const int total = m * n;
  for (int i = 0; i < total; ++i) {
    CellEvent& c = s.cells[size_t(i)];
    c.worker = i % s.workers;
    const int slot = i / s.workers;  // how many cells this core did before
    c.start_ns = slot * ns_per_cell;
    c.end_ns = (slot + 1) * ns_per_cell;
    c.global_reads = 2 * int64_t(k);
    c.global_writes = 1;
    c.computed = true;
    s.duration_ns = std::max(s.duration_ns, c.end_ns);
  }
  s.total_global_reads = 2 * int64_t(k) * total;
  return s;
}

CellPhase cell_phase(const CellEvent& c, double t_ns) {
  if (!c.computed || t_ns <= c.start_ns) return CellPhase::Waiting;  // at 0 nothing has begun
  if (t_ns < c.end_ns) return CellPhase::Running;
  return CellPhase::Done;
}

std::vector<double> barrier_moments(const CellEvent& c) {
  std::vector<double> out;
  for (int b = 1; b <= c.barriers; ++b) {
    out.push_back(c.start_ns + (c.end_ns - c.start_ns) * b / (c.barriers + 1));
  }
  return out;
}

void GridAnimation::advance(const GridSchedule& s, double dt) {
  if (!playing || s.duration_ns <= 0) return;
  t_ns += dt * speed / seconds_per_run * s.duration_ns;
  if (t_ns >= s.duration_ns) {
    t_ns = s.duration_ns;
    playing = false;
  }
}

void GridAnimation::step(const GridSchedule& s, int dir) {
  // The distinct finishing moments, in order; a step lands on the next or previous one.
  std::vector<double> ends;
  ends.reserve(s.cells.size());
  for (const CellEvent& c : s.cells) {
    if (c.computed) ends.push_back(c.end_ns);
  }
  std::sort(ends.begin(), ends.end());
  ends.erase(std::unique(ends.begin(), ends.end()), ends.end());
  if (ends.empty()) return;
  if (dir > 0) {
    auto it = std::upper_bound(ends.begin(), ends.end(), t_ns);
    t_ns = it == ends.end() ? ends.back() : *it;
  } else {
    auto it = std::lower_bound(ends.begin(), ends.end(), t_ns);
    t_ns = it == ends.begin() ? 0 : *(it - 1);
  }
  playing = false;
}

int cells_done(const GridSchedule& s, double t_ns) {
  int done = 0;
  for (const CellEvent& c : s.cells) done += cell_phase(c, t_ns) == CellPhase::Done;
  return done;
}

// Integers print without ".0"; negative numbers get parentheses inside a product.
static std::string num(float v, bool paren) {
  char buf[32];
  if (v == std::floor(v) && std::fabs(v) < 1e6) {
    std::snprintf(buf, sizeof buf, "%d", int(v));
  } else {
    std::snprintf(buf, sizeof buf, "%.3g", double(v));
  }
  std::string s = buf;
  return paren && v < 0 ? "(" + s + ")" : s;
}

DotProduct dot_product(const GridProblem& p, int row, int col) {
  DotProduct d;
  std::string terms, values;
  for (int k = 0; k < p.k; ++k) {
    const float a = p.A[size_t(row) * p.k + k], b = p.B[size_t(k) * p.n + col];
    d.a_row.push_back(a);
    d.b_col.push_back(b);
    d.sum += a * b;  // in k order, as the kernels and the CPU reference sum
    if (k) {
      terms += " + ";
      values += " + ";
    }
    terms += "A[" + std::to_string(row) + "][" + std::to_string(k) + "]*B[" + std::to_string(k) +
             "][" + std::to_string(col) + "]";
    values += num(a, true) + "*" + num(b, true);
  }
  d.text = "C[" + std::to_string(row) + "][" + std::to_string(col) + "] = " + terms + "\n  = " +
           values + "\n  = " + num(d.sum, false);
  return d;
}

GridProblem random_problem(int m, int k, int n, unsigned seed) {
  GridProblem p;
  p.m = m;
  p.k = k;
  p.n = n;
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-3, 3);
  p.A.resize(size_t(m) * k);
  p.B.resize(size_t(k) * n);
  for (float& v : p.A) v = float(dist(rng));
  for (float& v : p.B) v = float(dist(rng));
  return p;
}

GridProblem random_problem(int n, unsigned seed) { return random_problem(n, n, n, seed); }


}  // namespace tp::gui

// ---- Building schedules (needs core, not a window) --------------------------------------


namespace tp::gui {

// Nanoseconds per cell of the plain triple loop on this CPU (median-free: the loop is
// repeated until it has run for about 20 ms, which smooths out the timer's resolution).
static double cpu_ns_per_cell(const GridProblem& p) {
  const int m = p.m, k = p.k, n = p.n;
  std::vector<float> C(size_t(m) * n);
  int reps = 0;
  const auto t0 = std::chrono::steady_clock::now();
  double elapsed = 0;
  while (elapsed < 0.02) {
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        float sum = 0;
        for (int t = 0; t < k; ++t) sum += p.A[size_t(i) * k + t] * p.B[size_t(t) * n + j];
        C[size_t(i) * n + j] = sum;
      }
    }
    ++reps;
    elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  volatile float keep = C[0];  // the loop's result is used, so it is not optimised away
  (void)keep;
  return elapsed * 1e9 / (double(reps) * m * n);
}

GridProblem problem_from_tensors(const Tensor& a, const Tensor& b) {
  check_mm_shapes(a.sizes(), b.sizes());
  for (const Tensor* t : {&a, &b}) {
    const bool fits = t->size(0) >= 1 && t->size(1) >= 1 && t->size(0) <= kGridMaxEdge &&
                      t->size(1) <= kGridMaxEdge;
    TP_CHECK(fits, RuntimeError, t == &a ? "A" : "B", " is ", t->size(0), " x ", t->size(1),
             ": the thread grid draws matrices from 1 x 1 up to ", kGridMaxEdge, " x ", kGridMaxEdge);
  }
  GridProblem p;
  p.m = int(a.size(0));
  p.k = int(a.size(1));
  p.n = int(b.size(1));
  p.from_session = true;
  p.source = "the session's";
  for (const Tensor* t : {&a, &b}) {
    Tensor c = contiguous(to(*t, Device::cpu(), DType::Float32));
    const float* d = c.data<float>();
    (t == &a ? p.A : p.B).assign(d, d + c.numel());
  }
  return p;
}

GridSchedule make_schedule(const GridProblem& problem, GridMode mode, GridKernel kernel, int cores) {
  const int m = problem.m, k = problem.k, n = problem.n;
  if (mode == GridMode::Gpu && kernel == GridKernel::Learner) return schedule_from_learner(last_learner_kernel());
  if (mode == GridMode::Cpu) {
    GridSchedule s = cpu_schedule(m, k, n, cores, cpu_ns_per_cell(problem), true);
    s.timing_label = "measured (this CPU's plain loop, time per cell)";
    return s;
  }
  const int tile = teaching_grid_tile(m, n);
  const auto& devs = cuda_devices();
  if (!devs.empty() && cuda_devices_are_real()) {
    const Device gpu = Device::cuda(0);
    auto on_gpu = [&](const std::vector<float>& v, int rows, int cols) {
      Tensor t = empty({rows, cols}, TensorOptions(DType::Float32));
      std::copy(v.begin(), v.end(), t.data<float>());
      return to(t, gpu, std::nullopt);
    };
    Tensor A = on_gpu(problem.A, m, k), B = on_gpu(problem.B, k, n);
    Tensor C = on_gpu(std::vector<float>(size_t(m) * n), m, n);
    KernelTrace trace;
    cuda_run_teaching_matmul(teaching_kind(kernel), A, B, C, tile, &trace);
    GridSchedule s = schedule_from_trace(trace, m, k, n, kernel, devs[0].profile.warp_size);
    s.timing_label = "measured (timestamps recorded by the kernel on " + devs[0].name + ")";
    return s;
  }
  const GpuProfile profile = devs.empty() ? find_gpu_profile("t4") : devs[0].profile;
  std::vector<float> C(size_t(m) * n);
  KernelTrace trace = run_teaching_matmul(teaching_kind(kernel), problem.A.data(), problem.B.data(),
                                          C.data(), m, n, k, profile, tile);
  GridSchedule s = schedule_from_trace(trace, m, k, n, kernel, profile.warp_size);
  s.timing_label = "modeled (simulator trace, " + profile.name + " profile)";
  return s;
}

}  // namespace tp::gui
