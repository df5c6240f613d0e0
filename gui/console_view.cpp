// The console: the REPL inside the window. Scrollback with inputs, output, errors and hints
// coloured; an input line with history (Up/Down) and completion (Tab), as imgui_demo's
// ExampleAppConsole does it. Input runs in the session shared by every view; while it runs,
// a line above the input shows the time it has taken and a Stop button.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstdio>

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
    if (app.busy()) return 0;  // completion asks the session, which is running the code
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

// "running... 2.3 s  [Stop]" and, after an Enter that had to wait, why nothing ran.
void draw_busy_line(App& app) {
  char text[64];
  std::snprintf(text, sizeof text, "running... %.1f s", app.runner.elapsed());
  ImGui::AlignTextToFramePadding();
  ImGui::TextColored(colour_of(LineKind::Hint), "%s", text);
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.65f, 0.15f, 0.15f, 1));
  ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.80f, 0.25f, 0.25f, 1));
  if (ImGui::Button("Stop")) {
    app.interrupt();
    app.focus_console = true;  // the keyboard goes back to the input line
  }
  ImGui::PopStyleColor(2);
  const ImVec2 p = ImGui::GetItemRectMin(), size = ImGui::GetItemRectSize();
  app.stop_button = {p.x, p.y, size.x, size.y};
  ImGui::SameLine();
  ImGui::TextDisabled(app.enter_refused ? "still running: press Enter again once it ends (Esc or Ctrl-C stops it)"
                                        : "Esc or Ctrl-C stops it");
}

}  // namespace

void draw_console_view(App& app, float height) {
  ConsoleState& c = app.console;
  const bool busy = app.busy();
  const float line_h = ImGui::GetFrameHeightWithSpacing();
  const float input_h = busy ? 2 * line_h : line_h;
  // Long lines (a hint, an error) wrap at the edge: nothing hides past a scrollbar, at any
  // window size or in presenter mode.
  ImGui::BeginChild("scrollback", ImVec2(0, height > 0 ? height - input_h : -input_h), false);
  ImGui::PushTextWrapPos(0.0f);
  for (const ConsoleLine& line : c.lines) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour_of(line.kind));
    ImGui::TextUnformatted(line.text.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopTextWrapPos();
  if (c.scroll_to_bottom) ImGui::SetScrollHereY(1.0f);
  c.scroll_to_bottom = false;
  ImGui::EndChild();
  if (busy) {
    draw_busy_line(app);
  } else {
    app.stop_button = ButtonRect{};
  }

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
  // Esc while code runs stops the code (handle_keys); the text field also takes it as "undo
  // my typing", so what was typed meanwhile is put back.
  const bool stop_key = busy && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false);
  const std::string typed = app.console_input;
  const bool entered = ImGui::InputText("##console_input", &app.console_input, flags, input_callback, &app);
  const ImVec2 field = ImGui::GetItemRectMin(), field_size = ImGui::GetItemRectSize();
  app.console_field = {field.x, field.y, field_size.x, field_size.y};
  if (stop_key) {
    app.console_input = typed;
    app.focus_console = true;
  }
  if (entered && busy) {
    // The line stays in the box and nothing is queued: a learner who stops the code because
    // it went wrong should not see lines typed meanwhile run after it, unasked.
    app.enter_refused = true;
    ImGui::SetKeyboardFocusHere(-1);
  } else if (entered) {
    const std::string line = app.console_input;
    app.console_input.clear();
    const bool more = !(c.pending.empty() && !line.empty() && line[0] == ':') &&
                      PythonSession::needs_more_input(c.pending + line + "\n");
    std::string input = c.submit(line, more);
    if (!input.empty()) app.run(input);
    ImGui::SetKeyboardFocusHere(-1);  // keep typing
  }
}

std::string console_layout(const App& app) {
  const ButtonRect &b = app.stop_button, &f = app.console_field;
  char head[300];
  std::snprintf(head, sizeof head, "console %.1f %.1f %.1f %.1f\nbusy %d %.1f refused %d\nstop %.1f %.1f %.1f %.1f\n",
                f.x, f.y, f.w, f.h, app.busy() ? 1 : 0, app.runner.elapsed(), app.enter_refused ? 1 : 0, b.x,
                b.y, b.w, b.h);
  const std::string last = app.console.lines.empty() ? "" : app.console.lines.back().text;
  return head + ("input " + app.console_input + "\nlast " + last + "\n");
}

}  // namespace tp::gui
