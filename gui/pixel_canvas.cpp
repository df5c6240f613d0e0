// The CPU-side picture of the thread grid (pixel_canvas.h).
#include "gui/pixel_canvas.h"

#include <algorithm>

namespace tp::gui {

void PixelCanvas::reset(int w, int h) {
  width = std::max(0, w);
  height = std::max(0, h);
  pixels.assign(size_t(width) * size_t(height), 0u);
}

void PixelCanvas::fill(int x0, int y0, int x1, int y1, uint32_t colour) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, width);
  y1 = std::min(y1, height);
  for (int y = y0; y < y1; ++y) {
    uint32_t* row = pixels.data() + size_t(y) * size_t(width);
    std::fill(row + x0, row + std::max(x0, x1), colour);
  }
}

uint32_t PixelCanvas::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width || y >= height) return 0;
  return pixels[size_t(y) * size_t(width) + size_t(x)];
}

}  // namespace tp::gui
