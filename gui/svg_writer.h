// A small SVG writer for the notebook's pictures: rectangles, lines, text and an embedded
// image, in one monospace font whose advance is known, so the layout code can measure text
// as the window's ImGui font does (CalcTextSize) without a font.
#pragma once

#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace tp::gui {

class SvgWriter {
 public:
  SvgWriter(float width, float height, float font, uint32_t background);
  // One character's advance in the SVG's monospace font (DejaVu Sans Mono: 0.6 em).
  float text_width(const std::string& text) const;
  float font() const { return font_; }
  void rect(float x0, float y0, float x1, float y1, uint32_t fill, float radius = 0);
  void outline(float x0, float y0, float x1, float y1, uint32_t stroke, float radius = 0, float width = 1);
  void line(float x0, float y0, float x1, float y1, uint32_t stroke, float width = 1);
  void polyline(const std::vector<std::pair<float, float>>& points, uint32_t stroke, float width = 1);
  // Text whose top-left is (x, y), cut to `max_w` pixels with "..." as the window's labels are.
  void text(float x, float y, const std::string& text, uint32_t colour, float max_w = 1e9f, float size = 0);
  void image(float x, float y, float w, float h, const std::string& href);
  // What comes between begin_frame(i, n, seconds) and end_frame() shows only during the i-th
  // of n equal parts of a `seconds`-long loop (SMIL; browsers play it in an <img> too).
  void begin_frame(int i, int n, double seconds);
  void end_frame();
  // Lines of at most `max_w` pixels, broken at spaces.
  std::vector<std::string> wrap(const std::string& text, float max_w) const;
  std::string str() const;

 private:
  float width_, height_, font_;
  std::ostringstream body_;
};

// "#rrggbb" of an IM_COL32 colour; its alpha separately (0..1).
std::string svg_colour(uint32_t rgba);
float svg_alpha(uint32_t rgba);

}  // namespace tp::gui
