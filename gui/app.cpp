// The window's frame: menu bar, the open lesson's column beside the view tabs, the console
// strip, the status lines and the keyboard shortcuts (the demo's keys while one plays);
// App::run feeds console input to the session and refreshes the views and the lesson panel.
#include "gui/app.h"

#include <GLFW/glfw3.h>  // key codes only: the ImGui GLFW backend indexes keys by them
#include <imgui.h>

#include <algorithm>
#include <cstring>

#include "core/machine_clock.h"
#include "gui/label_audit.h"
#include "repl/sigint.h"

namespace tp::gui {

namespace {
const View kViews[] = {View::Lesson, View::Grid, View::Timings, View::Memory, View::Timeline, View::Console,
                       View::Devices};
}

const char* view_id(View v) {
  switch (v) {
    case View::Lesson: return "lesson";
    case View::Grid: return "grid";
    case View::Timings: return "timings";
    case View::Memory: return "memory";
    case View::Timeline: return "timeline";
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
    case View::Timeline: return "Timeline";
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

bool App::run(const std::string& input, bool step_code) {
  if (busy()) return false;
  before_run_ = collect_memory_map(session.python());
  timeline.last_run.started(machine_clock().now_ns());
  run_step_code_ = step_code;
  return runner.start(input);
}

void App::poll_run() {
  if (std::optional<RunReport> rep = runner.poll()) finish_run(*rep);
  if (busy()) return;
  enter_refused = false;
  if (repl::take_sigint_while_waiting()) {  // as at the prompt: the unfinished block is dropped
    console.pending.clear();
    console.add(LineKind::Error, "KeyboardInterrupt");
  }
  if (!exec_queue.empty()) {
    const std::string code = exec_queue.front();
    exec_queue.pop_front();
    console.add(LineKind::Input, ">>> " + code);
    run(code + "\n");
  }
}

void App::finish_run(const RunReport& rep) {
  devices = read_devices();  // before another run starts in this frame (the next --exec)
  if (!rep.out.empty()) console.add(LineKind::Output, display_text(rep.out));
  if (!rep.err.empty()) console.add(LineKind::Error, display_text(rep.err));
  if (rep.quit) quit = true;
  // The memory map follows the session: animate what moved, flash a device mix-up.
  memory.map = collect_memory_map(session.python());
  memory.stale = false;
  refresh_timeline(*this);
  for (Transfer& t : detect_transfers(before_run_, memory.map, rep.copies, rep.wall_seconds)) {
    memory.transfers.push_back(t);
  }
  // The operands as they are after the run: a step may create them in the code that fails.
  auto flash = mismatch_operands(memory.map, rep.code, rep.mismatch_devices);
  if (!flash.empty()) {
    memory.flash = flash;
    memory.flash_age = 0;
  }
  // :lesson / :next typed here move the panel; any input may make the step's checks true.
  lesson.after_run(session, rep, run_step_code_);
  grid_follow_session(*this);
  if (!lesson.notes.empty()) console.add(LineKind::Error, display_text(lesson.notes));
  lesson.notes.clear();
  if (lesson.lesson) demo.follow(lesson.step);
}

void load_fonts(App& app, float scale) {
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  ImFontConfig normal;
  normal.SizePixels = 13.0f * scale;
  ImFontConfig large;
  large.SizePixels = 26.0f * scale;
  app.font_normal = io.Fonts->AddFontDefault(&normal);
  app.font_large = io.Fonts->AddFontDefault(&large);
}

void apply_gui_options(App& app, const GuiOptions& o) {
  if (o.present || o.demo > 0) app.settings.presenter = true;  // a demo is for a projector
  View v;
  if (parse_view(o.view.empty() ? app.settings.view : o.view, v)) app.view = v;
  const int n = o.bench_frames > 0 ? 64 : o.grid_n > 0 ? o.grid_n : app.settings.grid_n;
  app.grid.problem = random_problem(n, 1);
  app.grid.anim.speed = app.settings.speed;
  if (o.mode == "cpu") app.grid.mode = GridMode::Cpu;
  if (o.kernel == "coalesced") app.grid.kernel = GridKernel::Coalesced;
  if (o.kernel == "tiled") app.grid.kernel = GridKernel::Tiled;
  if (o.kernel == "numba") app.grid.kernel = GridKernel::Learner;
  if (o.bench_frames > 0) {
    app.view = View::Grid;
    app.grid.anim.seconds_per_run = 1e9;  // keep animating for the whole measurement
  }
  app.grid.anim.playing = o.play || o.bench_frames > 0;
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

// Space play/pause, arrows step the grid, Page Up/Down step the open lesson, F11 full screen;
// only when no text box has focus. During a demo the presenter's keys drive the demo instead.
// While code runs, Esc and Ctrl-C stop it, wherever the keyboard is, and nothing else moves.
static void handle_keys(App& app) {
  std::vector<int> keys;
  keys.swap(app.keys_pressed);
  auto pressed = [&keys](int key) { return std::find(keys.begin(), keys.end(), key) != keys.end(); };
  if (pressed(GLFW_KEY_F11)) app.toggle_fullscreen = true;
  if (app.busy()) {
    if (pressed(GLFW_KEY_ESCAPE) || (ImGui::GetIO().KeyCtrl && pressed(GLFW_KEY_C))) app.interrupt();
    return;
  }
  // Page Down / Page Up step the lesson even while the console has the keyboard (a presenter
  // who just typed there); Space, the arrows and Esc are the text field's then.
  const bool typing = ImGui::GetIO().WantTextInput;
  if (app.demo.active()) {
    if (pressed(GLFW_KEY_PAGE_DOWN) || (!typing && (pressed(GLFW_KEY_SPACE) || pressed(GLFW_KEY_RIGHT)))) {
      demo_key(app, DemoKey::Next);
    } else if (pressed(GLFW_KEY_PAGE_UP) || (!typing && pressed(GLFW_KEY_LEFT))) {
      demo_key(app, DemoKey::Back);
    } else if (!typing && pressed(GLFW_KEY_ESCAPE)) {
      demo_key(app, DemoKey::End);
    }
    return;
  }
  if (pressed(GLFW_KEY_PAGE_DOWN)) app.lesson.move(app.session, +1);
  if (pressed(GLFW_KEY_PAGE_UP)) app.lesson.move(app.session, -1);
  if (typing) return;
  if (pressed(GLFW_KEY_SPACE)) {
    if (app.grid.anim.finished(app.grid.schedule)) app.grid.anim.restart();
    app.grid.anim.playing = !app.grid.anim.playing;
  }
  if (pressed(GLFW_KEY_RIGHT)) app.grid.anim.step(app.grid.schedule, +1);
  if (pressed(GLFW_KEY_LEFT)) app.grid.anim.step(app.grid.schedule, -1);
}

static void draw_menu(App& app) {
  if (!ImGui::BeginMenuBar()) return;
  if (ImGui::BeginMenu("View")) {
    for (View v : kViews) {
      if (v == View::Console && app.console_elsewhere) continue;
      if (ImGui::MenuItem(view_title(v), nullptr, app.view == v)) {
        app.view = v;
        app.select_view = true;
      }
    }
    ImGui::Separator();
    if (!app.console_elsewhere) ImGui::MenuItem("Console strip", nullptr, &app.show_console_strip);
    // main.cpp sees the change and applies the style (with the monitor's scale).
    ImGui::MenuItem("Presenter mode", nullptr, &app.settings.presenter);
    if (ImGui::MenuItem("Full screen", "F11")) app.toggle_fullscreen = true;
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Session")) {
    if (ImGui::MenuItem("Stop the running code", "Esc", false, app.busy())) app.interrupt();
    if (ImGui::MenuItem("Reset (:reset)", nullptr, false, !app.busy())) app.run(":reset");
    if (ImGui::MenuItem("Quit")) app.quit = true;
    ImGui::EndMenu();
  }
  ImGui::TextDisabled(app.demo.active() ? "   Demo: Space/Right next   Left back   Esc end"
                      : app.lesson.lesson ? "   Space play/pause   <- -> step   PgUp/PgDn lesson step   F11 full screen"
                                          : "   Space play/pause   <- -> step   F11 full screen");
  ImGui::EndMenuBar();
}

void draw_app(App& app) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_MenuBar |
                                 ImGuiWindowFlags_NoBringToFrontOnFocus |
                                 // main.cpp clears to the background colour: under a software
                                 // renderer a second full-window fill costs milliseconds.
                                 ImGuiWindowFlags_NoBackground;
  ImGui::Begin("tensorplay", nullptr, flags);
  app.poll_run();
  if (!app.busy()) {  // what the views show of the session and the devices, read now
    app.devices = read_devices();
    app.lesson.sync(app.session);
  }
  draw_menu(app);
  handle_keys(app);
  if (!app.busy()) update_demo(app);  // the demo's clock waits for the code it ran
  View wanted;  // a lesson step shown since the last frame selects its view
  if (app.lesson.wanted_view == "kernel") {  // the thread grid on the learner's own kernel
    app.view = View::Grid;
    app.select_view = true;
    app.grid.mode = GridMode::Gpu;
    app.grid.kernel = GridKernel::Learner;
    app.grid.dirty = true;
    app.grid.anim.playing = true;  // the threads fill the output as the step's launch ran
  } else if (!app.lesson.wanted_view.empty() && parse_view(app.lesson.wanted_view, wanted)) {
    app.view = wanted;
    app.select_view = true;
    if (wanted == View::Timings) load_recorded_bench_if_empty(app);  // never an empty plot
    if (wanted == View::Grid && !app.busy()) grid_follow_session(app);  // the learner's own A @ B
  }
  app.lesson.wanted_view.clear();

  // The status line: which devices are real and which simulated.
  std::string banner;
  for (const std::string& line : app.devices.banner) banner += (banner.empty() ? "" : "   ") + display_text(line);
  label_item(banner, true);  // one line, cut to the window (the Devices view has it whole)

  const bool strip = app.show_console_strip && !app.console_elsewhere && app.view != View::Console;
  const float status_h = app.demo.active() ? ImGui::GetFrameHeightWithSpacing() : 0;
  const float strip_h = strip ? ImGui::GetContentRegionAvail().y * 0.28f : 0;
  if (app.lesson.active()) {
    // The open lesson sits beside the view it is about, so both are seen at once.
    const float avail = ImGui::GetContentRegionAvail().x;
    // A third of the width or so, but at least 25 characters while that leaves the view 40%.
    const float w = std::max(avail * (app.settings.presenter ? 0.42f : 0.36f),
                             std::min(ImGui::GetFontSize() * 25, avail * 0.6f));
    ImGui::BeginChild("lesson_column", ImVec2(w, -strip_h - status_h), true);
    draw_lesson_panel(app);
    ImGui::EndChild();
    ImGui::SameLine();
  }
  ImGui::BeginChild("views", ImVec2(0, -strip_h - status_h), false);
  // Whole labels, scrolled when they do not fit (a narrow view beside a lesson, presenter
  // mode), rather than cut to "Lesso...".
  if (ImGui::BeginTabBar("view_tabs", ImGuiTabBarFlags_FittingPolicyScroll)) {
    for (View v : kViews) {
      if (v == View::Console && app.console_elsewhere) continue;
      ImGuiTabItemFlags tf = (app.select_view && app.view == v) ? ImGuiTabItemFlags_SetSelected : 0;
      if (ImGui::BeginTabItem(view_title(v), nullptr, tf)) {
        if (!app.select_view) app.view = v;
        // The grid's and the timings' controls may read the session (Use A, B) or the device
        // registry (a rebuilt schedule, a benchmark's plan): they wait while code runs.
        const bool wait = app.busy() && (v == View::Grid || v == View::Timings);
        ImGui::BeginDisabled(wait);
        switch (v) {
          case View::Lesson: draw_lesson_view(app); break;
          case View::Grid: draw_grid_view(app); break;
          case View::Timings: draw_timings_view(app); break;
          case View::Memory: draw_memory_view(app); break;
          case View::Timeline: draw_timeline_view(app); break;
          case View::Console: draw_console_view(app, 0); break;
          case View::Devices: draw_devices_view(app); break;
        }
        ImGui::EndDisabled();
        ImGui::EndTabItem();
      }
    }
    app.select_view = false;
    ImGui::EndTabBar();
  }
  ImGui::EndChild();
  if (strip) {
    ImGui::Separator();
    if (status_h > 0) {  // leave the demo's status line its room below
      ImGui::BeginChild("console_strip", ImVec2(0, -status_h), false);
      draw_console_view(app, 0);
      ImGui::EndChild();
    } else {
      draw_console_view(app, 0);
    }
  }
  if (app.demo.active()) {
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.10f, 0.22f, 0.50f, 1));
    ImGui::BeginChild("demo_status", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
    ImGui::SetCursorPosX(ImGui::GetStyle().ItemSpacing.x);
    ImGui::TextUnformatted(display_text(app.demo.status()).c_str());
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  ImGui::End();
  app.settings.view = view_id(app.view);
}

}  // namespace tp::gui
