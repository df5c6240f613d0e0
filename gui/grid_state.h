// The thread grid's state: C (M,N) = A (M,K) x B (K,N) for small shapes, a schedule saying
// when each cell C[i][j] is computed and by whom (a CPU core, or a GPU thread in a block on
// an SM), and the animation clock that replays it. Plain data: tests build these without a
// window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/kernel_trace.h"
#include "core/learner_kernel.h"
#include "core/tensor.h"

namespace tp::gui {

// Who computes the cells.
enum class GridMode { Cpu, Gpu };

// Which kernel the GPU mode shows: the three teaching kernels, or the learner's last
// numba.cuda kernel (core/learner_kernel.h), whose output array takes C's place.
enum class GridKernel { Naive, Coalesced, Tiled, Learner };
const char* grid_kernel_label(GridKernel k);  // "naive", "coalesced", "shared-memory tiled", "your last kernel"

// One cell C[row][col]: when it is computed and by which worker.
struct CellEvent {
  double start_ns = 0, end_ns = 0;   // from the start of the run
  int worker = 0;                    // CPU: core; GPU: SM
  int block_x = 0, block_y = 0;      // GPU block index (CPU: 0)
  int thread_x = 0, thread_y = 0;    // GPU thread index in the block (CPU: 0)
  int warp = 0;                      // warp in the block
  int block_linear = 0;              // block_y * grid_x + block_x, for colouring
  int64_t global_reads = 0, shared_reads = 0, global_writes = 0;
  int barriers = 0;
  bool computed = false;             // false: no thread wrote this cell (never happens)
};

// When each cell is computed, and the figures the labels show.
struct GridSchedule {
  GridMode mode = GridMode::Cpu;
  GridKernel kernel = GridKernel::Naive;
  int m = 0, n = 0;          // C is m x n
  int k = 0;                 // A is m x k, B is k x n
  int tile = 0;              // GPU block edge (tiled: the tile edge)
  int grid_x = 0, grid_y = 0;
  int workers = 1;           // CPU cores or SMs used
  int warp_size = 32;
  int blocks_per_sm = 0, waves = 0;
  std::string launch;        // GPU: the launch in words (teaching_launch_text)
  double duration_ns = 0;
  bool measured = false;     // true: recorded timestamps; false: modeled
  std::string timing_label;  // "modeled (simulator, Tesla T4 profile)" / "measured (...)"
  std::vector<CellEvent> cells;  // row-major, m * n
  int64_t total_global_reads = 0, total_shared_reads = 0;
  // The learner's kernel: its output and every warp's memory traffic (see LearnerKernel).
  std::shared_ptr<const LearnerKernel> learner;
  std::string output_label;   // "out (10,): 10 elements, 32 to a row"
  int output_cols = 0;        // elements of the output per row of cells (1-D: 32, a warp's worth)
  const WarpMemory* warp_memory(const CellEvent& c) const;  // the cell's warp's, or null

  const CellEvent& cell(int row, int col) const { return cells[size_t(row) * n + col]; }
};

// A GPU schedule from a kernel's per-thread trace of an (m,k) @ (k,n) matmul.
GridSchedule schedule_from_trace(const KernelTrace& trace, int m, int k, int n, GridKernel kernel,
                                 int warp_size);

// A GPU schedule from the learner's last numba.cuda kernel: one cell per element of its
// output (the first array it stores to), at most kGridMaxEdge x kGridMaxEdge of them; a
// 1-D output is laid out 32 elements (a warp's worth) to a row. Raises a RuntimeError when
// no kernel was launched yet or the launch was too large to trace.
GridSchedule schedule_from_learner(const std::shared_ptr<const LearnerKernel>& kernel);

// A CPU schedule for an (m,k) @ (k,n) matmul: `cores` cores take cells in row-major order,
// cell i on core i % cores, each cell taking `ns_per_cell`. `measured` says where
// ns_per_cell came from.
GridSchedule cpu_schedule(int m, int k, int n, int cores, double ns_per_cell, bool measured);

// What a cell is doing at time t.
enum class CellPhase { Waiting, Running, Done };
CellPhase cell_phase(const CellEvent& c, double t_ns);

// The moments a tiled thread waits at a barrier. The trace counts a thread's barriers but
// not their times, so they are spread evenly over its span (an approximation, labelled so).
std::vector<double> barrier_moments(const CellEvent& c);

// Replays a schedule: t runs from 0 to the schedule's duration; one whole run takes
// `seconds_per_run / speed` seconds of wall time.
struct GridAnimation {
  double t_ns = 0;
  bool playing = false;
  double speed = 1.0;
  double seconds_per_run = 8.0;

  // Advances by `dt` seconds of wall time when playing; stops at the end.
  void advance(const GridSchedule& s, double dt);
  // Jumps to the next (dir > 0) or previous (dir < 0) moment a cell finishes.
  void step(const GridSchedule& s, int dir);
  void restart() { t_ns = 0; }
  bool finished(const GridSchedule& s) const { return t_ns >= s.duration_ns; }
};

// Cells done at time t (for the progress label and tests).
int cells_done(const GridSchedule& s, double t_ns);

// The matrices: A (m,k) and B (k,n), row-major; random ones hold small integers so the
// sums read easily.
struct GridProblem {
  int m = 8, k = 8, n = 8;
  std::vector<float> A, B;
  bool from_session = false;      // the session's A and B (the grid follows them)
  std::string source = "random";  // "random" or "the session's"
};
GridProblem random_problem(int m, int k, int n, unsigned seed);
GridProblem random_problem(int n, unsigned seed);  // n x n

// The largest M, K or N the grid draws: at 64 a cell is a few pixels on a laptop screen.
constexpr int kGridMaxEdge = 64;

// The dot product behind one cell, with its numbers.
struct DotProduct {
  std::vector<float> a_row, b_col;
  float sum = 0;
  std::string text;  // "C[1][2] = A[1][0]*B[0][2] + ... = 1*2 + 3*(-1) + ... = -1"
};
DotProduct dot_product(const GridProblem& p, int row, int col);

}  // namespace tp::gui

namespace tp::gui {

// Builds the schedule for `problem`: the CPU mode times this machine's plain loop per cell
// (measured) on `cores` cores; the GPU mode runs the kernel with a trace, on the real
// cuda:0 (measured) or in the simulator with cuda:0's profile, or the T4's when there is
// no cuda device (modeled).
GridSchedule make_schedule(const GridProblem& problem, GridMode mode, GridKernel kernel, int cores);

// The grid's problem from two tensors (the session's A and B): float32 copies of their
// values. Raises mm's errors when they cannot be multiplied, and one naming the limit when
// a matrix is empty or larger than kGridMaxEdge.
GridProblem problem_from_tensors(const Tensor& a, const Tensor& b);

}  // namespace tp::gui
