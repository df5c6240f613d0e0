// The memory map view: host RAM | the link | each GPU's memory side by side, the session's
// tensors as boxes sized by bytes, transfers animated across the link with their size and
// time, and the operands of a device-mismatch error flashing in their memories.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui/app.h"
#include "gui/label_audit.h"
#include "gui/memory_colours.h"
#include "gui/memory_layout.h"

namespace tp::gui {

namespace {

constexpr double kTransferSeconds = 1.6;  // how long one transfer animation lasts on screen
constexpr double kFlashSeconds = 2.5;

ImVec2 centre(const Rect& r) { return ImVec2((r.x0 + r.x1) / 2, (r.y0 + r.y1) / 2); }

struct Placed {
  std::string device;
  Rect region;
  std::vector<BoxRect> boxes;
};

// Where a transfer starts or ends in `device`'s memory: the centre of box `name` when it is
// drawn there; else (the source of `y = x.to(...)` is named x, or the box was left out) the
// point of the region's border that faces the link (or, GPU to GPU, the `other` GPU), so
// no line points at empty space.
bool anchor(const std::vector<Placed>& placed, const MemoryMap& map, const MemoryLayout& l,
            const std::string& device, const std::string& other, const std::string& name, ImVec2& out) {
  for (const Placed& p : placed) {
    if (p.device != device) continue;
    const MemRegion* r = map.region(device);
    for (const BoxRect& b : p.boxes) {
      if (r->boxes[b.box].has_name(name)) {
        out = ImVec2(b.x + b.w / 2, b.y + b.h / 2);
        return true;
      }
    }
    const ImVec2 link = centre(l.link);
    const bool host = device == "cpu";
    if (!host && other != "cpu") {  // GPU to GPU: the side facing the other GPU
      const bool other_after = other > device;  // "cuda:1" > "cuda:0": drawn further on
      if (l.stacked) out = ImVec2(other_after ? p.region.x1 : p.region.x0, centre(p.region).y);
      else out = ImVec2(other_after ? p.region.x1 : p.region.x0, link.y);
    } else if (l.stacked) {
      out = ImVec2(link.x, host ? p.region.y1 : p.region.y0);
    } else {
      out = ImVec2(host ? p.region.x1 : p.region.x0, link.y);
    }
    return true;
  }
  return false;
}

// A point `f` (0..1) of the way along the path through `points`.
ImVec2 along(const std::vector<ImVec2>& points, float f) {
  float total = 0;
  for (size_t i = 1; i < points.size(); ++i) total += std::hypot(points[i].x - points[i - 1].x, points[i].y - points[i - 1].y);
  float left = f * total;
  for (size_t i = 1; i < points.size(); ++i) {
    const ImVec2 a = points[i - 1], b = points[i];
    const float seg = std::hypot(b.x - a.x, b.y - a.y);
    if (left <= seg && seg > 0) return ImVec2(a.x + (b.x - a.x) * left / seg, a.y + (b.y - a.y) * left / seg);
    left -= seg;
  }
  return points.back();
}

void draw_link(ImDrawList* dl, const MemoryMap& map, const MemoryLayout& l, float line) {
  dl->AddRectFilled(ImVec2(l.link.x0, l.link.y0), ImVec2(l.link.x1, l.link.y1), memory_colours::link, 4);
  for (const Rect& lane : link_lanes(l)) dl->AddLine(ImVec2(lane.x0, lane.y0), ImVec2(lane.x1, lane.y1), memory_colours::link_lane);
  const Rect& room = l.link_label;
  draw_label(dl, ImVec2(room.x0 + 2, room.y0 + 2), memory_colours::title, "the link", room);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  if (l.link_one_line) {
    std::string facts;
    for (const std::string& f : map.link) facts += (facts.empty() ? "" : ", ") + f;
    draw_label(dl, ImVec2(room.x0 + 2, room.y0 + 2 + line), dim, facts, room);
    return;
  }
  for (size_t i = 0; i < map.link.size(); ++i)
    draw_label(dl, ImVec2(room.x0 + 2, room.y0 + 2 + line * float(i + 1)), dim, map.link[i], room);
}

}  // namespace

void draw_memory_view(App& app) {
  set_audit_view("memory");
  MemoryViewState& m = app.memory;
  if (m.stale && !app.busy()) {  // while code runs, the map as the last run left it
    m.map = collect_memory_map(app.session.python());
    m.stale = false;
  }
  ImGui::BeginDisabled(app.busy());
  if (ImGui::Button("Refresh")) m.stale = true;
  ImGui::EndDisabled();
  ImGui::SameLine();
  label_item("Try in the console:  x = ones(1000, 1000); y = x.to(cuda); x + y", true);

  // Transfers: finished ones fade out of the list after a while.
  for (Transfer& t : m.transfers) t.age += app.frame_dt;
  m.transfers.erase(std::remove_if(m.transfers.begin(), m.transfers.end(),
                                   [](const Transfer& t) { return t.age > kTransferSeconds + 2.0; }),
                    m.transfers.end());

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float fs = ImGui::GetFontSize(), line = ImGui::GetTextLineHeightWithSpacing();
  const size_t nreg = m.map.regions.size();
  if (nreg == 0 || avail.x < 100 || avail.y < 100) return;
  MemoryLayoutText text;
  text.font = fs;
  text.line = line;
  text.link_text_w = ImGui::CalcTextSize("the link").x;
  for (const std::string& s : m.map.link) text.link_text_w = std::max(text.link_text_w, ImGui::CalcTextSize(s.c_str()).x);
  text.link_lines = 1 + m.map.link.size();
  text.captions = m.transfers.size();
  const float height = avail.y - 4;
  const MemoryLayout l = memory_layout(nreg, Rect{o.x, o.y, o.x + avail.x, o.y + height}, text);

  const size_t scale_bytes = box_scale_bytes(m.map);
  std::vector<Placed> placed;
  char buf[200];
  for (size_t i = 0; i < nreg; ++i) {
    const MemRegion& r = m.map.regions[i];
    const Rect& g = l.regions[i];
    const bool host = r.device == "cpu";
    dl->AddRectFilled(ImVec2(g.x0, g.y0), ImVec2(g.x1, g.y1), host ? memory_colours::host_region : memory_colours::gpu_region, 6);
    dl->AddRect(ImVec2(g.x0, g.y0), ImVec2(g.x1, g.y1), memory_colours::region_border, 6);
    const auto [header, area] = region_parts(g, text);
    draw_label(dl, ImVec2(header.x0, header.y0), memory_colours::title, r.title, header);
    std::snprintf(buf, sizeof buf, "%s used of %s", repl::format_bytes(r.used).c_str(),
                  r.capacity ? repl::format_bytes(r.capacity).c_str() : "?");
    draw_label(dl, ImVec2(header.x0, header.y0 + line), memory_colours::used_line, buf, header);
    Placed p{r.device, g, layout_boxes(r, area.x0, area.y0, area.w(), area.h(), scale_bytes, fs * 4.5f, line * 2 + 4)};
    for (const BoxRect& br : p.boxes) {
      const MemBox& bx = r.boxes[br.box];
      bool flashing = false;
      for (const auto& f : m.flash) flashing |= f.first == r.device && f.second == bx.name;
      flashing = flashing && m.flash_age < kFlashSeconds;
      const float pulse = flashing ? 0.5f + 0.5f * float(std::sin(m.flash_age * 12)) : 0;
      const ImU32 fill = flashing ? ImGui::GetColorU32(ImVec4(0.9f, 0.15f + 0.3f * pulse, 0.15f, 1))
                                  : (host ? memory_colours::host_box : memory_colours::gpu_box);
      const ImVec2 b0(br.x, br.y), b1(br.x + br.w, br.y + br.h);
      dl->AddRectFilled(b0, b1, fill, 3);
      dl->AddRect(b0, b1, memory_colours::box_border, 3);
      if (flashing) {  // a GPU box is orange already: ring it too
        dl->AddRect(ImVec2(b0.x - 3, b0.y - 3), ImVec2(b1.x + 3, b1.y + 3),
                    ImGui::GetColorU32(ImVec4(1, 0.2f, 0.2f, 0.6f + 0.4f * pulse)), 4, 0, 4.0f);
      }
      const Rect inside{b0.x + 3, b0.y + 2, b1.x - 2, b1.y - 1};
      draw_label(dl, ImVec2(inside.x0, inside.y0), memory_colours::box_name, bx.label(), inside);
      std::snprintf(buf, sizeof buf, "%s %s", bx.shape.c_str(), repl::format_bytes(bx.bytes).c_str());
      draw_label(dl, ImVec2(inside.x0, inside.y0 + line), memory_colours::box_facts, buf, inside);
    }
    if (p.boxes.size() < r.boxes.size()) {  // below the boxes, or the header when none fit
      const float y = std::max(area.y1, header.y1);
      std::snprintf(buf, sizeof buf, "+ %zu more (see :mem)", r.boxes.size() - p.boxes.size());
      draw_label(dl, ImVec2(area.x0, y + 2), memory_colours::more, buf, Rect{area.x0, y, area.x1, g.y1});
    }
    placed.push_back(p);
  }
  draw_link(dl, m.map, l, line);

  // A packet travels from the source through the link to the target box; its caption (size
  // and time) sits in the strip below the memories.
  float caption_y = l.captions.y0;
  for (const Transfer& t : m.transfers) {
    ImVec2 from, to;
    if (!anchor(placed, m.map, l, t.from, t.to, t.name, from) || !anchor(placed, m.map, l, t.to, t.from, t.name, to))
      continue;
    const ImVec2 c = centre(l.link);
    const bool down = t.from == "cpu";  // host to device: towards the GPUs
    std::vector<ImVec2> path = {from};
    if (t.from == "cpu" || t.to == "cpu") {  // host <-> device copies cross the host link
      if (l.stacked) path.insert(path.end(), {ImVec2(c.x, down ? l.link.y0 : l.link.y1), ImVec2(c.x, down ? l.link.y1 : l.link.y0)});
      else path.insert(path.end(), {ImVec2(down ? l.link.x0 : l.link.x1, c.y), ImVec2(down ? l.link.x1 : l.link.x0, c.y)});
    }
    path.push_back(to);
    dl->AddPolyline(path.data(), int(path.size()), IM_COL32(255, 230, 120, 120), 0, 2.0f);
    dl->AddCircleFilled(along(path, float(std::min(1.0, t.age / kTransferSeconds))), fs * 0.6f, IM_COL32(255, 230, 120, 255));
    std::snprintf(buf, sizeof buf, "%s: %s -> %s, %s in %s (%s)", t.name.c_str(), t.from.c_str(),
                  t.to.c_str(), repl::format_bytes(t.bytes).c_str(), format_seconds(t.seconds).c_str(),
                  t.measured ? "measured: the whole command" : "modeled");
    draw_label(dl, ImVec2(l.captions.x0 + 4, caption_y), IM_COL32(255, 230, 120, 255), buf,
               Rect{l.captions.x0, caption_y, l.captions.x1, caption_y + line});
    caption_y += line;
  }
  m.flash_age += app.frame_dt;
  ImGui::Dummy(ImVec2(avail.x, height));
}

}  // namespace tp::gui
