// The thread grid's state without a window (gui/grid_state.h): schedules from a trace, from
// the simulator and for the CPU, for square and non-square A (M,K) @ B (K,N); the problem
// made from the session's tensors (mm's errors, the size limit); animation stepping; the
// dot product of a cell.
#include <doctest/doctest.h>

#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "core/teaching.h"
#include "gui/grid_state.h"

using namespace tp;
using namespace tp::gui;

namespace {

ThreadTrace thread(int bx, int by, int tx, int ty, int sm, int64_t out, double s, double e) {
  ThreadTrace t;
  t.block = {bx, by, 1};
  t.thread = {tx, ty, 1};
  t.sm = sm;
  t.output = out;
  t.start_ns = s;
  t.end_ns = e;
  t.global_reads = 4;
  return t;
}

// A float32 CPU matrix holding `values`, row-major.
Tensor matrix(int64_t rows, int64_t cols, const std::vector<float>& values) {
  Tensor t = empty({rows, cols}, TensorOptions(DType::Float32));
  std::copy(values.begin(), values.end(), t.data<float>());
  return t;
}

TeachingKernel teaching(GridKernel k) {
  return k == GridKernel::Naive ? TeachingKernel::Naive
         : k == GridKernel::Coalesced ? TeachingKernel::Coalesced
                                      : TeachingKernel::Tiled;
}

const GridKernel kKernels[] = {GridKernel::Naive, GridKernel::Coalesced, GridKernel::Tiled};

}  // namespace

TEST_CASE("schedule from a trace: cells, blocks, SMs and times from the first thread") {
  KernelTrace tr;
  tr.config.grid = {2, 1, 1};
  tr.config.block = {1, 2, 1};
  tr.blocks_per_sm = 1;
  tr.waves = 1;
  // 2x2 C: block 0 on SM 0 computes column 0, block 1 on SM 3 column 1, later.
  tr.threads = {thread(0, 0, 0, 0, 0, 0, 100, 150), thread(0, 0, 0, 1, 0, 2, 100, 160),
                thread(1, 0, 0, 0, 3, 1, 120, 200), thread(1, 0, 0, 1, 3, 3, 120, 210),
                thread(1, 0, 0, 2, 3, -1, 120, 130)};  // an edge thread with no output
  GridSchedule s = schedule_from_trace(tr, 2, 2, 2, GridKernel::Coalesced, 32);
  CHECK(s.mode == GridMode::Gpu);
  CHECK(s.duration_ns == 110);
  CHECK(s.workers == 4);
  CHECK(s.cell(0, 1).worker == 3);
  CHECK(s.cell(0, 1).block_linear == 1);
  CHECK(s.cell(1, 0).thread_y == 1);
  CHECK(s.cell(0, 0).start_ns == 0);
  CHECK(s.cell(1, 1).end_ns == 110);
  CHECK(s.total_global_reads == 20);
  CHECK(s.timing_label == "modeled (simulator trace)");
  tr.measured = true;
  CHECK(schedule_from_trace(tr, 2, 2, 2, GridKernel::Coalesced, 32).timing_label ==
        "measured (timestamps recorded by the kernel)");
}

TEST_CASE("schedules from the simulator: every cell computed; tiled reads shared memory") {
  configure_devices(DeviceConfig{});
  GridProblem p = random_problem(12, 3);
  for (GridKernel k : kKernels) {
    GridSchedule s = make_schedule(p, GridMode::Gpu, k, 1);
    CHECK(s.m == 12);
    CHECK(s.n == 12);
    CHECK(s.tile == teaching_grid_tile(12, 12));
    CHECK(s.duration_ns > 0);
    CHECK(s.timing_label.rfind("modeled", 0) == 0);
    CHECK(cells_done(s, s.duration_ns) == 144);
    CHECK(cells_done(s, 0) < 144);
    if (k == GridKernel::Tiled) {
      // 2 x 2 blocks of 8 x 8 threads (edge threads too), 2 tiles, 8 steps, 2 reads each.
      CHECK(s.total_shared_reads == int64_t(256) * 2 * 8 * 2);
      CHECK(s.cell(5, 7).barriers == 4);
      CHECK(barrier_moments(s.cell(5, 7)).size() == 4);
    } else {
      CHECK(s.total_shared_reads == 0);
      CHECK(s.total_global_reads == int64_t(2) * 12 * 12 * 12);
    }
  }
  // Naive: block x walks rows; coalesced: block x walks columns.
  CHECK(make_schedule(p, GridMode::Gpu, GridKernel::Naive, 1).cell(9, 0).block_x == 1);
  CHECK(make_schedule(p, GridMode::Gpu, GridKernel::Coalesced, 1).cell(9, 0).block_y == 1);
  GridSchedule cpu = make_schedule(p, GridMode::Cpu, GridKernel::Naive, 1);
  CHECK(cpu.timing_label.rfind("measured", 0) == 0);
  CHECK(cpu.workers == 1);
}

