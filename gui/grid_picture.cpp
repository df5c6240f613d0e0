// Painting the thread grid into a canvas (grid_picture.h).
#include "gui/grid_picture.h"

#include <algorithm>
#include <cmath>

namespace tp::gui {

using namespace grid_colours;

GridLayout grid_layout(int m, int k, int n, float avail_w, float avail_h, float label_h) {
  GridLayout L;
  L.m = m;
  L.k = k;
  L.n = n;
  if (m <= 0 || k < 0 || n <= 0) return L;  // k == 0: C alone (the learner's kernel has no A, B)
  // A and B at half scale for big grids; one cell's gap between them and C, and half a cell
  // to spare for A and B's rounding down.
  const float ab_scale = std::max({m, k, n}) > 8 ? 0.5f : 1.0f;
  const float span_x = k * ab_scale + n + 1.5f, span_y = k * ab_scale + m + 1.5f;
  L.cell = std::max(2, int(std::floor(std::min(avail_w / span_x, (avail_h - label_h) / span_y))));
  L.ab = ab_scale < 1 ? std::max(1, L.cell / 2) : L.cell;  // whole pixels: an odd cell rounds A, B down
  const int gap = k > 0 ? L.cell : 0;
  L.a_x = 0;
  L.a_y = k * L.ab + gap;  // under B, beside C's first row
  L.b_x = k * L.ab + gap;  // right of A, above C's first column
  L.b_y = 0;
  L.c_x = L.b_x;
  L.c_y = L.a_y;
  L.width = L.c_x + n * L.cell;
  L.height = L.c_y + m * L.cell;
  return L;
}

uint32_t block_colour(int block, int warp, float alpha) {
  // HSV (h, 0.55, v) to RGB, as ImGui::ColorConvertHSVtoRGB does.
  const float h = std::fmod(block * 0.618034f, 1.0f) * 6.0f, s = 0.55f;
  const float v = warp % 2 ? 0.70f : 0.92f;
  const int sector = int(h) % 6;
  const float f = h - std::floor(h);
  const float p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  float r = v, g = t, b = p;
  switch (sector) {
    case 0: r = v, g = t, b = p; break;
    case 1: r = q, g = v, b = p; break;
    case 2: r = p, g = v, b = t; break;
    case 3: r = p, g = q, b = v; break;
    case 4: r = t, g = p, b = v; break;
    default: r = v, g = p, b = q; break;
  }
  auto byte = [](float x) { return int(std::lround(std::clamp(x, 0.0f, 1.0f) * 255)); };
  return rgba(byte(r), byte(g), byte(b), byte(alpha));
}

void paint_grid(PixelCanvas& canvas, const GridLayout& L, const GridSchedule& s, double t_ns,
                int hi_row, int hi_col) {
  canvas.reset(L.width, L.height);
  // A layout and a schedule of different shapes paint only what both have.
  const int m = std::min(L.m, s.m), k = std::min(L.k, s.k), n = std::min(L.n, s.n);
  // A cell of pitch `pitch` at (x, y) covers pitch - 1 pixels: the gap shows the grid
  // (tiny cells get no gap rather than vanish).
  auto paint = [&](int x, int y, int pitch, uint32_t col) {
    const int side = std::max(1, pitch - 1);
    canvas.fill(x, y, x + side, y + side, col);
  };
  for (int i = 0; i < m; ++i) {
    for (int t = 0; t < k; ++t) paint(L.a_x + t * L.ab, L.a_y + i * L.ab, L.ab, i == hi_row ? highlight : idle_ab);
  }
  for (int t = 0; t < k; ++t) {
    for (int j = 0; j < n; ++j) paint(L.b_x + j * L.ab, L.b_y + t * L.ab, L.ab, j == hi_col ? highlight : idle_ab);
  }
  const bool gpu = s.mode == GridMode::Gpu;
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) {
      const CellEvent& c = s.cell(i, j);
      const CellPhase ph = cell_phase(c, t_ns);
      const uint32_t done = gpu ? block_colour(c.block_linear, c.warp, 1.0f) : done_cpu;
      const uint32_t col = ph == CellPhase::Done      ? done
                           : ph == CellPhase::Running ? (gpu ? running_gpu : highlight)
                           : gpu                      ? block_colour(c.block_linear, c.warp, 0.22f)
                                                      : waiting_cpu;
      const int x = L.c_x + j * L.cell, y = L.c_y + i * L.cell;
      paint(x, y, L.cell, col);
      // The learner's kernel: a finished cell whose warp's global accesses were scattered
      // gets a red corner (top left), one whose warp had bank conflicts a cyan one (top right).
      if (const WarpMemory* w = ph == CellPhase::Done ? s.warp_memory(c) : nullptr; w && L.cell >= 6) {
        const int corner = std::max(2, L.cell / 3);
        if (w->sectors * 100 > w->ideal_sectors * 101) canvas.fill(x, y, x + corner, y + corner, scattered);
        if (w->wavefronts > w->shared_requests)
          canvas.fill(x + L.cell - 1 - corner, y, x + L.cell - 1, y + corner, bank_conflict);
      }
      // A running cell fills from the bottom as its thread (or core) gets through the sum.
      if (ph == CellPhase::Running && c.end_ns > c.start_ns) {
        const double f = (t_ns - c.start_ns) / (c.end_ns - c.start_ns);
        const int bottom = y + L.cell - 1;
        canvas.fill(x, bottom - int((L.cell - 1) * f), x + L.cell - 1, bottom, done);
      }
    }
  }
}

}  // namespace tp::gui
