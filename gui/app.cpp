// The window's frame: menu bar, the view tabs, the console strip, the status line and the
// keyboard shortcuts; App::run feeds console input to the session and refreshes the views.
#include "gui/app.h"

#include <GLFW/glfw3.h>  // key codes only: the ImGui GLFW backend indexes keys by them
#include <imgui.h>

#include <cstring>

#include "core/device_registry.h"
#include "repl/lang/lexer.h"

namespace tp::gui {

namespace {
const View kViews[] = {View::Lesson, View::Grid, View::Timings, View::Memory, View::Console, View::Devices};
}

const char* view_id(View v) {
  switch (v) {
    case View::Lesson: return "lesson";
    case View::Grid: return "grid";
    case View::Timings: return "timings";
    case View::Memory: return "memory";
    case View::Console: return "console";
    case View::Devices: return "devices";
  }
  return "?";
}

const char* view_title(View v) {
  switch (v) {
    case View::Lesson: return "Lesson";
    case View::Grid: return "Thread grid";
    case View::Timings: return "Timings";
    case View::Memory: return "Memory map";
    case View::Console: return "Console";
    case View::Devices: return "Devices";
  }
  return "?";
}

bool parse_view(const std::string& id, View& out) {
  for (View v : kViews) {
    if (id == view_id(v)) {
      out = v;
      return true;
    }
  }
  return false;
}

std::string display_text(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      out += char(c);
      continue;
    }
    // One replacement per UTF-8 sequence: skip its continuation bytes.
    out += s.compare(i, 3, "\xe2\x80\x94") == 0 || s.compare(i, 3, "\xe2\x80\x93") == 0 ? "-" : "?";
    while (i + 1 < s.size() && (static_cast<unsigned char>(s[i + 1]) & 0xC0) == 0x80) ++i;
  }
  return out;
}

void App::run(const std::string& input) {
  const MemoryMap before = collect_memory_map(session.interp());
  RunReport rep = session.run(input);
  if (!rep.out.empty()) console.add(LineKind::Output, display_text(rep.out));
  if (!rep.err.empty()) console.add(LineKind::Error, display_text(rep.err));
  if (rep.quit) quit = true;
  // The memory map follows the session: animate what moved, flash a device mix-up.
  memory.map = collect_memory_map(session.interp());
  memory.stale = false;
  for (Transfer& t : detect_transfers(before, memory.map, rep.copies, rep.wall_seconds)) {
    memory.transfers.push_back(t);
  }
  auto flash = mismatch_operands(before, rep.code, rep.error);
  if (!flash.empty()) {
    memory.flash = flash;
    memory.flash_age = 0;
  }
  // `A` and `B` of the session can become the grid's matrices (the grid view offers it).
  grid.error.clear();
}

void apply_style(App& app, float dpi_scale) {
  ImGuiStyle& style = ImGui::GetStyle();
  style = ImGuiStyle();
  ImGuiIO& io = ImGui::GetIO();
  if (app.settings.presenter) {
    // High contrast for projectors: black background, white text, strong accents.
    ImGui::StyleColorsDark(&style);
    ImVec4* c = style.Colors;
    c[ImGuiCol_WindowBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_ChildBg] = ImVec4(0, 0, 0, 1);
    c[ImGuiCol_Text] = ImVec4(1, 1, 1, 1);
    c[ImGuiCol_FrameBg] = ImVec4(0.15f, 0.15f, 0.15f, 1);
    c[ImGuiCol_Button] = ImVec4(0.10f, 0.35f, 0.80f, 1);
    c[ImGuiCol_Tab] = ImVec4(0.10f, 0.25f, 0.55f, 1);
    c[ImGuiCol_TabActive] = ImVec4(0.15f, 0.45f, 0.95f, 1);
    c[ImGuiCol_Border] = ImVec4(1, 1, 1, 0.6f);
    style.FrameBorderSize = 1.5f;
    io.FontDefault = app.font_large;
  } else {
    ImGui::StyleColorsDark(&style);
    io.FontDefault = app.font_normal;
  }
  style.ScaleAllSizes(dpi_scale * (app.settings.presenter ? 1.6f : 1.0f));
}

// Space play/pause, arrows step the grid, F11 full screen; only when no text box has focus.
static void handle_keys(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) app.toggle_fullscreen = true;
  if (io.WantTextInput) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    if (app.grid.anim.finished(app.grid.schedule)) app.grid.anim.restart();
    app.grid.anim.playing = !app.grid.anim.playing;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) app.grid.anim.step(app.grid.schedule, +1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) app.grid.anim.step(app.grid.schedule, -1);
}

static void draw_menu(App& app, float dpi_scale) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("View")) {
    for (View v : kViews) {
      if (ImGui::MenuItem(view_title(v), nullptr, app.view == v)) {
        app.view = v;
        app.select_view = true;
      }
    }
    ImGui::Separator();
    ImGui::MenuItem("Console strip", nullptr, &app.show_console_strip);
    if (ImGui::MenuItem("Presenter mode", nullptr, &app.settings.presenter)) apply_style(app, dpi_scale);
    if (ImGui::MenuItem("Full screen", "F11")) app.toggle_fullscreen = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Session")) {
    if (ImGui::MenuItem("Reset (:reset)")) app.run(":reset");
    if (ImGui::MenuItem("Quit")) app.quit = true;
    ImGui::EndMenu();
  }
  ImGui::TextDisabled("   Space play/pause   <- -> step   F11 full screen");
  ImGui::EndMenuBar();
}

void draw_app(App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus;
  ImGui::Begin("tensorplay", nullptr, flags);
  const float dpi = ImGui::GetIO().DisplayFramebufferScale.x > 0 ? 1.0f : 1.0f;
  draw_menu(app, dpi);
  handle_keys(app);

  // The status line: which devices are real and which simulated.
  std::string banner;
  for (const std::string& line : device_banner()) banner += (banner.empty() ? "" : "   ") + display_text(line);
  ImGui::TextDisabled("%s", banner.c_str());

  const bool strip = app.show_console_strip && app.view != View::Console;
  const float strip_h = strip ? ImGui::GetContentRegionAvail().y * 0.28f : 0;
  ImGui::BeginChild("views", ImVec2(0, -strip_h), false);
  if (ImGui::BeginTabBar("view_tabs")) {
    for (View v : kViews) {
      ImGuiTabItemFlags tf = (app.select_view && app.view == v) ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(view_title(v), nullptr, tf)) {
        if (!app.select_view) app.view = v;
        switch (v) {
          case View::Lesson: draw_lesson_view(app); break;
          case View::Grid: draw_grid_view(app); break;
          case View::Timings: draw_timings_view(app); break;
          case View::Memory: draw_memory_view(app); break;
          case View::Console: draw_console_view(app, 0); break;
          case View::Devices: draw_devices_view(app); break;
        }
        ImGui::EndTabItem();
      }
    }
    app.select_view = false;
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
  if (strip) {
    ImGui::Separator();
    draw_console_view(app, 0);
  }
  ImGui::End();
  app.settings.view = view_id(app.view);
}

}  // namespace tp::gui