TEST_CASE("non-square products: the thread the schedule shows for C[i][j] is the rule's, reading K numbers") {
  configure_devices(DeviceConfig{});
  // 2x3 @ 3x2 (lesson 1), 3x2 @ 2x4, a row times a column, a column times a row.
  const int shapes[][3] = {{2, 3, 2}, {3, 2, 4}, {1, 5, 1}, {1, 64, 1}, {4, 1, 3}, {9, 2, 3}};
  for (auto& shape : shapes) {
    const int m = shape[0], k = shape[1], n = shape[2];
    CAPTURE(m);
    CAPTURE(k);
    CAPTURE(n);
    const GridProblem p = random_problem(m, k, n, 5);
    REQUIRE(p.A.size() == size_t(m) * k);
    REQUIRE(p.B.size() == size_t(k) * n);
    for (GridKernel kernel : kKernels) {
      CAPTURE(grid_kernel_label(kernel));
      const GridSchedule s = make_schedule(p, GridMode::Gpu, kernel, 1);
      CHECK(s.m == m);
      CHECK(s.n == n);
      CHECK(s.k == k);
      CHECK(s.cells.size() == size_t(m) * n);
      CHECK(s.tile == teaching_grid_tile(m, n));
      CHECK(s.launch == teaching_launch_text(teaching(kernel), m, n, s.tile));
      CHECK(cells_done(s, s.duration_ns) == m * n);
      for (int i = 0; i < m; ++i) {
        for (int j = 0; j < n; ++j) {
          const CellEvent& c = s.cell(i, j);
          const TeachingThread named = teaching_thread_for(teaching(kernel), i, j, s.tile);
          CHECK(c.block_x == named.block.x);
          CHECK(c.block_y == named.block.y);
          CHECK(c.thread_x == named.thread.x);
          CHECK(c.thread_y == named.thread.y);
          if (kernel != GridKernel::Tiled) CHECK(c.global_reads == 2 * k);  // a row of A, a column of B
        }
      }
    }
    const GridSchedule cpu = cpu_schedule(m, k, n, 2, 10, false);
    CHECK(cpu.cells.size() == size_t(m) * n);
    CHECK(cpu.cell(m - 1, n - 1).global_reads == 2 * k);
    CHECK(cpu.total_global_reads == int64_t(2) * k * m * n);
    CHECK(make_schedule(p, GridMode::Cpu, GridKernel::Naive, 1).cells.size() == size_t(m) * n);
  }
  // Lesson 1's 2x3 @ 3x2: C is 2 x 2, one block of 4 x 4 threads; C[1][0] is naive thread (1, 0).
  const GridSchedule s = make_schedule(random_problem(2, 3, 2, 1), GridMode::Gpu, GridKernel::Naive, 1);
  CHECK(s.launch ==
        "a grid of (1, 1) blocks of (4, 4) threads: 4 compute an element of C each, 12 fall outside C "
        "and return at once");
  CHECK(s.cell(1, 0).thread_x == 1);
  CHECK(s.cell(1, 0).thread_y == 0);
}

