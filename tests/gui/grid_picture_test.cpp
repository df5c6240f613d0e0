// The thread grid's picture without a window (gui/grid_picture.h): the canvas, the layout of
// A, B and C, and the colour of each cell at a moment of a CPU and a GPU schedule.
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
  const GridLayout big = grid_layout(64, 900, 600, 20);
  CHECK(big.cell == 5);  // floor(580 / (64 * 1.5 + 1.5))
  CHECK(big.ab == 2);
  CHECK(big.b_x == 64 * 2 + 5);
  CHECK(big.c_x == big.b_x);
  CHECK(big.c_y == big.a_y);
  CHECK(big.a_y == 64 * 2 + 5);
  CHECK(big.width == big.c_x + 64 * 5);
  CHECK(big.height <= 580);
  CHECK(big.width <= 900);

  const GridLayout small = grid_layout(4, 200, 1000, 0);
  CHECK(small.ab == small.cell);  // full scale
  CHECK(small.cell == 21);        // floor(200 / (4 * 2 + 1.5))
  CHECK(grid_layout(64, 10, 10, 0).cell == 2);  // never below 2 pixels
}

TEST_CASE("block colours are golden-ratio hues, darker for odd warps") {
  CHECK(block_colour(0, 0, 1.0f) == rgba(235, 106, 106));  // hue 0, s 0.55, v 0.92
  CHECK(block_colour(0, 1, 1.0f) == rgba(179, 80, 80));    // v 0.70
  CHECK((block_colour(3, 0, 0.22f) >> 24) == 56);          // alpha 0.22
  CHECK(block_colour(1, 0, 1.0f) != block_colour(2, 0, 1.0f));
}

TEST_CASE("a CPU sweep paints done, running and waiting cells, and the row and column in use") {
  const GridSchedule s = cpu_schedule(3, 1, 10.0, false);  // cell k runs from 10k to 10k + 10 ns
  const GridLayout L = grid_layout(3, 300, 300, 0);
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
  s.n = 2;
  s.cells.resize(4);
  for (int k = 0; k < 4; ++k) {
    s.cells[k].block_linear = k % 2;
    s.cells[k].warp = 0;
    s.cells[k].computed = true;
    s.cells[k].start_ns = k < 2 ? 0 : 100;
    s.cells[k].end_ns = k < 2 ? 10 : 110;
  }
  const GridLayout L = grid_layout(2, 200, 200, 0);
  PixelCanvas pic;
  paint_grid(pic, L, s, 50.0, -1, -1);
  CHECK(pic.at(L.c_x + 1, L.c_y + 1) == block_colour(0, 0, 1.0f));
  CHECK(pic.at(L.c_x + L.cell + 1, L.c_y + 1) == block_colour(1, 0, 1.0f));
  CHECK(pic.at(L.c_x + 1, L.c_y + L.cell + 1) == block_colour(0, 0, 0.22f));
  paint_grid(pic, L, s, 105.0, -1, -1);
  CHECK(pic.at(L.c_x + 1, L.c_y + L.cell + 1) == running_gpu);  // top of a running thread's cell
}
