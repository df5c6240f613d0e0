// The thread grid's picture without a window (gui/grid_picture.h): the canvas, the layout of
// A, B and C (square and not), and the colour of each cell at a moment of a CPU and a GPU
// schedule.
#include <doctest/doctest.h>

#include "gui/grid_picture.h"

using namespace tp::gui;
using namespace tp::gui::grid_colours;

TEST_CASE("a canvas fill is clipped to the canvas") {
  PixelCanvas c;
  c.reset(4, 3);
  CHECK(c.pixels.size() == 12);
  c.fill(-2, 1, 2, 10, 7u);
  CHECK(c.at(0, 0) == 0u);
  CHECK(c.at(0, 1) == 7u);
  CHECK(c.at(1, 2) == 7u);
  CHECK(c.at(2, 1) == 0u);  // x1 is exclusive
  CHECK(c.at(-1, 1) == 0u);
  CHECK(c.at(4, 1) == 0u);
  c.fill(3, 0, 1, 3, 9u);  // empty: x1 < x0
  CHECK(c.at(3, 0) == 0u);
}

TEST_CASE("the layout puts B above C and A left of it, at half scale for big grids") {
  const GridLayout big = grid_layout(64, 64, 64, 900, 600, 20);
  CHECK(big.cell == 5);  // floor(580 / (64 * 1.5 + 1.5))
  CHECK(big.ab == 2);
  CHECK(big.b_x == 64 * 2 + 5);
  CHECK(big.c_x == big.b_x);
  CHECK(big.c_y == big.a_y);
  CHECK(big.a_y == 64 * 2 + 5);
  CHECK(big.width == big.c_x + 64 * 5);
  CHECK(big.height <= 580);
  CHECK(big.width <= 900);

  const GridLayout small = grid_layout(4, 4, 4, 200, 1000, 0);
  CHECK(small.ab == small.cell);  // full scale
  CHECK(small.cell == 21);        // floor(200 / (4 * 2 + 1.5))
  CHECK(grid_layout(64, 64, 64, 10, 10, 0).cell == 2);  // never below 2 pixels
}

TEST_CASE("non-square layouts: A's rows beside C's rows, B's columns above C's columns, all inside") {
  // 2x3 @ 3x2 in the canvas a 1280x800 window leaves beside the controls and a lesson.
  const GridLayout L = grid_layout(2, 3, 2, 560, 420, 20);
  CHECK(L.ab == L.cell);               // small: full scale
  CHECK(L.cell == 61);                 // floor(400 / (3 + 2 + 1.5))
  CHECK(L.a_y == 3 * L.ab + L.cell);   // A under B's 3 rows and the gap
  CHECK(L.b_x == 3 * L.ab + L.cell);   // B right of A's 3 columns and the gap
  CHECK(L.c_x == L.b_x);
  CHECK(L.c_y == L.a_y);
  CHECK(L.width == L.c_x + 2 * L.cell);
  CHECK(L.height == L.c_y + 2 * L.cell);
  CHECK(L.height <= 400);
  CHECK(L.width <= 560);

  // 3x2 @ 2x4: wider than tall; the width decides.
  const GridLayout w = grid_layout(3, 2, 4, 300, 1000, 0);
  CHECK(w.cell == 40);  // floor(300 / (2 + 4 + 1.5))
  CHECK(w.width == 2 * w.ab + w.cell + 4 * w.cell);
  CHECK(w.height == 2 * w.ab + w.cell + 3 * w.cell);

  // A row times a column, K = 64: A is 1 x 64 and B 64 x 1 at half scale; C is one cell.
  const GridLayout dot = grid_layout(1, 64, 1, 500, 500, 20);
  CHECK(dot.ab == dot.cell / 2);
  CHECK(dot.a_y == 64 * dot.ab + dot.cell);
  CHECK(dot.width == 64 * dot.ab + dot.cell + dot.cell);
  CHECK(dot.width <= 500);
  CHECK(dot.height <= 480);
}

TEST_CASE("block colours are golden-ratio hues, darker for odd warps") {
  CHECK(block_colour(0, 0, 1.0f) == rgba(235, 106, 106));  // hue 0, s 0.55, v 0.92
  CHECK(block_colour(0, 1, 1.0f) == rgba(179, 80, 80));    // v 0.70
  CHECK((block_colour(3, 0, 0.22f) >> 24) == 56);          // alpha 0.22
  CHECK(block_colour(1, 0, 1.0f) != block_colour(2, 0, 1.0f));
}

