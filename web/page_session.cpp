// The page's entry points for JavaScript (web/index.html): the GUI's App (gui/app.h) over
// the page's one thread. Its views draw in the canvas, from the same sources as the native
// window, one frame per animation frame (tp_page_frame); code typed in the page's console
// and the benchmark run between frames (tp_page_run_task, called through Asyncify: the
// work hands the browser a turn about every 50 ms, so frames keep drawing and Stop lands).
#include <GLFW/glfw3.h>
#include <emscripten.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/device_registry.h"
#include "gui/app.h"
#include "gui/label_audit.h"
#include "gui/options.h"
#include "web/page_runner.h"
#include "web/page_tasks.h"

namespace {

std::unique_ptr<tp::web::PageRunner> runner;
std::unique_ptr<tp::gui::App> app;
GLFWwindow* window = nullptr;
std::string reply;  // the last run's report, for JavaScript to read
double last_frame_ms = 0;
bool presenter = false;
float scale = 1;  // device pixels per CSS pixel: the fonts' and the style's scale

void append_json_string(std::string& out, const std::string& s) {
  out += '"';
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

// Every key press reaches the app (App::keys_pressed: Space, arrows, PgUp/PgDn, Esc), as in
// the native window (gui/main.cpp).
void on_key(GLFWwindow*, int key, int, int action, int) {
  if (action == GLFW_PRESS && app) app->keys_pressed.push_back(key);
}

// The flags the page was opened with (?gui=...), split at spaces (none takes a quoted word).
std::vector<std::string> split_flags(const std::string& s) {
  std::istringstream in(s);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

}  // namespace

extern "C" {

// Starts the session on the default devices (one simulated T4, as natively), the canvas's
// GL context and the views; `flags`: tensorplay-gui's view flags (--view, --grid-n, --play,
// --kernel, --mode, --present, --lesson, --bench-frames; a bad one is said and left out).
// Returns "" or why the page cannot start.
EMSCRIPTEN_KEEPALIVE const char* tp_page_start(const char* flags) {
  using namespace tp::gui;
  try {
    std::string error;
    std::optional<GuiOptions> opts = parse_gui_options(split_flags(flags), error);
    if (!opts) {
      std::fprintf(stderr, "the page's view flags (?gui=): %s\n", error.c_str());
      opts = GuiOptions{};
    }
    opts->devices = tp::DeviceConfig::from_environment();
    tp::configure_devices(opts->devices);
    runner = std::make_unique<tp::web::PageRunner>(opts->devices);

    glfwInit();
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);  // WebGL2
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    window = glfwCreateWindow(opts->width, opts->height, "tensorplay", nullptr, nullptr);
    if (!window) throw std::runtime_error("no WebGL2 in this browser: the views cannot draw");
    glfwMakeContextCurrent(window);
    IMGUI_CHECKVERSION();
    ImGui::CreateContext();
    ImGui::GetIO().IniFilename = nullptr;  // the layout is the page's, not a file's

    app = std::make_unique<App>(*runner);
    app->console_elsewhere = true;  // the page's HTML console: selectable, copyable text
    load_fonts(*app, scale);
    apply_gui_options(*app, *opts);
    glfwSetKeyCallback(window, on_key);  // before ImGui's backend, which chains to it
    ImGui_ImplGlfw_InitForOpenGL(window, true);
    ImGui_ImplOpenGL3_Init("#version 300 es");
    apply_style(*app, scale);
    presenter = app->settings.presenter;
    apply_lesson_options(*app, *opts);
    last_frame_ms = emscripten_get_now();
    reply.clear();
  } catch (const std::exception& e) {
    app.reset();
    reply = std::string("the page cannot start: ") + e.what();
  }
  return reply.c_str();
}

// Console input typed in the page: 1 when it will run (tp_page_run_task), 0 while code runs.
EMSCRIPTEN_KEEPALIVE int tp_page_submit(const char* input) { return app->run(input) ? 1 : 0; }

// What waits to run between frames: 1 console input (the page's or a view's: a lesson
// step's Run), 2 background work (the timings view's benchmark), 0 nothing.
EMSCRIPTEN_KEEPALIVE int tp_page_task() { return runner->has_waiting() ? 1 : tp::web::has_work() ? 2 : 0; }

// Runs what waits (through Asyncify). For console input returns
// {"code": ..., "out": ..., "err": ..., "ok": ..., "seconds": ...}; else {}.
EMSCRIPTEN_KEEPALIVE const char* tp_page_run_task() {
  if (!runner->has_waiting()) {
    if (std::function<void()> work = tp::web::take_work()) {
      tp::web::work_begins();
      work();
      tp::web::work_ends();
    }
    return "{}";
  }
  const tp::gui::RunReport r = runner->run_waiting();
  app->poll_run();  // the views follow the run now: the next input may start at once
  reply = "{\"code\":";
  append_json_string(reply, r.code);
  reply += ",\"out\":";
  append_json_string(reply, r.out);
  reply += ",\"err\":";
  append_json_string(reply, r.err);
  reply += r.ok ? ",\"ok\":true" : ",\"ok\":false";
  reply += ",\"seconds\":" + std::to_string(r.wall_seconds) + "}";
  return reply.c_str();
}

// Stop / Esc / Ctrl-C in the page: the run in flight raises KeyboardInterrupt at its next turn.
EMSCRIPTEN_KEEPALIVE void tp_page_stop() { app->interrupt(); }

// One frame of the views in a canvas of width x height CSS pixels on a screen of `pixel_ratio`
// device pixels per CSS pixel (the canvas gets them all, and the fonts and sizes follow, as
// the native window follows its monitor's content scale); returns the milliseconds it took
// to build and draw the frame (measured, for the page's frame-time figure).
EMSCRIPTEN_KEEPALIVE double tp_page_frame(int width, int height, double pixel_ratio) {
  const double t0 = emscripten_get_now();
  const float s = float(std::clamp(pixel_ratio, 1.0, 4.0));
  if (s != scale) {
    scale = s;
    load_fonts(*app, scale);
    ImGui_ImplOpenGL3_DestroyFontsTexture();
    ImGui_ImplOpenGL3_CreateFontsTexture();
    tp::gui::apply_style(*app, scale);
  }
  const int want_w = int(width * scale + 0.5f), want_h = int(height * scale + 0.5f);
  int w = 0, h = 0;
  glfwGetWindowSize(window, &w, &h);
  if (want_w > 0 && want_h > 0 && (w != want_w || h != want_h)) glfwSetWindowSize(window, want_w, want_h);
  app->frame_dt = std::clamp((t0 - last_frame_ms) / 1000, 1e-3, 0.1);
  last_frame_ms = t0;
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // Headless Chromium's virtual time may stand still between frames; ImGui needs time to pass.
  ImGuiIO& io = ImGui::GetIO();
  io.DeltaTime = std::max(io.DeltaTime, 1e-3f);
  ImGui::NewFrame();
  tp::gui::begin_label_audit();
  tp::gui::draw_app(*app);
  if (app->settings.presenter != presenter) {  // the menu or the Large text button toggled it
    presenter = app->settings.presenter;
    tp::gui::apply_style(*app, scale);
  }
  ImGui::Render();
  glfwGetFramebufferSize(window, &w, &h);
  glViewport(0, 0, w, h);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  return emscripten_get_now() - t0;
}

// The page's Large text button: presenter mode (large font, high contrast), as the View menu's.
EMSCRIPTEN_KEEPALIVE void tp_page_presenter(int on) { app->settings.presenter = on != 0; }

// "running..." in the page's status line: the App is busy (a run waits, runs, or its
// report is not yet shown).
EMSCRIPTEN_KEEPALIVE int tp_page_busy() { return app->busy() ? 1 : 0; }

}
