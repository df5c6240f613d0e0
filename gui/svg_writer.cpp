#include "gui/svg_writer.h"

#include <cstdio>

namespace tp::gui {

namespace {

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

// UTF-8 characters, not bytes: "—" is one character wide.
size_t characters(const std::string& text) {
  size_t n = 0;
  for (unsigned char c : text) n += (c & 0xC0) != 0x80;
  return n;
}

std::string num(float v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", v);
  return buf;
}

std::string paint(const char* attr, uint32_t colour) {
  std::string s = std::string(" ") + attr + "=\"" + svg_colour(colour) + "\"";
  if (svg_alpha(colour) < 1) s += std::string(" ") + attr + "-opacity=\"" + num(svg_alpha(colour)) + "\"";
  return s;
}

}  // namespace

std::string svg_colour(uint32_t c) {
  char buf[8];
  std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff);
  return buf;
}

float svg_alpha(uint32_t c) { return float((c >> 24) & 0xff) / 255.0f; }

SvgWriter::SvgWriter(float width, float height, float font, uint32_t background)
    : width_(width), height_(height), font_(font) {
  rect(0, 0, width, height, background);
}

float SvgWriter::text_width(const std::string& text) const { return 0.6f * font_ * float(characters(text)); }

void SvgWriter::rect(float x0, float y0, float x1, float y1, uint32_t fill, float radius) {
  body_ << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(x1 - x0) << "\" height=\""
        << num(y1 - y0) << "\" rx=\"" << num(radius) << "\"" << paint("fill", fill) << "/>\n";
}

void SvgWriter::outline(float x0, float y0, float x1, float y1, uint32_t stroke, float radius, float width) {
  body_ << "<rect x=\"" << num(x0) << "\" y=\"" << num(y0) << "\" width=\"" << num(x1 - x0) << "\" height=\""
        << num(y1 - y0) << "\" rx=\"" << num(radius) << "\" fill=\"none\"" << paint("stroke", stroke)
        << " stroke-width=\"" << num(width) << "\"/>\n";
}

void SvgWriter::line(float x0, float y0, float x1, float y1, uint32_t stroke, float width) {
  body_ << "<line x1=\"" << num(x0) << "\" y1=\"" << num(y0) << "\" x2=\"" << num(x1) << "\" y2=\"" << num(y1)
        << "\"" << paint("stroke", stroke) << " stroke-width=\"" << num(width) << "\"/>\n";
}

void SvgWriter::polyline(const std::vector<std::pair<float, float>>& points, uint32_t stroke, float width) {
  body_ << "<polyline fill=\"none\"" << paint("stroke", stroke) << " stroke-width=\"" << num(width) << "\" points=\"";
  for (const auto& [x, y] : points) body_ << num(x) << "," << num(y) << " ";
  body_ << "\"/>\n";
}

void SvgWriter::text(float x, float y, const std::string& text, uint32_t colour, float max_w, float size) {
  const float f = size > 0 ? size : font_;
  const float advance = 0.6f * f;
  std::string shown = text;
  if (advance * float(characters(text)) > max_w) {  // cut at a character, as the window does
    const size_t fit = max_w > 3 * advance ? size_t(max_w / advance) - 3 : 0;
    if (fit == 0) return;
    shown.clear();
    size_t n = 0;
    for (char c : text) {
      const bool starts_character = (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      if (starts_character && n++ == fit) break;
      shown += c;
    }
    shown += "...";
  }
  body_ << "<text x=\"" << num(x) << "\" y=\"" << num(y + f * 0.8f) << "\" font-size=\"" << num(f) << "\""
        << paint("fill", colour) << ">" << escape(shown) << "</text>\n";
}

void SvgWriter::image(float x, float y, float w, float h, const std::string& href) {
  body_ << "<image x=\"" << num(x) << "\" y=\"" << num(y) << "\" width=\"" << num(w) << "\" height=\"" << num(h)
        << "\" style=\"image-rendering:pixelated\" href=\"" << escape(href) << "\"/>\n";
}

void SvgWriter::begin_frame(int i, int n, double seconds) {
  body_ << "<g opacity=\"" << (i == 0 ? 1 : 0) << "\">";
  if (n > 1) {
    const double from = double(i) / n, to = double(i + 1) / n;
    char a[24], b[24], dur[24];
    std::snprintf(a, sizeof a, "%.5f", from);
    std::snprintf(b, sizeof b, "%.5f", to);
    std::snprintf(dur, sizeof dur, "%.2fs", seconds);
    std::string values = "0;1;0", times = std::string("0;") + a + ";" + b;
    if (i == 0) values = "1;0", times = std::string("0;") + b;
    if (i == n - 1) values = "0;1", times = std::string("0;") + a;
    body_ << "<animate attributeName=\"opacity\" calcMode=\"discrete\" values=\"" << values << "\" keyTimes=\""
          << times << "\" dur=\"" << dur << "\" repeatCount=\"indefinite\"/>";
  }
  body_ << "\n";
}

void SvgWriter::end_frame() { body_ << "</g>\n"; }

std::vector<std::string> SvgWriter::wrap(const std::string& text, float max_w) const {
  std::vector<std::string> lines{""};
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    std::string& line = lines.back();
    if (!line.empty() && text_width(line + " " + word) > max_w) lines.push_back(word);
    else line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return lines;
}

std::string SvgWriter::str() const {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + num(width_) + "\" height=\"" + num(height_) +
         "\" viewBox=\"0 0 " + num(width_) + " " + num(height_) +
         "\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\">\n" + body_.str() + "</svg>\n";
}

}  // namespace tp::gui