TEST_CASE("the session's tensors as the grid's problem: values, mm's errors, the size limit") {
  configure_devices(DeviceConfig{});
  const Tensor a = matrix(2, 3, {1, 2, 3, 4, 5, 6}), b = matrix(3, 2, {1, 0, 0, 1, 1, 1});
  GridProblem p = problem_from_tensors(a, b);
  CHECK(p.m == 2);
  CHECK(p.k == 3);
  CHECK(p.n == 2);
  CHECK(p.A == std::vector<float>{1, 2, 3, 4, 5, 6});
  CHECK(p.B == std::vector<float>{1, 0, 0, 1, 1, 1});
  CHECK(p.from_session);
  CHECK(p.source == "the session's");
  CHECK_FALSE(random_problem(4, 1).from_session);
  // On a GPU, and as float64 or int64: copied to the CPU as float32.
  const GridProblem moved = problem_from_tensors(to(a, Device::cuda(0), DType::Float64), to(b, Device::cpu(), DType::Int64));
  CHECK(moved.A == p.A);
  CHECK(moved.B == p.B);
  // A non-contiguous view (a transpose) reads as the matrix it shows.
  const Tensor bt = matrix(2, 3, {1, 0, 1, 0, 1, 1}).as_strided({3, 2}, {1, 3}, 0);
  CHECK(problem_from_tensors(a, bt).B == p.B);

  CHECK_THROWS_WITH(problem_from_tensors(a, a), "mm: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)");
  CHECK_THROWS_WITH(problem_from_tensors(matrix(3, 2, std::vector<float>(6)), matrix(3, 2, std::vector<float>(6))),
                    "mm: mat1 and mat2 shapes cannot be multiplied (3x2 and 3x2)");
  CHECK_THROWS_WITH(problem_from_tensors(empty({3}, TensorOptions(DType::Float32)), b),
                    "mm: self must be a matrix, got 1-D tensor");
  CHECK_THROWS_WITH(problem_from_tensors(a, empty({3, 2, 1}, TensorOptions(DType::Float32))),
                    "mm: mat2 must be a matrix, got 3-D tensor");
  CHECK_THROWS_WITH(problem_from_tensors(empty({65, 3}, TensorOptions(DType::Float32)), b),
                    "A is 65 x 3: the thread grid draws matrices from 1 x 1 up to 64 x 64");
  CHECK_THROWS_WITH(problem_from_tensors(a, empty({3, 100}, TensorOptions(DType::Float32))),
                    "B is 3 x 100: the thread grid draws matrices from 1 x 1 up to 64 x 64");
  CHECK_THROWS_WITH(problem_from_tensors(empty({0, 3}, TensorOptions(DType::Float32)), b),
                    "A is 0 x 3: the thread grid draws matrices from 1 x 1 up to 64 x 64");
  // The largest it draws, and a row times a column.
  CHECK(problem_from_tensors(empty({64, 64}, TensorOptions(DType::Float32)), empty({64, 1}, TensorOptions(DType::Float32))).n == 1);
  CHECK(problem_from_tensors(matrix(1, 3, {1, 2, 3}), matrix(3, 1, {4, 5, 6})).m == 1);
}

TEST_CASE("CPU schedule: cores take cells in turn, one after another") {
  GridSchedule s = cpu_schedule(3, 3, 3, 2, 10, true);
  CHECK(s.cells.size() == 9);
  CHECK(s.cell(0, 0).worker == 0);
  CHECK(s.cell(0, 1).worker == 1);
  CHECK(s.cell(0, 2).start_ns == 10);
  CHECK(s.cell(2, 2).start_ns == 40);  // cell 8: core 0's fifth
  CHECK(s.duration_ns == 50);
  CHECK(cell_phase(s.cell(0, 2), 5) == CellPhase::Waiting);
  CHECK(cell_phase(s.cell(0, 2), 15) == CellPhase::Running);
  CHECK(cell_phase(s.cell(0, 2), 20) == CellPhase::Done);
  CHECK(cells_done(s, 20) == 4);
  // 2x3 @ 3x2 on one core: four cells in row-major order.
  GridSchedule r = cpu_schedule(2, 3, 2, 1, 10, true);
  CHECK(r.cell(1, 0).start_ns == 20);
  CHECK(r.duration_ns == 40);
}

TEST_CASE("animation: plays at its speed, stops at the end, steps between finishing moments") {
  GridSchedule s = cpu_schedule(2, 2, 2, 1, 100, true);  // cells end at 100, 200, 300, 400
  GridAnimation a;
  a.seconds_per_run = 8;
  a.advance(s, 4);
  CHECK(a.t_ns == 0);  // paused
  a.playing = true;
  a.advance(s, 2);
  CHECK(a.t_ns == doctest::Approx(100));
  a.speed = 2;
  a.advance(s, 2);
  CHECK(a.t_ns == doctest::Approx(300));
  a.advance(s, 10);
  CHECK(a.t_ns == 400);
  CHECK_FALSE(a.playing);
  CHECK(a.finished(s));
  a.t_ns = 150;
  a.step(s, +1);
  CHECK(a.t_ns == 200);
  a.step(s, +1);
  CHECK(a.t_ns == 300);
  a.step(s, -1);
  CHECK(a.t_ns == 200);
  a.step(s, -1);
  CHECK(a.t_ns == 100);
  a.step(s, -1);
  CHECK(a.t_ns == 0);
}

