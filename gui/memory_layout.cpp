// memory_layout: the memory map's geometry (see memory_layout.h).
#include "gui/memory_layout.h"

#include <algorithm>

namespace tp::gui {

namespace {

constexpr float kGap = 8;

// Side by side: host | link | GPU | GPU ...; the link's label above its cable.
MemoryLayout columns(size_t n, const Rect& a, const MemoryLayoutText& t, float link_w) {
  MemoryLayout l;
  const float col_w = (a.w() - link_w - kGap * float(n)) / float(n);
  // The label is "the link" over one fact per line; in a low view, over one line of facts.
  l.link_one_line = t.line * float(t.link_lines) + 4 + 6 + 2 * t.line > a.h();
  const float label_h = t.line * float(l.link_one_line ? 2 : t.link_lines) + 4;
  float x = a.x0;
  for (size_t i = 0; i < n; ++i) {
    l.regions.push_back(Rect{x, a.y0, x + col_w, a.y1});
    x += col_w + kGap;
    if (i == 0) {
      // The cable a third of the way down, lower when its label needs the room.
      const float top = std::min(std::max(a.y0 + a.h() * 0.3f, a.y0 + label_h + 6), a.y1 - t.line);
      l.link_label = Rect{x, top - label_h - 6, x + link_w - kGap, top - 6};
      l.link = Rect{x, top, x + link_w - kGap, std::min(top + a.h() * 0.3f, a.y1)};
      x += link_w;
    }
  }
  return l;
}

// Stacked: host RAM on top, the link as a band (cable left, label right), the GPUs below
// side by side.
MemoryLayout stacked(size_t n, const Rect& a, const MemoryLayoutText& t) {
  MemoryLayout l;
  l.stacked = true;
  l.link_one_line = true;
  const float band_h = t.line * 2 + 8;  // "the link" and its facts on one line
  const float region_h = (a.h() - band_h - 2 * kGap) / 2;
  l.regions.push_back(Rect{a.x0, a.y0, a.x1, a.y0 + region_h});
  const float band_y = a.y0 + region_h + kGap;
  const float cable_w = std::min(t.font * 4, a.w() * 0.25f);
  l.link = Rect{a.x0 + t.font, band_y, a.x0 + t.font + cable_w, band_y + band_h};
  l.link_label = Rect{l.link.x1 + kGap, band_y, a.x1, band_y + band_h};
  const float gpus_y = band_y + band_h + kGap;
  const size_t gpus = n > 1 ? n - 1 : 1;
  const float gpu_w = (a.w() - kGap * float(gpus - 1)) / float(gpus);
  for (size_t i = 1; i < n; ++i) {
    const float x = a.x0 + float(i - 1) * (gpu_w + kGap);
    l.regions.push_back(Rect{x, gpus_y, x + gpu_w, a.y1});
  }
  return l;
}

}  // namespace

float region_header_height(const MemoryLayoutText& text) { return text.line * 2 + 8; }

RegionParts region_parts(const Rect& g, const MemoryLayoutText& text) {
  const Rect header{g.x0 + 6, g.y0 + 4, g.x1 - 6, g.y0 + region_header_height(text)};
  return {header, Rect{g.x0 + 6, header.y1, g.x1 - 6, g.y1 - 6 - text.line}};
}

std::vector<Rect> link_lanes(const MemoryLayout& l) {
  std::vector<Rect> lanes;
  for (int k = 0; k < 6; ++k) {
    if (l.stacked) {
      const float x = l.link.x0 + l.link.w() * float(k + 1) / 7;
      lanes.push_back(Rect{x, l.link.y0 + 4, x, l.link.y1 - 4});
    } else {
      const float y = l.link.y0 + l.link.h() * float(k + 1) / 7;
      lanes.push_back(Rect{l.link.x0 + 4, y, l.link.x1 - 4, y});
    }
  }
  return lanes;
}

MemoryLayout memory_layout(size_t regions, const Rect& area, const MemoryLayoutText& text) {
  Rect a = area;
  Rect captions{a.x0, a.y1, a.x1, a.y1};
  if (text.captions > 0) {  // the captions get their own strip, so they cover nothing
    captions.y0 = a.y1 - text.line * float(text.captions);
    a.y1 = captions.y0 - kGap;
  }
  const size_t n = std::max<size_t>(regions, 1);
  // The link column is as wide as its widest line (within limits); a memory needs room for
  // a box with a readable name, else the memories stack.
  const float link_w = std::clamp(text.link_text_w + 12 + kGap, text.font * 6, a.w() * 0.3f);
  const float col_w = (a.w() - link_w - kGap * float(n)) / float(n);
  MemoryLayout l = col_w >= text.font * 12 || n == 1 ? columns(n, a, text, link_w) : stacked(n, a, text);
  l.captions = captions;
  return l;
}

}  // namespace tp::gui
