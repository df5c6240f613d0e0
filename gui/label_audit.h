// Texts the views place themselves (the memory map's labels, the device banner), drawn cut
// with "..." to the room they have (the whole text on hover) and recorded each frame with
// that room, so --dump-layout can list them and the layout test can check that none is cut
// off by its window or drawn over another.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

#include "gui/memory_layout.h"

namespace tp::gui {

struct AuditedText {
  std::string view;  // which view drew it ("memory", "app")
  std::string text;  // what was shown (after cutting)
  Rect rect;         // where
  Rect room;         // the space it had to stay in
};

// Starts a frame's record; `view` names the texts recorded until the next call.
void begin_label_audit();
void set_audit_view(const std::string& view);
// `text` cut to fit `width` pixels, ending in "..." when cut.
std::string fitted(const std::string& text, float width);
// Draws `text` at `at` (its top left) in `room`, cut to the room's width from `at`; the
// whole text on hover when cut. Recorded.
void draw_label(ImDrawList* dl, ImVec2 at, ImU32 colour, const std::string& text, const Rect& room);
// The same for an ImGui text item on the current line (TextDisabled when `dim`), cut to
// the window's remaining width.
void label_item(const std::string& text, bool dim);
// The frame's texts, as lines for --dump-layout:
// "text VIEW x0 y0 x1 y1 room x0 y0 x1 y1 | TEXT".
std::string audited_texts_dump();

}  // namespace tp::gui