TEST_CASE("dot product of a cell: row i of A, column j of B, with the numbers") {
  GridProblem sq;
  sq.m = sq.k = sq.n = 2;
  sq.A = {1, 2, 3, 4};
  sq.B = {5, -6, 7, 8};
  DotProduct d = dot_product(sq, 1, 0);
  CHECK(d.sum == 3 * 5 + 4 * 7);
  CHECK(d.text == "C[1][0] = A[1][0]*B[0][0] + A[1][1]*B[1][0]\n  = 3*5 + 4*7\n  = 43");
  CHECK(dot_product(sq, 0, 1).text == "C[0][1] = A[0][0]*B[0][1] + A[0][1]*B[1][1]\n  = 1*(-6) + 2*8\n  = 10");
  // Lesson 1's 2x3 @ 3x2: three products per cell.
  const GridProblem p = problem_from_tensors(matrix(2, 3, {1, 2, 3, 4, 5, 6}), matrix(3, 2, {1, 0, 0, 1, 1, 1}));
  const DotProduct c01 = dot_product(p, 0, 1);
  CHECK(c01.a_row == std::vector<float>{1, 2, 3});
  CHECK(c01.b_col == std::vector<float>{0, 1, 1});
  CHECK(c01.text == "C[0][1] = A[0][0]*B[0][1] + A[0][1]*B[1][1] + A[0][2]*B[2][1]\n  = 1*0 + 2*1 + 3*1\n  = 5");
  CHECK(dot_product(p, 1, 0).sum == 10);
  // A row times a column: one cell, K products.
  const GridProblem dot = problem_from_tensors(matrix(1, 3, {1, 2, 3}), matrix(3, 1, {4, 5, 6}));
  CHECK(dot_product(dot, 0, 0).text == "C[0][0] = A[0][0]*B[0][0] + A[0][1]*B[1][0] + A[0][2]*B[2][0]\n  = 1*4 + 2*5 + 3*6\n  = 32");
}

TEST_CASE("the learner's kernel: one cell per output element, its warp's memory traffic") {
  CHECK_THROWS_WITH(schedule_from_learner(std::make_shared<LearnerKernel>()),
                    doctest::Contains("no numba.cuda kernel launched yet"));
  // 40 elements of a 1-D output written by 2 blocks of 32 threads (threads 40..63 idle);
  // 1-D outputs lay out 32 elements (a warp) to a row.
  auto k = std::make_shared<LearnerKernel>();
  k->version = 1;
  k->name = "add_ten";
  k->device = "Tesla T4";
  k->output_name = "out";
  k->output_shape = {40};
  k->warps_per_block = 1;
  k->trace.config.grid = {2, 1, 1};
  k->trace.config.block = {32, 1, 1};
  for (int b = 0; b < 2; ++b) {
    for (int t = 0; t < 32; ++t) {
      const int i = b * 32 + t;
      ThreadTrace th = thread(b, 0, t, 0, b, i < 40 ? i : -1, 0, 100 + b);
      th.block.z = th.thread.z = 0;  // indices count from 0, as a launch's do
      th.warp = 0;
      k->trace.threads.push_back(th);
    }
  }
  k->warps = {WarpMemory{2, 8, 8, 0, 0}, WarpMemory{2, 32, 2, 1, 4}};
  const GridSchedule s = schedule_from_learner(k);
  CHECK(s.kernel == GridKernel::Learner);
  CHECK(s.m == 2);
  CHECK(s.n == 32);
  CHECK(s.output_cols == 32);
  CHECK(s.output_label == "cells: out (40,), 32 elements (a warp's worth) to a row");
  CHECK(s.timing_label == "modeled (your kernel on the simulated Tesla T4)");
  CHECK(s.launch == "kernel 'add_ten': a grid of (2, 1, 1) blocks of (32, 1, 1) threads");
  const CellEvent& c = s.cell(1, 7);  // element 39: block 1, thread 7
  CHECK(c.computed);
  CHECK(c.block_x == 1);
  CHECK(c.thread_x == 7);
  REQUIRE(s.warp_memory(c) != nullptr);
  CHECK(s.warp_memory(c)->sectors == 32);
  CHECK_FALSE(s.cell(1, 8).computed);  // element 40 does not exist: nothing wrote it
  CHECK(s.duration_ns == 101);
  // A 2-D output larger than the grid draws: its first 64 x 64 elements.
  k->output_shape = {100, 70};
  CHECK(schedule_from_learner(k).output_label == "cells: out (100, 70); the first 64 x 64 shown");
}
