// The console: the REPL inside the window. Scrollback with inputs, output, errors and hints
// coloured; an input line with history (Up/Down) and completion (Tab), as imgui_demo's
// ExampleAppConsole does it. Input runs in the session shared by every view.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "gui/app.h"
#include "repl/python_session.h"

namespace tp::gui {

namespace {

ImVec4 colour_of(LineKind k) {
  switch (k) {
    case LineKind::Input: return ImVec4(0.55f, 0.80f, 1.00f, 1);
    case LineKind::Output: return ImVec4(0.92f, 0.92f, 0.92f, 1);
    case LineKind::Error: return ImVec4(1.00f, 0.45f, 0.40f, 1);
    case LineKind::Hint: return ImVec4(1.00f, 0.85f, 0.35f, 1);
    case LineKind::Info: return ImVec4(0.60f, 0.60f, 0.65f, 1);
  }
  return ImVec4(1, 1, 1, 1);
}

// Tab completes, Up/Down browse the history.
int input_callback(ImGuiInputTextCallbackData* data) {
  App& app = *static_cast<App*>(data->UserData);
  if (data->EventFlag == ImGuiInputTextFlags_CallbackCompletion) {
    const std::string line(data->Buf, size_t(data->CursorPos));
    std::vector<std::string> cands = app.session.complete(line);
    if (cands.empty()) return 0;
    std::string prefix = common_prefix(cands);
    std::string done = apply_completion(line, prefix);
    if (cands.size() > 1) {
      std::string list;
      for (size_t i = 0; i < cands.size() && i < 40; ++i) list += cands[i] + "  ";
      app.console.add(LineKind::Info, list);
    }
    data->DeleteChars(0, data->CursorPos);
    data->InsertChars(0, done.c_str());
  } else if (data->EventFlag == ImGuiInputTextFlags_CallbackHistory) {
    std::string entry = data->EventKey == ImGuiKey_UpArrow ? app.console.history_prev()
                                                           : app.console.history_next();
    data->DeleteChars(0, data->BufTextLen);
    data->InsertChars(0, entry.c_str());
  }
  return 0;
}

}  // namespace

void draw_console_view(App& app, float height) {
  ConsoleState& c = app.console;
  const float input_h = ImGui::GetFrameHeightWithSpacing();
  ImGui::BeginChild("scrollback", ImVec2(0, height > 0 ? height - input_h : -input_h), false,
                    ImGuiWindowFlags_HorizontalScrollbar);
  for (const ConsoleLine& line : c.lines) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour_of(line.kind));
    ImGui::TextUnformatted(line.text.c_str());
    ImGui::PopStyleColor();
  }
  if (c.scroll_to_bottom) ImGui::SetScrollHereY(1.0f);
  c.scroll_to_bottom = false;
  ImGui::EndChild();

  ImGui::TextUnformatted(c.prompt());
  ImGui::SameLine();
  ImGui::SetNextItemWidth(-1);
  const ImGuiInputTextFlags flags = ImGuiInputTextFlags_EnterReturnsTrue |
                                    ImGuiInputTextFlags_CallbackCompletion |
                                    ImGuiInputTextFlags_CallbackHistory;
  if (app.focus_console) {
    ImGui::SetKeyboardFocusHere();
    app.focus_console = false;
  }
  const bool entered = ImGui::InputText("##console_input", &app.console_input, flags, input_callback, &app);
  const ImVec2 field = ImGui::GetItemRectMin(), field_size = ImGui::GetItemRectSize();
  app.console_field = {field.x, field.y, field_size.x, field_size.y};
  if (entered) {
    const std::string line = app.console_input;
    app.console_input.clear();
    const bool more = !(c.pending.empty() && !line.empty() && line[0] == ':') &&
                      PythonSession::needs_more_input(c.pending + line + "\n");
    std::string input = c.submit(line, more);
    if (!input.empty()) app.run(input);
    ImGui::SetKeyboardFocusHere(-1);  // keep typing
  }
}

}  // namespace tp::gui