TEST_CASE("a CPU sweep paints done, running and waiting cells, and the row and column in use") {
  const GridSchedule s = cpu_schedule(3, 3, 3, 1, 10.0, false);  // cell k runs from 10k to 10k + 10 ns
  const GridLayout L = grid_layout(3, 3, 3, 300, 300, 0);
  REQUIRE(L.cell >= 10);
  PixelCanvas pic;
  paint_grid(pic, L, s, 15.0, 0, 1);  // cell 1 = C[0][1] half done
  CHECK(pic.width == L.width);
  auto c_pixel = [&](int row, int col, int dx, int dy) {
    return pic.at(L.c_x + col * L.cell + dx, L.c_y + row * L.cell + dy);
  };
  CHECK(c_pixel(0, 0, 1, 1) == done_cpu);
  CHECK(c_pixel(0, 1, 1, 1) == highlight);             // running: its top still unfilled
  CHECK(c_pixel(0, 1, 1, L.cell - 2) == done_cpu);     // and its bottom half filled
  CHECK(c_pixel(0, 2, 1, 1) == waiting_cpu);
  CHECK(c_pixel(0, 0, L.cell - 1, 1) == 0u);           // the gap between cells
  CHECK(pic.at(L.a_x + 1, L.a_y + 1) == highlight);    // row 0 of A
  CHECK(pic.at(L.a_x + 1, L.a_y + L.ab + 1) == idle_ab);
  CHECK(pic.at(L.b_x + L.ab + 1, L.b_y + 1) == highlight);  // column 1 of B
  CHECK(pic.at(L.b_x + 1, L.b_y + 1) == idle_ab);
}

TEST_CASE("GPU cells take their block's colour when done and a faint one while waiting") {
  GridSchedule s;
  s.mode = GridMode::Gpu;
  s.m = s.k = s.n = 2;
  s.cells.resize(4);
  for (int k = 0; k < 4; ++k) {
    s.cells[k].block_linear = k % 2;
    s.cells[k].warp = 0;
    s.cells[k].computed = true;
    s.cells[k].start_ns = k < 2 ? 0 : 100;
    s.cells[k].end_ns = k < 2 ? 10 : 110;
  }
  const GridLayout L = grid_layout(2, 2, 2, 200, 200, 0);
  PixelCanvas pic;
  paint_grid(pic, L, s, 50.0, -1, -1);
  CHECK(pic.at(L.c_x + 1, L.c_y + 1) == block_colour(0, 0, 1.0f));
  CHECK(pic.at(L.c_x + L.cell + 1, L.c_y + 1) == block_colour(1, 0, 1.0f));
  CHECK(pic.at(L.c_x + 1, L.c_y + L.cell + 1) == block_colour(0, 0, 0.22f));
  paint_grid(pic, L, s, 105.0, -1, -1);
  CHECK(pic.at(L.c_x + 1, L.c_y + L.cell + 1) == running_gpu);  // top of a running thread's cell
}

TEST_CASE("a non-square product paints A (m x k), B (k x n) and C (m x n), the row and column in use lit") {
  // 2x3 @ 3x2, C[1][0] running on one core: row 1 of A and column 0 of B lit, three cells each.
  const GridSchedule s = cpu_schedule(2, 3, 2, 1, 10.0, false);
  const GridLayout L = grid_layout(2, 3, 2, 400, 400, 0);
  PixelCanvas pic;
  paint_grid(pic, L, s, 25.0, 1, 0);
  auto a_pixel = [&](int row, int col) { return pic.at(L.a_x + col * L.ab + 1, L.a_y + row * L.ab + 1); };
  auto b_pixel = [&](int row, int col) { return pic.at(L.b_x + col * L.ab + 1, L.b_y + row * L.ab + 1); };
  auto c_pixel = [&](int row, int col) { return pic.at(L.c_x + col * L.cell + 1, L.c_y + row * L.cell + 1); };
  for (int k = 0; k < 3; ++k) {
    CHECK(a_pixel(0, k) == idle_ab);
    CHECK(a_pixel(1, k) == highlight);
    CHECK(b_pixel(k, 0) == highlight);
    CHECK(b_pixel(k, 1) == idle_ab);
  }
  CHECK(pic.at(L.a_x + 3 * L.ab + 1, L.a_y + 1) == 0u);  // nothing past A's third column
  CHECK(pic.at(L.b_x + 1, L.b_y + 3 * L.ab + 1) == 0u);  // nor below B's third row: the gap
  CHECK(c_pixel(0, 0) == done_cpu);
  CHECK(c_pixel(0, 1) == done_cpu);
  CHECK(c_pixel(1, 0) == highlight);  // running
  CHECK(c_pixel(1, 1) == waiting_cpu);
  CHECK(pic.width == L.c_x + 2 * L.cell);
  CHECK(pic.height == L.c_y + 2 * L.cell);

  // 3x2 @ 2x4 on the GPU: every one of C's 12 cells in its block's colour when done.
  GridSchedule g;
  g.mode = GridMode::Gpu;
  g.m = 3;
  g.k = 2;
  g.n = 4;
  g.cells.resize(12);
  for (int i = 0; i < 12; ++i) {
    g.cells[i].computed = true;
    g.cells[i].block_linear = i % 4 / 2;  // two blocks side by side
    g.cells[i].end_ns = 1;
  }
  const GridLayout W = grid_layout(3, 2, 4, 400, 400, 0);
  paint_grid(pic, W, g, 5.0, -1, -1);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 4; ++j) {
      CHECK(pic.at(W.c_x + j * W.cell + 1, W.c_y + i * W.cell + 1) == block_colour(j / 2, 0, 1.0f));
    }
  }
  CHECK(pic.at(W.a_x + 1, W.a_y + 2 * W.ab + 1) == idle_ab);  // A's third row
  CHECK(pic.at(W.b_x + 3 * W.ab + 1, W.b_y + W.ab + 1) == idle_ab);  // B's last cell
}
