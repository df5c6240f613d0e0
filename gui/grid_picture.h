// The thread grid's picture without a window: where A, B and C sit in the canvas, and the
// cells of all three painted into a PixelCanvas for one moment of the schedule (the view
// shows it as one texture and draws numbers, outlines and the selection on top).
#pragma once

#include <cstdint>

#include "gui/grid_state.h"
#include "gui/pixel_canvas.h"

namespace tp::gui {

// Canvas pixel positions of the three matrices: B (k x n) above C (m x n), A (m x k) left
// of C, so a row of A lines up with its row of C and a column of B with its column; each
// cell one pixel smaller than its pitch so a gap shows between cells.
struct GridLayout {
  int m = 0, k = 0, n = 0;
  int cell = 0;        // pitch of a C cell
  int ab = 0;          // pitch of an A or B cell (half of `cell` once m, k or n is over 8)
  int a_x = 0, a_y = 0, b_x = 0, b_y = 0, c_x = 0, c_y = 0;
  int width = 0, height = 0;  // the canvas
};

// The largest layout of an (m,k) @ (k,n) problem that fits `avail_w` x `avail_h` pixels (at
// least 2-pixel cells), leaving `label_h` pixels under C for the CPU's running-sum line.
GridLayout grid_layout(int m, int k, int n, float avail_w, float avail_h, float label_h);

// A block's colour (golden-ratio hues), darker for odd warps so warps show; IM_COL32 layout.
uint32_t block_colour(int block, int warp, float alpha);

// Paints A, B and C at time t: C's cells coloured by phase (GPU: by block and warp; CPU:
// green when done), a running cell filling from the bottom as its sum proceeds; row
// `hi_row` of A and column `hi_col` of B highlighted (-1: none).
void paint_grid(PixelCanvas& canvas, const GridLayout& layout, const GridSchedule& s, double t_ns,
                int hi_row, int hi_col);

// The colours paint_grid uses, for the view's overlays and for tests.
namespace grid_colours {
constexpr uint32_t rgba(int r, int g, int b, int a = 255) {
  return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}
constexpr uint32_t idle_ab = rgba(70, 70, 80);        // A and B cells
constexpr uint32_t highlight = rgba(255, 210, 60);    // the row / column in use
constexpr uint32_t running_gpu = rgba(235, 235, 235); // a GPU thread mid-sum
constexpr uint32_t done_cpu = rgba(60, 170, 90);
constexpr uint32_t waiting_cpu = rgba(45, 45, 55);
constexpr uint32_t scattered = rgba(255, 70, 50);      // learner kernel: the warp's global accesses scattered
constexpr uint32_t bank_conflict = rgba(60, 220, 255); // learner kernel: the warp hit bank conflicts
}  // namespace grid_colours

}  // namespace tp::gui
