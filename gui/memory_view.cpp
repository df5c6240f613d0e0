// The memory map view: host RAM | the link | each GPU's memory side by side, the session's
// tensors as boxes sized by bytes, transfers animated across the link with their size and
// time, and the operands of a device-mismatch error flashing in their memories.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gui/app.h"

namespace tp::gui {

namespace {

constexpr double kTransferSeconds = 1.6;  // how long one transfer animation lasts on screen
constexpr double kFlashSeconds = 2.5;

struct Placed {
  std::string device;
  ImVec2 min, max;  // the region's box area
  std::vector<BoxRect> boxes;
};

// Where box `name` of `device` was drawn (its centre), if it was.
// `text` cut to fit `width` pixels, ending in "..." when cut.
std::string fitted(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string cut = text;
  while (!cut.empty() && ImGui::CalcTextSize((cut + "...").c_str()).x > width) cut.pop_back();
  return cut + "...";
}

// A line of a region's header, kept inside the column; its full text on hover when cut.
void header_line(ImDrawList* dl, ImVec2 at, float width, ImU32 colour, const std::string& text) {
  const std::string shown = fitted(text, width);
  dl->AddText(at, colour, shown.c_str());
  if (shown != text && ImGui::IsMouseHoveringRect(at, ImVec2(at.x + width, at.y + ImGui::GetFontSize())))
    ImGui::SetTooltip("%s", text.c_str());
}

bool box_centre(const std::vector<Placed>& placed, const MemoryMap& map, const std::string& device,
                const std::string& name, ImVec2& out) {
  for (const Placed& p : placed) {
    if (p.device != device) continue;
    const MemRegion* r = map.region(device);
    for (const BoxRect& b : p.boxes) {
      if (r->boxes[b.box].has_name(name)) {
        out = ImVec2(b.x + b.w / 2, b.y + b.h / 2);
        return true;
      }
    }
    out = ImVec2((p.min.x + p.max.x) / 2, (p.min.y + p.max.y) / 2);
    return true;
  }
  return false;
}

}  // namespace

void draw_memory_view(App& app) {
  MemoryViewState& m = app.memory;
  if (m.stale) {
    m.map = collect_memory_map(app.session.python());
    m.stale = false;
  }
  if (ImGui::Button("Refresh")) m.stale = true;
  ImGui::SameLine();
  ImGui::TextDisabled("Try in the console:  x = ones(1000, 1000); y = x.to(cuda); x + y");

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float fs = ImGui::GetFontSize();
  const size_t nreg = m.map.regions.size();
  if (nreg == 0 || avail.x < 100 || avail.y < 100) return;
  // Columns: host, link, then each GPU.
  const float link_w = std::max(fs * 9, avail.x * 0.14f);
  const float col_w = (avail.x - link_w - 8 * float(nreg)) / float(nreg);
  const float head = fs * 3.2f, height = avail.y - fs;
  std::vector<Placed> placed;
  float x = o.x;
  for (size_t i = 0; i < nreg; ++i) {
    const MemRegion& r = m.map.regions[i];
    const ImVec2 a(x, o.y), b(x + col_w, o.y + height);
    const bool host = r.device == "cpu";
    dl->AddRectFilled(a, b, host ? IM_COL32(28, 40, 60, 255) : IM_COL32(45, 32, 24, 255), 6);
    dl->AddRect(a, b, IM_COL32(160, 160, 170, 255), 6);
    char buf[200];
    // The header stays inside its column (the link's label is beside it); cut, it shows its
    // whole text on hover.
    const float header_w = col_w - 12;
    header_line(dl, ImVec2(a.x + 6, a.y + 4), header_w, IM_COL32(255, 255, 255, 255), r.title);
    std::snprintf(buf, sizeof buf, "%s used of %s", repl::format_bytes(r.used).c_str(),
                  r.capacity ? repl::format_bytes(r.capacity).c_str() : "?");
    header_line(dl, ImVec2(a.x + 6, a.y + 4 + fs * 1.2f), header_w, IM_COL32(200, 200, 200, 255), buf);
    // Box area is proportional to bytes: the largest memory's tensors fill a quarter at most,
    // so small tensors stay visible and big ones look big.
    size_t biggest = 1;
    for (const MemRegion& rr : m.map.regions) {
      size_t tot = 0;
      for (const MemBox& bx : rr.boxes) tot += bx.bytes;
      biggest = std::max(biggest, tot);
    }
    Placed p{r.device, ImVec2(a.x + 6, a.y + head), ImVec2(b.x - 6, b.y - 6), {}};
    p.boxes = layout_boxes(r, p.min.x, p.min.y, p.max.x - p.min.x, p.max.y - p.min.y, biggest * 2,
                           fs * 4.5f, fs * 2.4f);
    for (const BoxRect& br : p.boxes) {
      const MemBox& bx = r.boxes[br.box];
      bool flashing = false;
      for (const auto& f : m.flash) flashing |= f.first == r.device && f.second == bx.name;
      float pulse = 0;
      if (flashing && m.flash_age < kFlashSeconds) pulse = 0.5f + 0.5f * float(std::sin(m.flash_age * 12));
      const ImU32 fill = flashing && m.flash_age < kFlashSeconds
                             ? ImGui::GetColorU32(ImVec4(0.9f, 0.15f + 0.3f * pulse, 0.15f, 1))
                             : (host ? IM_COL32(70, 120, 200, 255) : IM_COL32(220, 130, 50, 255));
      dl->AddRectFilled(ImVec2(br.x, br.y), ImVec2(br.x + br.w, br.y + br.h), fill, 3);
      dl->AddRect(ImVec2(br.x, br.y), ImVec2(br.x + br.w, br.y + br.h), IM_COL32(255, 255, 255, 160), 3);
      if (flashing && m.flash_age < kFlashSeconds) {  // a GPU box is orange already: ring it too
        dl->AddRect(ImVec2(br.x - 3, br.y - 3), ImVec2(br.x + br.w + 3, br.y + br.h + 3),
                    ImGui::GetColorU32(ImVec4(1, 0.2f, 0.2f, 0.6f + 0.4f * pulse)), 4, 0, 4.0f);
      }
      dl->PushClipRect(ImVec2(br.x, br.y), ImVec2(br.x + br.w, br.y + br.h), true);
      dl->AddText(ImVec2(br.x + 3, br.y + 2), IM_COL32(255, 255, 255, 255), bx.label().c_str());
      std::snprintf(buf, sizeof buf, "%s %s", bx.shape.c_str(), repl::format_bytes(bx.bytes).c_str());
      dl->AddText(ImVec2(br.x + 3, br.y + 2 + fs), IM_COL32(235, 235, 235, 255), buf);
      dl->PopClipRect();
    }
    if (p.boxes.size() < r.boxes.size()) {
      std::snprintf(buf, sizeof buf, "+ %zu more (see :mem)", r.boxes.size() - p.boxes.size());
      dl->AddText(ImVec2(a.x + 6, b.y - fs - 4), IM_COL32(255, 220, 120, 255), buf);
    }
    placed.push_back(p);
    x += col_w + 8;
    if (host) {  // the link sits between host RAM and the GPUs
      // The label sits above the link, as tall as its wrapped text needs; a tall label (a
      // narrow link) pushes the link down rather than run above the column.
      const float wrap_w = link_w - 12;
      const float text_h = ImGui::CalcTextSize(m.map.link.c_str(), nullptr, false, wrap_w).y;
      const float link_top = std::max(o.y + height * 0.35f, o.y + fs * 1.2f + text_h + 12);
      const ImVec2 la(x, link_top), lb(x + link_w - 8, link_top + height * 0.3f);
      dl->AddRectFilled(la, lb, IM_COL32(50, 50, 60, 255), 4);
      for (int k = 0; k < 6; ++k) {
        const float ly = la.y + (lb.y - la.y) * (k + 1) / 7;
        dl->AddLine(ImVec2(la.x + 4, ly), ImVec2(lb.x - 4, ly), IM_COL32(120, 120, 140, 255));
      }
      const float top = la.y - 6 - text_h - fs * 1.2f;
      dl->PushClipRect(ImVec2(x, o.y), ImVec2(x + link_w - 8, o.y + height), true);
      dl->AddText(ImVec2(la.x + 2, top), IM_COL32(255, 255, 255, 255), "the link");
      ImGui::SetCursorScreenPos(ImVec2(la.x + 2, top + fs * 1.2f));
      ImGui::PushTextWrapPos(la.x + 2 + wrap_w - ImGui::GetWindowPos().x);  // window-local x
      ImGui::TextDisabled("%s", m.map.link.c_str());
      ImGui::PopTextWrapPos();
      dl->PopClipRect();
      x += link_w;
    }
  }

  // Transfers: a packet travels from the source box to the target box, labelled with its
  // size and time; finished ones fade out of the list.
  for (Transfer& t : m.transfers) t.age += app.frame_dt;
  m.transfers.erase(std::remove_if(m.transfers.begin(), m.transfers.end(),
                                   [](const Transfer& t) { return t.age > kTransferSeconds + 2.0; }),
                    m.transfers.end());
  float label_y = o.y + height - fs * 1.3f * float(m.transfers.size());
  for (const Transfer& t : m.transfers) {
    ImVec2 from, to;
    if (!box_centre(placed, m.map, t.from, t.name, from) || !box_centre(placed, m.map, t.to, t.name, to)) continue;
    const float f = float(std::min(1.0, t.age / kTransferSeconds));
    const ImVec2 at(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f);
    dl->AddLine(from, to, IM_COL32(255, 230, 120, 120), 2.0f);
    dl->AddCircleFilled(at, fs * 0.6f, IM_COL32(255, 230, 120, 255));
    char buf[200];
    std::snprintf(buf, sizeof buf, "%s: %s -> %s, %s in %s (%s)", t.name.c_str(), t.from.c_str(),
                  t.to.c_str(), repl::format_bytes(t.bytes).c_str(), format_seconds(t.seconds).c_str(),
                  t.measured ? "measured: the whole command" : "modeled");
    // Centred under the link, on a dark plate so it reads over the memories' borders.
    const ImVec2 sz = ImGui::CalcTextSize(buf);
    const float link_mid = o.x + col_w + 8 + (link_w - 8) * 0.5f;
    const ImVec2 p(std::max(o.x + 4, link_mid - sz.x * 0.5f), label_y);
    dl->AddRectFilled(ImVec2(p.x - 4, p.y - 2), ImVec2(p.x + sz.x + 4, p.y + sz.y + 2),
                      IM_COL32(20, 20, 24, 230), 3);
    dl->AddText(p, IM_COL32(255, 230, 120, 255), buf);
    label_y += fs * 1.3f;
  }
  m.flash_age += app.frame_dt;
  ImGui::Dummy(ImVec2(avail.x, height));
}

}  // namespace tp::gui
