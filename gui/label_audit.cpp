// label_audit: texts drawn within their room and recorded (see label_audit.h).
#include "gui/label_audit.h"

#include <cstdio>

namespace tp::gui {

namespace {

std::vector<AuditedText>& texts() {
  static std::vector<AuditedText> t;
  return t;
}
std::string& current_view() {
  static std::string v = "app";
  return v;
}

void record(const std::string& text, ImVec2 min, ImVec2 max, const Rect& room) {
  texts().push_back({current_view(), text, Rect{min.x, min.y, max.x, max.y}, room});
}

}  // namespace

void begin_label_audit() {
  texts().clear();
  current_view() = "app";
}

void set_audit_view(const std::string& view) { current_view() = view; }

std::string fitted(const std::string& text, float width) {
  if (ImGui::CalcTextSize(text.c_str()).x <= width) return text;
  std::string cut = text;
  while (!cut.empty() && ImGui::CalcTextSize((cut + "...").c_str()).x > width) cut.pop_back();
  return cut.empty() ? std::string() : cut + "...";
}

void draw_label(ImDrawList* dl, ImVec2 at, ImU32 colour, const std::string& text, const Rect& room) {
  if (at.y + ImGui::GetFontSize() > room.y1 + 0.5f) return;  // no room for a line at all
  const std::string shown = fitted(text, room.x1 - at.x);
  if (shown.empty()) return;
  dl->AddText(at, colour, shown.c_str());
  const ImVec2 size = ImGui::CalcTextSize(shown.c_str());
  const ImVec2 end(at.x + size.x, at.y + size.y);
  if (shown != text && ImGui::IsMouseHoveringRect(at, end)) ImGui::SetTooltip("%s", text.c_str());
  record(shown, at, end, room);
}

void label_item(const std::string& text, bool dim) {
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 win_min = ImGui::GetWindowPos();
  const float right = win_min.x + ImGui::GetWindowContentRegionMax().x;
  const std::string shown = fitted(text, right - at.x);
  if (dim) ImGui::TextDisabled("%s", shown.c_str());
  else ImGui::TextUnformatted(shown.c_str());
  if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
  const Rect room{win_min.x, win_min.y, right, win_min.y + ImGui::GetWindowHeight()};
  record(shown, ImGui::GetItemRectMin(), ImGui::GetItemRectMax(), room);
}

std::string audited_texts_dump() {
  std::string out;
  char buf[200];
  for (const AuditedText& t : texts()) {
    std::snprintf(buf, sizeof buf, "text %s %.1f %.1f %.1f %.1f room %.1f %.1f %.1f %.1f | ",
                  t.view.c_str(), t.rect.x0, t.rect.y0, t.rect.x1, t.rect.y1, t.room.x0, t.room.y0,
                  t.room.x1, t.room.y1);
    out += buf + t.text + "\n";
  }
  return out;
}

}  // namespace tp::gui
