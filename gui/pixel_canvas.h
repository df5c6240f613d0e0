// An RGBA picture painted rectangle by rectangle on the CPU and shown as one texture. The
// thread grid paints its thousands of cells here: as separate ImGui rectangles they cost a
// software renderer (llvmpipe under Xvfb) more than a whole frame's budget, one quad almost
// nothing.
#pragma once

#include <cstdint>
#include <vector>

namespace tp::gui {

struct PixelCanvas {
  int width = 0, height = 0;
  // Row-major, one ImU32 per pixel (IM_COL32's layout: R in the low byte), which is
  // OpenGL's GL_RGBA / GL_UNSIGNED_BYTE on a little-endian machine.
  std::vector<uint32_t> pixels;

  // Resizes to w x h (negative sizes count as 0), every pixel transparent.
  void reset(int w, int h);
  // Fills the pixels x0 <= x < x1, y0 <= y < y1, clipped to the canvas.
  void fill(int x0, int y0, int x1, int y1, uint32_t colour);
  // The pixel at (x, y); 0 outside the canvas.
  uint32_t at(int x, int y) const;
};

}  // namespace tp::gui
