// Where the memory map's parts go in the space its view has: the memories side by side with
// the link between host RAM and the GPUs when there is room, else stacked with the link as a
// band between them; a strip at the bottom for the transfer captions. Pure geometry (no
// ImGui), so tests check it for overlaps at every window size and font.
#pragma once

#include <cstddef>
#include <vector>

namespace tp::gui {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  float w() const { return x1 - x0; }
  float h() const { return y1 - y0; }
  // Share some area (touching edges do not count).
  bool overlaps(const Rect& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  bool contains(const Rect& o) const {
    return o.x0 >= x0 - 0.5f && o.y0 >= y0 - 0.5f && o.x1 <= x1 + 0.5f && o.y1 <= y1 + 0.5f;
  }
};

struct MemoryLayout {
  bool stacked = false;        // memories one above the other (a narrow view)
  bool link_one_line = false;  // the link's facts share one line (stacked, or a low view)
  std::vector<Rect> regions;   // host RAM first, then each GPU
  Rect link_label;             // "the link" and its facts, one per line
  Rect link;                   // the drawn cable
  Rect captions;               // one line per transfer caption (empty when none)
};

// What the layout needs to know about the text it makes room for.
struct MemoryLayoutText {
  float font = 13;             // font size in pixels
  float line = 16;             // one text line's height, spacing included
  float link_text_w = 100;     // the widest of the link's lines
  size_t link_lines = 1;       // "the link" plus its facts
  size_t captions = 0;         // transfer captions shown
};

MemoryLayout memory_layout(size_t regions, const Rect& area, const MemoryLayoutText& text);

// The space a region's header (title and "used of" line) takes above its boxes.
float region_header_height(const MemoryLayoutText& text);

// Inside a region `g`: its header (title, then the "used of" line) and the area its boxes
// fill, which leaves a line at the bottom for "+ N more".
struct RegionParts {
  Rect header, boxes;
};
RegionParts region_parts(const Rect& g, const MemoryLayoutText& text);

// The cable's six lanes inside the link, along the way data travels: (x0, y0, x1, y1) each.
std::vector<Rect> link_lanes(const MemoryLayout& l);

}  // namespace tp::gui
