// The memory map's colours, one place for the window (memory_view.cpp) and the notebook's
// picture (notebook_pictures.cpp). IM_COL32's layout: R in the low byte.
#pragma once

#include <cstdint>

namespace tp::gui::memory_colours {

constexpr uint32_t rgba(int r, int g, int b, int a = 255) {
  return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}
constexpr uint32_t host_region = rgba(28, 40, 60);
constexpr uint32_t gpu_region = rgba(45, 32, 24);
constexpr uint32_t region_border = rgba(160, 160, 170);
constexpr uint32_t title = rgba(255, 255, 255);
constexpr uint32_t used_line = rgba(200, 200, 200);
constexpr uint32_t host_box = rgba(70, 120, 200);
constexpr uint32_t gpu_box = rgba(220, 130, 50);
constexpr uint32_t box_border = rgba(255, 255, 255, 160);
constexpr uint32_t box_name = rgba(255, 255, 255);
constexpr uint32_t box_facts = rgba(235, 235, 235);
constexpr uint32_t more = rgba(255, 220, 120);
constexpr uint32_t link = rgba(50, 50, 60);
constexpr uint32_t link_lane = rgba(120, 120, 140);
constexpr uint32_t link_facts = rgba(128, 128, 128);  // ImGui's disabled text in the window

}  // namespace tp::gui::memory_colours
